/** The operators (admin): who has which role, and adding one (their one-time password shown once). */
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { MAX_LENGTH } from '../../shared/limits';
import { newOperatorSchema } from '../../shared/schemas/ops-console';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/text-field';
import { type Operator, operatorsQuery, useAddOperator, useDeactivateOperator } from '../api';
import { LoadError } from '../error-message';
import { firstError, showRefusal, useConsoleForm } from '../form-values';
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

interface NewOperator {
  email: string;
  role: OperatorRole;
}

export function OperatorsScreen() {
  const operators = useQuery(operatorsQuery());
  const [secret, setSecret] = useState<{ who: string; password: string } | null>(null);
  const add = useAddOperator();
  const form = useConsoleForm<NewOperator>({
    defaultValues: { email: '', role: 'dispatcher' },
    resolver: zodResolver(newOperatorSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = async (operator: NewOperator) => {
    // The one-time password is shown for the address as typed (the server keeps it lower-case).
    const who = form.getValues('email').trim();
    try {
      const answer = await add.mutateAsync(operator);
      form.reset();
      setSecret({ who, password: answer.password });
    } catch (failure) {
      await showRefusal(form, failure, 'The operator could not be added.');
    }
  };
  if (operators.isError) return <LoadError error={operators.error} />;
  return (
    <main className="ops-main">
      <h1>Operators</h1>
      {secret && <OneTimePassword who={secret.who} password={secret.password} onDone={() => setSecret(null)} />}
      <form className="ops-panel ops-form ops-inline-form" onSubmit={form.handleSubmit(submit)}>
        <TextField
          label="E-mail"
          className="text-input"
          type="email"
          required
          maxLength={MAX_LENGTH.email}
          {...form.register('email')}
        />
        <label>
          Role
          <select className="text-input" {...form.register('role')}>
            {ROLES.map(({ role, label }) => (
              <option key={role} value={role}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <FormError message={firstError(errors)} className="ops-error" />
        <Button type="submit" disabled={isSubmitting}>
          Add operator
        </Button>
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
