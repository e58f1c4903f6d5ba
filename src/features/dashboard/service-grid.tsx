import { useQuery } from '@tanstack/react-query';
import { priceTableQuery } from '../../lib/api/pricing';
import { formatNaira } from '../../lib/format';
import { FALLBACK_PRICES, priceFor } from '../../shared/pricing';
import { serviceOffering } from '../../shared/service-names';
import { ServiceIcon } from './service-icon';

/**
 * The services of the catalog, in its order: three columns on desktop, two on mobile; a choice hands its tag on. Each
 * says its price and unit ('from ₦1,500.00 per pickup'): today's prices once the booking screen
 * has read them on this device (Home does not ask for them), else the list prices.
 */
export function ServiceGrid({ onChoose }: { onChoose: (tag: string) => void }) {
  const prices = useQuery({ ...priceTableQuery(), enabled: false }).data?.data ?? FALLBACK_PRICES;
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-services-title">
      <h2 id="dashboard-services-title" className="dashboard-section-title">
        Our Services
      </h2>
      <ul className="dashboard-services">
        {serviceOffering(prices).map((service) => {
          const price = priceFor(prices, service.tag);
          return (
            <li key={service.tag}>
              {/* Named by the service, its price the description: the name stays what the grid offers. */}
              <button
                type="button"
                className="dashboard-service"
                aria-labelledby={`service-${service.tag}-name`}
                aria-describedby={`service-${service.tag}-price`}
                onClick={() => onChoose(service.tag)}
              >
                <ServiceIcon tag={service.tag} />
                <span id={`service-${service.tag}-name`} className="dashboard-service-name">
                  {service.name}
                </span>
                <span id={`service-${service.tag}-price`} className="dashboard-service-price">
                  from {formatNaira(price.price)} <span className="dashboard-service-unit">{price.unit}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
