/**
 * The task: address, details, map, Navigate (the phone's maps app), Call, Chat, "I'm on my
 * way", "I've arrived", the pickup photo, and the client's code with the weighed or counted
 * quantity to complete.
 * Each step is queued first (./actions.ts): offline it waits and says so; a refusal shows.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { formatNaira } from '../lib/format';
import { driverKeys } from '../lib/api/driver';
import { useOnline } from '../lib/use-online';
import type { DriverCompletion } from '../shared/driver-contract';
import type { DriverAction } from '../shared/offline-db';
import { completionPath, queueAction, useActions } from './actions';
import { shrinkPhoto } from './photo';
import { kept } from './kept';
import { Link } from './link';
import { useTasks } from './queries';
import { ScreenAge } from './screen-age';
import { useWakeLock } from './location';
import { changeDriverSetting, useDriverSettings } from './settings';
import { NavigationChoice } from './settings-screen';
import { navigationLink } from '../shared/navigation-links';
import { statusText, whenText } from './tasks';
import { collectLimit, extraStatusText, WeighForm } from './weigh';
import { TaskOutcome } from './task-outcome';
import { completedText } from '../shared/collected';
import { measureProblem, quantityText } from '../shared/quantity';

const TaskMap = lazy(() => import('./task-map'));

const ACTION_NAMES: Record<DriverAction['kind'], string> = {
  start: "I'm on my way",
  arrived: "I've arrived",
  weigh: 'The weight',
  photo: 'The pickup photo',
  complete: 'Completing the pickup',
  message: 'A chat message',
  availability: 'Online / Offline',
};

/** 'kg' or 'items' when the quantity is weighed or counted at the door; null when done as booked. */
function measuredUnit(unit: string): 'kg' | 'items' | null {
  if (/\bkg\b/.test(unit)) return 'kg';
  if (/\bitems?\b/.test(unit)) return 'items';
  return null;
}

export function TaskScreen({ taskId }: { taskId: string }) {
  const queryClient = useQueryClient();
  const tasks = useTasks();
  const network = useOnline();
  const actions = useActions().filter((action) => action.taskId === taskId && action.kind !== 'message');
  const completion = useQuery({
    queryKey: driverKeys.completed(taskId),
    queryFn: async () => (await kept<DriverCompletion>(completionPath(taskId))) ?? null,
  });
  // The screen stays on while the task is open (navigation, the code at the door).
  useWakeLock(!completion.data);
  const task = tasks.data?.data.find((candidate) => candidate.taskId === taskId);

  if (completion.data) {
    const done = completion.data;
    return (
      <main className="driver-main">
        <h1>Pickup completed</h1>
        <p role="status" className="driver-done">
          {completedText(done.unit ?? '', done.quantity)}.
          {done.refund > 0 ? ` The client gets ${formatNaira(done.refund)} back.` : ''}
          {done.pointsEarned > 0 ? ` The client earned ${done.pointsEarned} points.` : ''}
        </p>
        <Link to="/" className="driver-button">
          Back to today's tasks
        </Link>
      </main>
    );
  }
  if (!task) {
    return (
      <main className="driver-main">
        <h1>Task</h1>
        {tasks.isPending ? <p>Loading…</p> : <TaskOutcome taskId={taskId} />}
        <Link to="/" className="driver-button driver-button-quiet">
          Today's tasks
        </Link>
      </main>
    );
  }

  const waiting = actions.filter((action) => action.refusal === undefined);
  const refused = actions.filter((action) => action.refusal !== undefined);
  const started = task.status === 'on-going' || waiting.some((action) => action.kind === 'start');
  const arrived = Boolean(task.arrivedAt) || waiting.some((action) => action.kind === 'arrived');
  const completing = waiting.some((action) => action.kind === 'complete');
  const [lng, lat] = task.pin.coordinates;
  const unit = measuredUnit(task.unit);
  const weighing = waiting.some((action) => action.kind === 'weigh');
  const extraText = extraStatusText(task);
  const photoRule = task.photo ?? 'off';
  const photoQueued = waiting.some((action) => action.kind === 'photo');
  const photoHeld = Boolean(task.photoTaken) || photoQueued;

  // At the door (weighing, the extra, the client's code): first on the screen once arrived.
  const door = (
    <>
      {extraText ? (
        <p className="driver-status" role="status" data-testid="extra-status">
          {extraText}
        </p>
      ) : null}
      {arrived && unit && !completing && !weighing && task.extra?.status !== 'paid' ? (
        <WeighForm task={task} onWeigh={(quantity) => queueAction(queryClient, { kind: 'weigh', taskId, quantity })} />
      ) : null}
      {arrived && photoRule !== 'off' && !completing ? (
        <PhotoProof
          required={photoRule === 'required'}
          held={photoHeld}
          onPhoto={(image) => queueAction(queryClient, { kind: 'photo', taskId, image })}
        />
      ) : null}
      {started && !completing ? (
        <CompleteForm
          photoMissing={photoRule === 'required' && !photoHeld}
          unit={unit}
          unitName={task.unit}
          booked={collectLimit(task)}
          suggested={Math.min(task.weighedQuantity ?? task.quantity, collectLimit(task))}
          onComplete={(code, quantity) => queueAction(queryClient, { kind: 'complete', taskId, code, quantity })}
        />
      ) : null}
    </>
  );

  return (
    <main className="driver-main">
      <h1>{task.service.name}</h1>
      {arrived ? door : null}
      <ScreenAge kept={tasks.data} />
      <p className="driver-status" data-testid="task-status">
        {arrived ? 'Arrived' : started ? 'On the way' : statusText(task)}
      </p>
      {waiting.map((action) => (
        <p key={action.id} className="driver-waiting" role="status">
          {network
            ? `Sending: ${ACTION_NAMES[action.kind]}…`
            : `Waiting for the network: ${ACTION_NAMES[action.kind]}. It is sent when you are back online.`}
        </p>
      ))}
      {refused.map((action) => (
        <p key={action.id} className="driver-error" role="alert">
          Refused ({ACTION_NAMES[action.kind]}): {action.refusal}
        </p>
      ))}
      {started ? null : (
        <button
          type="button"
          className="driver-button"
          onClick={() => void queueAction(queryClient, { kind: 'start', taskId })}
        >
          I'm on my way
        </button>
      )}
      {started && !arrived ? (
        <button
          type="button"
          className="driver-button"
          onClick={() => void queueAction(queryClient, { kind: 'arrived', taskId })}
        >
          I've arrived
        </button>
      ) : null}
      <dl className="driver-facts">
        <dt>Address</dt>
        <dd dir="auto">{task.address}</dd>
        {task.addressDetails ? (
          <>
            <dt>Details</dt>
            <dd dir="auto">{task.addressDetails}</dd>
          </>
        ) : null}
        <dt>Client</dt>
        <dd dir="auto">{task.client.firstname}</dd>
        <dt>Booked</dt>
        <dd>{quantityText(task.unit, task.quantity) || task.quantity}</dd>
        <dt>When</dt>
        <dd>{whenText(task)}</dd>
        <dt>You earn</dt>
        <dd>{formatNaira(task.earnings)}</dd>
      </dl>
      <div className="driver-map">
        <Suspense fallback={null}>
          <TaskMap lat={lat!} lng={lng!} />
        </Suspense>
      </div>
      <div className="driver-row">
        <Navigate lat={lat!} lng={lng!} />
        <a className="driver-button driver-button-quiet" href={`tel:${task.client.phone}`}>
          Call
        </a>
        <Link to={`/tasks/${task.taskId}/chat`} className="driver-button driver-button-quiet">
          Chat
        </Link>
      </div>
      {arrived ? null : door}
    </main>
  );
}

/**
 * Navigate: the maps app the driver chose (asked at the first tap, remembered; Settings changes
 * it), opened at the pin in driving mode.
 */
function Navigate({ lat, lng }: { lat: number; lng: number }) {
  const { navigationApp } = useDriverSettings();
  const [choosing, setChoosing] = useState(false);
  if (navigationApp && !choosing)
    return (
      <a
        className="driver-button driver-button-quiet"
        href={navigationLink(navigationApp, lat, lng)}
        target="_blank"
        rel="noreferrer"
      >
        Navigate
      </a>
    );
  if (!choosing)
    return (
      <button type="button" className="driver-button driver-button-quiet" onClick={() => setChoosing(true)}>
        Navigate
      </button>
    );
  return (
    <NavigationChoice
      legend="Navigate with (remembered; Settings changes it)"
      value={navigationApp}
      onChoose={(app) => {
        changeDriverSetting('navigationApp', app);
        setChoosing(false);
        window.open(navigationLink(app, lat, lng), '_blank', 'noreferrer');
      }}
    />
  );
}

/**
 * Photo proof at pickup: the back camera's picture, shrunk on the phone, queued before the
 * completion (both wait for the network together). Once taken it is not taken again.
 */
function PhotoProof({
  required,
  held,
  onPhoto,
}: {
  required: boolean;
  held: boolean;
  onPhoto: (image: string) => Promise<void>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (held)
    return (
      <p className="driver-status" role="status" data-testid="photo-status">
        Pickup photo taken
      </p>
    );
  const take = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      await onPhoto(await shrinkPhoto(file));
    } catch {
      setProblem('The photo could not be read. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="driver-form">
      <h2>{required ? 'Photo at pickup (required)' : 'Photo at pickup (optional)'}</h2>
      <label className="driver-button driver-photo-button">
        {busy ? 'Preparing the photo…' : 'Take the pickup photo'}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          className="driver-photo-input"
          disabled={busy}
          onChange={(event) => void take(event)}
        />
      </label>
      {problem ? (
        <p role="alert" className="driver-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function CompleteForm({
  photoMissing,
  unit,
  unitName,
  booked,
  suggested,
  onComplete,
}: {
  /** The service requires the photo and none is taken yet. */
  photoMissing: boolean;
  unit: 'kg' | 'items' | null;
  unitName: string;
  /** The most that may be collected now (the booking, or the weight once the extra is paid). */
  booked: number;
  suggested: number;
  onComplete: (code: string, quantity: number) => Promise<void>;
}) {
  // The form's values in react-hook-form; its one problem at a time is the form's root error.
  const form = useForm<{ code: string; quantity: string }>({
    defaultValues: { code: '', quantity: String(suggested) },
  });
  const problem = form.formState.errors.root?.message ?? null;
  const refuse = (message: string) => form.setError('root', { message });
  const submit = form.handleSubmit((values) => {
    const code = values.code.trim();
    const quantity = unit ? Number(values.quantity) : booked;
    if (photoMissing) return refuse('Take the pickup photo first.');
    if (code === '') return refuse("Type the client's confirmation code.");
    if (!Number.isFinite(quantity) || quantity <= 0) return refuse('Type the quantity collected.');
    const refused = unit ? measureProblem(unitName, quantity) : null;
    if (refused) return refuse(refused);
    if (quantity > booked)
      return refuse(`At most ${quantityText(unitName, booked)}: weigh it to ask the client for more.`);
    form.clearErrors('root');
    void onComplete(code, quantity);
  });
  return (
    <form className="driver-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="complete-title">
      <h2 id="complete-title">Complete the pickup</h2>
      <label>
        Client's confirmation code
        <input inputMode="numeric" autoComplete="off" maxLength={16} {...form.register('code')} />
      </label>
      {unit ? (
        <label>
          {unit === 'kg' ? 'Weight collected (kg)' : 'Items collected'}
          <input
            type="number"
            inputMode="decimal"
            min={unit === 'kg' ? 0.1 : 1}
            step={unit === 'kg' ? 0.1 : 1}
            max={booked}
            {...form.register('quantity')}
          />
        </label>
      ) : null}
      {problem ? (
        <p role="alert" className="driver-error">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="driver-button">
        Complete pickup
      </button>
    </form>
  );
}
