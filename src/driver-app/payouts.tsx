/**
 * The payouts screen (docs/driver.md 'Payouts'): the balance, the bank account (the bank from
 * Paystack's list, the number checked to its name before it is saved), each payout and the
 * weekly statement.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { driverKeys, resolveBankAccount, saveBankAccount } from '../lib/api/driver';
import { formatNaira } from '../lib/format';
import { formatLagosDay } from '../shared/display-format';
import type { DriverBankAccount, PayoutStatus } from '../shared/driver-contract';
import { MAX_LENGTH } from '../shared/limits';
import { useBanks, usePayouts } from './queries';
import { ScreenAge } from './screen-age';
import { Button } from '../ui/button';
import { FormError, TextField } from '../ui/text-field';
import { useFormCall } from './form-call';

const STATUS_TEXT: Record<PayoutStatus, string> = {
  queued: 'Being sent',
  pending: 'Sent to your bank',
  success: 'Paid',
  failed: 'Failed: back in your balance',
  reversed: 'Returned by the bank: back in your balance',
};

/** 'Week of Mon 7 Dec' from the week's Monday. */
const weekText = (week: string) => `Week of ${formatLagosDay(Date.parse(`${week}T12:00:00Z`))}`;

export function PayoutsScreen() {
  const payouts = usePayouts();
  const data = payouts.data?.data;
  const [changing, setChanging] = useState(false);
  return (
    <main className="driver-main">
      <h1>Payouts</h1>
      <ScreenAge kept={payouts.data} />
      {payouts.isError && !data ? (
        <p role="alert" className="driver-error">
          Payouts could not be loaded. They show here once the network is back.
        </p>
      ) : null}
      {data ? (
        <>
          <section aria-labelledby="payouts-balance">
            <h2 id="payouts-balance">Balance</h2>
            <p className="driver-earnings-amount" data-testid="payouts-balance">
              {formatNaira(data.balance)}
            </p>
            <p className="driver-card-meta">Paid every Monday to your bank account when it is ₦100.00 or more.</p>
          </section>
          <section aria-labelledby="payouts-account" className="driver-form">
            <h2 id="payouts-account">Bank account</h2>
            {data.account && !changing ? (
              <>
                <p data-testid="bank-account">{accountText(data.account)}</p>
                <Button className="driver-button driver-button-quiet" onClick={() => setChanging(true)}>
                  Change bank account
                </Button>
              </>
            ) : (
              <BankAccountForm onSaved={() => setChanging(false)} />
            )}
          </section>
          <section aria-labelledby="payouts-list">
            <h2 id="payouts-list">Payouts</h2>
            {data.payouts.length === 0 ? <p className="driver-empty">No payout yet.</p> : null}
            <ul className="driver-list">
              {data.payouts.map((payout) => (
                <li key={payout.id} className="driver-card">
                  <strong>{formatNaira(payout.amount)}</strong>
                  <span className="driver-card-meta">
                    {weekText(payout.week)} · {STATUS_TEXT[payout.status]}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="payouts-statement">
            <h2 id="payouts-statement">Weekly statement</h2>
            {data.weeks.length === 0 ? <p className="driver-empty">Nothing earned yet.</p> : null}
            <ul className="driver-list">
              {data.weeks.map((week) => (
                <li key={week.week} className="driver-card">
                  <strong>{weekText(week.week)}</strong>
                  <span>
                    {week.tasks} {week.tasks === 1 ? 'task' : 'tasks'} · earned {formatNaira(week.earned)} · paid{' '}
                    {formatNaira(week.paid)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </main>
  );
}

const accountText = (account: DriverBankAccount) =>
  `${account.accountName}, ${account.bankName} ····${account.accountNumberEnd}`;

/** Check the account (its name comes back), then save it: the server checks it again. */
function BankAccountForm({ onSaved }: { onSaved: () => void }) {
  const queryClient = useQueryClient();
  const banks = useBanks(true);
  const [checked, setChecked] = useState<{ bankCode: string; accountNumber: string; name: string } | null>(null);
  const { error, busy, run } = useFormCall(
    'No network: adding a bank account needs a connection.',
    'Could not check the account. Please try again.',
  );

  const check = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const bankCode = String(form.get('bank') ?? '');
    const accountNumber = String(form.get('accountNumber') ?? '').trim();
    return run(async () => {
      setChecked(null);
      const { accountName } = await resolveBankAccount(bankCode, accountNumber);
      setChecked({ bankCode, accountNumber, name: accountName });
    });
  };
  const save = () =>
    run(async () => {
      if (!checked) return;
      await saveBankAccount(checked.bankCode, checked.accountNumber);
      await queryClient.invalidateQueries({ queryKey: driverKeys.payouts() });
      onSaved();
    });

  return (
    <form onSubmit={check} className="driver-form" noValidate>
      <label>
        Bank
        <select name="bank" required disabled={!banks.data} onChange={() => setChecked(null)}>
          <option value="">{banks.isError ? 'The banks could not be loaded' : 'Choose your bank'}</option>
          {banks.data?.map((bank) => (
            <option key={bank.code} value={bank.code}>
              {bank.name}
            </option>
          ))}
        </select>
      </label>
      <TextField
        label="Account number"
        name="accountNumber"
        inputMode="numeric"
        autoComplete="off"
        required
        maxLength={MAX_LENGTH.accountNumber}
        onChange={() => setChecked(null)}
      />
      <FormError message={error} className="driver-error" />
      {checked ? (
        <>
          <p className="driver-done" role="status">
            Account name: {checked.name}
          </p>
          <Button className="driver-button" busy={busy} busyText="Saving…" onClick={save}>
            Save bank account
          </Button>
        </>
      ) : (
        <Button type="submit" className="driver-button" busy={busy} busyText="Checking…">
          Check account
        </Button>
      )}
    </form>
  );
}
