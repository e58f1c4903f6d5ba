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
  return escapeInJson(JSON.stringify(value, null, 2) ?? '');
}

const hex = (character: string) => character.charCodeAt(0).toString(16).padStart(4, '0');

/** JSON text with what JSON.stringify leaves raw (DEL, C1, separators, direction controls) as \uXXXX escapes. */
export const escapeInJson = (json: string) => json.replace(ESCAPED_IN_JSON, (character) => `\\u${hex(character)}`);

/** An escaped backslash (kept as it is) or JSON's escape of a C0 control other than line feed and tab. */
const C0_ESCAPES = /\\\\|\\(?:u00(?:0[0-8b-f]|1[0-9a-f])|[bfr])/g;

/**
 * JSON text for a reader that parses it and prints the strings (pino-pretty): every control
 * that could act on the screen, raw or escaped, turns into the text of its escape (`\u001b`).
 */
export const escapeInJsonForDisplay = (json: string) =>
  json
    .replace(C0_ESCAPES, (sequence) => (sequence === '\\\\' ? sequence : `\\${sequence}`))
    .replace(ESCAPED_IN_JSON, (character) => `\\\\u${hex(character)}`);

/** Address details may span lines; a table row or a log line may not (the CLI's tables, the simulator). */
export const oneLine = (text: string) => text.trim().replace(/\s*\n\s*/g, ', ');
