import { formatNaira } from '../../../lib/format';
import { formatNaira as formatKobo } from '../../../shared/money';
import { quantityText } from '../../../shared/quantity';
import type { SelectedPlace } from './booking-rules';
import type { BookingQuote } from './booking-quote';

/**
 * The Task Summary's facts: the service (known at once), the address, and what waits for the
 * price list: the price and unit, price x quantity, what the plan covers, and for a service
 * that earns points by weight what the client pays and earns.
 */
export function BookingFacts({
  displayName,
  place,
  quote,
}: {
  displayName: string;
  place: SelectedPlace | null;
  quote: BookingQuote;
}) {
  const { price, quantity, coveredQuantity, isQuantityWrong } = quote;
  return (
    <>
      <dl className="create-task-facts" aria-busy={price ? undefined : true}>
        <div>
          <dt>Service Type</dt>
          <dd>{displayName}</dd>
        </div>
        {place ? (
          <div className="create-task-fact-address">
            <dt>Address</dt>
            <dd className="create-task-address" data-testid="summary-address">
              {place.address}
            </dd>
          </div>
        ) : null}
        <div className="create-task-fact-half">
          <dt>Price</dt>
          <dd>{price ? formatNaira(price.price) : 'Loading...'}</dd>
        </div>
        <div className="create-task-fact-half">
          <dt>Pricing Unit</dt>
          <dd>{price ? price.unit : 'Loading...'}</dd>
        </div>
        {price && quote.rule && !isQuantityWrong ? (
          <div>
            <dt>Total</dt>
            <dd>
              {formatNaira(price.price)} x {quantityText(price.unit, quantity)} = {formatKobo(quote.totalKobo)}
            </dd>
          </div>
        ) : null}
        {price && coveredQuantity > 0 && !isQuantityWrong ? (
          <div>
            <dt>To pay</dt>
            <dd>
              {formatKobo(quote.dueKobo)}{' '}
              <span className="create-task-covered">
                {coveredQuantity >= quantity
                  ? `Covered by your ${quote.planName} plan`
                  : `${quantityText(price.unit, coveredQuantity)} covered by your ${quote.planName} plan`}
              </span>
            </dd>
          </div>
        ) : null}
      </dl>
      {/* A service that earns points by weight (the catalog's points per kg) says so next to the price. */}
      {price?.pointsPerKg ? (
        <p className="create-task-recycling">
          You pay {formatNaira(price.price)} {price.unit} collected, and earn {price.pointsPerKg} points per kg (each
          point is ₦1 off a later booking).
        </p>
      ) : null}
    </>
  );
}
