/**
 * The console's view of sign-in by phone (issue 66; docs/operations.md, 'Sign-in codes'): codes
 * sent and their cost per day with the days the daily cap refused numbers, and the numbers
 * more than one client holds (kept from before the one-number rule, issue 62).
 */
import { Hono } from 'hono';
import { koboToNaira } from '../../src/shared/money';
import type { AppEnv } from '../context';
import { selectCodeDays, selectSharedPhones } from '../db/phone-codes';
import { requireRole } from '../http/roles';

export const opsPhoneRoutes = new Hono<AppEnv>();

const DAYS_SHOWN = 14;

opsPhoneRoutes.get('/ops/phone-codes', requireRole('operator', { roles: ['admin'] }), async (c) => {
  const { db, config } = c.var.deps;
  const since = new Date(c.var.deps.now().getTime() - DAYS_SHOWN * 24 * 60 * 60_000);
  const days = await selectCodeDays(db, since);
  return c.json({
    data: {
      dailyCap: config.smsDailyCap,
      days: days.map((day) => ({
        day: day.day,
        codes: day.codes,
        voiceCalls: day.voice,
        cost: koboToNaira(day.cost_kobo),
        capRefused: day.cap_refused,
        capReachedAt: day.cap_reached_at ? new Date(day.cap_reached_at).toISOString() : null,
      })),
    },
  });
});

opsPhoneRoutes.get('/ops/shared-phones', requireRole('operator', { roles: ['support'] }), async (c) => {
  const rows = await selectSharedPhones(c.var.deps.db);
  return c.json({ data: rows.map((row) => ({ phone: row.phonenumber, clients: row.clients })) });
});
