/**
 * The catalog of services (docs/product.md 'Prices'): every service with its price, names and
 * rules, changed or added here without a deploy. New bookings follow at once; a task booked
 * keeps its price, and a price the app showed in the last 7 days is still honoured.
 */
import { useQuery } from '@tanstack/react-query';
import { formatNaira } from '../../lib/format';
import { MAX_LENGTH } from '../../shared/limits';
import { serviceSchema } from '../../shared/schemas/services';
import { type CatalogService, type ServiceFields, servicesQuery, useSaveService } from '../api';
import { LoadError } from '../error-message';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/text-field';
import { wordsOrDash } from '../form-data';
import { firstError, numberOf, requestResolver, showRefusal, useConsoleForm } from '../form-values';

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

/** The form's fields as typed (numbers as their text: a blank Least means one at a time). */
interface ServiceValues {
  key: string;
  serviceName: string;
  name: string;
  price: string;
  unit: string;
  unitWord: string;
  min: string;
  max: string;
  step: string;
  pointsPerKg: string;
  pickupPhoto: string;
  position: string;
  weighed: boolean;
  active: boolean;
}

const numberText = (value: number | undefined) => (value === undefined ? '' : String(value));

/** A new service's blank form, or a service's values (its key and price-list name kept, not shown). */
const valuesOf = (service: CatalogService | null): ServiceValues => ({
  key: service?.key ?? '',
  serviceName: service?.serviceName ?? '',
  name: service?.name ?? '',
  price: numberText(service?.price),
  unit: service?.unit ?? '',
  unitWord: service?.unitWord ?? '',
  min: numberText(service?.quantity?.min),
  max: numberText(service?.quantity?.max),
  step: numberText(service?.quantity?.step),
  pointsPerKg: String(service?.pointsPerKg ?? 0),
  pickupPhoto: service?.pickupPhoto ?? 'off',
  position: String(service?.position ?? 100),
  weighed: service?.weighed ?? false,
  active: service?.active ?? true,
});

/** POST /ops/services's own schema, on the service the form's values make. */
const serviceRules = requestResolver(
  (values: ServiceValues) => ({
    key: values.key,
    serviceName: values.serviceName,
    name: values.name,
    price: numberOf(values.price),
    unit: values.unit,
    unitWord: values.unitWord,
    quantity:
      values.min.trim() === ''
        ? null
        : { min: numberOf(values.min), max: numberOf(values.max), step: numberOf(values.step) },
    pointsPerKg: numberOf(values.pointsPerKg),
    weighed: values.weighed,
    pickupPhoto: values.pickupPhoto as ServiceFields['pickupPhoto'],
    position: numberOf(values.position),
    active: values.active,
  }),
  serviceSchema,
);

/** A new service (`service` null: its key and price-list name are asked for) or the changes to one. */
function ServiceForm({ service }: { service: CatalogService | null }) {
  const save = useSaveService();
  const form = useConsoleForm<ServiceValues, unknown, ServiceFields>({
    defaultValues: valuesOf(service),
    resolver: serviceRules,
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;
  const submit = async (fields: ServiceFields) => {
    try {
      await save.mutateAsync(fields);
    } catch (failure) {
      await showRefusal(form, failure, 'The service could not be saved.');
    }
  };
  const label = MAX_LENGTH.label;
  return (
    <form className="ops-form ops-inline-form" onSubmit={form.handleSubmit(submit)}>
      {service ? null : (
        <>
          <TextField
            label="Key (the app's tag)"
            className="text-input"
            required
            maxLength={label}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            {...form.register('key')}
          />
          <TextField
            label="Price-list name"
            className="text-input"
            required
            maxLength={label}
            {...form.register('serviceName')}
          />
        </>
      )}
      <TextField label="Name shown" className="text-input" required maxLength={label} {...form.register('name')} />
      <TextField
        label="Price (naira)"
        className="text-input"
        type="number"
        min="0.01"
        step="0.01"
        required
        {...form.register('price')}
      />
      <TextField
        label="Unit"
        className="text-input"
        required
        maxLength={label}
        placeholder="per bag"
        {...form.register('unit')}
      />
      <TextField
        label="Unit word"
        className="text-input"
        maxLength={label}
        placeholder="bags"
        {...form.register('unitWord')}
      />
      <TextField
        label="Least (blank: one at a time)"
        className="text-input"
        type="number"
        min="0"
        step="any"
        {...form.register('min')}
      />
      <TextField label="Most" className="text-input" type="number" min="0" step="any" {...form.register('max')} />
      <TextField label="Step" className="text-input" type="number" min="0" step="any" {...form.register('step')} />
      <TextField
        label="Points per kg"
        className="text-input"
        type="number"
        min="0"
        step="1"
        {...form.register('pointsPerKg')}
      />
      <label>
        Photo at pickup
        <select {...form.register('pickupPhoto')}>
          <option value="off">Off</option>
          <option value="optional">Optional</option>
          <option value="required">Required</option>
        </select>
      </label>
      <TextField
        label="Place in the list"
        className="text-input"
        type="number"
        min="0"
        step="1"
        {...form.register('position')}
      />
      <label className="ops-check ops-nowrap">
        <input type="checkbox" {...form.register('weighed')} /> Weighed at the door
      </label>
      <label className="ops-check ops-nowrap">
        <input type="checkbox" {...form.register('active')} /> Offered
      </label>
      <FormError message={firstError(errors)} className="ops-error" />
      {isSubmitSuccessful && save.data && <p role="status">{`${save.data.name} saved.`}</p>}
      <Button type="submit" disabled={isSubmitting}>
        {service ? 'Save changes' : 'Add service'}
      </Button>
    </form>
  );
}
