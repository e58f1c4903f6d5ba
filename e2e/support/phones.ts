/**
 * Phone numbers of the tests' own clients: one number belongs to one client (docs/security.md,
 * 'Sign-in codes'), so each test takes numbers no other test, worker or the demo data has.
 */
let counter = 0;

/** A fresh Nigerian mobile number in E.164 ('+2347...'): the worker's pid and a count. */
export function newPhone(): string {
  counter += 1;
  return `+2347${String(process.pid % 10_000).padStart(4, '0')}${String(counter).padStart(5, '0')}`;
}

/** As people write it: '+2347031234567' is '0703 123 4567'. */
export function localForm(e164: string): string {
  const digits = e164.slice(4);
  return `0${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}
