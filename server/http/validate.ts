/** Validation at the edge: a malformed or wrongly shaped body is a 400 with a message, never a 500. */
import type { Context } from 'hono';
import { z } from 'zod';
import { badRequest } from './errors';

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('Request body must be valid JSON');
  }
  return parseWith(schema, body);
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeIssue(result.error.issues[0]));
  return result.data;
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${field} is required`;
  return field ? `Invalid ${field}: ${issue.message}` : issue.message;
}

/** Common field schemas. */
export const trimmed = (max = 200) => z.string().trim().max(max);
export const requiredText = (max = 200) => z.string().trim().min(1).max(max);
export const email = () => z.string().trim().toLowerCase().max(254).pipe(z.email());
export const id = () => z.string().trim().min(1).max(100);
