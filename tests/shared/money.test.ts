import { describe, expect, it } from 'vitest';
import {
  formatKoboAmount,
  formatNaira,
  formatNgn,
  isNairaAmount,
  koboToNaira,
  nairaToKobo,
  parseNaira,
  timesQuantity,
  vatInsideKobo,
} from '../../src/shared/money';

/** ₦10,000,000.00 in kobo. */
const TOP = 1_000_000_000;

/** A small seeded generator, so a failure names the same numbers on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** The kobo a formatted amount reads as, by its digits alone. */
const readBack = (text: string) => Number(text.replace(/[^\d-]/g, ''));

/** Every failing amount (none expected): naira number, its text and the formatted text round-trip. */
function roundTripFailures(kobos: Iterable<number>): number[] {
  const failures: number[] = [];
  for (const kobo of kobos) {
    const naira = koboToNaira(kobo);
    if (parseNaira(naira) !== kobo || parseNaira(String(naira)) !== kobo || readBack(formatKoboAmount(kobo)) !== kobo)
      failures.push(kobo);
    if (failures.length > 10) break;
  }
  return failures;
}

function* range(from: number, to: number): Generator<number> {
  for (let kobo = from; kobo <= to; kobo++) yield kobo;
}

describe('money: naira to kobo and back', () => {
  it('round-trips every amount from ₦0.01 to ₦20,000.00, kobo by kobo', () => {
    expect(roundTripFailures(range(1, 2_000_000))).toEqual([]);
  });

  it('round-trips every kobo of every naira up to ₦10,000,000.00 in a stride, and the top ₦10,000', () => {
    function* strided(): Generator<number> {
      // 7,919 is prime: the stride visits every residue mod 100 and every digit position.
      for (let kobo = 2_000_000; kobo <= TOP; kobo += 7_919) yield kobo;
      yield* range(TOP - 1_000_000, TOP);
    }
    expect(roundTripFailures(strided())).toEqual([]);
  });

  it('round-trips a million random amounts up to ₦10,000,000.00', () => {
    const random = seeded(43);
    function* sample(): Generator<number> {
      for (let i = 0; i < 1_000_000; i++) yield 1 + Math.floor(random() * TOP);
    }
    expect(roundTripFailures(sample())).toEqual([]);
  });

  it('reads the decimal text, not the binary value', () => {
    expect(512.05 * 100).not.toBe(51205);
    expect(parseNaira(512.05)).toBe(51205);
    expect(parseNaira(1374.5)).toBe(137450);
    expect(parseNaira('3000')).toBe(300000);
    expect(parseNaira(0)).toBe(0);
    expect(parseNaira(-12.3)).toBe(-1230);
    expect(parseNaira(0.1 + 0.2)).toBeNull();
    expect(parseNaira(0.0049)).toBeNull();
    expect(parseNaira(1e-7)).toBeNull();
    expect(parseNaira(1e21)).toBeNull();
    expect(parseNaira(Number.NaN)).toBeNull();
    expect(parseNaira(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseNaira('1.2.3')).toBeNull();
    expect(parseNaira('')).toBeNull();
    expect(isNairaAmount(512.05)).toBe(true);
    expect(isNairaAmount(512.055)).toBe(false);
  });

  it('rounds an amount with more decimals to the nearest kobo by its decimal text', () => {
    expect(nairaToKobo(1.005)).toBe(101);
    expect(nairaToKobo(0.0049)).toBe(0);
    expect(nairaToKobo(2.675)).toBe(268);
    expect(nairaToKobo(-1.005)).toBe(-101);
    expect(nairaToKobo(512.05)).toBe(51205);
  });

  it('multiplies by quantities and finds the VAT inside a price to the kobo', () => {
    expect(timesQuantity(100_000, 3)).toBe(300_000);
    expect(timesQuantity(150_050, 2.5)).toBe(375_125);
    expect(vatInsideKobo(300_000, 750)).toBe(20_930);
    expect(vatInsideKobo(0, 750)).toBe(0);
  });
});

describe('money: shown one way', () => {
  it('always two decimals, thousands grouped', () => {
    expect(formatNaira(300_000)).toBe('₦3,000.00');
    expect(formatNaira(137_450)).toBe('₦1,374.50');
    expect(formatNaira(1)).toBe('₦0.01');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(-5_000)).toBe('-₦50.00');
    expect(formatNaira(TOP)).toBe('₦10,000,000.00');
    expect(formatNgn(137_450)).toBe('NGN 1,374.50');
    expect(formatNgn(123_456_789)).toBe('NGN 1,234,567.89');
  });
});
