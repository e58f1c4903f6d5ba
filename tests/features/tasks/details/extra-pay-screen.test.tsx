// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  EXTRA_CHECK_MS,
  EXTRA_CONFIRMING,
  ExtraPayScreen,
  type LoadExtraPayments,
} from '../../../../src/features/tasks/details/extra-request';
import { PAYMENT_STILL_PROCESSING } from '../../../../server/payments/check';
import { sampleTask } from '../../../sample-data';
import { stubApi, tokenFor, withQueryClient } from '../../../query-support';

// 5 kg weighed of 3 booked at ₦1,500: ₦3,000 more, awaited.
const TASK = sampleTask({
  _id: 't1',
  unit: 'per kg',
  quantity: 3,
  weighedQuantity: 5,
  extra: { quantity: 2, amount: 3000, coveredQuantity: 0, status: 'awaiting' },
});

function renderScreen(onDone = vi.fn()) {
  let references = 0;
  const opened: number[] = [];
  const loadPayments: LoadExtraPayments = async () => ({
    newPaymentReference: () => `ref-${++references}`,
    pay: async (request) => {
      opened.push(request.amount);
      return { status: 'pending', reference: request.ref };
    },
  });
  render(
    withQueryClient(
      <ExtraPayScreen taskId="t1" email="ada@example.com" task={TASK} loadPayments={loadPayments} onDone={onDone} />,
    ),
  );
  return { onDone, opened };
}

beforeEach(() => localStorage.setItem('token', tokenFor('u1')));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('paying the extra by a transfer the provider still processes', () => {
  it('never opens a second checkout: the same reference is checked again until it is confirmed', async () => {
    let confirmed = false;
    const sent = stubApi((path, body) => {
      expect(path).toBe('client/tasks/extra');
      expect(body).toEqual({ taskId: 't1', reference: 'ref-1' });
      return confirmed
        ? Response.json({ data: { ...TASK, extra: { ...TASK.extra, status: 'paid' } } })
        : Response.json({ message: PAYMENT_STILL_PROCESSING }, { status: 503 });
    });
    // The page's own check repeats on an interval: that clock is the test's.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { onDone, opened } = renderScreen();

    fireEvent.click(screen.getByRole('button', { name: 'Pay ₦3,000.00' }));
    expect(await screen.findByText(EXTRA_CONFIRMING)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay ₦3,000.00' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sessionStorage.getItem('extra-confirming:t1')).toBe('ref-1');

    // 'Check payment' asks about the same payment; still processing, nothing changes.
    fireEvent.click(await screen.findByRole('button', { name: 'Check payment' }));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Check payment' })).toBeTruthy();
    expect(screen.getByText(EXTRA_CONFIRMING)).toBeTruthy();

    // Confirmed meanwhile: the next check by itself finishes it.
    confirmed = true;
    await act(async () => {
      vi.advanceTimersByTime(EXTRA_CHECK_MS);
    });
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(opened).toEqual([300_000]);
    expect(sessionStorage.getItem('extra-confirming:t1')).toBeNull();
  });

  it('a payment refused for good says so and offers the checkout again', async () => {
    stubApi(() => Response.json({ message: 'The payment was declined' }, { status: 402 }));
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₦3,000.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The payment was declined');
    expect(screen.getByRole('button', { name: 'Pay ₦3,000.00' })).toBeTruthy();
    expect(sessionStorage.getItem('extra-confirming:t1')).toBeNull();
  });

  it('opened again after a reload, a payment being confirmed is checked, not paid again', async () => {
    sessionStorage.setItem('extra-confirming:t1', 'ref-earlier');
    const sent = stubApi(() => Response.json({ message: PAYMENT_STILL_PROCESSING }, { status: 503 }));
    renderScreen();
    expect(screen.getByText(EXTRA_CONFIRMING)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check payment' }));
    await vi.waitFor(() =>
      expect(sent.map((request) => request.body)).toEqual([{ taskId: 't1', reference: 'ref-earlier' }]),
    );
    expect(screen.queryByRole('button', { name: 'Pay ₦3,000.00' })).toBeNull();
  });
});
