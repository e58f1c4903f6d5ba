/**
 * The demo driver simulator (SIMULATOR=1, on with DEMO): each tick plays the drivers, so a demo
 * shows the whole journey with nobody at the console. One server at a time does the work,
 * under an advisory lock (docs/operations.md, 'Demo data and the driver simulator').
 */
import type { AppDeps } from '../context';
import { ADVISORY_LOCKS, tryTransactionLock } from '../db/advisory-locks';
import { startRepeating, type Repeating } from '../repeating';
import type { Queryable } from '../db/connection';
import type { Logger } from '../log';
import * as sql from '../db/ops';
import { startRefund } from '../payments/refunds';
import * as lifecycle from '../tasks/lifecycle';
import { TaskRefused } from '../tasks/errors';
import { haversineMeters } from '../../src/shared/geo';
import { oneLine } from '../printable';

export interface SimulatorOptions {
  intervalMs?: number;
  assignAfterMs?: number;
  cancelUnservedAfterMs?: number;
}

/** `tick()` is false when another server holds the simulator's lock. */
export type Simulator = Repeating<boolean>;

export interface Point {
  lat: number;
  lng: number;
}

export const STEP_FRACTION = 0.15;
export const MIN_STEP_METERS = 50;
export const ARRIVAL_METERS = 100;
/** A scheduled task is assigned this long before its window starts. */
export const SCHEDULED_ASSIGN_LEAD_MS = 30 * 60_000;

export function startSimulator(deps: AppDeps, options: SimulatorOptions = {}): Simulator {
  const assignAfterMs = options.assignAfterMs ?? 5_000;
  const cancelUnservedAfterMs = options.cancelUnservedAfterMs ?? 30 * 60_000;
  return startRepeating(() => simulateOnce(deps, assignAfterMs, cancelUnservedAfterMs), {
    intervalMs: options.intervalMs ?? 2_000,
    onError: (error) => deps.log.child({ module: 'simulator' }).error({ err: error }, 'tick failed'),
  });
}

/** What one tick works with: its transaction, the lifecycle inside it, the clock and the log. */
interface Tick {
  db: Queryable;
  lifecycle: lifecycle.LifecycleDeps;
  now: () => Date;
  /** The simulator's own logger. */
  log: Logger;
}

/** A lifecycle step the state no longer allows (someone was quicker) is skipped, not a failure. */
async function unlessRefused(step: () => Promise<unknown>): Promise<boolean> {
  try {
    await step();
    return true;
  } catch (error) {
    if (error instanceof TaskRefused) return false;
    throw error;
  }
}

async function simulateOnce(deps: AppDeps, assignAfterMs: number, cancelUnservedAfterMs: number): Promise<boolean> {
  const cancelled: string[] = [];
  const ran = await deps.db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, ADVISORY_LOCKS.simulator))) return false;
    const tick: Tick = {
      db: tx,
      lifecycle: { ...deps, db: lifecycle.joined(tx) },
      now: deps.now,
      log: deps.log.child({ module: 'simulator' }),
    };
    const at = deps.now().getTime();
    // A scheduled task gets its driver shortly before its window, and is never 'unserved' before it.
    await assignWaitingTasks(tick, new Date(at - assignAfterMs), new Date(at + SCHEDULED_ASSIGN_LEAD_MS));
    const unservedSince = new Date(at - cancelUnservedAfterMs);
    cancelled.push(...(await cancelUnserved(tick, unservedSince)));
    await moveDrivers(tick);
    await responseMessages(tick);
    return true;
  });
  // Refunds are asked of the provider after the tick's transaction: no network call holds its locks.
  for (const taskId of cancelled)
    await startRefund(deps.db, { refunder: deps.refunder, mailer: deps.mailer, log: deps.log }, taskId);
  return ran;
}

/** With no driver at all, a paid task waiting since before `createdBefore` is cancelled (and refunded after the tick). */
async function cancelUnserved(deps: Tick, createdBefore: Date): Promise<string[]> {
  if ((await sql.selectDrivers(deps.db)).length > 0) return [];
  const cancelled: string[] = [];
  for (const task of await sql.selectTasksAwaitingDriver(deps.db, createdBefore, createdBefore)) {
    const order = { reason: 'too-slow' as const, note: '' };
    if (!(await unlessRefused(() => lifecycle.cancel(deps.lifecycle, task.id, order, { actor: 'job' })))) continue;
    cancelled.push(task.id);
    deps.log.info({ taskId: task.id }, 'no driver could take the task: cancelled');
  }
  return cancelled;
}

/**
 * Each waiting task goes to the nearest free simulated driver: never to one who holds a task,
 * and not when a real driver (online, free, not simulated) is nearer: dispatch offers it to them.
 */
async function assignWaitingTasks(deps: Tick, createdBefore: Date, dueBy: Date): Promise<void> {
  const waiting = await sql.selectTasksAwaitingDriver(deps.db, createdBefore, dueBy);
  if (!waiting.length) return;
  const simulated = await sql.selectSimulatedDrivers(deps.db);
  const simulatedIds = new Set(simulated.map((driver) => driver.id));
  const real = (await sql.selectDrivers(deps.db)).filter(
    (driver) => !simulatedIds.has(driver.id) && driver.active && driver.online && driver.active_tasks === 0,
  );
  const free = simulated.filter((driver) => driver.active && driver.active_tasks === 0);
  for (const task of waiting) {
    const target = { lat: task.lat, lng: task.lng };
    const driver = nearest(free, target);
    if (!driver) return;
    const distance = distanceMeters(driver, target);
    const nearerReal = nearest(real, target);
    if (nearerReal && distanceMeters(nearerReal, target) < distance) continue;
    // Inside the tick's transaction: the assignment and its greeting are written together.
    const assigned = await unlessRefused(() =>
      lifecycle.assign(deps.lifecycle, task.id, driver.id, { actor: 'job' }, { onlyWaiting: true }),
    );
    if (!assigned) continue;
    await sql.insertDriverMessage(
      deps.db,
      task.id,
      greeting(task.client_firstname, driver.firstname, describeDistance(distance), task.address, task.address_details),
    );
    free.splice(free.indexOf(driver), 1);
    deps.log.info({ taskId: task.id, driverId: driver.id }, 'driver assigned');
  }
}

async function moveDrivers(deps: Tick): Promise<void> {
  const moved = new Set<string>();
  for (const trip of await sql.selectTrips(deps.db)) {
    // One target per driver: its on-going task, else its oldest assigned one.
    if (moved.has(trip.driver_id)) continue;
    moved.add(trip.driver_id);
    const target = { lat: trip.task_lat, lng: trip.task_lng };
    let position = { lat: trip.driver_lat, lng: trip.driver_lng };
    if (distanceMeters(position, target) >= 1) {
      position = stepToward(position, target);
      await sql.updateDriverLocation(deps.db, trip.driver_id, position.lat, position.lng);
    }
    if (trip.status === 'driver-assigned' && distanceMeters(position, target) <= ARRIVAL_METERS) {
      const job = { actor: 'job' as const };
      await lifecycle.start(deps.lifecycle, trip.task_id, job);
      await lifecycle.arrive(deps.lifecycle, trip.task_id, job);
      deps.log.info({ taskId: trip.task_id, driverId: trip.driver_id }, 'driver arrived: on-going');
    }
  }
}

const REPLIES: ((distance: number) => string)[] = [
  (distance) =>
    distance > ARRIVAL_METERS
      ? `Okay, noted. I'm about ${describeDistance(distance)} away.`
      : "Okay, noted. I'm at the location now.",
  () => 'No problem, thank you!',
  (distance) =>
    distance > ARRIVAL_METERS
      ? "Alright, I'll call you when I get there."
      : "I'm here now, please come out when you can.",
  () => 'Sure, I will take care of it.',
  (distance) =>
    distance > ARRIVAL_METERS ? `On my way, about ${describeDistance(distance)} to go.` : 'I can see the building now.',
];

async function responseMessages(deps: Tick): Promise<void> {
  for (const row of await sql.selectTasksAwaitingReply(deps.db)) {
    const distance = distanceMeters(
      { lat: row.driver_lat, lng: row.driver_lng },
      { lat: row.task_lat, lng: row.task_lng },
    );
    const reply = REPLIES[row.driver_messages % REPLIES.length](distance);
    await sql.insertDriverMessage(deps.db, row.task_id, reply);
  }
}

/**
 * The driver's first message: where it is going, and the client's directions when there are
 * some, so the client sees that the driver has them. An address from a dropped pin reads
 * 'Near Yaba, Lagos': the driver goes 'to you, near Yaba, Lagos'.
 */
export function greeting(
  clientName: string,
  driverName: string,
  distance: string,
  address: string,
  addressDetails = '',
): string {
  const destination = /^near /i.test(address) ? `you, near ${address.slice(5)}` : address;
  const details = oneLine(addressDetails);
  return `Hello ${clientName}, I'm ${driverName}, your GreenPick driver. I'm ${distance} away and on my way to ${destination}.${details ? ` I'll look for: ${details}.` : ''}`.replace(
    /\.\.$/,
    '.',
  );
}

// ---- geometry ----

/** Great-circle (haversine) distance: the app's own rule (src/shared/geo.ts). */
export const distanceMeters: (a: Point, b: Point) => number = haversineMeters;

/** One simulated move: STEP_FRACTION of the remaining way, at least MIN_STEP_METERS, never past the target. */
export function stepToward(from: Point, to: Point): Point {
  const distance = distanceMeters(from, to);
  if (distance <= MIN_STEP_METERS) return { lat: to.lat, lng: to.lng };
  const fraction = Math.max(STEP_FRACTION, MIN_STEP_METERS / distance);
  return { lat: from.lat + (to.lat - from.lat) * fraction, lng: from.lng + (to.lng - from.lng) * fraction };
}

export function nearest<T extends Point>(candidates: T[], target: Point): T | undefined {
  let best: T | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = distanceMeters(candidate, target);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

function describeDistance(meters: number): string {
  return meters >= 1000 ? `${(meters / 1000).toFixed(1)} km` : `${Math.max(50, Math.round(meters / 50) * 50)} m`;
}
