import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { receiptQuery } from '../../../lib/api/aftercare';
import { failureText } from '../../../lib/api/query-failure';
import { formatDateTime } from '../../../lib/format';
import { receiptNaira, receiptPaymentLines, receiptQuantityLine, vatPercent } from '../../../shared/receipt-lines';
import { refundText } from '../../../shared/task-progress';
import { LoadFailed } from '../../../ui/load-failed';
import './receipt.css';

const LOAD_FAILED = 'Failed to load the receipt. Please check your connection.';

/**
 * A task's receipt (/client/tasks/$taskId/receipt), printable: GreenPick's name and support
 * address, the client and the pickup address, the reference, service, quantity x unit price,
 * what paid it (plan, points, card/transfer/USSD, each on its line), the total and the VAT it
 * includes, the payment date and method, the refund if any, and the driver's photo at pickup
 * when the service takes one (docs/driver.md 'Photo proof'). Print shows the receipt alone
 * (receipt.css).
 */
export function ReceiptScreen({ taskId, backLink }: { taskId: string; backLink?: ReactNode }) {
  const query = useQuery(receiptQuery(taskId));
  const receipt = query.data;
  return (
    <section className="page receipt">
      {backLink ? <p className="receipt-back-row">{backLink}</p> : null}
      <h1>Receipt</h1>
      {!receipt && !query.error ? (
        <p className="muted" role="status">
          Loading receipt...
        </p>
      ) : null}
      {!receipt && query.error ? (
        <LoadFailed
          className="receipt-error"
          title="Error loading receipt"
          message={failureText(query.error, { failed: LOAD_FAILED })}
        />
      ) : null}
      {receipt ? (
        <article className="receipt-sheet" aria-label={`Receipt #${receipt.reference}`}>
          <header className="receipt-company">
            <p className="receipt-company-name">{receipt.company.name}</p>
            <p>
              <a href={`mailto:${receipt.company.supportEmail}`}>{receipt.company.supportEmail}</a>
            </p>
          </header>
          <dl className="receipt-fields">
            <dt>Client</dt>
            <dd>{receipt.clientName}</dd>
            <dt>Pickup address</dt>
            <dd>{receipt.address}</dd>
            <dt>Reference</dt>
            <dd>#{receipt.reference}</dd>
            <dt>Service</dt>
            <dd>{receipt.serviceName}</dd>
            <dt>Quantity</dt>
            <dd data-testid="receipt-line">{receiptQuantityLine(receipt)}</dd>
            <dt>Paid with</dt>
            <dd>
              <ul className="receipt-parts">
                {receiptPaymentLines(receipt).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </dd>
            <dt>Total</dt>
            <dd className="receipt-total">{receiptNaira(receipt.total)}</dd>
            <dt>VAT included ({vatPercent(receipt.vatRate)})</dt>
            <dd>{receiptNaira(receipt.vatIncluded)}</dd>
            <dt>{receipt.paid > 0 ? 'Paid' : 'Booked'}</dt>
            <dd>
              <time dateTime={receipt.paidAt}>{formatDateTime(receipt.paidAt)}</time>
            </dd>
            <dt>Payment method</dt>
            <dd>{receipt.paymentMethod}</dd>
            {receipt.refund ? (
              <>
                <dt>Refund</dt>
                <dd className="receipt-refund">{refundText(receipt.refund)}</dd>
              </>
            ) : null}
          </dl>
          {receipt.photo ? (
            <figure className="receipt-photo">
              <img src={receipt.photo} alt="What the driver collected, at pickup" />
              <figcaption>Photo at pickup</figcaption>
            </figure>
          ) : null}
          <p className="muted receipt-note">Prices include VAT at {vatPercent(receipt.vatRate)}.</p>
        </article>
      ) : null}
      {receipt ? (
        <div className="receipt-actions">
          <button type="button" className="button" onClick={() => window.print()}>
            Print receipt
          </button>
        </div>
      ) : null}
    </section>
  );
}
