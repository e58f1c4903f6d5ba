/**
 * Bodies are parsed by zod synchronously; a schema that needs the async parse (an async
 * refinement) still gets it, with the same answers (server/http/validator.ts).
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../server/http/errors';
import { type JsonBodyOptions, jsonBody } from '../../server/http/validator';

function appWith(schema: z.ZodType, options: JsonBodyOptions = {}) {
  const app = new Hono();
  app.post('/echo', jsonBody(schema, options), (c) => c.json({ data: c.req.valid('json' as never) }));
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

  describe('remembering accepted bodies (the chat poll)', () => {
    // The schema counts its own runs: a remembered body does not run it again.
    let runs = 0;
    const counted = z.object({
      name: z
        .string({ error: 'name must be a string' })
        .max(5, { error: 'name is too long' })
        .refine(() => {
          runs += 1;
          return true;
        }),
    });
    const remembering = appWith(counted, { remember: 2 });

    it('answers a body sent again as before, without parsing it again', async () => {
      runs = 0;
      for (let i = 0; i < 3; i++) {
        const response = await post(remembering, '{"name":"Ada"}');
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ data: { name: 'Ada' } });
      }
      expect(runs).toBe(1);
    });

    it('never remembers a refused body: refused again with its message', async () => {
      for (let i = 0; i < 2; i++) {
        const response = await post(remembering, '{"name":"Adaeze"}');
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ message: 'name is too long' });
      }
      const malformed = await post(remembering, '{"name":');
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual({ message: 'Request body must be valid JSON' });
    });

    it('parses another body anew, and forgets the oldest beyond its count', async () => {
      runs = 0;
      for (const name of ['Bo', 'Cy', 'Di']) {
        const response = await post(remembering, JSON.stringify({ name }));
        expect(await response.json()).toEqual({ data: { name } });
      }
      expect(runs).toBe(3);
      // Two kept: 'Cy' and 'Di'; 'Bo' was the oldest.
      await post(remembering, JSON.stringify({ name: 'Di' }));
      expect(runs).toBe(3);
      await post(remembering, JSON.stringify({ name: 'Bo' }));
      expect(runs).toBe(4);
    });
  });
});
