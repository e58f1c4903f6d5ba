/**
 * CSV for the console's exports (the daily report, the audit): RFC 4180 quoting, and a text
 * cell that a spreadsheet would run as a formula (=, +, -, @, a tab or a return first) gets a
 * leading apostrophe. Numbers are written as they are.
 */
export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The header and the rows, CRLF between lines. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
