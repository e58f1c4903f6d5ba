/**
 * The plans (docs/product.md 'Plans'): each plan's price, length, features and what it includes
 * each month, changed or added here without a deploy. A change reaches new subscriptions only:
 * a subscription keeps the terms it was bought with. Every save is in the audit.
 */
import { useQuery } from '@tanstack/react-query';
import { formatNaira } from '../../lib/format';
import { MAX_LENGTH } from '../../shared/limits';
import { inclusionText, planDuration } from '../../shared/plans';
import { planSchema, SUPPORT_PRIORITY_MAX } from '../../shared/schemas/plans';
import { type CatalogPlan, type PlanRequest, plansQuery, useSavePlan } from '../api';
import { LoadError } from '../error-message';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/text-field';
import { wordsOrDash } from '../form-data';
import { firstError, linesOf, numberOf, requestResolver, showRefusal, useConsoleForm } from '../form-values';

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
                  plan.supportPriority && `support: ${plan.supportPriority}`,
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

/** The form's fields as typed: numbers as their text, the features and inclusions one a line. */
interface PlanValues {
  key: string;
  name: string;
  price: string;
  durationMonths: string;
  features: string;
  inclusions: string;
  position: string;
  supportPriority: string;
  weeklyReports: boolean;
  manager: boolean;
  active: boolean;
}

/** A new plan's blank form, or a plan's values (its key kept, not shown). */
const valuesOf = (plan: CatalogPlan | null): PlanValues => ({
  key: plan?.key ?? '',
  name: plan?.name ?? '',
  price: plan ? String(plan.price) : '',
  durationMonths: String(plan?.durationMonths ?? 1),
  features: plan?.features.join('\n') ?? '',
  inclusions: plan?.inclusions.map(inclusionLine).join('\n') ?? '',
  position: String(plan?.position ?? 100),
  supportPriority: plan?.supportPriority ?? '',
  weeklyReports: plan?.weeklyReports ?? false,
  manager: plan?.manager ?? false,
  active: plan?.active ?? true,
});

/** POST /ops/plans's own schema, on the plan the form's values make. */
const planRules = requestResolver(
  (values: PlanValues): PlanRequest => ({
    key: values.key,
    name: values.name,
    price: numberOf(values.price),
    durationMonths: numberOf(values.durationMonths),
    features: linesOf(values.features),
    inclusions: readInclusions(linesOf(values.inclusions)),
    weeklyReports: values.weeklyReports,
    manager: values.manager,
    position: numberOf(values.position),
    active: values.active,
    supportPriority: values.supportPriority,
  }),
  planSchema,
);

/** A new plan (`plan` null: its key is asked for) or the changes to one. */
function PlanForm({ plan }: { plan: CatalogPlan | null }) {
  const save = useSavePlan();
  const form = useConsoleForm<PlanValues, unknown, PlanRequest>({
    defaultValues: valuesOf(plan),
    resolver: planRules,
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;
  const submit = async (fields: PlanRequest) => {
    try {
      await save.mutateAsync(fields);
    } catch (failure) {
      await showRefusal(form, failure, 'The plan could not be saved.');
    }
  };
  const label = MAX_LENGTH.label;
  return (
    <form className="ops-form ops-inline-form" onSubmit={form.handleSubmit(submit)}>
      {plan ? null : (
        <TextField
          label="Key"
          className="text-input"
          required
          maxLength={label}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          {...form.register('key')}
        />
      )}
      <TextField label="Name" className="text-input" required maxLength={label} {...form.register('name')} />
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
        label="Length (months)"
        className="text-input"
        type="number"
        min="1"
        max="24"
        step="1"
        required
        {...form.register('durationMonths')}
      />
      <label>
        Features (one a line)
        <textarea className="text-input" rows={4} {...form.register('features')} />
      </label>
      <label>
        Included each month (one a line: service | amount | unit | label | short word)
        <textarea
          className="text-input"
          rows={6}
          placeholder="household | 20 |  | household waste pickups | pickups"
          {...form.register('inclusions')}
        />
      </label>
      <TextField
        label="Place in the list"
        className="text-input"
        type="number"
        min="0"
        step="1"
        {...form.register('position')}
      />
      <TextField
        label="Support priority (blank: none)"
        className="text-input"
        maxLength={SUPPORT_PRIORITY_MAX}
        {...form.register('supportPriority')}
      />
      <label className="ops-check ops-nowrap">
        <input type="checkbox" {...form.register('weeklyReports')} /> Weekly report
      </label>
      <label className="ops-check ops-nowrap">
        <input type="checkbox" {...form.register('manager')} /> Dedicated manager
      </label>
      <label className="ops-check ops-nowrap">
        <input type="checkbox" {...form.register('active')} /> Offered
      </label>
      <FormError message={firstError(errors)} className="ops-error" />
      {isSubmitSuccessful && save.data && <p role="status">{`${save.data.name} saved: new subscriptions get it.`}</p>}
      <Button type="submit" disabled={isSubmitting}>
        {plan ? 'Save changes' : 'Add plan'}
      </Button>
    </form>
  );
}
