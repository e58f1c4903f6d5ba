/**
 * The automatic payout run (issue 65): when the admin turned it on, from Monday 06:00 Lagos the
 * week before is paid (`runPayouts`, first payouts only: a failed one waits for the admin's
 * 'Pay drivers'). Every server runs it; the payouts' unique references make it pay once.
 */
import type { AppDeps } from '../context';
import { autoPayoutsOn } from '../db/payouts';
import { previousWeek, type RunSummary, runPayouts } from './payouts';
import { startRepeating, type Repeating } from '../repeating';

const EVERY_MS = 5 * 60 * 1000;
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** Monday before 06:00 in Lagos: last week's run has not begun yet. */
export function beforeMondayRun(now: Date): boolean {
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS);
  return lagos.getUTCDay() === 1 && lagos.getUTCHours() < 6;
}

/** One round: null when the run is off or not due. */
export async function runAutoPayouts(deps: AppDeps): Promise<RunSummary | null> {
  const now = deps.now();
  if (beforeMondayRun(now) || !(await autoPayoutsOn(deps.db))) return null;
  return runPayouts(deps, previousWeek(now), { firstOnly: true });
}

export function startPayoutJobs(deps: AppDeps): Repeating<RunSummary | null> {
  const log = deps.log.child({ module: 'payouts' });
  return startRepeating(() => runAutoPayouts(deps), {
    intervalMs: EVERY_MS,
    onError: (error) => log.error({ err: error }, 'automatic payout run failed'),
  });
}
