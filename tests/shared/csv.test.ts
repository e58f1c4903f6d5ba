import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/shared/csv';

describe('CSV exports', () => {
  it('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as formulas', () => {
    const csv = toCsv(
      ['a', 'b'],
      [
        ['₦25,000.00', 'said "no"'],
        ['=HYPERLINK("x")', -12.5],
        ['two\nlines', null],
      ],
    );
    expect(csv).toBe('a,b\r\n"₦25,000.00","said ""no"""\r\n"\'=HYPERLINK(""x"")",-12.5\r\n"two\nlines",\r\n');
  });
});
