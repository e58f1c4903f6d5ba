/**
 * A JSON response that states its length, for small, frequent responses: the compress
 * middleware gzips a response of unknown length whatever its size, which makes a tiny one
 * larger (docs/performance.md, 'The empty chat poll').
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export function jsonResponse(c: Context, body: unknown, status: ContentfulStatusCode = 200): Response {
  const text = JSON.stringify(body);
  return c.body(text, status, jsonHeaders(text));
}

/** The headers of a JSON answer whose text is `text` (built once for an answer that never changes). */
export function jsonHeaders(text: string): Record<string, string> {
  return { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) };
}
