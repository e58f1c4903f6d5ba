/**
 * What text the server stores: no control characters (a NUL byte cannot even be stored by
 * PostgreSQL), and no half of a UTF-16 surrogate pair (it cannot be encoded as UTF-8).
 * Multi-line fields (chat, bio) keep their line breaks and tabs. Each pattern is a single
 * character class (or one with a one-character look-around), so it runs in linear time.
 */

/** C0 controls, DEL and C1 controls. */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, minus tab, line feed and carriage return. */
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextProblem = 'control-character' | 'broken-character';

export function hasControlCharacter(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value);
}

export function hasBrokenCharacter(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** Why this text cannot be stored, or null when it can. */
export function textProblem(value: string, options: { multiline?: boolean } = {}): TextProblem | null {
  if (hasControlCharacter(value, options)) return 'control-character';
  if (hasBrokenCharacter(value)) return 'broken-character';
  return null;
}

/** The message for a problem, naming the field as the person knows it ('First name'). */
export function textProblemMessage(label: string, problem: TextProblem): string {
  return problem === 'control-character' ? `${label} must not contain control characters` : `${label} must be valid text`;
}

/** Text cut to `max` code units without leaving half a surrogate pair at the end. */
export function clampText(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
