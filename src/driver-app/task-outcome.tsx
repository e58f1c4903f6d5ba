/** A task no longer open for the driver: how it ended, and for a cancel who, why and what they earn. */
import { useQuery } from '@tanstack/react-query';
import { driverKeys, getTaskOutcome } from '../lib/api/driver';
import { formatNaira } from '../lib/format';
import type { DriverTaskOutcome } from '../shared/driver-contract';

const BY: Record<string, string> = { client: 'the client', operator: 'our team', simulator: 'our team' };

/** 'Cancelled by the client (My plans changed). You earn ₦500.00 from it.' */
export function outcomeText(outcome: DriverTaskOutcome): string {
  if (outcome.status !== 'cancelled')
    return outcome.status === 'completed' ? 'This task is completed.' : 'This task is not open for you any more.';
  const why = outcome.reason ? ` (${outcome.reason})` : '';
  const earned = outcome.earned > 0 ? ` You earn ${formatNaira(outcome.earned)} from it.` : '';
  return `Cancelled by ${BY[outcome.cancelledBy ?? ''] ?? 'our team'}${why}.${earned}`;
}

export function TaskOutcome({ taskId }: { taskId: string }) {
  const outcome = useQuery({
    queryKey: driverKeys.outcome(taskId),
    queryFn: () => getTaskOutcome(taskId),
    retry: false,
  });
  if (outcome.data)
    return (
      <p role="status" data-testid="task-outcome">
        {outcomeText(outcome.data)}
      </p>
    );
  return <p>This task is not open for you (done, cancelled or given to another driver).</p>;
}
