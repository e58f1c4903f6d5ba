/**
 * The plans (docs/product.md 'Plans'): each plan's price, length, features and what it includes
 * each month, changed or added here without a deploy. A change reaches new subscriptions only:
 * a subscription keeps the terms it was bought with. Every save is in the audit.
 */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatNaira } from '../../lib/format';
import { MAX_LENGTH } from '../../shared/limits';
import { inclusionText, planDuration } from '../../shared/plans';
import { type CatalogPlan, plansQuery, useSavePlan } from '../api';
import { LoadError } from '../error-message';
import { errorText } from '../http';
import { FormError, TextField } from '../../ui/text-field';
import { linesOf, numberOf, textOf, wordsOrDash } from '../form-data';

export function PlansScreen() {
  const plans = useQuery(plansQuery());
  if (plans.isPending) return <main className="ops-main">Loading…</main>;
  if (plans.isError) return <LoadError error={plans.error} />;
  return (
    <main className="ops-main">
      <h1>Plans</h1>
      <p className="muted">A change applies to new subscriptions; those already bought keep their terms.</p>
      <details className="ops-panel">
        <summary>Add a plan</summary>
        <PlanForm plan={null} />
      </details>
      <table className="ops-table">
        <caption className="sr-only">Plans</caption>
        <thead>
          <tr>
            <th scope="col">Plan</th>
            <th scope="col">Price</th>
            <th scope="col">Included each month</th>
            <th scope="col">Features</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {plans.data.map((plan) => (
            <tr key={plan.key}>
              <td>
                <strong>{plan.name}</strong>
                <br />
                <span className="muted">
                  {plan.key}
                  {plan.active ? '' : ' · not offered'}
                </span>
              </td>
              <td className="ops-nowrap">
                {formatNaira(plan.price)} / {planDuration(plan)}
              </td>
              <td>{wordsOrDash(plan.inclusions.map(inclusionText))}</td>
              <td>
                {wordsOrDash([
                  ...plan.features,
                  plan.weeklyReports && 'weekly report',
                  plan.manager && 'dedicated manager',
                ])}
              </td>
              <td>
                <details>
                  <summary>Edit {plan.name}</summary>
                  <PlanForm plan={plan} />
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}

/** The editable text of an inclusion: 'household | 20 |  | household waste pickups | pickups'. */
const inclusionLine = (item: CatalogPlan['inclusions'][number]) =>
  [item.service, item.amount, item.unit, item.label, item.short ?? ''].join(' | ').trimEnd().replace(/ \|$/, '');

/** One inclusion a line: service key | amount | unit ('' for a count, kg, h) | label | short word (optional). */
function readInclusions(lines: string[]): CatalogPlan['inclusions'] {
  return lines.map((line) => {
    const [service = '', amount = '', unit = '', label = '', short = ''] = line.split('|').map((part) => part.trim());
    return {
      service,
      amount: Number(amount),
      unit,
      label,
      ...(short ? { short } : {}),
    };
  });
}

function readPlan(form: FormData, plan: CatalogPlan | null): CatalogPlan {
  return {
    key: plan?.key ?? textOf(form, 'key'),
    name: textOf(form, 'name'),
    price: numberOf(form, 'price'),
    durationMonths: numberOf(form, 'durationMonths'),
    features: linesOf(form, 'features'),
    inclusions: readInclusions(linesOf(form, 'inclusions')),
    weeklyReports: form.get('weeklyReports') === 'on',
    manager: form.get('manager') === 'on',
    position: numberOf(form, 'position'),
    active: form.get('active') === 'on',
  };
}

/** A new plan (`plan` null: its key is asked for) or the changes to one. */
function PlanForm({ plan }: { plan: CatalogPlan | null }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const save = useSavePlan({
    onSuccess: (saved) => {
      setError(null);
      setDone(`${saved.name} saved: new subscriptions get it.`);
    },
    onError: async (failure) => setError(await errorText(failure, 'The plan could not be saved.')),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    save.mutate(readPlan(new FormData(event.currentTarget), plan));
  };
  const label = MAX_LENGTH.label;
  return (
    <form className="ops-form ops-inline-form" onSubmit={submit}>
      {plan ? null : (
        <TextField
          label="Key"
          className="text-input"
          name="key"
          required
          maxLength={label}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
        />
      )}
      <TextField label="Name" className="text-input" name="name" required maxLength={label} defaultValue={plan?.name} />
      <TextField
        label="Price (naira)"
        className="text-input"
        name="price"
        type="number"
        min="0.01"
        step="0.01"
        required
        defaultValue={plan?.price}
      />
      <TextField
        label="Length (months)"
        className="text-input"
        name="durationMonths"
        type="number"
        min="1"
        max="24"
        step="1"
        required
        defaultValue={plan?.durationMonths ?? 1}
      />
      <label>
        Features (one a line)
        <textarea className="text-input" name="features" rows={4} defaultValue={plan?.features.join('\n')} />
      </label>
      <label>
        Included each month (one a line: service | amount | unit | label | short word)
        <textarea
          className="text-input"
          name="inclusions"
          rows={6}
          placeholder="household | 20 |  | household waste pickups | pickups"
          defaultValue={plan?.inclusions.map(inclusionLine).join('\n')}
        />
      </label>
      <TextField
        label="Place in the list"
        className="text-input"
        name="position"
        type="number"
        min="0"
        step="1"
        defaultValue={plan?.position ?? 100}
      />
      <label className="ops-nowrap">
        <input type="checkbox" name="weeklyReports" defaultChecked={plan?.weeklyReports ?? false} /> Weekly report
      </label>
      <label className="ops-nowrap">
        <input type="checkbox" name="manager" defaultChecked={plan?.manager ?? false} /> Dedicated manager
      </label>
      <label className="ops-nowrap">
        <input type="checkbox" name="active" defaultChecked={plan?.active ?? true} /> Offered
      </label>
      <FormError message={error} className="ops-error" />
      {done && <p role="status">{done}</p>}
      <button type="submit" className="button" disabled={save.isPending}>
        {plan ? 'Save changes' : 'Add plan'}
      </button>
    </form>
  );
}
