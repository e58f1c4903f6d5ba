/**
 * Text safe for an operator's terminal (the ops CLI, the server's log): nothing a client or
 * payer wrote may clear the screen, fake a line or reorder what the operator reads
 * (docs/security.md, 'The operator's terminal').
 */

/**
 * C0 controls but line feed and tab, DEL, C1 controls (escape sequences) and every
 * bidirectional control (embeddings, overrides, isolates, LRM, RLM, ALM).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Line and paragraph separators: terminals and many viewers break the line there. */
const SEPARATORS = /[\u2028\u2029]/g;

/** The text with the controls removed and line or paragraph separators made spaces. */
export const printable = (text: string) => text.replace(UNPRINTABLE, '').replace(SEPARATORS, ' ');

const ESCAPED_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON for a terminal: what JSON.stringify leaves raw (DEL, C1, separators, bidirectional
 * controls) is written as a \uXXXX escape, so the data is kept exactly and nothing acts on the screen.
 */
export function printableJson(value: unknown): string {
  return (JSON.stringify(value, null, 2) ?? '').replace(
    ESCAPED_IN_JSON,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
