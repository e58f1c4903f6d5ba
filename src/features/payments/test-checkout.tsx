/**
 * The local test checkout (no VITE_PAYSTACK_PUBLIC_KEY): a modal, clearly labelled as a test,
 * whose Pay records the payment in the reference server's test ledger (POST dev/payments)
 * so that the server can verify the reference like a real one. When the channels allow bank
 * transfer, 'Pay by bank transfer' records it pending instead, as a transfer Paystack has not
 * confirmed yet (settled by POST dev/payments/settle). Keeps nothing itself.
 */
import { createRoot } from 'react-dom/client';
import type { TestPaymentRequest } from '../../shared/contract';
import { recordTestCheckoutPayment } from '../../lib/api/dev-payments';
import { TestCheckoutDialog } from './test-checkout-dialog';
import type { TransactionParams } from './transaction-params';

export const MERCHANT_NAME = 'GreenPick';

type Callback = (value?: unknown) => void;

export function openTestCheckout(
  params: TransactionParams,
  record: (payment: TestPaymentRequest) => Promise<void> = recordTestCheckoutPayment,
): void {
  const host = document.createElement('div');
  host.className = 'test-checkout-host';
  document.body.append(host);
  const root = createRoot(host);
  const finish = (callback: unknown, value?: unknown) => {
    root.unmount();
    host.remove();
    if (typeof callback === 'function') (callback as Callback)(value);
  };
  const reference = String(params.reference);
  const email = String(params.email ?? '');
  const amount = Number(params.amount);
  const allowsTransfer = Array.isArray(params.channels) && params.channels.includes('bank_transfer');

  root.render(
    <TestCheckoutDialog
      merchant={MERCHANT_NAME}
      email={String(params.label ?? email)}
      amount={amount}
      currency={String(params.currency ?? 'NGN')}
      onPay={async () => {
        await record({ reference, amount, email });
        finish(params.onSuccess, { reference, status: 'success', message: 'Approved' });
      }}
      onPayByTransfer={
        allowsTransfer
          ? async () => {
              await record({ reference, amount, email, status: 'pending' });
              // As Paystack's pop-up does: the transfer is made, its confirmation comes later.
              finish(params.onBankTransferConfirmationPending);
            }
          : undefined
      }
      onCancel={() => finish(params.onCancel)}
      onClose={() => finish(params.onClose)}
    />,
  );
  if (typeof params.onLoad === 'function') (params.onLoad as Callback)({ reference });
}
