/**
 * How a failed field is worded (the validation itself is route middleware, server/http/validator.ts):
 * a malformed or wrongly shaped body is a 400 with a message, never a 500. The request schemas
 * live in src/shared/schemas (lengths first, no control characters, linear patterns); their
 * messages name the field, so they are passed on as they are.
 */
import type { z } from 'zod';
import { NOT_AN_OBJECT } from '../../src/shared/schemas/fields';

/** zod's own English messages start like this; ours always name the field. */
const ZOD_DEFAULT =
  /^(Invalid (input|option|string|number|key|element|union|value)\b|Too (big|small):|Unrecognized key)/;

export function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'Invalid request';
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  const field = issue.path.join('.');
  if (issue.code === 'invalid_type') {
    if (!field) return NOT_AN_OBJECT;
    return issue.input === undefined
      ? `${field} is required`
      : `${field} must be ${issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}`;
  }
  return field ? `Invalid ${field}: ${issue.message}` : issue.message;
}
