/**
 * The plans as data (issue 65): the seeded plans are today's; the admin changes a plan in the
 * console or with `npm run ops -- set-plan`, audited; new subscriptions buy the new terms at
 * the new price while a subscription already bought keeps its price, name and allowance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/ops/cli';
import * as ops from '../../server/console/plan-commands';
import { nairaToKobo } from '../../src/shared/money';
import { SEED_PLANS } from '../../src/shared/plans';
import { captureOutput, noDirectDatabase, startCliServer } from './cli-server';
import { createTestServer, type TestServer } from './harness';
import { readyOperator } from './operator-fixtures';
import { insertClient, payReference, type TestClient } from './task-fixtures';

const OPS_TOKEN = 'plans-catalog-ops-token-of-32-characters';
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await createTestServer({ config: { opsToken: OPS_TOKEN } });
  admin = (await readyOperator(server, 'admin')).token;
});
afterAll(() => server.close());

const planOf = (who: TestClient) => server.request('POST', '/client/plan', { token: who.token, body: {} });
const plansFor = async (who: TestClient) => (await server.request('GET', '/client/plans', { token: who.token })).body;

async function subscribe(who: TestClient, plan: string, price: number) {
  const reference = await payReference(server, who, price);
  return server.request('POST', '/client/subscribe', { token: who.token, body: { userId: who.id, plan, reference } });
}

describe('the plans', () => {
  it("a new database offers today's plans, as the app's own list has them (naira on the wire)", async () => {
    const client = await insertClient(server);
    const listed = (await plansFor(client)).data as { key: string; price: number }[];
    expect(listed.map((plan) => ({ ...plan, price: nairaToKobo(plan.price) }))).toEqual(
      SEED_PLANS.map(({ priceKobo, ...plan }) => ({ ...plan, price: priceKobo })),
    );
    expect((await server.request('GET', '/client/plans', {})).status).toBe(401);
  });

  it('a change reaches new subscriptions only: one bought before keeps its price, name and allowance', async () => {
    const before = await insertClient(server);
    expect((await subscribe(before, 'silver', 95_000)).status).toBe(200);

    const silver = (await server.request('GET', '/ops/plans', { token: admin })).body.data.find(
      (plan: { key: string }) => plan.key === 'silver',
    );
    const changed = await server.request('POST', '/ops/plans', {
      token: admin,
      body: {
        ...silver,
        name: 'Silver Plus',
        price: 99_000,
        inclusions: [
          { service: 'household', amount: 24, unit: '', label: 'household waste pickups', short: 'pickups' },
        ],
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    // Bought before: as bought.
    const kept = (await planOf(before)).body.data;
    expect(kept).toMatchObject({ plan: 'silver', name: 'Silver' });
    expect(kept.allowance.map((item: { service: string; amount: number }) => [item.service, item.amount])).toEqual([
      ['household', 16],
      ['bulk', 2],
      ['laundry', 30],
    ]);

    // New: the new price only, then the new terms.
    const after = await insertClient(server);
    expect((await plansFor(after)).data.find((plan: { key: string }) => plan.key === 'silver')).toMatchObject({
      name: 'Silver Plus',
      price: 99_000,
    });
    const oldPrice = await subscribe(after, 'silver', 95_000);
    expect(oldPrice.status).toBe(400);
    expect((await subscribe(after, 'silver', 99_000)).status).toBe(200);
    const bought = (await planOf(after)).body.data;
    expect(bought).toMatchObject({ plan: 'silver', name: 'Silver Plus' });
    expect(bought.allowance.map((item: { service: string; amount: number }) => [item.service, item.amount])).toEqual([
      ['household', 24],
    ]);

    const audit = await server.request('GET', '/ops/audit', { token: admin });
    const entry = audit.body.data.find((row: { action: string; subject: string }) => row.action === 'plan.update');
    expect(entry).toMatchObject({ subject: 'plan:silver' });
  });

  it('`npm run ops -- set-plan` changes a price, a length or an inclusion through the running server', async () => {
    const cli = await startCliServer(server, OPS_TOKEN);
    try {
      const { output, io } = captureOutput();
      const run = (args: string[]) => runCli(args, { env: cli.env(), ...io, openDatabase: noDirectDatabase });
      expect(await run(['set-plan', 'bronze', 'price', '55000'])).toBe(0);
      expect(output.out.at(-1)).toMatch(/^Bronze \(bronze\): ₦55,000\.00 for 1 month\(s\)/);
      expect(await run(['set-plan', 'bronze', 'months', '2'])).toBe(0);
      expect(await run(['set-plan', 'bronze', 'include', 'recycling=10'])).toBe(0);
      expect(output.out.at(-1)).toContain('10 kg recycling services');
      expect(await run(['set-plan', 'bronze', 'include', 'laundry=0'])).toBe(0);
      // Support's label for the plan: set, refused when too long (the schema's words), cleared.
      expect(await run(['set-plan', 'bronze', 'support', 'Bronze desk'])).toBe(0);
      expect((await ops.listPlans(server.deps.db)).find((plan) => plan.key === 'bronze')?.supportPriority).toBe(
        'Bronze desk',
      );
      expect(await run(['set-plan', 'bronze', 'support', 'x'.repeat(31)])).toBe(1);
      expect(output.err.at(-1)).toContain('supportPriority must be at most 30 characters');
      expect(await run(['set-plan', 'bronze', 'support', 'none'])).toBe(0);
      expect((await ops.listPlans(server.deps.db)).find((plan) => plan.key === 'bronze')?.supportPriority).toBeNull();
      expect(await run(['set-plan', 'bronze', 'colour', 'red'])).toBe(1);
      expect(output.err.at(-1)).toBe('set-plan changes one of: price, months, name, include, offered, support');
      expect(await run(['set-plan', 'diamond', 'price', '1'])).toBe(1);
      expect(output.err.at(-1)).toBe('No plan with key "diamond"');
    } finally {
      await cli.close();
    }
    const client = await insertClient(server);
    const bronze = (await plansFor(client)).data.find((plan: { key: string }) => plan.key === 'bronze');
    expect(bronze).toMatchObject({ price: 55_000, durationMonths: 2 });
    expect(bronze.inclusions.map((item: { service: string }) => item.service)).toEqual(['household', 'recycling']);
    const actors = (await server.request('GET', '/ops/audit', { token: admin })).body.data
      .filter((row: { subject: string }) => row.subject === 'plan:bronze')
      .map((row: { actor: string }) => row.actor);
    // price, months, two inclusions, the support label set and cleared: each an audit row of the CLI's.
    expect(actors).toEqual(['cli', 'cli', 'cli', 'cli', 'cli', 'cli']);
  });

  it('a plan no longer offered is not listed nor sold; a bad plan is refused with a 400; only an admin edits', async () => {
    const plans = (await server.request('GET', '/ops/plans', { token: admin })).body.data;
    const gold = plans.find((plan: { key: string }) => plan.key === 'gold');
    expect(
      (await server.request('POST', '/ops/plans', { token: admin, body: { ...gold, active: false } })).status,
    ).toBe(200);
    const client = await insertClient(server);
    expect((await plansFor(client)).data.some((plan: { key: string }) => plan.key === 'gold')).toBe(false);
    const refused = await subscribe(client, 'gold', 300_000);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please select a plan');

    for (const [body, message] of [
      [{ ...gold, durationMonths: 0 }, 'durationMonths must be at least 1'],
      [{ ...gold, price: 10.005 }, 'price must have at most 2 decimals'],
      [{ ...gold, name: 'x'.repeat(101) }, 'name must be at most 100 characters'],
      [{ ...gold, inclusions: [...gold.inclusions, gold.inclusions[0]] }, 'each service may be included once'],
    ] as const) {
      const bad = await server.request('POST', '/ops/plans', { token: admin, body });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain(message);
    }
    const dispatcher = await readyOperator(server, 'dispatcher');
    expect((await server.request('POST', '/ops/plans', { token: dispatcher.token, body: gold })).status).toBe(403);
  });
});
