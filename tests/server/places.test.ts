/** Saved places: 'Home' and 'Work' per client, the last addresses of their tasks, and bad input refused. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeletePlaceRequest } from '../../src/shared/contract';
import { createTestServer, type TestServer } from './harness';
import { createPaidTask, insertClient, type TestClient } from './task-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (client: TestClient | null, path: string, body: unknown) =>
  server.request('POST', path, { token: client?.token, body });

const home = {
  label: 'home',
  address: '22 Awolowo Way, Ikeja, Lagos',
  addressDetails: '  Blue gate  ',
  location: { type: 'Point', coordinates: [3.3515, 6.6018] },
};

describe('saved places', () => {
  it("keeps 'Home' and 'Work' per client, replaces one saved again, and forgets one", async () => {
    const client = await insertClient(server);
    const other = await insertClient(server);
    const saved = await post(client, '/client/places/save', home);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      label: 'home',
      address: '22 Awolowo Way, Ikeja, Lagos',
      addressDetails: 'Blue gate',
      location: { type: 'Point', coordinates: [3.3515, 6.6018] },
    });
    await post(client, '/client/places/save', { ...home, label: 'work', address: 'Yaba, Lagos', addressDetails: '' });
    await post(client, '/client/places/save', { ...home, address: '5 Allen Avenue, Ikeja, Lagos' });
    const listed = (await post(client, '/client/places', {})).body.data;
    expect(listed.saved.map((place: { label: string; address: string }) => [place.label, place.address])).toEqual([
      ['home', '5 Allen Avenue, Ikeja, Lagos'],
      ['work', 'Yaba, Lagos'],
    ]);
    // Another client sees none of them.
    expect((await post(other, '/client/places', {})).body.data).toEqual({ saved: [], recent: [] });

    const forget: DeletePlaceRequest = { label: 'work' };
    expect((await post(client, '/client/places/delete', forget)).status).toBe(200);
    expect((await post(client, '/client/places', {})).body.data.saved).toHaveLength(1);
  });

  it('lists the last 5 distinct addresses of the client’s tasks, newest first, not those saved as Home or Work', async () => {
    const client = await insertClient(server);
    const addresses = ['1 A Street, Lagos', '2 B Street, Lagos', '3 C Street, Lagos', '4 D Street, Lagos'];
    for (const address of [...addresses, '1 A Street, Lagos', '5 E Street, Lagos', '6 F Street, Lagos'])
      await createPaidTask(server, client, { address });
    await post(client, '/client/places/save', { ...home, address: '6 F Street, Lagos' });
    const recent = (await post(client, '/client/places', {})).body.data.recent;
    expect(recent.map((place: { address: string }) => place.address)).toEqual([
      '5 E Street, Lagos',
      '1 A Street, Lagos',
      '4 D Street, Lagos',
      '3 C Street, Lagos',
      '2 B Street, Lagos',
    ]);
    expect(recent[0]).toMatchObject({ label: null, location: { type: 'Point', coordinates: [3.4723, 6.4474] } });
  });

  it('refuses what is not a place, with a clear message, and callers without a session', async () => {
    const client = await insertClient(server);
    const refusals: Array<[unknown, string]> = [
      [{ ...home, label: 'gym' }, "label must be 'home' or 'work'"],
      [{ ...home, address: 'x'.repeat(100_000) }, 'Address must be at most'],
      [{ ...home, address: '   ' }, 'address is required'],
      [{ ...home, location: { type: 'Point', coordinates: [-0.1276, 51.5072] } }, 'Location must be in Nigeria'],
      [{ ...home, location: 'Ikeja' }, 'location must be a GeoJSON point'],
      [[], 'Request body must be a JSON object'],
    ];
    for (const [body, message] of refusals) {
      const response = await post(client, '/client/places/save', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.message).toContain(message);
    }
    expect((await post(client, '/client/places/delete', { label: 'office' })).status).toBe(400);
    expect((await post(null, '/client/places', {})).status).toBe(401);
    expect((await post(client, '/client/places', {})).body.data.saved).toEqual([]);
  });
});
