import type { PriceTable } from '../../../shared/pricing';
import { SERVICE_OFFERING, serviceOffering } from '../../../shared/service-names';
import './service-picker.css';

/**
 * Whether a tag names one of the services offered (in `table`, the price list read on this
 * device, else the seeded ones); anything else would be charged as 'Default Service'.
 */
export function isBookableService(tag: string | undefined, table?: PriceTable): tag is string {
  const offering = table ? serviceOffering(table) : SERVICE_OFFERING;
  return tag !== undefined && offering.some((service) => service.tag === tag);
}

/**
 * /client/create opened without a service (a bookmark, a relaunch, the install's 'Book a
 * pickup' shortcut): the client chooses one here rather than paying for 'Default Service'.
 */
export function ServicePicker({ onChoose, table }: { onChoose: (tag: string) => void; table?: PriceTable }) {
  return (
    <section className="page create-task" aria-labelledby="service-picker-title">
      <h1 id="service-picker-title">Choose a Service</h1>
      <p className="service-picker-intro">What would you like to book? You will see the price before you pay.</p>
      <ul className="service-picker">
        {(table ? serviceOffering(table) : SERVICE_OFFERING).map(({ tag, name }) => (
          <li key={tag}>
            <button type="button" className="service-picker-option" onClick={() => onChoose(tag)}>
              {name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
