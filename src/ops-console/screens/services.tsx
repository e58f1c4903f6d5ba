/**
 * The catalog of services (docs/product.md 'Prices'): every service with its price, names and
 * rules, changed or added here without a deploy. New bookings follow at once; a task booked
 * keeps its price, and a price the app showed in the last 7 days is still honoured.
 */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatNaira } from '../../lib/format';
import { MAX_LENGTH } from '../../shared/limits';
import { type CatalogService, type ServiceFields, servicesQuery, useSaveService } from '../api';
import { LoadError } from '../error-message';
import { errorText } from '../http';
import { FormError, TextField } from '../../ui/text-field';
import { numberOf, textOf, wordsOrDash } from '../form-data';

export function ServicesScreen() {
  const services = useQuery(servicesQuery());
  if (services.isPending) return <main className="ops-main">Loading…</main>;
  if (services.isError) return <LoadError error={services.error} />;
  return (
    <main className="ops-main">
      <h1>Services</h1>
      <details className="ops-panel">
        <summary>Add a service</summary>
        <ServiceForm service={null} />
      </details>
      <table className="ops-table">
        <caption className="sr-only">Services</caption>
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col">Price</th>
            <th scope="col">Quantity</th>
            <th scope="col">Behaviour</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {services.data.map((service) => (
            <tr key={service.key}>
              <td>
                <strong>{service.name}</strong>
                <br />
                <span className="muted">
                  {service.key} · {service.serviceName}
                  {service.active ? '' : ' · hidden'}
                </span>
              </td>
              <td className="ops-nowrap">
                {formatNaira(service.price)} {service.unit}
              </td>
              <td>
                {service.quantity
                  ? `${service.quantity.min} to ${service.quantity.max} ${service.unitWord}, steps of ${service.quantity.step}`
                  : 'one at a time'}
              </td>
              <td>
                {wordsOrDash([
                  service.weighed && 'weighed at the door',
                  service.pointsPerKg > 0 && `${service.pointsPerKg} points per kg`,
                  service.pickupPhoto !== 'off' && `photo at pickup ${service.pickupPhoto}`,
                ])}
              </td>
              <td>
                <details>
                  <summary>Edit {service.name}</summary>
                  <ServiceForm service={service} />
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}

function readService(form: FormData, service: CatalogService | null): ServiceFields {
  const counted = textOf(form, 'min') !== '';
  return {
    key: service?.key ?? textOf(form, 'key'),
    serviceName: service?.serviceName ?? textOf(form, 'serviceName'),
    name: textOf(form, 'name'),
    price: numberOf(form, 'price'),
    unit: textOf(form, 'unit'),
    unitWord: textOf(form, 'unitWord'),
    quantity: counted ? { min: numberOf(form, 'min'), max: numberOf(form, 'max'), step: numberOf(form, 'step') } : null,
    pointsPerKg: numberOf(form, 'pointsPerKg'),
    weighed: form.get('weighed') === 'on',
    pickupPhoto: textOf(form, 'pickupPhoto') as ServiceFields['pickupPhoto'],
    position: numberOf(form, 'position'),
    active: form.get('active') === 'on',
  };
}

/** A new service (`service` null: its key and price-list name are asked for) or the changes to one. */
function ServiceForm({ service }: { service: CatalogService | null }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const save = useSaveService({
    onSuccess: (saved) => {
      setError(null);
      setDone(`${saved.name} saved.`);
    },
    onError: async (failure) => setError(await errorText(failure, 'The service could not be saved.')),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    save.mutate(readService(new FormData(event.currentTarget), service));
  };
  const label = MAX_LENGTH.label;
  return (
    <form className="ops-form ops-inline-form" onSubmit={submit}>
      {service ? null : (
        <>
          <TextField
            label="Key (the app's tag)"
            className="text-input"
            name="key"
            required
            maxLength={label}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
          />
          <TextField label="Price-list name" className="text-input" name="serviceName" required maxLength={label} />
        </>
      )}
      <TextField
        label="Name shown"
        className="text-input"
        name="name"
        required
        maxLength={label}
        defaultValue={service?.name}
      />
      <TextField
        label="Price (naira)"
        className="text-input"
        name="price"
        type="number"
        min="0.01"
        step="0.01"
        required
        defaultValue={service?.price}
      />
      <TextField
        label="Unit"
        className="text-input"
        name="unit"
        required
        maxLength={label}
        placeholder="per bag"
        defaultValue={service?.unit}
      />
      <TextField
        label="Unit word"
        className="text-input"
        name="unitWord"
        maxLength={label}
        placeholder="bags"
        defaultValue={service?.unitWord}
      />
      <TextField
        label="Least (blank: one at a time)"
        className="text-input"
        name="min"
        type="number"
        min="0"
        step="any"
        defaultValue={service?.quantity?.min}
      />
      <TextField
        label="Most"
        className="text-input"
        name="max"
        type="number"
        min="0"
        step="any"
        defaultValue={service?.quantity?.max}
      />
      <TextField
        label="Step"
        className="text-input"
        name="step"
        type="number"
        min="0"
        step="any"
        defaultValue={service?.quantity?.step}
      />
      <TextField
        label="Points per kg"
        className="text-input"
        name="pointsPerKg"
        type="number"
        min="0"
        step="1"
        defaultValue={service?.pointsPerKg ?? 0}
      />
      <label>
        Photo at pickup
        <select name="pickupPhoto" defaultValue={service?.pickupPhoto ?? 'off'}>
          <option value="off">Off</option>
          <option value="optional">Optional</option>
          <option value="required">Required</option>
        </select>
      </label>
      <TextField
        label="Place in the list"
        className="text-input"
        name="position"
        type="number"
        min="0"
        step="1"
        defaultValue={service?.position ?? 100}
      />
      <label className="ops-nowrap">
        <input type="checkbox" name="weighed" defaultChecked={service?.weighed ?? false} /> Weighed at the door
      </label>
      <label className="ops-nowrap">
        <input type="checkbox" name="active" defaultChecked={service?.active ?? true} /> Offered
      </label>
      <FormError message={error} className="ops-error" />
      {done && <p role="status">{done}</p>}
      <button type="submit" className="button" disabled={save.isPending}>
        {service ? 'Save changes' : 'Add service'}
      </button>
    </form>
  );
}
