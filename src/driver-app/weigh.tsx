/**
 * At the door (docs/lifecycle.md): what the driver weighed or counted, the extra the client is
 * asked for above the booking and their answer (read every few seconds while they decide), and
 * the limits of the completion that follow from it. Pure texts and rules beside the form.
 */
import { useState, type FormEvent } from 'react';
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
  const [problem, setProblem] = useState<string | null>(null);
  const rule = measureRule(task.unit);
  if (!rule) return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const quantity = Number(new FormData(event.currentTarget).get('weighed'));
    const refused = measureProblem(task.unit, quantity);
    if (refused) return setProblem(refused);
    setProblem(null);
    void onWeigh(quantity);
  };
  return (
    <form className="driver-form" onSubmit={submit} noValidate aria-labelledby="weigh-title">
      <h2 id="weigh-title">{rule.unitWord === 'kg' ? 'Weigh it' : 'Count them'}</h2>
      <label>
        {rule.unitWord === 'kg' ? 'Weight (kg)' : 'Items'}
        <input
          name="weighed"
          type="number"
          inputMode="decimal"
          min={rule.min}
          step={rule.step}
          max={rule.max}
          defaultValue={task.weighedQuantity ?? task.quantity}
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
