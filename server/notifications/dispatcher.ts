/**
 * Sends what the outbox holds: pushes through the real `web-push` library (VAPID-signed,
 * aes128gcm-encrypted for the device), SMS through the provider adapter. Sending never blocks
 * or fails the request that caused it: rows are written in the event's transaction, and the
 * dispatcher is kicked after the commit (`withPushKick`, server/db/push-kick.ts) and sweeps every SWEEP_MS for retries
 * and for rows written where no dispatcher ran (the ops CLI without a server).
 *
 * A row is claimed with a lease under `for update skip locked`, so N instances on one
 * PostgreSQL send each row once. A push service's 404/410, or keys that cannot encrypt, remove
 * the subscription (no try can succeed); other failures are retried with backoff (MAX_ATTEMPTS), then given up and logged. Rows older
 * than MAX_AGE_MS are dropped: 'your driver is arriving' an hour late is wrong, not late.
 */
import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { Db } from '../db/connection';
import { claimDueRows, deleteSubscriptionById, markFailed, markRetry, markSent, type OutboxRow } from '../db/push';
import type { Logger } from '../log';
import { isAllowedPushEndpoint } from './endpoints';
import { type VapidKeys, subscriptionKeysProblem } from './keys';
import { driverPushPayload, driverPushTtl } from './driver-messages';
import { type MessageContext, pushPayload, smsText } from './messages';
import type { DriverPushKind } from '../../src/shared/driver-push';
import { type SmsSender, toE164 } from './sms';

export const MAX_ATTEMPTS = 5;
export const MAX_AGE_MS = 60 * 60 * 1000;
const MAX_AGE_S = Math.floor(MAX_AGE_MS / 1000);
const SWEEP_MS = 15_000;
const LEASE_SECONDS = 60;
const BATCH = 20;
const SEND_TIMEOUT_MS = 10_000;

/** Seconds before attempt `attempts + 1`: 5, 20, 80, 320 s. */
export const backoffSeconds = (attempts: number) => 5 * 4 ** Math.max(0, attempts - 1);

export interface PushDispatcher {
  /** Sends what is due soon (after a commit that wrote rows); never throws. */
  kick(): void;
  /** Sends everything due now and resolves when done (tests, the sweep). */
  drain(): Promise<void>;
  /** Stops the sweep and waits for the sends in flight. */
  stop(): Promise<void>;
}

export interface DispatcherOptions {
  db: Db;
  keys: VapidKeys;
  allowedOrigins: readonly string[];
  sms: SmsSender | undefined;
  log: Logger;
  /** An https.Agent for the push requests (tests trust their fake push service's certificate). */
  agent?: Agent;
  sweepMs?: number;
}

const dataOf = (row: OutboxRow): Record<string, unknown> =>
  typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : (row.data ?? {});

function contextOf(row: OutboxRow): MessageContext {
  const data = dataOf(row);
  return {
    kind: row.kind as MessageContext['kind'],
    taskId: row.task_id,
    data,
    serviceName: row.service_name ?? 'task',
    amountKobo: row.amount_kobo ?? 0,
    driver: row.driver_firstname
      ? { firstname: row.driver_firstname, vehicle: row.driver_vehicle ?? '', plate: row.driver_plate ?? '' }
      : null,
  };
}

/** A driver's row (driver_id): the driver's words (server/notifications/driver-messages.ts). */
const driverPayloadOf = (row: OutboxRow) =>
  driverPushPayload({
    kind: row.kind as DriverPushKind,
    taskId: row.task_id ?? '',
    data: dataOf(row),
    serviceName: row.service_name ?? 'Pickup',
    address: row.address ?? '',
  });

/** What a line about an outbox row says of it. */
const fieldsOf = (row: OutboxRow) => ({
  channel: row.channel,
  kind: row.kind,
  userId: row.user_id ?? undefined,
  driverId: row.driver_id ?? undefined,
  taskId: row.task_id ?? undefined,
  attempts: row.attempts,
});
const statusOf = (error: unknown) => (error instanceof webpush.WebPushError ? error.statusCode : undefined);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createDispatcher(options: DispatcherOptions): PushDispatcher {
  const { db, keys } = options;
  const log = options.log.child({ module: 'push' });
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;

  async function retryOrGiveUp(row: OutboxRow, reason: string): Promise<void> {
    if (row.attempts >= MAX_ATTEMPTS) {
      log.warn({ ...fieldsOf(row), reason }, 'gave up');
      await markFailed(db, row.id, reason);
      return;
    }
    log.warn({ ...fieldsOf(row), reason }, 'failed: tried again later');
    const delay = backoffSeconds(row.attempts);
    await markRetry(db, row.id, delay, reason);
    setTimeout(kick, delay * 1000 + 50).unref();
  }

  async function sendPush(row: OutboxRow): Promise<void> {
    if (!row.endpoint || !row.p256dh || !row.auth) return markFailed(db, row.id, 'no subscription');
    if (!isAllowedPushEndpoint(row.endpoint, options.allowedOrigins)) {
      await deleteSubscriptionById(db, row.subscription_id as string);
      return;
    }
    // Keys that cannot encrypt (stored before subscribe checked them) fail every try: drop the device.
    const keysProblem = subscriptionKeysProblem({ p256dh: row.p256dh, auth: row.auth });
    if (keysProblem) {
      log.warn({ ...fieldsOf(row), reason: keysProblem }, 'subscription removed');
      await deleteSubscriptionById(db, row.subscription_id as string);
      return;
    }
    const driverPayload = row.driver_id ? driverPayloadOf(row) : null;
    const ttl = driverPayload ? driverPushTtl(driverPayload, Date.now(), MAX_AGE_S) : MAX_AGE_S;
    // An offer that ended while the row waited: the driver can no longer take it.
    if (ttl === 0) return markFailed(db, row.id, 'expired');
    try {
      await webpush.sendNotification(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(driverPayload ?? pushPayload(contextOf(row))),
        {
          vapidDetails: keys,
          TTL: ttl,
          urgency: 'high',
          timeout: SEND_TIMEOUT_MS,
          ...(options.agent ? { agent: options.agent } : {}),
        },
      );
      await markSent(db, row.id);
    } catch (error) {
      const status = statusOf(error);
      if (status === 404 || status === 410) {
        // The browser dropped this subscription: forget the device (its other unsent rows go too).
        log.info({ ...fieldsOf(row), status }, 'subscription gone: removed');
        await deleteSubscriptionById(db, row.subscription_id as string);
        return;
      }
      await retryOrGiveUp(row, status ? `push service answered ${status}` : messageOf(error));
    }
  }

  async function sendSms(row: OutboxRow): Promise<void> {
    if (!options.sms) return markFailed(db, row.id, 'SMS is not configured');
    const to = row.phonenumber ? toE164(row.phonenumber) : null;
    if (!to) return markFailed(db, row.id, 'no usable phone number');
    try {
      await options.sms.send(to, smsText(contextOf(row)));
      await markSent(db, row.id);
    } catch (error) {
      await retryOrGiveUp(row, messageOf(error));
    }
  }

  async function deliver(row: OutboxRow): Promise<void> {
    try {
      if (Date.now() - new Date(row.created_at).getTime() > MAX_AGE_MS) return await markFailed(db, row.id, 'expired');
      await (row.channel === 'push' ? sendPush(row) : sendSms(row));
    } catch (error) {
      // The database failed while recording the outcome: the lease ends and the row is tried again.
      log.error({ err: error, channel: row.channel }, 'could not record an outcome');
    }
  }

  async function runOnce(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const rows = await claimDueRows(db, BATCH, LEASE_SECONDS);
        if (rows.length === 0) break;
        await Promise.all(rows.map(deliver));
      }
    } while (again && !stopped);
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = runOnce()
      .catch((error) => log.error({ err: error }, 'dispatcher failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function kick(): void {
    if (!stopped) void drain();
  }

  const sweep = setInterval(kick, options.sweepMs ?? SWEEP_MS);
  sweep.unref();
  // Rows left from before this start (or written by the ops CLI while no server ran).
  setTimeout(kick, 0).unref();

  return {
    kick,
    drain,
    async stop() {
      stopped = true;
      clearInterval(sweep);
      await running;
    },
  };
}
