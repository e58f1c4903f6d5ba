/**
 * Replays the paid tasks the server has not confirmed yet (src/lib/pending-tasks.ts) and tells
 * the client the outcome; started once, by the /client layout. The toasts load only when there
 * is an outcome to tell (docs/offline.md, 'Who replays, and when').
 */
import { serviceDisplayName } from '../../../shared/service-names';
import { startPendingTaskReplay } from '../../../lib/pending-tasks';

let isStarted = false;

export function startPaidTaskReplay(): void {
  if (isStarted) return;
  isStarted = true;
  startPendingTaskReplay({
    onSettled: ({ request, outcome }) =>
      void import('./payment-toasts').then(({ showPaidTaskOutcome }) =>
        showPaidTaskOutcome(outcome, serviceDisplayName(request.type)),
      ),
  });
}
