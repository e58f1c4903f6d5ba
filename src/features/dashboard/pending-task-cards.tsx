import type { PendingTask } from '../../lib/pending-tasks';
import { formatNaira } from '../../shared/money';
import { chargedKobo } from '../../shared/pricing';
import { serviceDisplayName } from '../../shared/service-names';
import { scrollIntoViewOnce } from './scroll-into-view';
import {
  AWAITING_PAYMENT_TEXT,
  AWAITING_PAYMENT_TITLE,
  CONFIRMING_TITLE,
  REFUSED_TITLE,
  REFUSED_WITHOUT_MESSAGE,
  SUPPORT_EMAIL,
} from './pending-task-rules';

interface PendingTaskCardsProps {
  cards: readonly PendingTask[];
  /** The reference of the booking just made: its card is the one the client came to see. */
  highlightReference?: string;
  onDismiss: (reference: string) => void;
}

/**
 * Paid bookings the server has not confirmed: 'Waiting for your bank transfer' while the
 * provider has not confirmed the payment, else 'Payment received - confirming your booking',
 * until it does (then the real task shows), or, when it refused one, its message, that the
 * payment is safe, how to reach support with the reference, and Dismiss.
 */
export function PendingTaskCards({ cards, highlightReference, onDismiss }: PendingTaskCardsProps) {
  if (cards.length === 0) return null;
  return (
    <section className="dashboard-section" aria-label="Paid bookings">
      <ul className="kept-cards" aria-live="polite">
        {cards.map((card) => {
          const titleId = `kept-${card.reference}-title`;
          const isHighlighted = card.reference === highlightReference;
          return (
            <li
              key={card.reference}
              className={`kept-card kept-card-${card.refusal ? 'refused' : 'pending'}${isHighlighted ? ' dashboard-highlight' : ''}`}
              data-reference={card.reference}
              aria-labelledby={titleId}
              ref={isHighlighted ? scrollIntoViewOnce : undefined}
            >
              <p className="kept-card-title" id={titleId}>
                {card.refusal ? REFUSED_TITLE : card.awaitingPayment ? AWAITING_PAYMENT_TITLE : CONFIRMING_TITLE}
              </p>
              <p className="kept-card-what">
                {serviceDisplayName(card.request.type)} · {formatNaira(chargedKobo(card.request))}
              </p>
              <p className="kept-card-address">{card.request.address}</p>
              {card.refusal ? (
                <>
                  <p className="kept-card-message">{card.refusal.message ?? REFUSED_WITHOUT_MESSAGE}</p>
                  <p>
                    Your payment is kept safe. Contact support at{' '}
                    <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`Payment ${card.reference}`)}`}>
                      {SUPPORT_EMAIL}
                    </a>{' '}
                    with the reference <strong className="kept-card-reference">{card.reference}</strong>.
                  </p>
                  <button
                    type="button"
                    className="button kept-card-dismiss"
                    onClick={() => onDismiss(card.reference)}
                    aria-describedby={titleId}
                  >
                    Dismiss
                  </button>
                </>
              ) : (
                <>
                  {card.awaitingPayment !== undefined && <p className="kept-card-message">{AWAITING_PAYMENT_TEXT}</p>}
                  <p className="kept-card-reference muted">Reference {card.reference}</p>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
