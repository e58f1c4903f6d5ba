import { useQuery } from '@tanstack/react-query';
import { receiptQuery } from '../../../lib/api/aftercare';
import { failureText } from '../../../lib/api/query-failure';
import { formatDateTime, formatNaira } from '../../../lib/format';
import { refundText } from '../../../shared/task-progress';
import { LoadFailed } from '../../../ui/load-failed';
import './receipt.css';

const LOAD_FAILED = 'Failed to load the receipt. Please check your connection.';

const percent = (rate: number) => `${(rate * 100).toLocaleString('en-NG', { maximumFractionDigits: 2 })}%`;

/**
 * A task's receipt (/client/tasks/$taskId/receipt), printable: GreenPick's name and support
 * address, the reference, service, quantity x unit price, total, the VAT the total includes, the
 * payment date and method, and the refund if any. Print shows the receipt alone (receipt.css).
 */
export function ReceiptScreen({ taskId }: { taskId: string }) {
  const query = useQuery(receiptQuery(taskId));
  const receipt = query.data;
  return (
    <section className="page receipt">
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
            <dt>Reference</dt>
            <dd>#{receipt.reference}</dd>
            <dt>Service</dt>
            <dd>{receipt.serviceName}</dd>
            <dt>Quantity</dt>
            <dd>
              {receipt.quantity} x {formatNaira(receipt.unitPrice)}
              {receipt.unit ? ` (${receipt.unit})` : ''}
            </dd>
            <dt>Total</dt>
            <dd className="receipt-total">{formatNaira(receipt.total)}</dd>
            <dt>VAT included ({percent(receipt.vatRate)})</dt>
            <dd>{formatNaira(receipt.vatIncluded)}</dd>
            <dt>Paid</dt>
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
          <p className="muted receipt-note">Prices include VAT at {percent(receipt.vatRate)}.</p>
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
