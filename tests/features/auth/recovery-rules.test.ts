import { describe, expect, it } from 'vitest';
import {
  PASSWORDS_DO_NOT_MATCH,
  boxDigit,
  joinCode,
  pastedCode,
  resetPasswordError,
} from '../../../src/features/auth/recovery-rules';

describe('password recovery rules (validation and constants)', () => {
  it('"the code boxes accept digits only, one per box"', () => {
    expect(boxDigit('7')).toBe('7');
    expect(boxDigit('a')).toBe('');
    expect(boxDigit('-')).toBe('');
    expect(boxDigit('37')).toBe('7');
    expect(boxDigit('')).toBe('');
  });

  it('a pasted 4-digit code fills all boxes; anything else does not', () => {
    expect(pastedCode('0427')).toEqual(['0', '4', '2', '7']);
    expect(pastedCode(' 0427\n')).toEqual(['0', '4', '2', '7']);
    expect(pastedCode('042')).toBeNull();
    expect(pastedCode('04275')).toBeNull();
    expect(pastedCode('04a7')).toBeNull();
  });

  it('"code (the 4 digits joined)"', () => {
    expect(joinCode(['0', '4', '2', '7'])).toBe('0427');
    expect(joinCode(['0', '', '2', '7'])).toBeNull();
  });

  it('"passwords must match (\'Passwords do not match\')" and have at least 6 characters', () => {
    expect(PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match');
    expect(resetPasswordError('secret1', 'secret2')).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(resetPasswordError('five5', 'five5')).toBe('Password must be at least 6 characters long');
    expect(resetPasswordError('sixsix', 'sixsix')).toBeNull();
  });
});
