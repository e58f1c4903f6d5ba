import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, isApiRequest, MAX_BODY_BYTES, needsPagePolicy } from '../../server/app';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ config: { corsOrigins: ['https://partner.example.ng'] } });
});
afterAll(() => server.close());

describe('security headers, CORS and body limits', () => {
  it('CORS allows a configured origin', async () => {
    const response = await server.request('OPTIONS', '/client/login', {
      headers: { Origin: 'https://partner.example.ng', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://partner.example.ng');
  });

  it('CORS does not allow an unknown origin', async () => {
    const response = await server.request('OPTIONS', '/client/login', {
      headers: { Origin: 'https://evil.example.com', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('CORS names an allowed origin on the responses themselves, errors included, and never a foreign one', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const allowed = await server.request('POST', '/client/getMessages', {
        body: { taskId: 'x' },
        headers: { Origin: 'https://partner.example.ng' },
        ...(token ? { token } : {}),
      });
      expect(allowed.status).toBe(401);
      expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://partner.example.ng');
      expect(allowed.headers.get('Vary')).toContain('Origin');
    }
    const login = await server.request('POST', '/client/login', {
      body: { email: 'nobody@example.ng', password: 'wrong-password' },
      headers: { Origin: 'https://partner.example.ng' },
    });
    expect(login.headers.get('Access-Control-Allow-Origin')).toBe('https://partner.example.ng');
    const foreign = await server.request('POST', '/client/getMessages', {
      body: { taskId: 'x' },
      headers: { Origin: 'https://evil.example.com' },
    });
    expect(foreign.headers.get('Access-Control-Allow-Origin')).toBeNull();
    // The response differs by origin, so caches must keep them apart.
    expect(foreign.headers.get('Vary')).toContain('Origin');
  });

  it('API answers carry a short policy of their own: data is never rendered or framed', async () => {
    for (const [method, path] of [
      ['GET', '/admin/pricing'],
      ['POST', '/client/getMessages'],
    ] as const) {
      const response = await server.request(method, path, method === 'POST' ? { body: {} } : {});
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('X-Frame-Options')).toBeNull();
    }
  });

  it('pages carry the full page policy', async () => {
    const response = await server.request('GET', '/client/home');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
  });

  it('tells API calls from pages', () => {
    expect(isApiRequest('POST', '/client/getMessages')).toBe(true);
    expect(isApiRequest('GET', '/driver/location/d1')).toBe(true);
    expect(isApiRequest('GET', '/client/home')).toBe(false);
    expect(isApiRequest('GET', '/assets/index.js')).toBe(false);
  });

  it('gives the page policy to pages and the service worker only, not to scripts, styles or data', () => {
    for (const path of ['/', '/client/home', '/index.html', '/sw.js'])
      expect(needsPagePolicy('GET', path), path).toBe(true);
    for (const path of [
      '/assets/index-abc.js',
      '/assets/index-abc.css',
      '/icon.svg',
      '/data/ng-places.json',
      '/manifest.webmanifest',
      '/admin/pricing',
    ])
      expect(needsPagePolicy('GET', path), path).toBe(false);
    expect(needsPagePolicy('POST', '/client/login')).toBe(false);
  });

  it('a body over 3 MB is refused with 413 and a JSON message, and nothing is written', async () => {
    const before = await server.deps.db.query<{ count: number }>('select count(*)::int as count from users');
    const huge = JSON.stringify({
      firstname: 'x'.repeat(3.2 * 1024 * 1024),
      lastname: 'y',
      email: 'big@example.ng',
      phonenumber: '1',
      password: 'longenough',
    });
    const response = await server.request('POST', '/client/signup', { rawBody: huge });
    expect(response.status).toBe(413);
    expect(response.body.message).toMatch(/too large/);
    const after = await server.deps.db.query<{ count: number }>('select count(*)::int as count from users');
    expect(after[0].count).toBe(before[0].count);
  });

  it('over a socket, a Content-Length over 3 MB is refused with 413 before the body is sent', async () => {
    const http = await new Promise<Server>((resolve) => {
      const started = serve({ fetch: createApp(server.deps).fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(started as Server),
      );
    });
    try {
      const { port } = http.address() as AddressInfo;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const call = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/client/signup',
            headers: { 'Content-Type': 'application/json', 'Content-Length': String(MAX_BODY_BYTES + 1) },
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        call.on('error', reject);
        // Only the headers: the response must not wait for 3 MB that never come.
        call.flushHeaders();
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ message: 'Request body is too large (3 MB at most)' });
    } finally {
      http.closeAllConnections();
      await new Promise<void>((done) => http.close(() => done()));
    }
  });

  it('an unknown path answers 404 with a JSON message', async () => {
    const response = await server.request('POST', '/client/nothing-here', { body: {} });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found' });
  });
});
