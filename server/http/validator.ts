/**
 * Request validation as route middleware with the shared schemas of src/shared/schemas (bodies
 * by our own `jsonBody`, queries and path parameters by `@hono/zod-validator`): `jsonBody(schema)`, `queryOf(schema)` and `paramOf(schema)` fail with the same status, message
 * and extra fields as before (server/http/validate.ts words the first issue), and the handler
 * reads the parsed value with `c.req.valid('json')`, `c.req.valid('query')` or `c.req.valid('param')`.
 */
import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { $ZodAsyncError } from 'zod/v4/core';
import { isJsonContentType } from './api-guards';
import { type HttpError, badRequest } from './errors';
import { describeIssue } from './validate';
import { setBounded } from '../bounded-map';

export interface JsonBodyOptions {
  /** The route's own error shape (sign-up adds `data`, login `error`); a 400 `{message}` otherwise. */
  fail?: (message: string) => HttpError;
  /** An empty body reads as `{}` (calls that take everything from the bearer token). */
  optional?: boolean;
  /** This message wins over the others when several fields fail (sign-up's 'All fields are required'). */
  firstMessage?: string;
  /** The whole refusal, for a route that lists every field's problem (the profile form's `errors`). */
  invalid?: (issues: readonly z.core.$ZodIssue[], input: unknown) => HttpError;
  /**
   * How many accepted bodies to remember by their text (short ones only), so the same body
   * again skips JSON.parse and zod: the chat poll sends one body every 2 s until a message
   * arrives. Only for a schema whose output depends on the text alone and that the route
   * never changes (the remembered value is frozen and shared).
   */
  remember?: number;
}

/** Longer bodies are never remembered (a poll's is about 90 characters). */
const REMEMBERED_BODY_CHARS = 256;

/**
 * zod's issues carry the input (for 'x is required' against 'x must be a string'). The cast:
 * the validator types the result by a conditional type on the schema that a generic `S` leaves open.
 * Parsed synchronously: no schema of ours is async, and the async parse's promises were most
 * of zod's share of the 2 s chat poll (docs/performance.md); a schema that turns out async
 * (zod throws `$ZodAsyncError`) is parsed the async way.
 */
const withInput = {
  validationFunction: (schema: z.ZodType, value: unknown) => {
    try {
      return schema.safeParse(value, { reportInput: true }) as never;
    } catch (error) {
      if (error instanceof $ZodAsyncError) return schema.safeParseAsync(value, { reportInput: true }) as never;
      throw error;
    }
  },
};

const INVALID_JSON = 'Request body must be valid JSON';

/**
 * What the validator would read otherwise than the routes always have: a write without a body
 * (and so without a type, server/http/api-guards.ts) is `{}` to it, and an empty JSON body is
 * its own 'Malformed JSON' error. Here both are the route's 400, or `{}` when the body is optional.
 */
async function readBodyAsBefore(c: Context, fail: (message: string) => HttpError, optional: boolean): Promise<void> {
  if (!isJsonContentType(c.req.header('Content-Type'))) {
    if (!optional) throw fail(INVALID_JSON);
    return;
  }
  // The request keeps its body read as a promise (hono's own cache, typed as the value).
  if (optional && (await c.req.text()).trim() === '') c.req.bodyCache.text = Promise.resolve('{}') as never;
}

/** What the JSON validator reads as JSON (Hono's own rule): `application/json` or `application/<x>+json`. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

function readsAsJson(type: string | undefined): boolean {
  if (type === undefined) return false;
  return type === 'application/json' || JSON_MEDIA_TYPE.test((type.split(';')[0] ?? '').trim().toLowerCase());
}

/** The route's `c.req.valid('json')`: the schema's input and output types, as `zValidator` declares them. */
type JsonBodyMiddleware<S extends z.ZodType> = MiddlewareHandler<
  // biome-ignore lint/suspicious/noExplicitAny: any env, as the validator it replaces (routes of every env use it)
  any,
  string,
  { in: { json: z.input<S> }; out: { json: z.output<S> } }
>;

/**
 * The body, read and validated in one middleware with the answers `zValidator('json', ...)`
 * gave (a body that is not JSON, then the schema's first issue), without its layers of
 * promises and copies: every authenticated call, the 2 s chat poll most of all, comes through
 * here (docs/performance.md, 'The empty chat poll').
 */
export function jsonBody<S extends z.ZodType>(schema: S, options: JsonBodyOptions = {}): JsonBodyMiddleware<S> {
  const fail = options.fail ?? badRequest;
  const optional = options.optional ?? false;
  const refuse = (issues: readonly z.core.$ZodIssue[], input: unknown): never => {
    if (options.invalid) throw options.invalid(issues, input);
    const first = (options.firstMessage && issues.find((issue) => issue.message === options.firstMessage)) || issues[0];
    throw fail(describeIssue(first));
  };
  const keep = options.remember ?? 0;
  const remembered = new Map<string, object>();
  return async (c, next) => {
    await readBodyAsBefore(c, fail, optional);
    // A type that is not JSON (an optional body without one) is validated as `{}`.
    let input: unknown = {};
    let text: string | undefined;
    if (readsAsJson(c.req.header('Content-Type'))) {
      try {
        text = await c.req.text();
      } catch {
        throw fail(INVALID_JSON);
      }
      const known = keep > 0 ? remembered.get(text) : undefined;
      if (known) {
        c.req.addValidatedData('json', known);
        return next();
      }
      try {
        input = JSON.parse(text);
      } catch {
        throw fail(INVALID_JSON);
      }
    }
    const parsed = withInput.validationFunction(schema, input) as
      | z.ZodSafeParseResult<z.output<S>>
      | Promise<z.ZodSafeParseResult<z.output<S>>>;
    const result = parsed instanceof Promise ? await parsed : parsed;
    if (!result.success) return refuse(result.error.issues, input);
    const data = result.data as object;
    if (keep > 0 && text !== undefined && text.length <= REMEMBERED_BODY_CHARS) {
      setBounded(remembered, text, Object.freeze(data), keep);
    }
    c.req.addValidatedData('json', data);
    await next();
  };
}

export function queryOf<S extends z.ZodType>(schema: S) {
  return refusing('query', schema);
}

/** A path's parameters (an id's length and characters checked before it reaches a query). */
export function paramOf<S extends z.ZodType>(schema: S) {
  return refusing('param', schema);
}

function refusing<T extends 'query' | 'param', S extends z.ZodType>(target: T, schema: S) {
  return zValidator(
    target,
    schema,
    (result) => {
      if (!result.success) throw badRequest(describeIssue(result.error.issues[0]));
    },
    withInput,
  );
}
