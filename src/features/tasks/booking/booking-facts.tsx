import { formatNaira } from '../../../lib/format';
import { formatNaira as formatKobo } from '../../../shared/money';
import { POINTS_PER_KG } from '../../../shared/pricing';
import { quantityText } from '../../../shared/quantity';
import type { SelectedPlace } from './booking-rules';
import type { BookingQuote } from './booking-quote';

/**
 * The Task Summary's facts: the service (known at once), the address, and what waits for the
 * price list: the price and unit, price x quantity, what the plan covers, and for recycling
 * what the client pays and earns by weight.
 */
export function BookingFacts({
  displayName,
  serviceType,
  place,
  quote,
}: {
  displayName: string;
  serviceType: string;
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
      {/* Recycling is paid by weight and earns points by weight: said next to the price. */}
      {serviceType === 'recycling' && price ? (
        <p className="create-task-recycling">
          You pay {formatNaira(price.price)} {price.unit} collected, and earn {POINTS_PER_KG} points per kg (each point
          is ₦1 off a later booking).
        </p>
      ) : null}
    </>
  );
}
