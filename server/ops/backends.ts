/**
 * Where the CLI's commands run: through the running server's /ops/* API (the embedded
 * database can be open in one process only), or straight on the database when no server
 * answers. Both give the same responses, and both write the audit rows as 'cli'.
 */
import type { ChatMessage } from '../../src/shared/contract';
import { CLI_ACTOR } from '../db/audit';

import * as ops from '../console/commands';
import * as payments from '../payments/payment-commands';
import { type OpsAuditEntry, listAudit } from '../console/console-commands';
import { type OpsOperator, addOperator } from '../console/operator-commands';
import type { LifecycleDeps } from '../tasks/lifecycle';
import { type PayDriversAnswer, payDrivers } from '../payouts/payouts';
import type { Transfers } from '../payouts/transfers';
import { type OpsPlan, type PlanInput, listPlans, savePlan } from '../console/plan-commands';
import { type ServiceEntry, listServices, setServicePrice } from '../console/service-commands';
import { planSchema } from '../../src/shared/schemas/plans';

export interface OpsBackend {
  readonly kind: 'server' | 'database';
  listTasks(status?: string): Promise<ops.OpsTask[]>;
  listDrivers(): Promise<ops.OpsDriver[]>;
  assignDriver(taskId: string, driverId: string): Promise<ops.OpsTask>;
  moveTaskTo(taskId: string, status: string, extra?: { recycledKg?: number }): Promise<ops.StatusChange>;
  moveDriver(driverId: string, lat: number, lng: number): Promise<ops.OpsDriver>;
  markArrived(taskId: string): Promise<ops.OpsTask>;
  addDriver(driver: ops.NewDriver): Promise<ops.OpsDriver & { password: string }>;
  sendDriverMessage(taskId: string, content: string): Promise<ChatMessage>;
  listPayments(all: boolean): Promise<payments.OpsPayment[]>;
  settlePayment(reference: string, note: string): Promise<payments.OpsPayment>;
  honourPayment(reference: string): Promise<payments.Honoured>;
  listSupport(all: boolean): Promise<ops.OpsSupportRequest[]>;
  replySupport(id: string, reply: string): Promise<ops.OpsSupportRequest>;
  addOperator(email: string, role: string): Promise<{ operator: OpsOperator; password: string }>;
  listAudit(limit: number): Promise<OpsAuditEntry[]>;
  payDrivers(week: string): Promise<PayDriversAnswer>;
  setPrice(key: string, price: number): Promise<ServiceEntry>;
  listServices(): Promise<ServiceEntry[]>;
  listPlans(): Promise<OpsPlan[]>;
  savePlan(plan: PlanInput): Promise<OpsPlan>;
}

/** The commands on the database itself (no server answered): the command line acts as 'cli'. */
export function databaseBackend(deps: LifecycleDeps & { transfers?: Transfers }): OpsBackend {
  const { db } = deps;
  const cli = { actor: 'cli' as const, audit: CLI_ACTOR };
  return {
    kind: 'database',
    listTasks: (status) => ops.listTasks(db, { status }),
    listDrivers: () => ops.listDrivers(db),
    assignDriver: (taskId, driverId) => ops.assignDriver(deps, taskId, driverId, cli),
    moveTaskTo: (taskId, status, extra) => ops.moveTaskTo(deps, taskId, status, { ...extra, ...cli }),
    moveDriver: (driverId, lat, lng) => ops.moveDriver(db, driverId, lat, lng, CLI_ACTOR),
    markArrived: (taskId) => ops.markArrived(deps, taskId, cli),
    addDriver: (driver) => ops.addDriver(db, driver, CLI_ACTOR),
    sendDriverMessage: (taskId, content) => ops.sendDriverMessage(db, taskId, content, CLI_ACTOR),
    listPayments: (all) => payments.listPayments(db, { all }),
    settlePayment: (reference, note) => payments.settlePayment(db, reference, note, CLI_ACTOR),
    honourPayment: (reference) => payments.honourPayment(db, reference, undefined, CLI_ACTOR),
    listSupport: (all) => ops.listSupport(db, { all }),
    replySupport: (id, reply) => ops.replySupport(db, id, reply, CLI_ACTOR),
    addOperator: (email, role) => addOperator(db, { email, role }, new Date(), CLI_ACTOR),
    listAudit: (limit) => listAudit(db, { limit }),
    async payDrivers(week) {
      if (!deps.transfers) throw new Error('No payment provider given');
      return payDrivers({ db, transfers: deps.transfers, log: deps.log, now: deps.now }, week, CLI_ACTOR);
    },
    setPrice: (key, price) => setServicePrice(db, key, price, CLI_ACTOR),
    listServices: () => listServices(db),
    listPlans: () => listPlans(db),
    // Checked as the server's route checks it.
    savePlan: (plan) => savePlan(db, ops.parseOpsInput(planSchema, plan), CLI_ACTOR),
  };
}

/** No server listens at the address: the caller may fall back to the database. */
export class ServerUnavailable extends Error {}

/** The server answered with an error (its `{ message }`). */
export class OpsRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function serverBackend(baseUrl: string, token: string | undefined, fetchImpl: typeof fetch = fetch): OpsBackend {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(token ? { 'X-Ops-Token': token } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      if (isConnectionRefused(error)) throw new ServerUnavailable(`No server at ${baseUrl}`);
      throw new Error(
        `The server at ${baseUrl} did not answer: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const text = await response.text();
    let parsed: { data?: T; message?: string } | undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok)
      throw new OpsRequestError(response.status, parsed?.message ?? `The server answered ${response.status}`);
    if (!parsed || !('data' in parsed))
      throw new Error(`Unexpected answer from ${baseUrl}${path}: is this a GreenPick server?`);
    return parsed.data as T;
  }
  const id = encodeURIComponent;
  return {
    kind: 'server',
    listTasks: (status) => call('GET', `/ops/tasks${status === undefined ? '' : `?status=${id(status)}`}`),
    listDrivers: () => call('GET', '/ops/drivers'),
    assignDriver: (taskId, driverId) => call('POST', `/ops/tasks/${id(taskId)}/assign`, { driverId }),
    moveTaskTo: (taskId, status, extra) =>
      call('POST', `/ops/tasks/${id(taskId)}/status`, { status, recycledKg: extra?.recycledKg }),
    moveDriver: (driverId, lat, lng) => call('PUT', `/ops/drivers/${id(driverId)}/location`, { lat, lng }),
    markArrived: (taskId) => call('POST', `/ops/tasks/${id(taskId)}/arrived`, {}),
    addDriver: (driver) => call('POST', '/ops/drivers', driver),
    sendDriverMessage: (taskId, content) => call('POST', `/ops/tasks/${id(taskId)}/messages`, { content }),
    listPayments: (all) => call('GET', `/ops/payments${all ? '?all=1' : ''}`),
    settlePayment: (reference, note) => call('POST', `/ops/payments/${id(reference)}/settle`, { note }),
    honourPayment: (reference) => call('POST', `/ops/payments/${id(reference)}/honour`, {}),
    listSupport: (all) => call('GET', `/ops/support${all ? '?all=1' : ''}`),
    replySupport: (requestId, reply) => call('POST', `/ops/support/${id(requestId)}/reply`, { reply }),
    addOperator: (email, role) => call('POST', '/ops/operators', { email, role }),
    listAudit: (limit) => call('GET', `/ops/audit?limit=${limit}`),
    payDrivers: (week) => call('POST', '/ops/payouts/run', { week }),
    setPrice: (key, price) => call('POST', `/ops/services/${encodeURIComponent(key)}/price`, { price }),
    listServices: () => call('GET', '/ops/services'),
    listPlans: () => call('GET', '/ops/plans'),
    savePlan: (plan) => call('POST', '/ops/plans', plan),
  };
}

function isConnectionRefused(error: unknown): boolean {
  const codes: unknown[] = [];
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 3) return;
    const record = value as { code?: unknown; cause?: unknown; errors?: unknown };
    codes.push(record.code);
    visit(record.cause, depth + 1);
    if (Array.isArray(record.errors)) for (const inner of record.errors) visit(inner, depth + 1);
  };
  visit(error, 0);
  return codes.includes('ECONNREFUSED');
}
