/**
 * Replays paid tasks the server has not confirmed yet (src/lib/pending-tasks.ts): when the
 * signed-in area opens (app start) and whenever the browser comes back online, telling the
 * client the outcome. Started by the /client layout when it opens; starting again does nothing.
 * The toasts (and react-toastify with them) load only when there is an outcome to tell, so
 * they are not part of opening a signed-in screen.
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
