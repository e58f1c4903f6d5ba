import { describe, expect, it } from 'vitest';
import {
  ADDRESS_DETAILS_MAX_LENGTH,
  cleanAddressDetails,
  hasForbiddenControlCharacters,
  normalizeAddressDetails,
} from '../../../src/shared/validation/address-details';

describe('address details (house number, gate, landmark)', () => {
  it('are at most 200 characters', () => {
    expect(ADDRESS_DETAILS_MAX_LENGTH).toBe(200);
  });

  it('line breaks are allowed; other control characters are not', () => {
    expect(hasForbiddenControlCharacters('Blue gate\nopposite the mosque\r\n')).toBe(false);
    expect(hasForbiddenControlCharacters('Ọjà Ọba, ẹnu ọ̀nà — “gate”')).toBe(false);
    for (const control of ['\u0000', '\t', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f'])
      expect(hasForbiddenControlCharacters(`a${control}b`), JSON.stringify(control)).toBe(true);
  });

  it('the form cleans what people paste: tabs become spaces, other controls go, blank ends go', () => {
    expect(cleanAddressDetails('  \r\n22 Awolowo Way\t \r\nBlue\u0007 gate  \n\n')).toBe('22 Awolowo Way\nBlue gate');
    expect(hasForbiddenControlCharacters(cleanAddressDetails('a\u0000\u001b[31mb\tc'))).toBe(false);
    expect(cleanAddressDetails('   ')).toBe('');
  });

  it('the server keeps one kind of line break', () => {
    expect(normalizeAddressDetails(' Gate 2\r\nBlue door\rLeft ')).toBe('Gate 2\nBlue door\nLeft');
  });
});
