/**
 * 'Address details' of a task (house number and street, gate, landmark: what the driver needs
 * to find the right gate), used by the create form and by the server. Optional, at most 200
 * characters; line breaks are allowed (people write directions on several lines), other
 * control characters are not (they garble the driver's listing and messages).
 */

/** The input's maxLength and the server's limit, in UTF-16 code units as both count them. */
export const ADDRESS_DETAILS_MAX_LENGTH = 200;

export const ADDRESS_DETAILS_TOO_LONG = `Address details can be at most ${ADDRESS_DETAILS_MAX_LENGTH} characters`;
export const ADDRESS_DETAILS_CONTROL_CHARACTERS = 'Address details cannot contain control characters';

/** C0 and C1 control characters and DEL, except line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const FORBIDDEN_CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasForbiddenControlCharacters(text: string): boolean {
  return FORBIDDEN_CONTROL.test(text);
}

/**
 * What the form sends: tabs become spaces, other control characters are dropped, line breaks
 * become '\n', trailing spaces of each line and blank lines at either end go.
 */
export function cleanAddressDetails(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(new RegExp(FORBIDDEN_CONTROL.source, 'g'), '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

/** What the server keeps: one kind of line break, no surrounding blank space. */
export function normalizeAddressDetails(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}
