/**
 * What a failed API call says, read once for the signed-in screens: the HTTP status, the
 * server's `message` and its per-field `errors` (SPEC.md section 8; the envelope is in
 * contract.ts). A network failure or time-out has no status and no message. The client's
 * `HTTPError` is recognised by name so that only src/lib/http.ts imports ky.
 */
import type { ErrorAnswer } from '../shared/contract';

export interface ApiError {
  status?: number;
  message?: string;
  errors?: Record<string, string>;
}

function hasResponse(error: unknown): error is Error & { response: Response } {
  return error instanceof Error && error.name === 'HTTPError' && (error as { response?: unknown }).response instanceof Response;
}

export async function readApiError(error: unknown): Promise<ApiError> {
  if (!hasResponse(error)) return {};
  const status = error.response.status;
  try {
    const body = (await error.response.clone().json()) as Partial<ErrorAnswer> | null;
    return {
      status,
      message: typeof body?.message === 'string' && body.message.trim() ? body.message : undefined,
      errors: body?.errors && typeof body.errors === 'object' ? body.errors : undefined,
    };
  } catch {
    return { status };
  }
}

/** The server's message when it gave one, otherwise the screen's own fallback text. */
export async function apiErrorMessage(error: unknown, fallback: string): Promise<string> {
  return (await readApiError(error)).message ?? fallback;
}
