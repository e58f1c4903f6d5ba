/**
 * Reads a JSON body and validates it with a request schema, failing with the calling
 * route's own error shape (`fail`): sign-up adds `data`, login adds `error`, recovery is
 * wrapped into `{ success, message }`.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../context';
import type { HttpError } from './errors';
import { describeIssue } from './validate';

export interface ReadBodyOptions {
  /** An empty body reads as `{}` (calls that take everything from the bearer token). */
  optional?: boolean;
  /** This message wins over the others when several fields fail (sign-up's 'All fields are required'). */
  firstMessage?: string;
}

export async function readBody<S extends z.ZodType, E extends AppEnv = AppEnv>(
  c: Context<E>,
  schema: S,
  fail: (message: string) => HttpError,
  options: ReadBodyOptions = {},
): Promise<z.infer<S>> {
  const text = await c.req.text();
  let body: unknown = {};
  if (text.trim() !== '' || !options.optional) {
    try {
      body = JSON.parse(text);
    } catch {
      throw fail('Request body must be valid JSON');
    }
  }
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  const { issues } = result.error;
  const first = (options.firstMessage && issues.find((issue) => issue.message === options.firstMessage)) || issues[0];
  throw fail(describeIssue(first));
}
