/** Password recovery rules (docs/product.md, Recovery): a 4-digit code, one digit per box. */

export const RESET_CODE_LENGTH = 4;
export const MIN_NEW_PASSWORD_LENGTH = 6;
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** What a code box keeps of its typed value: only the last digit typed, or nothing. */
export function boxDigit(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  return digits.slice(-1);
}

/** A pasted text fills all boxes only when it is a 4-digit code (spaces around it are fine). */
export function pastedCode(text: string): string[] | null {
  const trimmed = text.trim();
  return new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`).test(trimmed) ? trimmed.split('') : null;
}

/** The code the server is sent: the four digits joined. */
export function joinCode(digits: readonly string[]): string | null {
  const code = digits.join('');
  return code.length === RESET_CODE_LENGTH && /^\d+$/.test(code) ? code : null;
}

export function resetPasswordError(newPassword: string, confirmation: string): string | null {
  if (newPassword !== confirmation) return PASSWORDS_DO_NOT_MATCH;
  if (newPassword.length < MIN_NEW_PASSWORD_LENGTH)
    return `Password must be at least ${MIN_NEW_PASSWORD_LENGTH} characters long`;
  return null;
}
