/**
 * The operator API the console calls (one function per call, and the reads as query options),
 * with the shapes of the console's contract (docs/operations.md, 'The operator console').
 */
import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { opsHttp } from './http';
import type { OperatorRole } from './rules';

type Envelope<T> = { data: T };
const read = async <T>(path: string, searchParams?: Record<string, string>) =>
  (await opsHttp.get(path, searchParams ? { searchParams } : {}).json<Envelope<T>>()).data;
const write = async <T>(path: string, json: unknown = {}) =>
  (await opsHttp.post(path, { json }).json<Envelope<T>>()).data;

/** The board refreshes at least this often (the 'within 5 s'). */
export const BOARD_REFRESH_MS = 4000;

export interface Me {
  id: string;
  email: string;
  role: OperatorRole;
  mustChangePassword: boolean;
  refundLimit: number;
}

export interface TaskSummary {
  id: string;
  status: string;
  arrivedAt: string | null;
  service: { type: string; name: string };
  quantity: number | null;
  unit: string | null;
  window: { start: string; end: string } | null;
  asap: boolean;
  createdAt: string;
  address: string;
  location: [number, number] | null;
  client: { id: string; name: string; firstname: string };
  driver: { id: string; name: string } | null;
  offer: { driverId: string; driverName: string; expiresAt: string } | null;
  waitingSince: string | null;
  promiseAt: string | null;
  amount: number;
  /** The driver typed the client's confirmation code (the code itself never reaches the console). */
  codeEntered: boolean;
  /** The driver's newest 'I've arrived' refused as too far from the pin (null: none). */
  farArrival?: { at: string; meters: number } | null;
  /** Since when the client has not answered an extra to pay (null: none awaiting). */
  extraAwaitingSince?: string | null;
  /** Why it is in the Needs attention lane (the board's reads; null or absent: it is not). */
  attention?: AttentionReason | null;
}

export type AttentionReason =
  | 'no-driver'
  | 'far-arrival'
  | 'extra-awaiting'
  | 'arrived-not-completed'
  | 'late'
  | 'cancelled-under-driver';

/** One page of the board's table, and how many tasks matched. */
export interface BoardPage {
  data: TaskSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** The board's filters (`GET /ops/tasks`); empty strings are left out of the query. */
export interface BoardFilters {
  search: string;
  state: 'open' | 'all';
  service: string;
  day: string;
  driver: string;
  attention: boolean;
}

export interface TaskDetails extends Omit<TaskSummary, 'client'> {
  addressDetails: string | null;
  client: { id: string; firstname: string; lastname: string; email: string; phone: string | null };
  payment: { reference: string; status: string; amount: number | null } | null;
  refund: { amount: number; status: string } | null;
  events: { at: string; kind: string; actor: string; detail: string | null }[];
  messages: { from: string; text: string; at: string }[];
  cancelReason: string | null;
  deliveredQuantity: number | null;
  extraPaid: number;
  cancelFee: number;
  /** The driver's photo at pickup as a data URL (docs/driver.md 'Photo proof'); null when none. */
  pickupPhoto?: string | null;
}

export interface Driver {
  id: string;
  name: string;
  firstname: string;
  lastname: string;
  phone: string;
  vehicle: string | null;
  plate: string | null;
  photoUrl: string;
  active: boolean;
  online: boolean;
  busy: boolean;
  location: [number, number] | null;
  /** When the position was last sent. */
  locationUpdatedAt: string;
  tasksToday: number;
  rating: { average: number; count: number };
  acceptanceRate: number | null;
  /** Sent positions that could not be true (too fast, outside Nigeria) in the last 24 hours. */
  implausiblePositions: boolean;
}

export interface SupportRequest {
  id: string;
  taskId: string;
  serviceName: string;
  client: { id: string; name: string; firstname: string; email: string };
  plan: string | null;
  priority: string | null;
  category: string;
  text: string;
  createdAt: string;
  reply: string | null;
  repliedAt: string | null;
  answered: boolean;
  closed: boolean;
}

export interface Payment {
  reference: string;
  state: string;
  reason: string;
  amount: number | null;
  payerEmail: string | null;
  client: { id: string; name: string; email: string } | null;
  wanted: string | null;
  since: string;
  settledAt: string | null;
  settlement: string | null;
}

export interface Payout {
  id: string;
  week: string;
  attempt: number;
  reference: string;
  driver: { id: string; name: string };
  account: string | null;
  amount: number;
  status: 'queued' | 'pending' | 'success' | 'failed' | 'reversed';
  failure: string | null;
  updatedAt: string;
}

export interface PayoutWeek {
  week: string;
  /** The automatic Monday run is on. */
  auto: boolean;
  payouts: Payout[];
}

export interface PayoutRun {
  week: string;
  queued: number;
  sent: number;
  failed: number;
  unsent: number;
  total: number;
}

/** A service of the catalog as the admin sees it (GET /ops/services). */
export interface CatalogService {
  _id: string;
  key: string;
  serviceName: string;
  name: string;
  price: number;
  unit: string;
  unitWord: string;
  quantity: { min: number; max: number; step: number } | null;
  pointsPerKg: number;
  weighed: boolean;
  pickupPhoto: 'off' | 'optional' | 'required';
  position: number;
  active: boolean;
}

export type ServiceFields = Omit<CatalogService, '_id'>;

/** A plan as the admin sees it (GET /ops/plans): naira, with its place in the list and whether it is offered. */
export interface CatalogPlan {
  key: string;
  name: string;
  price: number;
  durationMonths: number;
  features: string[];
  inclusions: { service: string; amount: number; unit: string; label: string; short?: string }[];
  weeklyReports: boolean;
  manager: boolean;
  position: number;
  active: boolean;
  /** What the support inbox shows for a client on the plan ('Platinum VIP'); null: no priority. */
  supportPriority: string | null;
}

/** POST /ops/plans: a plan as saved; without `supportPriority`, a change keeps the plan's. */
export type PlanRequest = Omit<CatalogPlan, 'supportPriority'> & { supportPriority?: string | null };

export interface ClientMatch {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
}

export interface ClientRecord {
  client: ClientMatch;
  tasks: TaskSummary[];
  plan: { name: string; expiresAt: string } | null;
  points: number;
}

export interface Operator {
  id: string;
  email: string;
  role: OperatorRole;
  active: boolean;
  mustChangePassword: boolean;
}

import type { DailyReport, OpsRefundRequest as RefundRequest } from '../shared/ops-contract';

export type { DailyReport, RefundRequest };

export interface AuditEntry {
  id: string;
  at: string;
  /** 'ada@greenpick.ng (support)'. */
  who: string;
  /** The action in words, with the task or person, the amount and the reason. */
  what: string;
  actor: string;
  address: string | null;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

export const login = (email: string, password: string) => write<string>('ops/login', { email, password });
export const changePassword = (currentPassword: string, newPassword: string) =>
  write<string>('ops/password', { currentPassword, newPassword });

/** The console's query keys (TkDodo's key factory): everything under `opsKeys.all`, dropped at sign-out. */
export const opsKeys = {
  all: ['ops'] as const,
  /** Whoever is signed in (every token's). */
  signedIn: () => [...opsKeys.all, 'me'] as const,
  me: (token: string) => [...opsKeys.signedIn(), token] as const,
  tasks: () => [...opsKeys.all, 'tasks'] as const,
  board: (filters: BoardFilters, page: number) => [...opsKeys.tasks(), filters, page] as const,
  task: (id: string) => [...opsKeys.all, 'task', id] as const,
  drivers: () => [...opsKeys.all, 'drivers'] as const,
  /** Both support lists (open only, and all). */
  supportLists: () => [...opsKeys.all, 'support'] as const,
  support: (all: boolean) => [...opsKeys.supportLists(), all] as const,
  payments: () => [...opsKeys.all, 'payments'] as const,
  payoutWeeks: () => [...opsKeys.all, 'payouts'] as const,
  services: () => [...opsKeys.all, 'services'] as const,
  plans: () => [...opsKeys.all, 'plans'] as const,
  payouts: (week: string) => [...opsKeys.payoutWeeks(), week] as const,
  clients: (q: string) => [...opsKeys.all, 'clients', q] as const,
  client: (id: string) => [...opsKeys.all, 'client', id] as const,
  operators: () => [...opsKeys.all, 'operators'] as const,
  audit: (filters: AuditFilters) => [...opsKeys.all, 'audit', filters] as const,
  refundRequests: () => [...opsKeys.all, 'refund-requests'] as const,
  report: (from: string, to: string) => [...opsKeys.all, 'report', from, to] as const,
};

export const meQuery = (token: string) =>
  queryOptions({ queryKey: opsKeys.me(token), queryFn: () => read<Me>('ops/me'), staleTime: 60_000 });
/** The query string of the board's filters and page (the server pages, 50 a page, due first). */
export function boardSearchParams(filters: BoardFilters, page: number): Record<string, string> {
  const params: Record<string, string> = { page: String(page) };
  if (filters.attention) params.attention = '1';
  else params.state = filters.state;
  for (const key of ['search', 'service', 'day', 'driver'] as const) {
    const value = filters[key].trim();
    if (value) params[key] = value;
  }
  return params;
}
export const boardQuery = (filters: BoardFilters, page: number) =>
  queryOptions({
    queryKey: opsKeys.board(filters, page),
    queryFn: async () => opsHttp.get('ops/tasks', { searchParams: boardSearchParams(filters, page) }).json<BoardPage>(),
    refetchInterval: BOARD_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
export const taskQuery = (id: string) =>
  queryOptions({
    queryKey: opsKeys.task(id),
    queryFn: () => read<TaskDetails>(`ops/tasks/${encodeURIComponent(id)}`),
    refetchInterval: BOARD_REFRESH_MS,
  });
export const driversQuery = (refetchInterval: number | false = false) =>
  queryOptions({ queryKey: opsKeys.drivers(), queryFn: () => read<Driver[]>('ops/drivers'), refetchInterval });
/** Open requests (unanswered, not closed); `all`: answered and closed ones too. */
export const supportQuery = (all: boolean) =>
  queryOptions({
    queryKey: opsKeys.support(all),
    queryFn: () => read<SupportRequest[]>('ops/support', all ? { all: '1' } : undefined),
    refetchInterval: 15_000,
  });
export const paymentsQuery = () =>
  queryOptions({ queryKey: opsKeys.payments(), queryFn: () => read<Payment[]>('ops/payments') });
/** A week's payouts ('' asks for last week) and every failed or reversed one not paid again. */
export const payoutsQuery = (week: string) =>
  queryOptions({
    queryKey: opsKeys.payouts(week),
    queryFn: () => read<PayoutWeek>('ops/payouts', week ? { week } : undefined),
  });
export const servicesQuery = () =>
  queryOptions({ queryKey: opsKeys.services(), queryFn: () => read<CatalogService[]>('ops/services') });
export const plansQuery = () =>
  queryOptions({ queryKey: opsKeys.plans(), queryFn: () => read<CatalogPlan[]>('ops/plans') });
export const clientSearchQuery = (q: string) =>
  queryOptions({
    queryKey: opsKeys.clients(q),
    queryFn: () => read<ClientMatch[]>('ops/clients', { q }),
    enabled: q.length >= 3,
  });
export const clientQuery = (id: string) =>
  queryOptions({
    queryKey: opsKeys.client(id),
    queryFn: () => read<ClientRecord>(`ops/clients/${encodeURIComponent(id)}`),
  });
export const operatorsQuery = () =>
  queryOptions({ queryKey: opsKeys.operators(), queryFn: () => read<Operator[]>('ops/operators') });
export const refundRequestsQuery = () =>
  queryOptions({
    queryKey: opsKeys.refundRequests(),
    queryFn: () => read<RefundRequest[]>('ops/refund-requests'),
    refetchInterval: 15_000,
  });
export const reportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: opsKeys.report(from, to),
    queryFn: () => read<DailyReport>('ops/reports/daily', { from, to }),
  });
/** A CSV export as a file the browser saves (the call carries the operator's token, a plain link could not). */
export async function downloadCsv(path: string, searchParams: Record<string, string>, fileName: string): Promise<void> {
  const blob = await opsHttp.get(path, { searchParams }).blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}
/** The audit's filters; empty strings are left out. */
export interface AuditFilters {
  who: string;
  what: string;
  task: string;
  day: string;
}
export const auditParams = (filters: AuditFilters): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));
export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: opsKeys.audit(filters),
    queryFn: () => read<AuditEntry[]>('ops/audit', { limit: '100', ...auditParams(filters) }),
    refetchInterval: 15_000,
  });

export const assignTask = (taskId: string, driverId: string) =>
  write<{ taskId: string; driverId: string }>(`ops/tasks/${encodeURIComponent(taskId)}/assign`, { driverId });
export const cancelTask = (taskId: string, reason: string) =>
  write<unknown>(`ops/tasks/${encodeURIComponent(taskId)}/cancel`, { reason });
export const requestRefundApproval = (taskId: string, reason: string) =>
  write<RefundRequest>(`ops/tasks/${encodeURIComponent(taskId)}/refund-request`, { reason });
export const decideRefundRequest = (id: string, decision: 'approve' | 'decline', note: string) =>
  write<RefundRequest>(`ops/refund-requests/${encodeURIComponent(id)}/${decision}`, { note });
export const setRefundLimit = (amount: number) => write<{ amount: number }>('ops/settings/refund-limit', { amount });
export const completeTask = (taskId: string, quantity: number) =>
  write<unknown>(`ops/tasks/${encodeURIComponent(taskId)}/complete`, { quantity });

export interface DriverFields {
  firstname: string;
  lastname: string;
  phone: string;
  vehicle: string;
  plate: string;
  photoUrl: string;
}
/** Where a new driver starts on the map until their app reports a position: central Lagos. */
const START = { lat: 6.5244, lng: 3.3792 };
export const addDriver = (driver: DriverFields) =>
  write<Driver & { password: string }>('ops/drivers', { ...driver, ...START });
export const editDriver = (id: string, changes: Partial<DriverFields>) =>
  write<Driver>(`ops/drivers/${encodeURIComponent(id)}`, changes);
/** Deactivate or reactivate a driver, with the reason the audit keeps. */
export const setDriverActive = (id: string, active: boolean, reason: string) =>
  write<Driver>(`ops/drivers/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`, { reason });
export const resetDriverPassword = (id: string) =>
  write<{ password: string }>(`ops/drivers/${encodeURIComponent(id)}/password`);

export const replySupport = (id: string, reply: string) =>
  write<SupportRequest>(`ops/support/${encodeURIComponent(id)}/reply`, { reply });
export const closeSupport = (id: string) => write<SupportRequest>(`ops/support/${encodeURIComponent(id)}/close`);

export const honourPayment = (reference: string) =>
  write<unknown>(`ops/payments/${encodeURIComponent(reference)}/honour`);
export const settlePayment = (reference: string, note: string) =>
  write<unknown>(`ops/payments/${encodeURIComponent(reference)}/settle`, { note });

export const saveService = (service: ServiceFields) => write<CatalogService>('ops/services', service);
export const savePlan = (plan: PlanRequest) => write<CatalogPlan>('ops/plans', plan);

export const payDrivers = (week: string) => write<PayoutRun>('ops/payouts/run', { week });
export const setAutoPayouts = (on: boolean) => write<{ on: boolean }>('ops/settings/auto-payouts', { on });

export const addOperator = (email: string, role: OperatorRole) =>
  write<{ operator: Operator; password: string }>('ops/operators', { email, role });
export const deactivateOperator = (id: string) => write<Operator>(`ops/operators/${encodeURIComponent(id)}/deactivate`);

/** What a screen adds to a console write: its own words (the hook reads again what the write changed). */
export interface OpsCallbacks<T, V> {
  onSuccess?: (result: T, variables: V) => void;
  onError?: (error: Error) => void;
}

/** A console write that owns its refresh: after it succeeds, the queries under `refreshes` are read again. */
function useOpsWrite<T, V>(
  mutationFn: (variables: V) => Promise<T>,
  refreshes: QueryKey,
  callbacks: OpsCallbacks<T, V>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result: T, variables: V) => {
      void queryClient.invalidateQueries({ queryKey: refreshes });
      callbacks.onSuccess?.(result, variables);
    },
    onError: callbacks.onError,
  });
}

/** Assigning, cancelling or completing a task changes the board, the task, the drivers (busy or free) and the payments (a refund): all of the console's reads. */
export const useAssignTask = (callbacks: OpsCallbacks<unknown, { taskId: string; driverId: string }> = {}) =>
  useOpsWrite(({ taskId, driverId }) => assignTask(taskId, driverId), opsKeys.all, callbacks);
export const useCancelOpsTask = (callbacks: OpsCallbacks<unknown, { taskId: string; reason: string }> = {}) =>
  useOpsWrite(({ taskId, reason }) => cancelTask(taskId, reason), opsKeys.all, callbacks);
export const useCompleteOpsTask = (callbacks: OpsCallbacks<unknown, { taskId: string; quantity: number }> = {}) =>
  useOpsWrite(({ taskId, quantity }) => completeTask(taskId, quantity), opsKeys.all, callbacks);

export const useAddDriver = (callbacks: OpsCallbacks<Driver & { password: string }, DriverFields> = {}) =>
  useOpsWrite((driver: DriverFields) => addDriver(driver), opsKeys.drivers(), callbacks);
export const useEditDriver = (callbacks: OpsCallbacks<Driver, { id: string; changes: Partial<DriverFields> }> = {}) =>
  useOpsWrite(({ id, changes }) => editDriver(id, changes), opsKeys.drivers(), callbacks);
export const useSetDriverActive = (
  callbacks: OpsCallbacks<Driver, { id: string; active: boolean; reason: string }> = {},
) => useOpsWrite((input) => setDriverActive(input.id, input.active, input.reason), opsKeys.drivers(), callbacks);
export const useResetDriverPassword = (callbacks: OpsCallbacks<{ password: string }, string> = {}) =>
  useOpsWrite((id: string) => resetDriverPassword(id), opsKeys.drivers(), callbacks);

export const useReplySupport = (callbacks: OpsCallbacks<SupportRequest, { id: string; reply: string }> = {}) =>
  useOpsWrite(({ id, reply }) => replySupport(id, reply), opsKeys.supportLists(), callbacks);
export const useCloseSupport = (callbacks: OpsCallbacks<SupportRequest, string> = {}) =>
  useOpsWrite((id: string) => closeSupport(id), opsKeys.supportLists(), callbacks);

export type PaymentAction =
  | { action: 'honour'; reference: string }
  | { action: 'settle'; reference: string; note: string };
export const usePaymentAction = (callbacks: OpsCallbacks<unknown, PaymentAction> = {}) =>
  useOpsWrite(
    (payment: PaymentAction) =>
      payment.action === 'honour' ? honourPayment(payment.reference) : settlePayment(payment.reference, payment.note),
    opsKeys.payments(),
    callbacks,
  );

export const useSaveService = (callbacks: OpsCallbacks<CatalogService, ServiceFields> = {}) =>
  useOpsWrite((service: ServiceFields) => saveService(service), opsKeys.services(), callbacks);
export const useSavePlan = (callbacks: OpsCallbacks<CatalogPlan, PlanRequest> = {}) =>
  useOpsWrite((plan: PlanRequest) => savePlan(plan), opsKeys.plans(), callbacks);

export const usePayDrivers = (callbacks: OpsCallbacks<PayoutRun, string> = {}) =>
  useOpsWrite((week: string) => payDrivers(week), opsKeys.payoutWeeks(), callbacks);
export const useAutoPayouts = (callbacks: OpsCallbacks<{ on: boolean }, boolean> = {}) =>
  useOpsWrite((on: boolean) => setAutoPayouts(on), opsKeys.payoutWeeks(), callbacks);

export const useAddOperator = (
  callbacks: OpsCallbacks<{ operator: Operator; password: string }, { email: string; role: OperatorRole }> = {},
) => useOpsWrite(({ email, role }) => addOperator(email, role), opsKeys.operators(), callbacks);
export const useDeactivateOperator = (callbacks: OpsCallbacks<Operator, string> = {}) =>
  useOpsWrite((id: string) => deactivateOperator(id), opsKeys.operators(), callbacks);

export const useRequestRefundApproval = (
  callbacks: OpsCallbacks<RefundRequest, { taskId: string; reason: string }> = {},
) => useOpsWrite((input) => requestRefundApproval(input.taskId, input.reason), opsKeys.all, callbacks);
export const useDecideRefundRequest = (
  callbacks: OpsCallbacks<RefundRequest, { id: string; decision: 'approve' | 'decline'; note: string }> = {},
) => useOpsWrite((input) => decideRefundRequest(input.id, input.decision, input.note), opsKeys.all, callbacks);
/** A new limit changes what `GET /ops/me` says of it. */
export const useSetRefundLimit = (callbacks: OpsCallbacks<{ amount: number }, number> = {}) =>
  useOpsWrite(setRefundLimit, opsKeys.all, callbacks);
