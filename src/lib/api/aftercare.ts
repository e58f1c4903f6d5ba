/** After paying: cancel, rate, the receipt, 'Report a problem' (the task page and the receipt screen). */
import { queryOptions } from '@tanstack/react-query';
import type {
  CancelTaskResponse,
  CancelTaskRequest,
  RateTaskResponse,
  RateTaskRequest,
  Receipt,
  ReceiptResponse,
  SupportRequest,
  SupportRequestResponse,
  SupportRequestBody,
  SupportRequestsResponse,
  Task,
} from '../../shared/contract';
import { http, retryPostQuery } from '../http';
import { asQuery } from './query-failure';

/** POST /client/tasks/cancel: the cancelled task (with its refund); 409 when it moved on first (the message says why). */
export async function cancelTask(request: CancelTaskRequest): Promise<Task> {
  return (await http.post('client/tasks/cancel', { json: request }).json<CancelTaskResponse>()).data;
}

/** POST /client/tasks/rate: the task with the rating given; 409 when rated already. */
export async function rateTask(request: RateTaskRequest): Promise<Task> {
  return (await http.post('client/tasks/rate', { json: request }).json<RateTaskResponse>()).data;
}

/** POST /client/tasks/receipt: what the receipt shows (paid tasks; 404 otherwise). */
export async function getReceipt(taskId: string): Promise<Receipt> {
  return (await http.post('client/tasks/receipt', { json: { taskId }, retry: retryPostQuery }).json<ReceiptResponse>())
    .data;
}

/** A task's receipt: it changes only when a refund moves, so it is read again on each visit. */
export function receiptQuery(taskId: string) {
  return queryOptions({ queryKey: ['receipt', taskId] as const, queryFn: () => asQuery(() => getReceipt(taskId)) });
}

/** POST /client/support: 'Report a problem' on one of the client's tasks. */
export async function sendSupportRequest(request: SupportRequestBody): Promise<SupportRequest> {
  return (await http.post('client/support', { json: request }).json<SupportRequestResponse>()).data;
}

/** POST /client/support/list: the client's requests with any replies, newest first. */
export async function getSupportRequests(): Promise<SupportRequest[]> {
  return (await http.post('client/support/list', { json: {}, retry: retryPostQuery }).json<SupportRequestsResponse>())
    .data;
}

/** The client's support requests (the task page shows the ones about its task, with any reply). */
export function supportRequestsQuery() {
  return queryOptions({ queryKey: ['supportRequests'] as const, queryFn: () => asQuery(getSupportRequests) });
}
