import type { ReactNode, RefObject } from 'react';
import type { ScheduledWindow } from '../../../shared/contract';
import { formatKoboAmount, formatNaira as formatKobo } from '../../../shared/money';
import { FALLBACK_PRICES, priceFor } from '../../../shared/pricing';
import { OfflineMarker } from '../../../ui/offline-marker';
import type { BookingQuote } from './booking-quote';
import { QuantityField, WhenField } from './quantity-and-when';
import { SummarySheet } from './summary-sheet';

interface BookingSummaryProps {
  isExpanded: boolean;
  onExpandedChange: (isExpanded: boolean) => void;
  displayName: string;
  serviceType: string;
  quote: BookingQuote;
  /** The sheet's one line: what the card pays, or why it is not known yet. */
  amount: string;
  /** The facts (BookingFacts). */
  facts: ReactNode;
  pricesCachedAt: number | null;
  quantityInput: string;
  onQuantityChange: (value: string) => void;
  scheduledFor: ScheduledWindow | null;
  onScheduledForChange: (window: ScheduledWindow | null) => void;
  isUsingPoints: boolean;
  onUsingPointsChange: (isUsing: boolean) => void;
  proceed: { label: string; disabled: boolean; reason: string | null };
  proceedButton: RefObject<HTMLButtonElement | null>;
  onProceed: () => void;
}

/** The Task Summary: the facts, how many and when, the points, and 'Proceed to Payment'. */
export function BookingSummary(props: BookingSummaryProps) {
  const { quote, proceed } = props;
  const { price, pointsKobo } = quote;
  return (
    <SummarySheet
      isExpanded={props.isExpanded}
      onExpandedChange={props.onExpandedChange}
      serviceName={props.displayName}
      amount={props.amount}
      header={<h2 id="task-summary-title">Task Summary</h2>}
      footer={
        <div className="summary-sheet-footer">
          <button
            ref={props.proceedButton}
            type="button"
            className="button create-task-proceed"
            disabled={proceed.disabled}
            aria-describedby={proceed.reason ? 'proceed-reason' : undefined}
            onClick={props.onProceed}
          >
            {proceed.label}
          </button>
          {proceed.reason ? (
            <p id="proceed-reason" className="create-task-reason" aria-live="polite">
              {proceed.reason}
            </p>
          ) : null}
        </div>
      }
    >
      <OfflineMarker cachedAt={props.pricesCachedAt} />
      {props.facts}
      <div className="create-task-choices">
        {/* Shown while the prices load, by the rule the service usually has: it does not push 'When?' down on arrival. */}
        <QuantityField
          service={price ?? priceFor(FALLBACK_PRICES, props.serviceType)}
          value={props.quantityInput}
          onChange={props.onQuantityChange}
        />
        <WhenField value={props.scheduledFor} onChange={props.onScheduledForChange} />
      </div>
      {pointsKobo > 0 && !quote.isQuantityWrong ? (
        <label className="booking-choice">
          <input
            type="checkbox"
            checked={props.isUsingPoints}
            onChange={(event) => props.onUsingPointsChange(event.target.checked)}
          />
          Use {formatKoboAmount(pointsKobo)} points (−{formatKobo(pointsKobo)}); pay{' '}
          {formatKobo(quote.dueKobo - pointsKobo)} by card
        </label>
      ) : null}
    </SummarySheet>
  );
}
