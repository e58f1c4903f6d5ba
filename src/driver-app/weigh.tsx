/**
 * At the door (docs/lifecycle.md): what the driver weighed or counted, the extra the client is
 * asked for above the booking and their answer (read every few seconds while they decide), and
 * the limits of the completion that follow from it. Pure texts and rules beside the form.
 */
import { useForm } from 'react-hook-form';
import { formatNaira } from '../lib/format';
import type { DriverTask } from '../shared/driver-contract';
import { measureProblem, measureRule, quantityText } from '../shared/quantity';

/** The most the driver may complete with: the weighed quantity once the extra is paid, else the booking. */
export function collectLimit(task: Pick<DriverTask, 'quantity' | 'weighedQuantity' | 'extra'>): number {
  return task.extra?.status === 'paid' && task.weighedQuantity ? task.weighedQuantity : task.quantity;
}

/** What the client said of the extra, as the driver reads it. */
export function extraStatusText(task: Pick<DriverTask, 'unit' | 'quantity' | 'weighedQuantity' | 'extra'>): string {
  const extra = task.extra;
  if (!extra || !task.weighedQuantity) return '';
  const weighed = quantityText(task.unit, task.weighedQuantity);
  const booked = quantityText(task.unit, task.quantity);
  if (extra.status === 'awaiting')
    return `Waiting for the client: ${weighed} weighed (booked ${booked}), ${formatNaira(extra.amount)} more to pay.`;
  if (extra.status === 'paid') return `The client paid for ${weighed}: collect it all.`;
  return `The client declined the extra: take ${booked}.`;
}

export function WeighForm({
  task,
  onWeigh,
}: {
  task: Pick<DriverTask, 'unit' | 'quantity' | 'weighedQuantity'>;
  onWeigh: (quantity: number) => Promise<void>;
}) {
  // As the completion's form: react-hook-form holds the value, its root error the one problem.
  const form = useForm<{ weighed: string }>({
    defaultValues: { weighed: String(task.weighedQuantity ?? task.quantity) },
  });
  const problem = form.formState.errors.root?.message ?? null;
  const submit = form.handleSubmit(({ weighed }) => {
    const quantity = Number(weighed);
    const refused = measureProblem(task.unit, quantity);
    if (refused) return form.setError('root', { message: refused });
    form.clearErrors('root');
    void onWeigh(quantity);
  });
  const rule = measureRule(task.unit);
  if (!rule) return null;
  return (
    <form className="driver-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="weigh-title">
      <h2 id="weigh-title">{rule.unitWord === 'kg' ? 'Weigh it' : 'Count them'}</h2>
      <label>
        {rule.unitWord === 'kg' ? 'Weight (kg)' : 'Items'}
        <input
          type="number"
          inputMode="decimal"
          min={rule.min}
          step={rule.step}
          max={rule.max}
          {...form.register('weighed')}
        />
      </label>
      <p className="driver-hint">
        Booked: {quantityText(task.unit, task.quantity)}. More than that asks the client to pay the rest.
      </p>
      {problem ? (
        <p role="alert" className="driver-error">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="driver-button driver-button-quiet">
        {task.weighedQuantity ? 'Weigh again' : 'Record'}
      </button>
    </form>
  );
}
