import { describe, expect, it, vi } from 'vitest';
import type { PaidTaskOutcome } from '../../../src/lib/pending-tasks';
import {
  payForTask,
  type PayForTaskDeps,
  type TaskPayment,
  type TaskPaymentResult,
} from '../../../src/features/tasks/booking/pay-for-task';

const place = { address: 'Ikeja, Lagos State, Nigeria', lat: 6.5965, lng: 3.3421 };
const user = { _id: 'u1', email: 'ada@example.ng', firstname: 'Ada', lastname: 'Obi', phonenumber: '' };
const price = { serviceName: 'Recycling Collection', price: 1500, unit: 'per kg' };

function deps(result: TaskPaymentResult | Error, outcome: PaidTaskOutcome = { status: 'queued' }) {
  const calls: string[] = [];
  const pay = vi.fn(async (params: TaskPayment) => {
    calls.push(`pay ${params.amount}`);
    if (result instanceof Error) throw result;
    return result;
  });
  const submit = vi.fn(async () => {
    calls.push('submit');
    return outcome;
  });
  const value: PayForTaskDeps = {
    loadPayments: async () => ({ pay, newPaymentReference: () => '1700000000000-abc123' }),
    submit,
    onPaid: () => calls.push('processing'),
  };
  return { value, pay, submit, calls };
}

describe('the create task flow (after Proceed to Payment)', () => {
  it('pays price x 100 kobo in NGN with the reference, shows processing, then sends the task with the payment reference', async () => {
    const d = deps({ status: 'success', reference: '1700000000000-abc123' });
    const result = await payForTask({ place, user, serviceType: 'recycling', price }, d.value);
    expect(d.calls).toEqual(['pay 150000', 'processing', 'submit']);
    expect(d.pay).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'ada@example.ng',
        amount: 150000,
        currency: 'NGN',
        ref: '1700000000000-abc123',
        firstname: 'Ada',
        lastname: 'Obi',
        phone: undefined,
        channels: ['card', 'bank_transfer', 'ussd'],
      }),
    );
    expect(d.submit).toHaveBeenCalledWith(
      expect.objectContaining({ reference: '1700000000000-abc123', type: 'recycling', amount: 1500, user: 'u1' }),
    );
    expect(result).toMatchObject({ kind: 'paid', outcome: { status: 'queued' } });
  });

  it('a bank transfer waiting for confirmation is kept and sent like a paid task, marked as awaiting the transfer', async () => {
    const d = deps({ status: 'pending', reference: '1700000000000-abc123' });
    const result = await payForTask({ place, user, serviceType: 'recycling', price }, d.value);
    expect(d.calls).toEqual(['pay 150000', 'processing', 'submit']);
    expect(d.submit).toHaveBeenCalledWith(expect.objectContaining({ reference: '1700000000000-abc123' }));
    expect(result).toMatchObject({ kind: 'paid', outcome: { status: 'queued' }, awaitingTransfer: true });
  });

  it.each(['cancel', 'close'] as const)(
    'a checkout ended by %s sends nothing (cancelled, and says how)',
    async (how) => {
      const d = deps({ status: 'cancelled', how });
      expect(await payForTask({ place, user, serviceType: 'recycling', price }, d.value)).toEqual({
        kind: 'cancelled',
        how,
      });
      expect(d.submit).not.toHaveBeenCalled();
    },
  );

  it("a checkout that cannot start is 'Failed to initialize payment' (init-failed)", async () => {
    const d = deps(new Error('Failed to initialize payment'));
    expect(await payForTask({ place, user, serviceType: 'recycling', price }, d.value)).toEqual({
      kind: 'init-failed',
    });
  });

  it("no payment without a location ('Please select a location first') or an email ('User email not found')", async () => {
    const d = deps({ status: 'success', reference: 'r' });
    expect(await payForTask({ place: null, user, serviceType: 'recycling', price }, d.value)).toEqual({
      kind: 'invalid',
      message: 'Please select a location first',
    });
    expect(await payForTask({ place, user: { ...user, email: '' }, serviceType: 'recycling', price }, d.value)).toEqual(
      { kind: 'invalid', message: 'User email not found' },
    );
    expect(d.pay).not.toHaveBeenCalled();
  });

  it('the paid task carries the address details (house number, gate, landmark)', async () => {
    const d = deps({ status: 'success', reference: '1700000000000-abc123' });
    await payForTask(
      { place, user, serviceType: 'recycling', price, addressDetails: 'Blue gate opposite the mosque' },
      d.value,
    );
    expect(d.submit).toHaveBeenCalledWith(
      expect.objectContaining({
        address: 'Ikeja, Lagos State, Nigeria',
        addressDetails: 'Blue gate opposite the mosque',
      }),
    );
  });
});
