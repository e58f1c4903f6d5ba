/**
 * Why a query failed, read once in its query function (the server's message is in the
 * response body, which only an async read can reach), so that screens word it synchronously.
 */
import { readCallFailure } from '../../shared/call-failure';

export type FailureReason = 'no-token' | 'unauthorized' | 'failed';

export class QueryFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    /** The server's own message, when its response had one. */
    readonly serverMessage?: string,
    /** No response came (fetch failed): the one kind of failure a read is tried again for (src/lib/query-retry.ts). */
    readonly isNetworkFailure = false,
  ) {
    super(serverMessage ?? reason);
    this.name = 'QueryFailure';
  }
}

/** Thrown when a query runs without a stored token. */
export function noTokenFailure(): QueryFailure {
  return new QueryFailure('no-token');
}

/** Runs an endpoint call; a failure becomes a QueryFailure. */
export async function asQuery<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof QueryFailure) throw error;
    const failure = await readCallFailure(error);
    const reason = failure.kind === 'http' && failure.status === 401 ? 'unauthorized' : 'failed';
    const isNetworkFailure = error instanceof Error && error.name === 'TypeError';
    throw new QueryFailure(reason, failure.kind === 'http' ? failure.message : undefined, isNetworkFailure);
  }
}

export interface FailureTexts {
  /** Shown when the query failed and the server gave no message of its own. */
  failed: string;
  /** Shown when no token is stored; `failed` when absent. */
  noToken?: string;
  /** Always show `failed`, even when the server gave a message. */
  ownTextOnly?: boolean;
}

/** What a screen says when its query failed: its own text without a token, else the server's message, else its own text. */
export function failureText(error: unknown, texts: FailureTexts): string {
  const failure = error instanceof QueryFailure ? error : new QueryFailure('failed');
  if (failure.reason === 'no-token') return texts.noToken ?? texts.failed;
  return (!texts.ownTextOnly && failure.serverMessage) || texts.failed;
}

export function failureReason(error: unknown): FailureReason | null {
  if (!error) return null;
  return error instanceof QueryFailure ? error.reason : 'failed';
}
