/** The operator token cannot be guessed over the network: wrong tokens are limited per address. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

const OPS_TOKEN = 'ops-token-test-token-of-at-least-32-chars';
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({
    config: { opsToken: OPS_TOKEN, trustProxy: 1 },
    limits: { opsTokenFailuresPerAddress: { limit: 3, windowMs: 60_000 } },
  });
});
afterAll(() => server.close());

const drivers = (token: string, address: string) =>
  server.request('GET', '/ops/drivers', { headers: { 'X-Ops-Token': token, 'X-Forwarded-For': address } });

describe('wrong operator tokens', () => {
  it('after 3 wrong tokens from an address, it is refused (429) even with the right token: guessing on tells nothing', async () => {
    for (let i = 0; i < 3; i += 1) expect((await drivers(`guess-${i}`, '203.0.113.9')).status).toBe(401);
    expect((await drivers('guess-4', '203.0.113.9')).status).toBe(429);
    expect((await drivers(OPS_TOKEN, '203.0.113.9')).status).toBe(429);
    // The operator elsewhere is not affected.
    expect((await drivers(OPS_TOKEN, '198.51.100.1')).status).toBe(200);
  });

  it('right tokens are never counted', async () => {
    for (let i = 0; i < 10; i += 1) expect((await drivers(OPS_TOKEN, '198.51.100.2')).status).toBe(200);
  });
});
