/** The drivers: add, edit, deactivate (with a reason, confirmed) and reactivate, reset a password (shown once), with today's tasks, rating and acceptance rate. */
import { type FormEvent, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_LENGTH } from '../../shared/limits';
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

function readDriverForm(form: HTMLFormElement): DriverFields {
  const data = new FormData(form);
  const value = (name: keyof DriverFields) => String(data.get(name) ?? '').trim();
  return {
    firstname: value('firstname'),
    lastname: value('lastname'),
    phone: value('phone'),
    vehicle: value('vehicle'),
    plate: value('plate'),
    photoUrl: value('photoUrl'),
  };
}

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
  const [error, setError] = useState<string | null>(null);
  const add = useAddDriver({
    onSuccess: (answer, driver) => {
      setError(null);
      onAdded({ who: `${driver.firstname} ${driver.lastname}`, password: answer.password });
    },
    onError: async (failure) => setError(await errorText(failure, 'The driver could not be added.')),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    add.mutate(readDriverForm(form), { onSuccess: () => form.reset() });
  };
  return (
    <details className="ops-panel">
      <summary>Add a driver</summary>
      <form className="ops-form ops-inline-form" onSubmit={submit}>
        {FIELDS.map((field) => (
          <label key={field.name}>
            {field.label}
            <input
              className="text-input"
              name={field.name}
              type={field.type ?? 'text'}
              inputMode={field.inputMode}
              required={field.required}
              maxLength={field.max}
            />
          </label>
        ))}
        {error && (
          <p role="alert" className="ops-error">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={add.isPending}>
          Add driver
        </button>
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
  const refresh = () => setError(null);
  const fail = async (failure: unknown) => setError(await errorText(failure));
  const edit = useEditDriver({
    onSuccess: () => {
      setEditing(false);
      refresh();
    },
    onError: fail,
  });
  const reset = useResetDriverPassword({
    onSuccess: (answer) => {
      refresh();
      onPassword({ who: driver.name, password: answer.password });
    },
    onError: fail,
  });
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
          <form
            className="ops-form"
            onSubmit={(event) => {
              event.preventDefault();
              edit.mutate({ id: driver.id, changes: readDriverForm(event.currentTarget) });
            }}
          >
            {FIELDS.map((field) => (
              <label key={field.name}>
                {field.label}
                <input
                  className="text-input"
                  name={field.name}
                  type={field.type ?? 'text'}
                  inputMode={field.inputMode}
                  defaultValue={driver[field.name] ?? ''}
                  required={field.required}
                  maxLength={field.max}
                />
              </label>
            ))}
            <div className="ops-actions">
              <button type="submit" className="button button-small" disabled={edit.isPending}>
                Save
              </button>
              <button type="button" className="button button-small button-secondary" onClick={() => setEditing(false)}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <div className="ops-actions">
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={() => setEditing(true)}
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
        {error && (
          <p role="alert" className="ops-error">
            {error}
          </p>
        )}
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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useSetDriverActive({
    onSuccess: () => {
      setAsking(false);
      setReason('');
      setError(null);
    },
    onError: async (failure) => setError(await errorText(failure)),
  });
  const verb = driver.active ? 'Deactivate' : 'Reactivate';
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
    <form
      className="ops-form"
      aria-label={`${verb} ${driver.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim()) change.mutate({ id: driver.id, active: !driver.active, reason: reason.trim() });
      }}
    >
      <p>
        {driver.active
          ? `${driver.name} will be signed out at once and get no more offers.`
          : `${driver.name} can sign in and go online again.`}
      </p>
      <label>
        Reason
        <input
          className="text-input"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          required
        />
      </label>
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
      <div className="ops-actions">
        <button
          type="submit"
          className="button button-small button-danger"
          disabled={change.isPending || !reason.trim()}
        >
          {`Confirm: ${verb.toLowerCase()}`}
        </button>
        <button type="button" className="button button-small button-secondary" onClick={() => setAsking(false)}>
          Keep as is
        </button>
      </div>
    </form>
  );
}
