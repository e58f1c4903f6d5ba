/**
 * Bodies are parsed by zod synchronously; a schema that needs the async parse (an async
 * refinement) still gets it, with the same answers (server/http/validator.ts).
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../server/http/errors';
import { jsonBody } from '../../server/http/validator';

function appWith(schema: z.ZodType) {
  const app = new Hono();
  app.post('/echo', jsonBody(schema), (c) => c.json({ data: c.req.valid('json' as never) }));
  app.onError((error, c) =>
    error instanceof HttpError ? c.json(error.body, error.status) : c.json({ message: 'unexpected' }, 500),
  );
  return app;
}

const post = (app: Hono, body: string) =>
  app.request('/echo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

describe('jsonBody', () => {
  const plain = appWith(z.object({ name: z.string({ error: 'name must be a string' }).max(5) }));
  const withAsyncCheck = appWith(
    z.object({
      name: z.string().refine(async (value) => value === 'ok', { error: 'name must be ok' }),
    }),
  );

  it('hands a plain schema the parsed body', async () => {
    const response = await post(plain, '{"name":"Ada"}');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { name: 'Ada' } });
  });

  it('refuses what a plain schema refuses with 400 and its message', async () => {
    const response = await post(plain, '{"name":3}');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'name must be a string' });
  });

  it('parses a schema with an async refinement the async way: accepted', async () => {
    const response = await post(withAsyncCheck, '{"name":"ok"}');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { name: 'ok' } });
  });

  it('parses a schema with an async refinement the async way: refused with its message', async () => {
    const response = await post(withAsyncCheck, '{"name":"no"}');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'name must be ok' });
  });
});
