/**
 * A JSON response that states its length. The compress middleware leaves a response under its
 * threshold (1 kB) alone only when it knows the length: a response without one is gzipped
 * whatever its size, so every browser's empty chat poll (24 bytes of JSON) went through a
 * compression stream and came back larger. Use it for small, frequent answers.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export function jsonResponse(c: Context, body: unknown, status: ContentfulStatusCode = 200): Response {
  const text = JSON.stringify(body);
  return c.body(text, status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
  });
}
