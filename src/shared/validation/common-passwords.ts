/**
 * Passwords too common to protect a staff account: the long ones of the usual leaked-password
 * lists (an operator's password is at least 12 characters, so shorter ones never reach here),
 * compared without case, spaces or punctuation, plus passwords of one repeated character or a
 * run of the keyboard or the alphabet.
 */
const COMMON = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789123',
  '111111111111',
  '000000000000',
  '123123123123',
  '121212121212',
  '987654321098',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'password1password1',
  'mypassword123',
  'changeme1234',
  'letmein12345',
  'welcome12345',
  'welcome123456',
  'iloveyou1234',
  'iloveyou12345',
  'qwertyuiop12',
  'qwertyuiop123',
  'qwerty123456',
  'qwertyqwerty',
  'qwertyuiopasdf',
  'qwertyuiopasdfghjkl',
  'asdfghjkl123',
  'asdfasdfasdf',
  'zxcvbnm12345',
  'abcdefghijkl',
  'abc123abc123',
  'abcd1234abcd',
  'abcd12345678',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  'q1w2e3r4t5y6',
  'administrator',
  'administrator1',
  'administrator123',
  'admin1234567',
  'adminadmin123',
  'superman1234',
  'football1234',
  'baseball1234',
  'princess1234',
  'sunshine1234',
  'trustno11234',
  'starwars1234',
  'monkey123456',
  'dragon123456',
  'master123456',
  'nigeria12345',
  'nigeria123456',
  'lagosnigeria',
  'greenpick123',
  'greenpick1234',
  'greenpick2024',
  'greenpick2025',
  'greenpick2026',
  'jesuschrist1',
  'jesusislord1',
  'godisgood123',
  'blessed12345',
  'onetimepassword',
  'temporarypassword',
  'temppassword1',
  'defaultpassword',
]);

const KEYBOARD_RUNS = ['1234567890', '0987654321', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'abcdefghijklmnopqrstuvwxyz'];

/** Whether a password is one of the common ones (or one repeated character, or a keyboard run). */
export function isCommonPassword(password: string): boolean {
  if (new Set(password.toLowerCase()).size <= 2) return true;
  const plain = password.toLowerCase().replace(/[^a-z0-9]/g, '');
  // Mostly other letters or signs (a passphrase in Yoruba, say): judged on the whole only.
  if (plain.length < 8) return false;
  if (COMMON.has(plain) || new Set(plain).size <= 2) return true;
  return KEYBOARD_RUNS.some((run) => run.includes(plain) || `${run}${run}`.includes(plain));
}
