/** Finding a client by e-mail or phone, and their tasks, plan and points (never a password or token: the server sends none). */
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { formatDate, formatDecimal, formatNaira } from '../../lib/format';
import { clientQuerySchema } from '../../shared/schemas/ops-console';
import { TextField } from '../../ui/text-field';
import { clientQuery, clientSearchQuery } from '../api';
import { LoadError } from '../error-message';
import { lengthsOf, useConsoleForm } from '../form-values';
import { ConsoleLink } from '../link';
import { SharedPhones } from './phone-codes';

/** GET /ops/clients's `?q=`, as the server checks it (trimmed, at least 3 characters). */
const clientSearchSchema = z.object({ q: clientQuerySchema });

export function ClientsScreen() {
  // The search asked (the query's key); the form holds what is typed.
  const [q, setQ] = useState('');
  const matches = useQuery(clientSearchQuery(q));
  const form = useConsoleForm<{ q: string }>({
    defaultValues: { q: '' },
    resolver: zodResolver(clientSearchSchema),
  });
  return (
    <main className="ops-main">
      <h1>Clients</h1>
      <form className="ops-form ops-inline-form" onSubmit={form.handleSubmit((values) => setQ(values.q))}>
        <TextField
          label="E-mail or phone"
          className="text-input"
          type="search"
          required
          {...lengthsOf(clientQuerySchema)}
          error={form.formState.errors.q?.message}
          errorClassName="ops-error"
          {...form.register('q', { onChange: () => form.clearErrors('q') })}
        />
        <button type="submit" className="button">
          Find
        </button>
      </form>
      {matches.isError && <LoadError error={matches.error} />}
      {matches.data &&
        (matches.data.length === 0 ? (
          <p className="muted">No client matches.</p>
        ) : (
          <ul className="ops-list">
            {matches.data.map((client) => (
              <li key={client.id} className="ops-panel">
                <ConsoleLink to={`/console/clients/${client.id}`}>
                  <bdi>
                    {client.firstname} {client.lastname}
                  </bdi>
                </ConsoleLink>{' '}
                <span className="muted">
                  {client.email}
                  {client.phone ? ` · ${client.phone}` : ''}
                </span>
              </li>
            ))}
          </ul>
        ))}
      <SharedPhones />
    </main>
  );
}

export function ClientScreen({ clientId }: { clientId: string }) {
  const record = useQuery(clientQuery(clientId));
  if (record.isPending) return <main className="ops-main">Loading…</main>;
  if (record.isError) return <LoadError error={record.error} />;
  const { client, tasks, plan, points } = record.data;
  const planName = plan === null ? 'No plan' : `${plan.name} (until ${formatDate(plan.expiresAt)})`;
  return (
    <main className="ops-main">
      <p>
        <ConsoleLink to="/console/clients">← Clients</ConsoleLink>
      </p>
      <h1 dir="auto">
        {client.firstname} {client.lastname}
      </h1>
      <dl className="ops-facts ops-panel">
        <dt>E-mail</dt>
        <dd>{client.email}</dd>
        <dt>Phone</dt>
        <dd>{client.phone ?? '—'}</dd>
        <dt>Plan</dt>
        <dd>{planName}</dd>
        <dt>Points</dt>
        <dd>{formatDecimal(points)}</dd>
      </dl>
      <h2>Tasks</h2>
      <table className="ops-table">
        <thead>
          <tr>
            <th scope="col">Booked</th>
            <th scope="col">Service</th>
            <th scope="col">Status</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {tasks.map((task) => (
            <tr key={task.id}>
              <td>{formatDate(task.createdAt)}</td>
              <td>
                <ConsoleLink to={`/console/tasks/${task.id}`}>{task.service.name}</ConsoleLink>
              </td>
              <td>{task.status}</td>
              <td>{formatNaira(task.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
