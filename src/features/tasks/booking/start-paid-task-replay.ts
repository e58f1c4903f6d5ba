/**
 * Replays paid tasks the server has not confirmed yet (src/lib/pending-tasks.ts): when the
 * signed-in area opens (app start) and whenever the browser comes back online, telling the
 * client the outcome. Started from the /client layout route; starting again does nothing.
 */
import { serviceDisplayName } from '../../../lib/pricing';
import { startPendingTaskReplay } from '../../../lib/pending-tasks';
import { showPaidTaskOutcome } from './payment-toasts';

let isStarted = false;

export function startPaidTaskReplay(): void {
  if (isStarted) return;
  isStarted = true;
  startPendingTaskReplay({ onSettled: ({ request, outcome }) => showPaidTaskOutcome(outcome, serviceDisplayName(request.type)) });
}
