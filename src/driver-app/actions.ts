/**
 * The driver's status changes (the task's steps and the Online / Offline switch), pickup photos,
 * completions and chat messages (docs/driver.md, 'Offline'): each is queued in IndexedDB first and sent in order,
 * at once when the network is there, else when it returns.
 * The server judges each; a refused one stays with its reason for the driver to see.
 */
import { sendKeptPoints } from './location';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  completeTask,
  driverKeys,
  markArrived,
  sendDriverMessage,
  sendTaskPhoto,
  setAvailability,
  startTask,
  weighTask,
} from '../lib/api/driver';
import { readCallFailure, failureMessage } from '../shared/call-failure';
import { CHAT_ENDED } from '../shared/limits';
import type { DriverCompletion } from '../shared/driver-contract';
import { sendInOrder, type SendOutcome } from '../shared/driver-rules';
import {
  addDriverAction,
  getDriverActions,
  refuseDriverAction,
  removeDriverAction,
  type DriverAction,
} from '../shared/offline-db';
import { keep } from './kept';

export const completionPath = (taskId: string) => `driver/completed/${taskId}`;

async function send(action: DriverAction): Promise<SendOutcome> {
  try {
    if (action.kind === 'availability') await setAvailability(action.online ?? false);
    else if (action.kind === 'start') await startTask(action.taskId);
    else if (action.kind === 'arrived') {
      // Arrival is judged on the newest stored position: the batch waiting on the phone goes first.
      await sendKeptPoints();
      await markArrived(action.taskId);
    } else if (action.kind === 'weigh') await weighTask(action.taskId, action.quantity ?? 0);
    else if (action.kind === 'photo') await sendTaskPhoto(action.taskId, action.image ?? '');
    else if (action.kind === 'message')
      await sendDriverMessage(action.taskId, action.content ?? '', action.clientId ?? '');
    else {
      const done: DriverCompletion = await completeTask(action.taskId, action.code ?? '', action.quantity ?? 0);
      await keep(completionPath(action.taskId), done);
    }
    return { kind: 'sent' };
  } catch (error) {
    const failure = await readCallFailure(error);
    // No answer, or the session is being renewed (signed out, password change): it waits. An
    // ended chat's 403 is final: the message shows why it was not sent.
    const credentials = failure.kind === 'http' && (failure.status === 401 || failure.status === 403);
    if (failure.kind !== 'http' || (credentials && failure.message !== CHAT_ENDED) || failure.status >= 500)
      return { kind: 'offline' };
    return { kind: 'refused', message: failureMessage(failure, 'The server refused this') };
  }
}

/** The driver's reads from the server (not the queue itself). */
const isDriverRead = (queryKey: readonly unknown[]) =>
  queryKey[0] === driverKeys.all[0] && queryKey[1] !== driverKeys.actions()[1];

async function flushOnce(queryClient: QueryClient): Promise<void> {
  const results = await sendInOrder(await getDriverActions(), send);
  // The screens read the server's new state before the queued entries go, so a step done
  // never shows as undone in between (on the way, then 'Accepted' for a moment).
  if (results.some(({ outcome }) => outcome.kind !== 'offline'))
    await queryClient.invalidateQueries({ predicate: ({ queryKey }) => isDriverRead(queryKey) });
  for (const { item, outcome } of results) {
    if (outcome.kind === 'sent') await removeDriverAction(item.id!);
    else if (outcome.kind === 'refused') await refuseDriverAction(item.id!, outcome.message);
  }
  await queryClient.invalidateQueries({ queryKey: driverKeys.actions() });
}

let flushing: Promise<void> | undefined;
let flushAgain = false;

/**
 * Sends what waits, in order (one run at a time), then refreshes the screens. A call during a
 * run makes it go round once more: the run read the queue before what was just added.
 */
export function flushActions(queryClient: QueryClient): Promise<void> {
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      flushAgain = false;
      await flushOnce(queryClient);
    } while (flushAgain);
  })().finally(() => {
    flushing = undefined;
  });
  return flushing;
}

/** The actions still being written to the queue: a step tapped a moment ago is not in it yet. */
const writing = new Set<Promise<void>>();

async function writeAction(action: Omit<DriverAction, 'id' | 'queuedAt'>): Promise<void> {
  for (const old of await getDriverActions())
    if (old.refusal !== undefined && old.taskId === action.taskId && old.kind === action.kind && old.kind !== 'message')
      await removeDriverAction(old.id!);
  await addDriverAction({ ...action, queuedAt: Date.now() });
}

/** Queues an action (a refused one of the same kind and task is replaced) and tries to send it. */
export async function queueAction(
  queryClient: QueryClient,
  action: Omit<DriverAction, 'id' | 'queuedAt'>,
): Promise<void> {
  // Known as being written from the tap itself (before any await), so `actionsNow` counts it.
  const written = writeAction(action);
  writing.add(written);
  try {
    await written;
  } finally {
    writing.delete(written);
  }
  await queryClient.invalidateQueries({ queryKey: driverKeys.actions() });
  await flushActions(queryClient);
}

/**
 * What waits in the queue now, the actions still being written included: what sign-out counts,
 * where the screen's list (a query read again after each write) can be a moment behind a tap.
 */
export async function actionsNow(): Promise<DriverAction[]> {
  await Promise.allSettled(writing);
  return getDriverActions();
}

export function useActions(): DriverAction[] {
  return useQuery({ queryKey: driverKeys.actions(), queryFn: getDriverActions }).data ?? [];
}
