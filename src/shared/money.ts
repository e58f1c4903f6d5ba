/**
 * Money, in one place (docs/architecture.md, 'Money'): amounts live as integer kobo in the
 * database and in every computation; the API carries naira numbers (`amount: 3000`,
 * `pointsUsed: 512.05`) and people read '₦3,000.00'. This is the only module that turns naira
 * into kobo or kobo into naira: a naira number is read from its decimal text, never multiplied
 * by 100 in binary floating point (512.05 x 100 is 51204.99999999999).
 */

/**
 * An amount of money in integer kobo: what every function here takes or gives as kobo. A type
 * alias (not a brand) so the 34 files that already hold kobo in plain numbers keep compiling;
 * new code names its kobo with it.
 */
export type Kobo = number;

/** Kobo in a naira. */
const PER_NAIRA = 100;
/** Above this many kobo (₦10 trillion) a JS number stops being exact in sums; nothing costs that much. */
const MAX_KOBO = 1e15;

/**
 * The kobo in a naira amount with at most two decimals (a number or its text), or null when
 * it has more decimals, is not finite or is too large. Exact: 512.05 → 51205.
 */
export function parseNaira(value: number | string): Kobo | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? numberText(value) : '') : value.trim();
  const match = /^(-?)(\d{1,16})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const kobo = Number(match[2]) * PER_NAIRA + Number((match[3] ?? '').padEnd(2, '0'));
  if (kobo > MAX_KOBO) return null;
  return match[1] === '-' && kobo !== 0 ? -kobo : kobo;
}

/** A number's shortest decimal text without an exponent (1e-7 → '0.0000001'). */
function numberText(value: number): string {
  const text = String(value);
  // Tiny amounts print as '1e-7'; huge ones (over 1e21) stay in exponent form and are refused.
  return /e-/i.test(text) ? value.toFixed(20).replace(/0+$/, '') : text;
}

/** The kobo of a naira amount, rounded half away from zero to the kobo (a price read from a list). */
export function nairaToKobo(naira: number): Kobo {
  const exact = parseNaira(naira);
  if (exact !== null) return exact;
  if (!Number.isFinite(naira)) return Number.NaN;
  // More than two decimals: shift the decimal text, not the binary value (1.005 → 101, not 100).
  const [digits, exponent] = Math.abs(naira).toExponential().split('e');
  const shifted = Math.round(Number(`${digits}e${Number(exponent) + 2}`));
  return naira < 0 ? -shifted : shifted;
}

/** The naira number the API carries for an amount in kobo: 51205 → 512.05 (the nearest double, whose text is exact). */
export function koboToNaira(kobo: Kobo): number {
  return kobo / PER_NAIRA;
}

/** Whether a naira number has at most two decimals (an amount the API accepts). */
export function isNairaAmount(value: number): boolean {
  return parseNaira(value) !== null;
}

/** A unit price times a quantity (quantities come in steps of 0.5 or 1), rounded to the kobo. */
export function timesQuantity(unitKobo: Kobo, quantity: number): Kobo {
  return Math.round(unitKobo * quantity);
}

/** The part of a VAT-inclusive amount that is VAT, to the kobo: rate in basis points (7.5% = 750). */
export function vatInsideKobo(totalKobo: Kobo, rateBasisPoints: number): Kobo {
  return Math.round((totalKobo * rateBasisPoints) / (10_000 + rateBasisPoints));
}

/** '3,000.00': thousands grouped, always two decimals. */
export function formatKoboAmount(kobo: Kobo): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.round(Math.abs(kobo));
  const whole = String(Math.floor(abs / PER_NAIRA));
  let grouped = whole.slice(0, ((whole.length - 1) % 3) + 1);
  for (let at = grouped.length; at < whole.length; at += 3) grouped += `,${whole.slice(at, at + 3)}`;
  return `${sign}${grouped}.${String(abs % PER_NAIRA).padStart(2, '0')}`;
}

/** '₦3,000.00' (negative: '-₦50.00'). */
export function formatNaira(kobo: Kobo): string {
  const text = formatKoboAmount(kobo);
  return text.startsWith('-') ? `-₦${text.slice(1)}` : `₦${text}`;
}

/** 'NGN 3,000.00': where the checkout names the currency by its code. */
export function formatNgn(kobo: Kobo): string {
  return `NGN ${formatKoboAmount(kobo)}`;
}
