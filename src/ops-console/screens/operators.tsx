/** The operators (admin): who has which role, and adding one (their one-time password shown once). */
import { type FormEvent, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_LENGTH } from '../../shared/limits';
import { type Operator, operatorsQuery, useAddOperator, useDeactivateOperator } from '../api';
import { LoadError } from '../error-message';
import { errorText } from '../http';
import { OneTimePassword } from '../one-time-password';
import type { OperatorRole } from '../rules';

/** Every role of the one list (src/shared/schemas/ops-console.ts) has its label: a new role fails the type-check here. */
const ROLE_LABELS: Record<OperatorRole, string> = {
  dispatcher: 'Dispatcher (tasks, drivers, assignment)',
  support: 'Support (requests, clients, refunds up to the limit)',
  admin: 'Admin (everything)',
};
const ROLES = Object.entries(ROLE_LABELS).map(([role, label]) => ({ role, label }));

export function OperatorsScreen() {
  const operators = useQuery(operatorsQuery());
  const [secret, setSecret] = useState<{ who: string; password: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useAddOperator({
    onSuccess: (answer, { email }) => {
      setError(null);
      setSecret({ who: email, password: answer.password });
    },
    onError: async (failure) => setError(await errorText(failure, 'The operator could not be added.')),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    add.mutate(
      { email: String(data.get('email') ?? '').trim(), role: String(data.get('role')) as OperatorRole },
      { onSuccess: () => form.reset() },
    );
  };
  if (operators.isError) return <LoadError error={operators.error} />;
  return (
    <main className="ops-main">
      <h1>Operators</h1>
      {secret && <OneTimePassword who={secret.who} password={secret.password} onDone={() => setSecret(null)} />}
      <form className="ops-panel ops-form ops-inline-form" onSubmit={submit}>
        <label>
          E-mail
          <input className="text-input" name="email" type="email" required maxLength={MAX_LENGTH.email} />
        </label>
        <label>
          Role
          <select className="text-input" name="role" defaultValue="dispatcher">
            {ROLES.map(({ role, label }) => (
              <option key={role} value={role}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {error && (
          <p role="alert" className="ops-error">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={add.isPending}>
          Add operator
        </button>
      </form>
      <table className="ops-table">
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">State</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {(operators.data ?? []).map((operator) => (
            <OperatorRow key={operator.id} operator={operator} />
          ))}
        </tbody>
      </table>
    </main>
  );
}

function OperatorRow({ operator }: { operator: Operator }) {
  const [error, setError] = useState<string | null>(null);
  const deactivate = useDeactivateOperator({
    onSuccess: () => setError(null),
    onError: async (failure) => setError(await errorText(failure)),
  });
  return (
    <tr>
      <th scope="row">{operator.email}</th>
      <td>{operator.role}</td>
      <td>{!operator.active ? 'Inactive' : operator.mustChangePassword ? 'Waiting for first sign-in' : 'Active'}</td>
      <td>
        {operator.active && (
          <button
            type="button"
            className="button button-small button-secondary"
            disabled={deactivate.isPending}
            onClick={() => deactivate.mutate(operator.id)}
            aria-label={`Deactivate ${operator.email}`}
          >
            Deactivate
          </button>
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
