/**
 * The operator API the console calls (one function per call, and the reads as query options),
 * with the shapes of the console's contract (docs/operations.md, 'The console').
 */
import { queryOptions } from '@tanstack/react-query';
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
  client: { id: string; firstname: string };
  driver: { id: string; name: string } | null;
  offer: { driverId: string; driverName: string; expiresAt: string } | null;
  waitingSince: string | null;
  promiseAt: string | null;
  amount: number;
}

export interface TaskDetails extends Omit<TaskSummary, 'client'> {
  addressDetails: string | null;
  client: { id: string; firstname: string; lastname: string; email: string; phone: string | null };
  payment: { reference: string; status: string; amount: number } | null;
  refund: { amount: number; status: string } | null;
  events: { at: string; kind: string; actor: string; detail: string | null }[];
  messages: { from: string; text: string; at: string }[];
}

export interface Driver {
  id: string;
  name: string;
  phone: string;
  vehicle: string | null;
  plate: string | null;
  active: boolean;
  online: boolean;
  busy: boolean;
  location: [number, number] | null;
  tasksToday: number;
  rating: number | null;
  acceptanceRate: number | null;
}

export interface SupportRequest {
  id: string;
  taskId?: string;
  client: { id: string; firstname?: string; name?: string; email?: string; plan?: string | null };
  priority?: string | null;
  plan?: string | null;
  category?: string;
  subject?: string;
  text: string;
  createdAt: string;
  answered?: boolean;
  closed?: boolean;
  reply?: string | null;
  replies?: { text?: string; message?: string; at?: string }[];
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

export interface ClientMatch {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
}

export interface ClientRecord {
  client: ClientMatch;
  tasks: {
    id: string;
    status: string;
    service?: { name: string };
    serviceName?: string;
    createdAt: string;
    amount: number;
  }[];
  plan: { name: string; expiresAt?: string } | string | null;
  points: number;
}

export interface Operator {
  id: string;
  email: string;
  role: OperatorRole;
  active: boolean;
  mustChangePassword: boolean;
}

export interface AuditEntry {
  id: string;
  at: string;
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

export const meQuery = (token: string) =>
  queryOptions({ queryKey: ['ops', 'me', token], queryFn: () => read<Me>('ops/me'), staleTime: 60_000 });
export const tasksQuery = () =>
  queryOptions({
    queryKey: ['ops', 'tasks'],
    queryFn: () => read<TaskSummary[]>('ops/tasks'),
    refetchInterval: BOARD_REFRESH_MS,
  });
export const taskQuery = (id: string) =>
  queryOptions({
    queryKey: ['ops', 'task', id],
    queryFn: () => read<TaskDetails>(`ops/tasks/${encodeURIComponent(id)}`),
    refetchInterval: BOARD_REFRESH_MS,
  });
export const driversQuery = (refetchInterval: number | false = false) =>
  queryOptions({ queryKey: ['ops', 'drivers'], queryFn: () => read<Driver[]>('ops/drivers'), refetchInterval });
export const supportQuery = () =>
  queryOptions({
    queryKey: ['ops', 'support'],
    queryFn: () => read<SupportRequest[]>('ops/support'),
    refetchInterval: 15_000,
  });
export const paymentsQuery = () =>
  queryOptions({ queryKey: ['ops', 'payments'], queryFn: () => read<Payment[]>('ops/payments') });
export const clientSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['ops', 'clients', q],
    queryFn: () => read<ClientMatch[]>('ops/clients', { q }),
    enabled: q.length >= 3,
  });
export const clientQuery = (id: string) =>
  queryOptions({
    queryKey: ['ops', 'client', id],
    queryFn: () => read<ClientRecord>(`ops/clients/${encodeURIComponent(id)}`),
  });
export const operatorsQuery = () =>
  queryOptions({ queryKey: ['ops', 'operators'], queryFn: () => read<Operator[]>('ops/operators') });
export const auditQuery = () =>
  queryOptions({ queryKey: ['ops', 'audit'], queryFn: () => read<AuditEntry[]>('ops/audit', { limit: '100' }) });

export const assignTask = (taskId: string, driverId: string) =>
  write<{ taskId: string; driverId: string }>(`ops/tasks/${encodeURIComponent(taskId)}/assign`, { driverId });
export const cancelTask = (taskId: string, reason: string) =>
  write<unknown>(`ops/tasks/${encodeURIComponent(taskId)}/cancel`, { reason });
export const completeTask = (taskId: string, quantity: number) =>
  write<unknown>(`ops/tasks/${encodeURIComponent(taskId)}/complete`, { quantity });

export interface NewDriver {
  phone: string;
  name: string;
  vehicle: string;
  plate: string;
}
export const addDriver = (driver: NewDriver) => write<{ driver: Driver; password: string }>('ops/drivers', driver);
export const editDriver = (id: string, changes: Partial<NewDriver>) =>
  write<Driver>(`ops/drivers/${encodeURIComponent(id)}`, changes);
export const deactivateDriver = (id: string) => write<Driver>(`ops/drivers/${encodeURIComponent(id)}/deactivate`);
export const resetDriverPassword = (id: string) =>
  write<{ password: string }>(`ops/drivers/${encodeURIComponent(id)}/password`);

export const replySupport = (id: string, message: string) =>
  write<SupportRequest>(`ops/support/${encodeURIComponent(id)}/reply`, { message });
export const closeSupport = (id: string) => write<SupportRequest>(`ops/support/${encodeURIComponent(id)}/close`);

export const honourPayment = (reference: string, note: string) =>
  write<unknown>(`ops/payments/${encodeURIComponent(reference)}/honour`, { note });
export const settlePayment = (reference: string, note: string) =>
  write<unknown>(`ops/payments/${encodeURIComponent(reference)}/settle`, { note });

export const addOperator = (email: string, role: OperatorRole) =>
  write<{ operator: Operator; password: string }>('ops/operators', { email, role });
