/**
 * Sign-in by phone in the console (docs/operations.md, 'Sign-in codes'): the codes sent and
 * their cost per day, with the days the daily cap made new numbers wait (admin, on the
 * Payments screen), and the numbers more than one client holds (on the Clients screen).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatDateTime, formatNaira } from '../../lib/format';
import { nairaToKobo } from '../../shared/money';
import { formatPhone } from '../../shared/validation/phone';
import { opsKeys } from '../api';
import { LoadError } from '../error-message';
import { opsHttp } from '../http';

interface CodeDay {
  day: string;
  codes: number;
  voiceCalls: number;
  cost: number;
  capRefused: number;
  capReachedAt: string | null;
}

interface SharedPhone {
  phone: string;
  clients: Array<{ id: string; name: string; email: string | null; verified: boolean }>;
}

const read = async <T,>(path: string) => (await opsHttp.get(path).json<{ data: T }>()).data;

const phoneCodesQuery = () =>
  queryOptions({
    queryKey: [...opsKeys.all, 'phone-codes'] as const,
    queryFn: () => read<{ dailyCap: number; days: CodeDay[] }>('ops/phone-codes'),
  });

const sharedPhonesQuery = () =>
  queryOptions({
    queryKey: [...opsKeys.all, 'shared-phones'] as const,
    queryFn: () => read<SharedPhone[]>('ops/shared-phones'),
  });

export function PhoneCodes() {
  const report = useQuery(phoneCodesQuery());
  if (report.isPending) return <p>Loading…</p>;
  if (report.isError) return <LoadError error={report.error} />;
  const { dailyCap, days } = report.data;
  return (
    <section aria-labelledby="phone-codes-heading">
      <h2 id="phone-codes-heading">Sign-in codes</h2>
      <p className="muted">Codes sent by SMS or voice call per day (Lagos); the daily cap is {dailyCap}.</p>
      {days.length === 0 ? (
        <p className="muted">No codes sent in the last 14 days.</p>
      ) : (
        <table className="ops-table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Codes</th>
              <th scope="col">Voice calls</th>
              <th scope="col">Cost</th>
              <th scope="col">Daily cap</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <td>{day.day}</td>
                <td>{day.codes}</td>
                <td>{day.voiceCalls}</td>
                <td>{formatNaira(nairaToKobo(day.cost))}</td>
                <td>
                  {day.capReachedAt ? (
                    <span className="ops-badge ops-badge-red">
                      Daily cap reached {formatDateTime(day.capReachedAt)}: {day.capRefused} waited
                    </span>
                  ) : (
                    'not reached'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function SharedPhones() {
  const shared = useQuery(sharedPhonesQuery());
  if (shared.isPending) return null;
  if (shared.isError) return <LoadError error={shared.error} />;
  if (shared.data.length === 0) return null;
  return (
    <section aria-labelledby="shared-phones-heading">
      <h2 id="shared-phones-heading">Numbers more than one client holds</h2>
      <p className="muted">Kept from before one number belonged to one client: the client who verifies it keeps it.</p>
      <ul className="ops-list">
        {shared.data.map((row) => (
          <li key={row.phone} className="ops-panel">
            <strong>{formatPhone(row.phone)}</strong>:{' '}
            {row.clients
              .map(
                (client) =>
                  `${client.name}${client.email ? ` (${client.email})` : ''}${client.verified ? ', verified' : ''}`,
              )
              .join('; ')}
          </li>
        ))}
      </ul>
    </section>
  );
}
