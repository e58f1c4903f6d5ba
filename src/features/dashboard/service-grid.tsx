import { ServiceIcon } from './service-icon';
import { SERVICE_OFFERING } from '../../shared/service-names';

/** The six services: three columns on desktop, two on mobile; a choice hands its tag on. */
export function ServiceGrid({ onChoose }: { onChoose: (tag: string) => void }) {
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-services-title">
      <h2 id="dashboard-services-title" className="dashboard-section-title">
        Our Services
      </h2>
      <ul className="dashboard-services">
        {SERVICE_OFFERING.map((service) => (
          <li key={service.tag}>
            <button type="button" className="dashboard-service" onClick={() => onChoose(service.tag)}>
              <ServiceIcon tag={service.tag} />
              <span className="dashboard-service-name">{service.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
