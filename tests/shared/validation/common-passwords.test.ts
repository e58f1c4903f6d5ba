/** The operator's password rule (issue 47): common ones and their dressed-up forms are refused, passphrases pass. */
import { describe, expect, it } from 'vitest';
import { opsPasswordSchema } from '../../../src/shared/schemas/ops-console';
import { isCommonPassword } from '../../../src/shared/validation/common-passwords';

describe('isCommonPassword', () => {
  it.each([
    'password1234',
    'Password-1234',
    'PASSWORD 1234',
    'qwertyuiop12',
    '123456789012',
    '1234567890123456',
    'abcdefghijklmnop',
    'zzzzzzzzzzzz',
    'abababababab',
    '!!!!!!!!!!!!',
    'greenpick2026',
    'Nigeria123456',
  ])('refuses %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each([
    'a long staff passphrase',
    'Jollof at 7, Yaba bus stop',
    'ẹ kú àárọ̀ ọ̀rẹ́ mi',
    'Ọjà Ọba ní Ìbàdàn',
    'k7#Rm2!vQp9@Lw',
  ])('takes %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe('opsPasswordSchema', () => {
  it('says what is wrong: too short, too common, too long, missing', () => {
    const problem = (newPassword: unknown) =>
      opsPasswordSchema.safeParse({ currentPassword: 'one-time', newPassword }).error?.issues[0]?.message;
    expect(problem('short')).toBe('Password must be at least 12 characters long');
    expect(problem('password1234')).toBe('This password is too common: choose another');
    expect(problem('x'.repeat(1025))).toBe('Password must be at most 1024 characters long');
    expect(problem(undefined)).toBe('newPassword is required');
    expect(problem('a long staff passphrase')).toBeUndefined();
  });
});
