import { describe, expect, it } from 'vitest';
import { isEmailAddress } from '../../../src/shared/validation/email';

describe('the e-mail address rule', () => {
  it.each(['ada@example.ng', 'ada.okafor+pickups@mail.example.com.ng', "o'neil_1-2@x-y.ng", 'A@B.CO'])(
    'accepts %s',
    (email) => {
      expect(isEmailAddress(email)).toBe(true);
    },
  );

  it.each([
    'a@b',
    'two@@example.ng',
    'no-at.example.ng',
    '@example.ng',
    '.ada@example.ng',
    'ada.@example.ng',
    'a..da@example.ng',
    'ada@-example.ng',
    'ada@example-.ng',
    'ada@example..ng',
    'ada@example.n',
    'ada@example.n9',
    'ada example@x.ng',
    'ada@exa mple.ng',
    `${'a'.repeat(65)}@example.ng`,
    `a@${'b'.repeat(64)}.ng`,
    `${'a'.repeat(60)}@${'b.'.repeat(96)}ng`,
  ])('refuses %s', (email) => {
    expect(isEmailAddress(email)).toBe(false);
  });
});
