/** The drivers: add, edit, deactivate (with a reason, confirmed) and reactivate, reset a password (shown once), with today's tasks, rating and acceptance rate. */
import { useState } from 'react';
import { type Resolver, type UseFormRegister, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { MAX_LENGTH } from '../../shared/limits';
import { newDriverSchema } from '../../shared/schemas/ops';
import { CANCEL_REASON_MAX, driverEditSchema, driverStatusSchema } from '../../shared/schemas/ops-console';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/text-field';
import {
  type Driver,
  type DriverFields,
  driversQuery,
  useAddDriver,
  useSetDriverActive,
  useEditDriver,
  useResetDriverPassword,
} from '../api';
import { LoadError } from '../error-message';
import { firstError, showRefusal, useConsoleForm } from '../form-values';
import { errorText } from '../http';
import { OneTimePassword } from '../one-time-password';

const FIELDS: {
  name: keyof DriverFields;
  label: string;
  max: number;
  type?: string;
  inputMode?: 'url';
  required?: boolean;
}[] = [
  { name: 'firstname', label: 'First name', max: MAX_LENGTH.name, required: true },
  { name: 'lastname', label: 'Last name', max: MAX_LENGTH.name, required: true },
  { name: 'phone', label: 'Phone', max: MAX_LENGTH.phone, type: 'tel', required: true },
  { name: 'vehicle', label: 'Vehicle', max: MAX_LENGTH.vehicle },
  { name: 'plate', label: 'Plate', max: MAX_LENGTH.plate },
  // Text, not type=url: a driver without a photo of their own has the server's initials at a path
  // (/driver/photo/<id>), which a url field would refuse to submit; the server checks the value.
  { name: 'photoUrl', label: 'Photo (https address; empty: initials)', max: MAX_LENGTH.photoUrl, inputMode: 'url' },
];

/** A driver's fields, the same in the add and edit forms. */
function DriverFieldInputs({ register }: { register: UseFormRegister<DriverFields> }) {
  return FIELDS.map((field) => (
    <TextField
      key={field.name}
      label={field.label}
      className="text-input"
      type={field.type ?? 'text'}
      inputMode={field.inputMode}
      required={field.required}
      maxLength={field.max}
      {...register(field.name)}
    />
  ));
}

/**
 * The server's own rules of POST /ops/drivers (its position aside: the console sends central
 * Lagos) and of an edit (POST /ops/drivers/:id). The form's six texts go in and come out
 * trimmed, the plate upper-case, as the server would store them.
 */
const newDriverRules = zodResolver(newDriverSchema.omit({ lat: true, lng: true })) as unknown as Resolver<DriverFields>;
const driverEditRules = zodResolver(driverEditSchema) as unknown as Resolver<DriverFields>;

const EMPTY_DRIVER: DriverFields = { firstname: '', lastname: '', phone: '', vehicle: '', plate: '', photoUrl: '' };
const fieldsOf = (driver: Driver): DriverFields => ({
  firstname: driver.firstname,
  lastname: driver.lastname,
  phone: driver.phone,
  vehicle: driver.vehicle ?? '',
  plate: driver.plate ?? '',
  photoUrl: driver.photoUrl,
});

const PERCENT = new Intl.NumberFormat('en-NG', { style: 'percent', maximumFractionDigits: 0 });
const percent = (rate: number | null) => (rate === null ? '—' : PERCENT.format(rate));

export function DriversScreen() {
  const drivers = useQuery(driversQuery(15_000));
  const [secret, setSecret] = useState<{ who: string; password: string } | null>(null);
  if (drivers.isPending) return <main className="ops-main">Loading…</main>;
  if (drivers.isError) return <LoadError error={drivers.error} />;
  return (
    <main className="ops-main">
      <h1>Drivers</h1>
      {secret && <OneTimePassword who={secret.who} password={secret.password} onDone={() => setSecret(null)} />}
      <AddDriver onAdded={setSecret} />
      <table className="ops-table">
        <caption className="sr-only">Drivers</caption>
        <thead>
          <tr>
            <th scope="col">Driver</th>
            <th scope="col">Vehicle</th>
            <th scope="col">State</th>
            <th scope="col">Tasks today</th>
            <th scope="col">Rating</th>
            <th scope="col">Acceptance</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {drivers.data.map((driver) => (
            <DriverRow key={driver.id} driver={driver} onPassword={setSecret} />
          ))}
        </tbody>
      </table>
    </main>
  );
}

function AddDriver({ onAdded }: { onAdded: (secret: { who: string; password: string }) => void }) {
  const add = useAddDriver();
  const form = useConsoleForm<DriverFields>({
    defaultValues: EMPTY_DRIVER,
    resolver: newDriverRules,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = async (driver: DriverFields) => {
    try {
      const answer = await add.mutateAsync(driver);
      form.reset();
      onAdded({ who: `${driver.firstname} ${driver.lastname}`, password: answer.password });
    } catch (failure) {
      await showRefusal(form, failure, 'The driver could not be added.');
    }
  };
  return (
    <details className="ops-panel">
      <summary>Add a driver</summary>
      <form className="ops-form ops-inline-form" onSubmit={form.handleSubmit(submit)}>
        <DriverFieldInputs register={form.register} />
        <FormError message={firstError(errors)} className="ops-error" />
        <Button type="submit" disabled={isSubmitting}>
          Add driver
        </Button>
      </form>
    </details>
  );
}

function DriverRow({
  driver,
  onPassword,
}: {
  driver: Driver;
  onPassword: (secret: { who: string; password: string }) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditDriver();
  const form = useConsoleForm<DriverFields>({
    defaultValues: fieldsOf(driver),
    resolver: driverEditRules,
  });
  // The row shows one problem, the latest: a reset's answer replaces a refused edit's.
  const reset = useResetDriverPassword({
    onSuccess: (answer) => {
      form.clearErrors();
      setError(null);
      onPassword({ who: driver.name, password: answer.password });
    },
    onError: async (failure) => {
      form.clearErrors();
      setError(await errorText(failure));
    },
  });
  /** The editor opens on the driver as the list has them now; a refused save's problem stays shown. */
  const startEditing = () => {
    form.reset(fieldsOf(driver), { keepErrors: true });
    setEditing(true);
  };
  const save = async (changes: DriverFields) => {
    try {
      await edit.mutateAsync({ id: driver.id, changes });
      setEditing(false);
      setError(null);
    } catch (failure) {
      await showRefusal(form, failure);
    }
  };
  const { errors, isSubmitting } = form.formState;
  const state = !driver.active ? 'Deactivated' : !driver.online ? 'Offline' : driver.busy ? 'Busy' : 'Online, free';
  return (
    <tr>
      <th scope="row">
        <bdi>{driver.name}</bdi>
        <br />
        <span className="muted ops-nowrap">{driver.phone}</span>
      </th>
      <td>
        <bdi>{driver.vehicle ?? '—'}</bdi> {driver.plate ? <bdi>· {driver.plate}</bdi> : ''}
      </td>
      <td>
        {state}
        {driver.implausiblePositions && (
          <>
            {' '}
            <span className="ops-badge ops-badge-red">implausible positions</span>
          </>
        )}
      </td>
      <td>{driver.tasksToday}</td>
      <td>{driver.rating.count === 0 ? '—' : `${driver.rating.average.toFixed(1)} (${driver.rating.count})`}</td>
      <td>{percent(driver.acceptanceRate)}</td>
      <td>
        {editing ? (
          <form className="ops-form" onSubmit={form.handleSubmit(save)}>
            <DriverFieldInputs register={form.register} />
            <div className="ops-actions">
              <Button type="submit" className="button button-small" disabled={isSubmitting}>
                Save
              </Button>
              <Button className="button button-small button-secondary" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="ops-actions">
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={startEditing}
              aria-label={`Edit ${driver.name}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={() => reset.mutate(driver.id)}
              disabled={reset.isPending}
              aria-label={`Reset the password of ${driver.name}`}
            >
              Reset password
            </button>
            <ActiveSwitch driver={driver} />
          </div>
        )}
        <FormError message={firstError(errors) ?? error} className="ops-error" />
      </td>
    </tr>
  );
}

/**
 * Deactivate asks why and to confirm (the driver is signed out at once and gets no offers);
 * a deactivated driver can be reactivated, with a reason too. Both reasons go in the audit.
 */
function ActiveSwitch({ driver }: { driver: Driver }) {
  const [asking, setAsking] = useState(false);
  const change = useSetDriverActive();
  const form = useConsoleForm<{ reason: string }>({
    defaultValues: { reason: '' },
    resolver: zodResolver(driverStatusSchema),
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const { errors, isSubmitting } = form.formState;
  const verb = driver.active ? 'Deactivate' : 'Reactivate';
  const confirm = async ({ reason }: { reason: string }) => {
    try {
      await change.mutateAsync({ id: driver.id, active: !driver.active, reason });
      setAsking(false);
      form.reset();
    } catch (failure) {
      await showRefusal(form, failure);
    }
  };
  if (!asking)
    return (
      <button
        type="button"
        className="button button-small button-secondary"
        onClick={() => setAsking(true)}
        aria-label={`${verb} ${driver.name}`}
      >
        {verb}
      </button>
    );
  return (
    <form className="ops-form" aria-label={`${verb} ${driver.name}`} onSubmit={form.handleSubmit(confirm)}>
      <p>
        {driver.active
          ? `${driver.name} will be signed out at once and get no more offers.`
          : `${driver.name} can sign in and go online again.`}
      </p>
      <TextField
        label="Reason"
        className="text-input"
        maxLength={CANCEL_REASON_MAX}
        required
        {...form.register('reason')}
      />
      <FormError message={firstError(errors)} className="ops-error" />
      <div className="ops-actions">
        <Button type="submit" className="button button-small button-danger" disabled={isSubmitting || !reason.trim()}>
          {`Confirm: ${verb.toLowerCase()}`}
        </Button>
        <Button className="button button-small button-secondary" onClick={() => setAsking(false)}>
          Keep as is
        </Button>
      </div>
    </form>
  );
}
