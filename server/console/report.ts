/**
 * The admins' daily report (issue 63, docs/operations.md 'The daily report'): per Lagos day the
 * tasks booked by state, what clients paid, refunds, cancel fees, the VAT inside the net, the
 * drivers' shares and recycle tokens; per driver the tasks completed and what they earned.
 * Every figure is a ledger's sum (server/db/reports.ts); CSV for a spreadsheet.
 */
import { type CsvCell, toCsv } from '../../src/shared/csv';
import { koboToNaira, vatInsideKobo } from '../../src/shared/money';
import { VAT_BASIS_POINTS } from '../../src/shared/task-progress';
import { TASK_STATUSES } from '../../src/shared/task-status';
import type { Queryable } from '../db/connection';
import { selectDayFigures, selectDriverFigures, selectTaskStates } from '../db/reports';
import type { DailyReport, ReportDay } from '../../src/shared/ops-contract';

export type { DailyReport } from '../../src/shared/ops-contract';

export async function dailyReport(db: Queryable, from: string, to: string): Promise<DailyReport> {
  const [figures, states, drivers] = await Promise.all([
    selectDayFigures(db, from, to),
    selectTaskStates(db, from, to),
    selectDriverFigures(db, from, to),
  ]);
  const days = figures.map((row): ReportDay => {
    const revenue = row.revenue_kobo;
    const refunds = row.refunds_kobo;
    const tasks = Object.fromEntries(TASK_STATUSES.map((status) => [status, 0]));
    for (const state of states.filter((entry) => entry.day === row.day)) tasks[state.status] = state.tasks;
    return {
      day: row.day,
      tasks,
      revenue: koboToNaira(revenue),
      refunds: koboToNaira(refunds),
      net: koboToNaira(revenue - refunds),
      vat: koboToNaira(vatInsideKobo(revenue - refunds, VAT_BASIS_POINTS)),
      fees: koboToNaira(row.fees_kobo),
      driverShares: koboToNaira(row.driver_shares_kobo),
      pointsCredited: koboToNaira(row.points_credited_kobo),
      pointsSpent: koboToNaira(row.points_spent_kobo),
    };
  });
  return {
    from,
    to,
    days,
    drivers: drivers.map((row) => ({
      driverId: row.driver_id,
      name: row.name,
      completed: row.completed,
      earnings: koboToNaira(row.shares_kobo),
      fees: koboToNaira(row.fees_kobo),
    })),
  };
}

/** The report as CSV: the days, an empty line, then the drivers. */
export function reportCsv(report: DailyReport): string {
  const dayRows: CsvCell[][] = report.days.map((day) => [
    day.day,
    ...TASK_STATUSES.map((status) => day.tasks[status] ?? 0),
    day.revenue,
    day.refunds,
    day.net,
    day.vat,
    day.fees,
    day.driverShares,
    day.pointsCredited,
    day.pointsSpent,
  ]);
  const days = toCsv(
    [
      'day',
      ...TASK_STATUSES.map((status) => `tasks ${status}`),
      'revenue (NGN)',
      'refunds (NGN)',
      'net (NGN)',
      'VAT inside net (NGN)',
      'cancel fees (NGN)',
      "drivers' shares (NGN)",
      'tokens credited',
      'tokens spent',
    ],
    dayRows,
  );
  const drivers = toCsv(
    ['driver', 'tasks completed', 'earnings (NGN)', 'cancel fees (NGN)'],
    report.drivers.map((driver) => [driver.name, driver.completed, driver.earnings, driver.fees]),
  );
  return `${days}\r\n${drivers}`;
}
