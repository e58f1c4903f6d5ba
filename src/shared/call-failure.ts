/**
 * What a failed API call says, and whether sending it again can help: one reader and one rule
 * for every caller, the screens, the paid-task record and the chat outbox. Errors are told by
 * their shape, not by ky's classes, so this module runs in the worker and on the server too
 * (docs/architecture.md, 'One HTTP client').
 */
import type { ErrorResponse } from './contract';
import { CHAT_ENDED } from './limits';

export type CallFailure =
  /** The server answered with an error status; `message` and `errors` when its JSON body had them. */
  | { kind: 'http'; status: number; body: unknown; message?: string; errors?: Record<string, string> }
  /** No response at all: a network failure or a time-out. */
  | { kind: 'network' }
  /** Anything else (an unreadable answer, a bug). */
  | { kind: 'other' };

function responseOf(error: unknown): Response | null {
  if (!(error instanceof Error)) return null;
  const response = (error as { response?: unknown }).response;
  return response instanceof Response ? response : null;
}

/** An error answer: its status, its JSON body (null when it has none) and the envelope's `message` and `errors`. */
export async function failureOfResponse(response: Response): Promise<Extract<CallFailure, { kind: 'http' }>> {
  let body: unknown = null;
  try {
    body = await response.clone().json();
  } catch {
    // An error page or an empty body: only the status is known.
  }
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Partial<ErrorResponse>;
  const failure: Extract<CallFailure, { kind: 'http' }> = { kind: 'http', status: response.status, body };
  if (typeof envelope.message === 'string' && envelope.message.trim() !== '') failure.message = envelope.message;
  if (typeof envelope.errors === 'object' && envelope.errors !== null) failure.errors = envelope.errors;
  return failure;
}

/** Reads what a rejected call threw. */
export async function readCallFailure(error: unknown): Promise<CallFailure> {
  const response = responseOf(error);
  if (response) return failureOfResponse(response);
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'TypeError'))
    return { kind: 'network' };
  return { kind: 'other' };
}

/** The server's message when it gave one, otherwise the caller's own text. */
export function failureMessage(failure: CallFailure, fallback: string): string {
  return (failure.kind === 'http' && failure.message) || fallback;
}

/**
 * Whose credentials the next attempt sends. A paid task is sent again with the session's
 * token of that moment ('session'): a refused token (401) or another client's (403) can
 * pass once its owner signs in again. A queued chat message carries the token it was
 * written with ('own'): for it those refusals are as final as any other.
 */
export type RetryCredentials = 'session' | 'own';

export type RetryVerdict = 'retry' | 'final';

/** The server is busy or slow rather than refusing: time-out, too early, rate limit. */
const TRY_LATER_STATUSES = new Set([408, 425, 429]);
const CREDENTIAL_STATUSES = new Set([401, 403]);

/**
 * 'final' when the server understood the request and refused it (sending it again cannot
 * help: the caller tells the user); 'retry' when no response came, the server failed (5xx),
 * was busy, or the refusal was of credentials that the next attempt replaces.
 */
export function retryVerdict(failure: CallFailure, credentials: RetryCredentials): RetryVerdict {
  if (failure.kind !== 'http') return 'retry';
  const { status } = failure;
  if (status >= 500 || status < 400 || TRY_LATER_STATUSES.has(status)) return 'retry';
  // An ended chat's 403 is no credential's: a new sign-in changes nothing.
  if (CREDENTIAL_STATUSES.has(status) && credentials === 'session' && failure.message !== CHAT_ENDED) return 'retry';
  return 'final';
}
