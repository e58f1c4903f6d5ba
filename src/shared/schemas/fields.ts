/**
 * Field builders for the request schemas: every text field tells a missing value from a wrong
 * type, checks its length before anything else runs on it, and refuses control characters,
 * broken UTF-16 and direction controls (docs/security.md, 'Input'). Server only: the app imports types, never zod.
 */
import { z } from 'zod';
import { MAX_LENGTH } from '../limits';
import {
  hasBrokenCharacter,
  hasControlCharacter,
  hasFormatCharacter,
  hasLayoutCharacter,
  stripFormatCharacters,
  textProblemMessage,
} from '../validation/text';

export interface TextOptions {
  max: number;
  /** Chat messages and bios keep line breaks and tabs. */
  multiline?: boolean;
  /** A person's name: line separators are refused too. */
  name?: boolean;
  /** Chat messages: direction controls and invisible characters are removed, not refused. */
  stripFormat?: boolean;
  /** How messages name the field to a person ('First name'); default: the field's own name. */
  label?: string;
  /** Missing or null. Default: '<field> is required'. */
  required?: string;
  /** Not a string. Default: '<field> must be a string'. */
  wrongType?: string;
  /** Default: '<label> must be at most <max> characters'. */
  tooLong?: string;
  /** Control or broken characters. Default: '<label> must not contain control characters' / 'must be valid text'. */
  badCharacters?: string;
}

export function text(field: string, options: TextOptions) {
  const label = options.label ?? field;
  const multiline = options.multiline ?? false;
  return z
    .string({
      error: (issue) =>
        issue.input == null
          ? (options.required ?? `${field} is required`)
          : (options.wrongType ?? `${field} must be a string`),
    })
    .max(options.max, { error: options.tooLong ?? `${label} must be at most ${options.max} characters`, abort: true })
    .refine((value) => !hasControlCharacter(value, { multiline }), {
      error: options.badCharacters ?? textProblemMessage(label, 'control-character'),
      abort: true,
    })
    .refine((value) => !hasBrokenCharacter(value), {
      error: options.badCharacters ?? textProblemMessage(label, 'broken-character'),
      abort: true,
    })
    .refine((value) => !(options.name && hasLayoutCharacter(value)), {
      error: options.badCharacters ?? textProblemMessage(label, 'layout-character'),
      abort: true,
    })
    .refine((value) => options.stripFormat || !hasFormatCharacter(value), {
      error: textProblemMessage(label, 'format-character'),
      abort: true,
    })
    .overwrite((value) => (options.stripFormat ? stripFormatCharacters(value) : value));
}

/** A required id (ours are UUIDs; any short plain text is looked up and simply not found). */
export function id(field: string) {
  return text(field, { max: MAX_LENGTH.id })
    .trim()
    .min(1, { error: `${field} is required` });
}

/** A number field that says which kind of number it wants. */
export function number(field: string, what = 'a number') {
  return z.number({
    error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be ${what}`),
  });
}

/** The body itself must be a JSON object. */
export const NOT_AN_OBJECT = 'Request body must be a JSON object';

/** An ISO date-time with an offset, in years PostgreSQL and people use (1970-9999: no year 0). */
export function isoDateTime(field: string) {
  const message = `${field} must be an ISO date`;
  return text(field, { max: 64 })
    .pipe(z.iso.datetime({ offset: true, error: message }))
    .refine(
      (value) => {
        const year = new Date(value).getUTCFullYear();
        return year >= 1970 && year <= 9999;
      },
      { error: message },
    );
}
