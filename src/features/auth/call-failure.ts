/**
 * What went wrong with an API call, in the terms the error catalogue (SPEC section 8) uses:
 * the server answered with an error status (and maybe a JSON body), no answer came at all
 * (network failure or time-out), or something else failed.
 *
 * The shared client (src/lib/http.ts, ky) throws `HTTPError` carrying `response` for an
 * error status and `TimeoutError` or a fetch `TypeError` when no answer came. They are
 * recognised by name so that only src/lib/http.ts imports ky.
 */
export type CallFailure = { kind: 'http'; status: number; body: unknown } | { kind: 'network' } | { kind: 'other' };

function hasResponse(error: unknown): error is Error & { response: Response } {
  return error instanceof Error && error.name === 'HTTPError' && (error as { response?: unknown }).response instanceof Response;
}

export async function toCallFailure(error: unknown): Promise<CallFailure> {
  if (hasResponse(error)) {
    let body: unknown = null;
    try {
      body = await error.response.clone().json();
    } catch {
      // An error page or an empty body: only the status is known.
    }
    return { kind: 'http', status: error.response.status, body };
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'TypeError')) return { kind: 'network' };
  return { kind: 'other' };
}

/** A non-empty string field of an answer body, if there is one. */
export function textField(body: unknown, field: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
