/** After paying: cancel, rate, the receipt, 'Report a problem' (the task page and the receipt screen). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CancelQuoteResponse,
  CancelTaskResponse,
  ExtraResponse,
  PayExtraRequest,
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
import { http } from '../http';
import { taskEventKeys } from './events';
import type { MutationCallbacks } from './mutation-callbacks';
import { planKeys } from './plan';
import { pointsKeys } from './points';
import { asQuery } from './query-failure';
import { putTaskInLists, taskKeys } from './tasks';

export const receiptKeys = {
  all: ['receipt'] as const,
  ofTask: (taskId: string) => [...receiptKeys.all, taskId] as const,
};

/** The client's 'Report a problem' requests, with any replies. */
export const supportKeys = { all: ['supportRequests'] as const };

/** POST /client/tasks/cancel: the cancelled task (with its refund); 409 when it moved on first (the message says why). */
export async function cancelTask(request: CancelTaskRequest): Promise<Task> {
  return (await http.post('client/tasks/cancel', { json: request }).json<CancelTaskResponse>()).data;
}

/** POST /client/tasks/cancel/quote: what cancelling now would cost and give back (naira). */
export async function getCancelQuote(taskId: string): Promise<{ fee: number; refund: number }> {
  return (await http.post('client/tasks/cancel/quote', { json: { taskId } }).json<CancelQuoteResponse>()).data;
}

export const cancelQuoteKeys = {
  all: ['cancelQuote'] as const,
  /** The quote changes with the task's state (on the way, arrived): each state is a key of its own. */
  ofTask: (taskId: string, state: string) => [...cancelQuoteKeys.all, taskId, state] as const,
};

/** What cancelling costs now, read afresh each time the cancel form opens. */
export function cancelQuoteQuery(taskId: string, state: string) {
  return queryOptions({
    queryKey: cancelQuoteKeys.ofTask(taskId, state),
    queryFn: () => getCancelQuote(taskId),
    staleTime: 0,
  });
}

/** POST /client/tasks/extra: the extra paid with a verified payment; the task. */
export async function payExtra(request: PayExtraRequest): Promise<Task> {
  return (await http.post('client/tasks/extra', { json: request }).json<ExtraResponse>()).data;
}

/** POST /client/tasks/extra/decline: the driver takes what was booked; the task. */
export async function declineExtra(taskId: string): Promise<Task> {
  return (await http.post('client/tasks/extra/decline', { json: { taskId } }).json<ExtraResponse>()).data;
}

/** The extra answered: the task shows it at once, then the tasks and the receipt are read again. */
/** The client's answer to an extra: a payment's reference, or none to decline. */
export interface ExtraAnswer {
  taskId: string;
  reference?: string;
}

export function useAnswerExtra(callbacks: MutationCallbacks<Task, ExtraAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: ExtraAnswer) =>
      answer.reference ? payExtra({ taskId: answer.taskId, reference: answer.reference }) : declineExtra(answer.taskId),
    onSuccess: (task) => {
      putTaskInLists(queryClient, task);
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      void queryClient.invalidateQueries({ queryKey: receiptKeys.ofTask(task._id) });
      callbacks.onSuccess?.(task);
    },
    onError: (error, answer) => callbacks.onError?.(error, answer),
  });
}

/** POST /client/tasks/rate: the task with the rating given; 409 when rated already. */
export async function rateTask(request: RateTaskRequest): Promise<Task> {
  return (await http.post('client/tasks/rate', { json: request }).json<RateTaskResponse>()).data;
}

/** POST /client/tasks/receipt: what the receipt shows (paid tasks; 404 otherwise). */
export async function getReceipt(taskId: string): Promise<Receipt> {
  return (await http.post('client/tasks/receipt', { json: { taskId } }).json<ReceiptResponse>()).data;
}

/** A task's receipt: it changes only when a refund moves, so it is read again on each visit. */
export function receiptQuery(taskId: string) {
  return queryOptions({ queryKey: receiptKeys.ofTask(taskId), queryFn: () => asQuery(() => getReceipt(taskId)) });
}

/** POST /client/support: 'Report a problem' on one of the client's tasks. */
export async function sendSupportRequest(request: SupportRequestBody): Promise<SupportRequest> {
  return (await http.post('client/support', { json: request }).json<SupportRequestResponse>()).data;
}

/** POST /client/support/list: the client's requests with any replies, newest first. */
export async function getSupportRequests(): Promise<SupportRequest[]> {
  return (await http.post('client/support/list', { json: {} }).json<SupportRequestsResponse>()).data;
}

/** The client's support requests (the task page shows the ones about its task, with any reply). */
export function supportRequestsQuery() {
  return queryOptions({ queryKey: supportKeys.all, queryFn: () => asQuery(getSupportRequests) });
}

/**
 * Cancels a task. The answer replaces the task at once; then everything a cancel changes is
 * read again: the tasks, the plan (a covered pickup goes back to it), the points (points spent
 * come back), the bell's events and the task's receipt (its refund).
 */
export function useCancelTask(callbacks: MutationCallbacks<Task> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTask,
    onSuccess: (cancelled) => {
      putTaskInLists(queryClient, cancelled);
      for (const queryKey of [
        taskKeys.all,
        planKeys.all,
        pointsKeys.all,
        taskEventKeys.all,
        receiptKeys.ofTask(cancelled._id),
      ])
        void queryClient.invalidateQueries({ queryKey });
      callbacks.onSuccess?.(cancelled);
    },
    onError: callbacks.onError,
  });
}

/** Rates a task's driver: the task shows its rating at once, and the tasks (its page, Home, History) are read again. */
export function useRateTask(callbacks: MutationCallbacks<Task> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateTask,
    onSuccess: (rated) => {
      putTaskInLists(queryClient, rated);
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      callbacks.onSuccess?.(rated);
    },
    onError: callbacks.onError,
  });
}

/** Sends 'Report a problem'; the client's requests are read again (the task's page lists them). */
export function useSendSupportRequest(callbacks: MutationCallbacks<SupportRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSupportRequest,
    onSuccess: (sent) => {
      void queryClient.invalidateQueries({ queryKey: supportKeys.all });
      callbacks.onSuccess?.(sent);
    },
    onError: callbacks.onError,
  });
}
