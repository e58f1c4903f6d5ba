// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPay } from '../../../src/features/payments/pay';
import { openTestCheckout } from '../../../src/features/payments/test-checkout';
import {
  RECORD_FAILED_MESSAGE,
  TEST_CHECKOUT_TITLE,
  TRANSFER_BUTTON_LABEL,
  formatCheckoutAmount,
} from '../../../src/features/payments/test-checkout-dialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

type RecordPayment = (payment: { reference: string; amount: number; email: string; status?: string }) => Promise<void>;

function payWith(
  record: RecordPayment,
  extra: { channels?: string[]; onBankTransferConfirmationPending?: () => void } = {},
) {
  const pay = createPay({ loadCheckout: async () => (params) => openTestCheckout(params, record) });
  return pay({ email: 'ada@example.ng', amount: 150000, ref: '1700000000000-abc123', ...extra });
}

async function dialog() {
  return screen.findByRole('dialog', { name: TEST_CHECKOUT_TITLE });
}

describe('the local test checkout', () => {
  it("shows 'Pay NGN <amount>' (minor units / 100, 0 to 2 decimals), the merchant and the customer e-mail", async () => {
    void payWith(async () => undefined);
    const modal = await dialog();
    expect(modal.textContent).toContain('GreenPick');
    expect(modal.textContent).toContain('ada@example.ng');
    expect(formatCheckoutAmount(150050)).toBe('NGN 1,500.50');
    expect(formatCheckoutAmount(137450)).toBe('NGN 1,374.50');
  });

  it('opens with focus on its title, not on Pay (a stray Enter must not pay; e2e/focus.spec.ts presses it)', async () => {
    void payWith(async () => undefined);
    await dialog();
    const title = screen.getByRole('heading', { name: TEST_CHECKOUT_TITLE });
    // Focus moves once the modal has opened (an effect after the first paint).
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Pay NGN 1,500.00' }));
  });

  it('Pay records the payment with the test ledger, then resolves success', async () => {
    const record = vi.fn(async () => undefined);
    const result = payWith(record);
    await dialog();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay NGN 1,500.00' })));
    await expect(result).resolves.toEqual({ status: 'success', reference: '1700000000000-abc123' });
    expect(record).toHaveBeenCalledWith({ reference: '1700000000000-abc123', amount: 150000, email: 'ada@example.ng' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a payment that could not be recorded stays open with an error', async () => {
    const result = payWith(() => Promise.reject(new Error('offline')));
    await dialog();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay NGN 1,500.00' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(RECORD_FAILED_MESSAGE));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    await expect(result).resolves.toEqual({ status: 'cancelled', how: 'cancel' });
  });

  it.each([
    ['Cancel', 'cancel', () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['Close', 'close', () => fireEvent.click(screen.getByRole('button', { name: 'Close' }))],
    ['Escape', 'close', (modal: HTMLElement) => fireEvent.keyDown(modal, { key: 'Escape' })],
  ] as const)('%s resolves cancelled (%s) and removes the modal', async (_name, how, action) => {
    const result = payWith(async () => undefined);
    const modal = await dialog();
    await act(async () => action(modal));
    await expect(result).resolves.toEqual({ status: 'cancelled', how });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("no 'Pay by bank transfer' unless the channels allow it", async () => {
    void payWith(async () => undefined, { channels: ['card', 'ussd'] });
    await dialog();
    expect(screen.queryByRole('button', { name: TRANSFER_BUTTON_LABEL })).toBeNull();
  });

  it("'Pay by bank transfer' records the payment pending, tells onBankTransferConfirmationPending and resolves pending, not success", async () => {
    const record = vi.fn<RecordPayment>(async () => undefined);
    const pending = vi.fn();
    const result = payWith(record, {
      channels: ['card', 'bank_transfer', 'ussd'],
      onBankTransferConfirmationPending: pending,
    });
    await dialog();
    // Pay stays first (and unfocused); Cancel stays last, so Tab still wraps from it.
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['×', 'Pay NGN 1,500.00', TRANSFER_BUTTON_LABEL, 'Cancel']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: TRANSFER_BUTTON_LABEL })));
    await expect(result).resolves.toEqual({ status: 'pending', reference: '1700000000000-abc123' });
    expect(record).toHaveBeenCalledWith({
      reference: '1700000000000-abc123',
      amount: 150000,
      email: 'ada@example.ng',
      status: 'pending',
    });
    expect(pending).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a transfer that could not be recorded stays open with an error, and Pay still works', async () => {
    const record = vi.fn<RecordPayment>(async (payment) => {
      if (payment.status === 'pending') throw new Error('offline');
    });
    const result = payWith(record, { channels: ['bank_transfer'] });
    await dialog();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: TRANSFER_BUTTON_LABEL })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(RECORD_FAILED_MESSAGE));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: TRANSFER_BUTTON_LABEL }).disabled).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay NGN 1,500.00' })));
    await expect(result).resolves.toEqual({ status: 'success', reference: '1700000000000-abc123' });
  });

  it('Tab stays inside the modal', async () => {
    void payWith(async () => undefined);
    const modal = await dialog();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.keyDown(modal, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(modal, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(cancel);
  });
});
