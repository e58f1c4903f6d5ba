import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { wrapTabFocus } from '../../lib/focus-trap';
import { formatKoboAmount, formatNgn } from '../../shared/money';
import './test-checkout.css';

export const TEST_CHECKOUT_TITLE = 'Test payment - no money moves';
export const TRANSFER_BUTTON_LABEL = 'Pay by bank transfer';
export const RECORD_FAILED_MESSAGE =
  'The test payment could not be recorded. Please check your connection and try again.';

/** 'NGN 1,500.00' for 150000 kobo: the currency by its code, always 2 decimals (src/shared/money.ts). */
export function formatCheckoutAmount(kobo: number, currency = 'NGN'): string {
  return currency === 'NGN' ? formatNgn(kobo) : `${currency} ${formatKoboAmount(kobo)}`;
}

export interface TestCheckoutDialogProps {
  merchant: string;
  email: string;
  /** Kobo. */
  amount: number;
  currency: string;
  /** Records the payment; rejects when it could not. */
  onPay: () => Promise<void>;
  /** Given when the payment allows bank transfer: records a transfer not confirmed yet; rejects when it could not. */
  onPayByTransfer?: () => Promise<void>;
  onCancel: () => void;
  onClose: () => void;
}

/**
 * The local checkout: a modal that traps focus and closes on Escape. It opens with focus on
 * its title, not on Pay: an Enter still held from 'Proceed to Payment' must not pay.
 */
export function TestCheckoutDialog({
  merchant,
  email,
  amount,
  currency,
  onPay,
  onPayByTransfer,
  onCancel,
  onClose,
}: TestCheckoutDialogProps) {
  // Which way is being recorded: its button says 'Processing...', every button waits.
  const [paying, setPaying] = useState<'card' | 'transfer' | null>(null);
  const isPaying = paying !== null;
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);

  // Before the first paint: an Escape pressed as soon as the dialog shows must reach it.
  useLayoutEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    title.current?.focus();
    return () => previous?.focus?.();
  }, []);

  const payNow = async (way: 'card' | 'transfer', record: () => Promise<void>) => {
    setPaying(way);
    setError(null);
    try {
      await record();
    } catch {
      setError(RECORD_FAILED_MESSAGE);
      setPaying(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !isPaying) {
      event.preventDefault();
      onClose();
      return;
    }
    wrapTabFocus(event, dialog.current);
  };

  return (
    <div className="test-checkout-backdrop">
      <div
        ref={dialog}
        className="test-checkout"
        role="dialog"
        aria-modal="true"
        aria-labelledby="test-checkout-title"
        aria-describedby="test-checkout-note"
        onKeyDown={onKeyDown}
      >
        <button type="button" className="test-checkout-close" aria-label="Close" onClick={onClose} disabled={isPaying}>
          ×
        </button>
        <h2 id="test-checkout-title" ref={title} tabIndex={-1} className="test-checkout-title">
          {TEST_CHECKOUT_TITLE}
        </h2>
        <p id="test-checkout-note" className="test-checkout-note">
          This checkout records a test payment with the server. No card is charged.
        </p>
        <dl className="test-checkout-details">
          <dt>Merchant</dt>
          <dd>{merchant}</dd>
          <dt>Customer</dt>
          <dd>{email}</dd>
        </dl>
        <p role="alert" className="test-checkout-error">
          {error}
        </p>
        <button
          type="button"
          className="button test-checkout-pay"
          onClick={() => void payNow('card', onPay)}
          disabled={isPaying}
        >
          {paying === 'card' ? 'Processing...' : `Pay ${formatCheckoutAmount(amount, currency)}`}
        </button>
        {onPayByTransfer ? (
          <button
            type="button"
            className="test-checkout-secondary"
            onClick={() => void payNow('transfer', onPayByTransfer)}
            disabled={isPaying}
          >
            {paying === 'transfer' ? 'Processing...' : TRANSFER_BUTTON_LABEL}
          </button>
        ) : null}
        <button type="button" className="test-checkout-secondary" onClick={onCancel} disabled={isPaying}>
          Cancel
        </button>
      </div>
    </div>
  );
}
