/**
 * What a failed database call means to the caller. A value PostgreSQL cannot hold (a year 0
 * date, a NUL byte, a number out of range: SQLSTATE class 22) is the request's fault: 400. A
 * database that cannot be reached, is frozen or is restarting is nobody's fault: 503 with
 * Retry-After, logged once per outage with a count, not once per request.
 */
import type { Logger } from '../log';

export type DatabaseErrorKind = 'bad-input' | 'unavailable' | undefined;

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
/** pg-pool's and node-postgres's own words for a connection or query that timed out or broke. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Connection terminated',
  'Client has encountered a connection error',
  'Connection terminated unexpectedly',
];

export function databaseErrorKind(error: unknown): DatabaseErrorKind {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('22')) return 'bad-input';
    // 08: connection exception; 57P01-57P03: shutting down or starting; 53300: too many connections.
    if (code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '53300' || UNAVAILABLE_CODES.has(code))
      return 'unavailable';
  }
  if (UNAVAILABLE_MESSAGES.some((text) => error.message.includes(text))) return 'unavailable';
  return undefined;
}

export const BAD_VALUE = 'A value in the request is out of range or not valid text.';
export const DATABASE_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';
/** Seconds a client is asked to wait after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** One line when an outage starts, one when it ends with how many requests it failed. */
export class OutageLog {
  private failed = 0;

  private readonly log: Logger;

  constructor(log: Logger) {
    this.log = log.child({ module: 'db' });
  }

  failure(error: Error): void {
    if (this.failed === 0) this.log.error({ reason: error.message }, 'unavailable: answering 503 until it is back');
    this.failed += 1;
  }

  success(): void {
    if (this.failed === 0) return;
    this.log.info({ failedRequests: this.failed }, 'available again');
    this.failed = 0;
  }
}
