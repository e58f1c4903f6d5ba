/** The one error shape: a proper status and `{ message }`, plus call-specific fields. */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorResponse } from '../../src/shared/contract';

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: Omit<ErrorResponse, 'message'> = {},
    /** Response headers the answer needs (a 429's Retry-After). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  get body(): ErrorResponse {
    return { message: this.message, ...this.extra };
  }
}

export const badRequest = (message: string, extra?: Omit<ErrorResponse, 'message'>) =>
  new HttpError(400, message, extra);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this resource') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, extra?: Omit<ErrorResponse, 'message'>) => new HttpError(409, message, extra);
export const unprocessable = (message: string) => new HttpError(422, message);
export const tooManyRequests = (
  message = 'Too many attempts. Please try again later.',
  extra?: Omit<ErrorResponse, 'message'>,
) => new HttpError(429, message, extra);
