/**
 * The audit trail (admin), newest first, in words: who with their role did what to which task
 * or person, with the amount and the reason; filtered by who, what, task and day; CSV export.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format';
import { auditQuerySchema } from '../../shared/schemas/ops-console';
import { type AuditFilters, auditParams, auditQuery, downloadCsv } from '../api';
import { LoadError } from '../error-message';
import { firstError, lengthsOf, queryResolver, useConsoleForm } from '../form-values';
import { errorText } from '../http';

/** What the audit can be filtered to, by the subject's kind. */
const KINDS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'Anything' },
  { value: 'task', label: 'Tasks' },
  { value: 'refund', label: 'Refund requests' },
  { value: 'driver', label: 'Drivers' },
  { value: 'payment', label: 'Payments' },
  { value: 'support', label: 'Support' },
  { value: 'client', label: 'Clients' },
  { value: 'operator', label: 'Operators' },
  { value: 'settings', label: 'Settings' },
];

const NO_FILTERS: AuditFilters = { who: '', what: '', task: '', day: '' };

/** Before and after as short JSON, for whoever needs the detail. */
const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

export function AuditScreen() {
  const ids = useId();
  // The filters asked (the query's key); the form holds the ones typed until Filter.
  const [filters, setFilters] = useState(NO_FILTERS);
  const [error, setError] = useState<string | null>(null);
  const entries = useQuery(auditQuery(filters));
  const form = useConsoleForm<AuditFilters>({
    defaultValues: NO_FILTERS,
    resolver: queryResolver(auditQuerySchema, auditParams),
  });
  const { errors } = form.formState;
  const problem = firstError(errors);
  const field = (name: keyof AuditFilters) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids}-problem` : undefined,
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
  });
  const exportCsv = () =>
    downloadCsv('ops/audit.csv', auditParams(filters), 'greenpick-audit.csv').then(
      () => setError(null),
      async (failure) => setError(await errorText(failure, 'The export failed.')),
    );
  return (
    <main className="ops-main">
      <div className="ops-title-row">
        <h1>Audit</h1>
        <button type="button" className="button button-small" onClick={() => void exportCsv()}>
          Export CSV
        </button>
      </div>
      <form
        className="ops-filters"
        aria-label="Audit filters"
        onSubmit={form.handleSubmit((values) => setFilters(values))}
      >
        <label htmlFor={`${ids}-who`}>Who</label>
        <input id={`${ids}-who`} className="text-input" {...lengthsOf(auditQuerySchema.shape.who)} {...field('who')} />
        <label htmlFor={`${ids}-what`}>What</label>
        <select id={`${ids}-what`} className="text-input" {...field('what')}>
          {KINDS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <label htmlFor={`${ids}-task`}>Task id</label>
        <input
          id={`${ids}-task`}
          className="text-input"
          {...lengthsOf(auditQuerySchema.shape.task)}
          {...field('task')}
        />
        <label htmlFor={`${ids}-day`}>Day</label>
        <input id={`${ids}-day`} className="text-input" type="date" {...field('day')} />
        <button type="submit" className="button button-small">
          Filter
        </button>
        {problem && (
          <p id={`${ids}-problem`} role="alert" className="ops-error">
            {problem}
          </p>
        )}
      </form>
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
      {entries.isPending ? (
        <p>Loading…</p>
      ) : entries.isError ? (
        <LoadError error={entries.error} />
      ) : (
        <table className="ops-table ops-audit">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Did what</th>
              <th scope="col">From</th>
              <th scope="col">Subject</th>
            </tr>
          </thead>
          <tbody>
            {entries.data.map((entry) => (
              <tr key={entry.id}>
                <td className="ops-nowrap">{formatDateTime(entry.at)}</td>
                <td>{entry.who}</td>
                <td>
                  {entry.what}
                  <details>
                    <summary className="muted">Before and after</summary>
                    <p className="ops-json">
                      {shown(entry.before)} → {shown(entry.after)}
                    </p>
                  </details>
                </td>
                <td>{entry.address ?? '—'}</td>
                <td className="muted">{entry.subject}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
