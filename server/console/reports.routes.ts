/** The admins' daily report (issue 63, docs/operations.md 'The daily report'), as JSON and as CSV. */
import { Hono } from 'hono';
import { lagosDayStart } from '../../src/shared/driver-rules';
import { reportQuerySchema } from '../../src/shared/schemas/ops-console';
import type { AppEnv } from '../context';
import { requireRole } from '../http/roles';
import { queryOf } from '../http/validator';
import { dailyReport, reportCsv } from './report';

const ADMIN = requireRole('operator', { roles: ['admin'] });
const LAGOS_OFFSET_MS = 3_600_000;

/** Today's date in Lagos, YYYY-MM-DD. */
const lagosToday = (now: Date) => new Date(lagosDayStart(now.getTime()) + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

export const reportRoutes = new Hono<AppEnv>();

reportRoutes.get('/ops/reports/daily', ADMIN, queryOf(reportQuerySchema), async (c) => {
  const { db, now } = c.var.deps;
  const query = c.req.valid('query');
  const today = lagosToday(now());
  return c.json({ data: await dailyReport(db, query.from ?? query.to ?? today, query.to ?? query.from ?? today) });
});

reportRoutes.get('/ops/reports/daily.csv', ADMIN, queryOf(reportQuerySchema), async (c) => {
  const { db, now } = c.var.deps;
  const query = c.req.valid('query');
  const today = lagosToday(now());
  const report = await dailyReport(db, query.from ?? query.to ?? today, query.to ?? query.from ?? today);
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="greenpick-report-${report.from}-to-${report.to}.csv"`);
  return c.body(reportCsv(report));
});
