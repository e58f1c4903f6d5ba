/**
 * The admin's payouts (issue 65, docs/operations.md 'Drivers' payouts'): a week's payouts and
 * every failed or reversed one not yet paid again, 'Pay drivers' for a week, and the switch of
 * the automatic Monday run. Each change is in the audit trail.
 */
import { Hono } from 'hono';
import { koboToNaira } from '../../src/shared/money';
import { autoPayoutsSchema, payDriversSchema, payoutsQuerySchema } from '../../src/shared/schemas/payouts';
import type { AppEnv } from '../context';
import { writeAudit } from '../db/audit';
import { autoPayoutsOn, selectPayoutsForAdmin, setAutoPayouts } from '../db/payouts';
import { requireRole } from '../http/roles';
import { jsonBody, queryOf } from '../http/validator';
import { payDrivers, previousWeek } from './payouts';
import { actorOf, run } from '../console/ops-edge';

export const payoutConsoleRoutes = new Hono<AppEnv>();

const ADMIN = requireRole('operator', { roles: ['admin'] });

payoutConsoleRoutes.get('/ops/payouts', ADMIN, queryOf(payoutsQuerySchema), async (c) => {
  const { db, now } = c.var.deps;
  const week = c.req.valid('query').week ?? previousWeek(now());
  const [rows, auto] = await Promise.all([selectPayoutsForAdmin(db, week), autoPayoutsOn(db)]);
  return c.json({
    data: {
      week,
      auto,
      payouts: rows.map((row) => ({
        id: row.id,
        week: row.week,
        attempt: row.attempt,
        reference: row.reference,
        driver: { id: row.driver_id, name: `${row.firstname} ${row.lastname}` },
        account: row.account_name ? `${row.account_name}, ${row.bank_name}` : null,
        amount: koboToNaira(row.amount_kobo),
        status: row.status,
        failure: row.failure,
        updatedAt: new Date(row.updated_at).toISOString(),
      })),
    },
  });
});

payoutConsoleRoutes.post('/ops/payouts/run', ADMIN, jsonBody(payDriversSchema), async (c) => {
  const { week } = c.req.valid('json');
  return c.json({ data: await run(() => payDrivers(c.var.deps, week, actorOf(c))) });
});

payoutConsoleRoutes.post('/ops/settings/auto-payouts', ADMIN, jsonBody(autoPayoutsSchema), async (c) => {
  const { on } = c.req.valid('json');
  const { db } = c.var.deps;
  await db.transaction(async (tx) => {
    const before = await autoPayoutsOn(tx);
    await setAutoPayouts(tx, on);
    await writeAudit(tx, actorOf(c), {
      action: 'settings.auto-payouts',
      subject: 'settings:auto-payouts',
      before: { on: before },
      after: { on },
    });
  });
  return c.json({ data: { on } });
});
