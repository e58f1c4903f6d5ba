import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../server/console/commands';
import { tasksTable } from '../../server/ops/format';
import { greeting } from '../../server/dispatch/simulator';
import { createTestServer, type TestServer } from './harness';
import { count, createPaidTask, insertClient, payReference, taskBody, type TestClient } from './task-fixtures';

let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  server = await createTestServer();
  client = await insertClient(server);
});
afterAll(() => server.close());

const create = (body: object) => server.request('POST', '/client/create', { token: client.token, body });
const stored = async (reference: string) =>
  (
    await server.deps.db.query<{ address_details: string }>('select address_details from tasks where reference = $1', [
      reference,
    ])
  )[0]?.address_details;

describe('POST /client/create: addressDetails (house number, gate, landmark)', () => {
  it('is stored and answered with the task, and listed by POST /client/task', async () => {
    const task = await createPaidTask(server, client, { addressDetails: 'Blue gate opposite the mosque' });
    expect(task.addressDetails).toBe('Blue gate opposite the mosque');
    expect(await stored(task.reference)).toBe('Blue gate opposite the mosque');
    const listed = await server.request('POST', '/client/task', { token: client.token, body: { userId: client.id } });
    expect(listed.body.data.find((item: { _id: string }) => item._id === task._id).addressDetails).toBe(
      'Blue gate opposite the mosque',
    );
  });

  it("an older client that omits it still books: the task has '' as its details", async () => {
    const body = taskBody(client);
    expect('addressDetails' in body).toBe(false);
    await payReference(server, client, body.amount, body.reference);
    const response = await create(body);
    expect(response.status).toBe(201);
    expect(response.body.data.addressDetails).toBe('');
  });

  it('keeps line breaks (as \\n) and drops surrounding blank space; exactly 200 characters is accepted', async () => {
    const multiLine = await createPaidTask(server, client, {
      addressDetails: '  Flat 3, 22 Awolowo Way\r\nBlack gate, ask for Mama Ngozi \n',
    });
    expect(multiLine.addressDetails).toBe('Flat 3, 22 Awolowo Way\nBlack gate, ask for Mama Ngozi');
    const longest = 'x'.repeat(200);
    expect((await createPaidTask(server, client, { addressDetails: longest })).addressDetails).toBe(longest);
  });

  it.each([
    ['201 characters', 'x'.repeat(201), 'Address details can be at most 200 characters'],
    [
      'a 100,000-character string (refused by its length, before any pattern)',
      '\u0000'.repeat(100_000),
      'Address details can be at most 200 characters',
    ],
    ['a NUL character', 'Gate\u0000 2', 'Address details cannot contain control characters'],
    ['an escape sequence', 'Gate \u001b[31mred', 'Address details cannot contain control characters'],
    ['a tab', 'Gate\t2', 'Address details cannot contain control characters'],
    ['a C1 control character', 'Gate \u0085 2', 'Address details cannot contain control characters'],
  ])(
    '400 with a clear message for %s; nothing is stored and the payment stays unused',
    async (_case, addressDetails, message) => {
      const body = taskBody(client, { addressDetails });
      await payReference(server, client, body.amount, body.reference);
      const response = await create(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(message);
      expect(await count(server, 'select 1 from tasks where reference = $1', [body.reference])).toBe(0);
      expect(await count(server, 'select 1 from payment_uses where reference = $1', [body.reference])).toBe(0);
      // The client can send the paid task again without the bad details.
      const retried = await create({ ...body, addressDetails: 'Gate 2' });
      expect(retried.status).toBe(201);
      expect(retried.body.data.addressDetails).toBe('Gate 2');
    },
  );

  it.each([
    ['a number', 42],
    ['null', null],
    ['an array', ['gate']],
  ])('400 with a message when it is %s', async (_case, addressDetails) => {
    const response = await create({ ...taskBody(client), addressDetails });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/addressDetails/);
  });

  it('a replay of the same reference answers the first task, details included, and changes nothing', async () => {
    const first = await createPaidTask(server, client, { addressDetails: 'Green gate' });
    const replay = await create({
      ...taskBody(client, { reference: first.reference }),
      addressDetails: 'Another gate',
    });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ _id: first._id, addressDetails: 'Green gate' });
    expect(await stored(first.reference)).toBe('Green gate');
  });
});

describe('the driver gets the details', () => {
  it('the ops task listing carries them, on one line in the table', async () => {
    const task = await createPaidTask(server, client, { addressDetails: 'Blue gate\nopposite the mosque' });
    const listed = (await ops.listTasks(server.deps.db)).find((item) => item.id === task._id)!;
    expect(listed.addressDetails).toBe('Blue gate\nopposite the mosque');
    const table = tasksTable([listed]);
    expect(table.split('\n')[0]).toContain('DETAILS (GATE, LANDMARK)');
    expect(table.split('\n')).toHaveLength(3);
    expect(table.split('\n')[2]).toContain('Blue gate, opposite the mosque');
    const without = (await ops.listTasks(server.deps.db)).find((item) => item.addressDetails === '')!;
    expect(tasksTable([without]).split('\n')[2]).toMatch(/ -$/);
  });

  it("the simulated driver's greeting repeats them, and a dropped pin's 'Near ...' address reads naturally", () => {
    expect(
      greeting(
        'Ada',
        'Tunde',
        '1.2 km',
        '22 Awolowo Way, Ikeja, Lagos State, Nigeria',
        'Black gate\nopposite Mr Biggs',
      ),
    ).toBe(
      "Hello Ada, I'm Tunde, your GreenPick driver. I'm 1.2 km away and on my way to 22 Awolowo Way, Ikeja, Lagos State, Nigeria. I'll look for: Black gate, opposite Mr Biggs.",
    );
    expect(greeting('Ada', 'Tunde', '300 m', 'Near Yaba, Lagos')).toBe(
      "Hello Ada, I'm Tunde, your GreenPick driver. I'm 300 m away and on my way to you, near Yaba, Lagos.",
    );
    expect(greeting('Ada', 'Tunde', '300 m', 'Ikeja', 'Blue gate.')).toMatch(/I'll look for: Blue gate\.$/);
  });
});
