/** The driver's side of the door (src/driver-app/weigh.tsx, task-outcome.tsx): limits and what the driver reads. */
import { describe, expect, it } from 'vitest';
import { outcomeText } from '../../src/driver-app/task-outcome';
import { collectLimit, extraStatusText } from '../../src/driver-app/weigh';

const task = { unit: 'per kg', quantity: 3, weighedQuantity: 5 };

describe('at the door', () => {
  it('collects at most the booking until the client paid for more', () => {
    const awaiting = { ...task, extra: { quantity: 2, amount: 3000, coveredQuantity: 0, status: 'awaiting' as const } };
    expect(collectLimit(awaiting)).toBe(3);
    expect(extraStatusText(awaiting)).toBe(
      'Waiting for the client: 5 kg weighed (booked 3 kg), ₦3,000.00 more to pay.',
    );
    const paid = { ...awaiting, extra: { ...awaiting.extra, status: 'paid' as const } };
    expect(collectLimit(paid)).toBe(5);
    expect(extraStatusText(paid)).toBe('The client paid for 5 kg: collect it all.');
    const declined = { ...awaiting, extra: { ...awaiting.extra, status: 'declined' as const } };
    expect(collectLimit(declined)).toBe(3);
    expect(extraStatusText(declined)).toBe('The client declined the extra: take 3 kg.');
    expect(extraStatusText({ ...task, weighedQuantity: null, extra: null })).toBe('');
  });

  it('tells the driver how a task that left ended, and what they earn from a cancel', () => {
    expect(
      outcomeText({ taskId: 't', status: 'cancelled', cancelledBy: 'client', reason: 'My plans changed', earned: 500 }),
    ).toBe('Cancelled by the client (My plans changed). You earn ₦500.00 from it.');
    expect(outcomeText({ taskId: 't', status: 'cancelled', cancelledBy: 'operator', reason: '', earned: 0 })).toBe(
      'Cancelled by our team.',
    );
    expect(outcomeText({ taskId: 't', status: 'completed', cancelledBy: null, reason: '', earned: 2100 })).toBe(
      'This task is completed.',
    );
  });
});
