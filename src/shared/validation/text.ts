/**
 * What text the server stores: no control characters (a NUL byte cannot even be stored by
 * PostgreSQL), and no half of a UTF-16 surrogate pair (it cannot be encoded as UTF-8).
 * Multi-line fields (chat, bio) keep their line breaks and tabs. Each check is a single
 * character class or one pass over the text, so it runs in linear time.
 */

/** C0 controls, DEL and C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, minus tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Line and paragraph separators and bidirectional controls (LRM, RLM, ALM, embeddings,
 * overrides, isolates): in a name they break a line or reorder the text around it wherever
 * the name is shown (an operator's table, a driver's screen), so names refuse them.
 */
const LAYOUT = /[\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/**
 * Direction controls (LRM, RLM, ALM, embeddings, overrides, isolates) and other invisible
 * format characters (soft hyphen, zero-width space, word joiner and invisible operators,
 * deprecated format controls, byte order mark, interlinear annotations): shown, they reorder
 * or hide text ('...refund approved<U+202E>dlrow', CVE-2021-42574), so no stored text takes
 * them and chat messages lose them. Zero-width joiners (U+200C, U+200D) stay: emoji and
 * scripts need them.
 */
const FORMAT = /[\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]/;
const FORMAT_ALL = new RegExp(FORMAT.source, 'g');

export type TextProblem = 'control-character' | 'broken-character' | 'format-character' | 'layout-character';

export function hasFormatCharacter(value: string): boolean {
  return FORMAT.test(value);
}

/** The text without direction controls or invisible format characters (chat messages). */
export function stripFormatCharacters(value: string): string {
  return value.replace(FORMAT_ALL, '');
}

export function hasLayoutCharacter(value: string): boolean {
  return LAYOUT.test(value);
}

export function hasControlCharacter(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value);
}

/**
 * A high surrogate not followed by a low one, or a low one not preceded by a high one. One
 * pass over the text (String.prototype.isWellFormed where the engine has it, which is faster
 * still; a look-around pattern was linear too, but several times slower).
 */
export function hasBrokenCharacter(value: string): boolean {
  const native = (value as { isWellFormed?: () => boolean }).isWellFormed;
  if (typeof native === 'function') return !native.call(value);
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = value.charCodeAt(index + 1);
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      index += 1;
      continue;
    }
    return true;
  }
  return false;
}

/** Why this text cannot be stored, or null when it can. */
export function textProblem(value: string, options: { multiline?: boolean; name?: boolean } = {}): TextProblem | null {
  if (hasControlCharacter(value, options)) return 'control-character';
  if (hasBrokenCharacter(value)) return 'broken-character';
  if (options.name && hasLayoutCharacter(value)) return 'layout-character';
  if (hasFormatCharacter(value)) return 'format-character';
  return null;
}

/** The message for a problem, naming the field as the person knows it ('First name'). */
export function textProblemMessage(label: string, problem: TextProblem): string {
  if (problem === 'layout-character') return `${label} must not contain line separators or text-direction controls`;
  if (problem === 'format-character')
    return `${label} must not contain text-direction controls or invisible characters`;
  return problem === 'control-character'
    ? `${label} must not contain control characters`
    : `${label} must be valid text`;
}

/** Text cut to `max` code units without leaving half a surrogate pair at the end. */
export function clampText(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
