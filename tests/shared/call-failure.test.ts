import { describe, expect, it } from 'vitest';
import ky, { HTTPError, TimeoutError } from 'ky';
import {
  failureMessage,
  failureOfResponse,
  readCallFailure,
  retryVerdict,
  type CallFailure,
} from '../../src/shared/call-failure';
import { textField } from '../../src/features/auth/auth-messages';

async function failureOf(respond: () => Response | Promise<Response>, options: { timeout?: number } = {}) {
  const client = ky.create({ prefixUrl: 'http://api.test/', retry: 0, fetch: async () => respond(), ...options });
  try {
    await client.post('client/signup', { json: {} });
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

const http = (status: number, message?: string): CallFailure => ({
  kind: 'http',
  status,
  body: null,
  ...(message ? { message } : {}),
});

describe('reading a failed call', () => {
  it('an error status (ky HTTPError) gives the status, the JSON body, and its message', async () => {
    const error = await failureOf(() =>
      Response.json({ message: 'Email already exists', data: 'Email already exists' }, { status: 409 }),
    );
    expect(error).toBeInstanceOf(HTTPError);
    expect(await readCallFailure(error)).toEqual({
      kind: 'http',
      status: 409,
      body: { message: 'Email already exists', data: 'Email already exists' },
      message: 'Email already exists',
    });
  });

  it("the profile's per-field errors are read too", async () => {
    const response = Response.json(
      { message: 'Invalid profile', errors: { email: 'Email is already in use' } },
      { status: 400 },
    );
    expect(await failureOfResponse(response)).toMatchObject({
      status: 400,
      message: 'Invalid profile',
      errors: { email: 'Email is already in use' },
    });
  });

  it('an error status without a JSON body still gives the status', async () => {
    const error = await failureOf(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expect(await readCallFailure(error)).toEqual({ kind: 'http', status: 502, body: null });
  });

  it("any error carrying the Response is read the same way (not only ky's)", async () => {
    const error = Object.assign(new Error('HTTP 503'), {
      response: Response.json({ message: 'Busy' }, { status: 503 }),
    });
    expect(await readCallFailure(error)).toMatchObject({ kind: 'http', status: 503, message: 'Busy' });
  });

  it('no response at all (network failure) is "network"', async () => {
    const error = await failureOf(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await readCallFailure(error)).toEqual({ kind: 'network' });
  });

  it('a time-out is "network" too', async () => {
    const error = await failureOf(() => new Promise<Response>(() => {}), { timeout: 10 });
    expect(error).toBeInstanceOf(TimeoutError);
    expect(await readCallFailure(error)).toEqual({ kind: 'network' });
  });

  it('anything else is neither', async () => {
    expect(await readCallFailure(new SyntaxError('Unexpected token'))).toEqual({ kind: 'other' });
    expect(await readCallFailure('weird')).toEqual({ kind: 'other' });
  });

  it("the message shown: the server's when it gave one, else the caller's text", () => {
    expect(failureMessage(http(500, 'Database unavailable'), 'Failed to load data')).toBe('Database unavailable');
    expect(failureMessage(http(500), 'Failed to load data')).toBe('Failed to load data');
    expect(failureMessage({ kind: 'network' }, 'Failed to load data')).toBe('Failed to load data');
  });

  it('textField reads only non-empty strings', () => {
    expect(textField({ error: 'Invalid email or password' }, 'error')).toBe('Invalid email or password');
    expect(textField({ error: '' }, 'error')).toBeNull();
    expect(textField({ error: 42 }, 'error')).toBeNull();
    expect(textField('text', 'error')).toBeNull();
    expect(textField(null, 'error')).toBeNull();
  });
});

describe("'final' or 'retry': one rule for every caller", () => {
  it('no response, or anything unreadable, is tried again', () => {
    for (const credentials of ['session', 'own'] as const) {
      expect(retryVerdict({ kind: 'network' }, credentials)).toBe('retry');
      expect(retryVerdict({ kind: 'other' }, credentials)).toBe('retry');
    }
  });

  it('a server failure (5xx), a time-out (408), too early (425) or a rate limit (429) is tried again', () => {
    for (const status of [500, 502, 503, 408, 425, 429]) {
      expect(retryVerdict(http(status), 'session')).toBe('retry');
      expect(retryVerdict(http(status), 'own')).toBe('retry');
    }
  });

  it('a refusal of the request itself (400, 402, 404, 409, 422) is final', () => {
    for (const status of [400, 402, 404, 409, 422]) {
      expect(retryVerdict(http(status), 'session')).toBe('final');
      expect(retryVerdict(http(status), 'own')).toBe('final');
    }
  });

  it("401 and 403 wait for the owner's next sign-in when the session's token is sent again (a paid task)", () => {
    expect(retryVerdict(http(401), 'session')).toBe('retry');
    expect(retryVerdict(http(403), 'session')).toBe('retry');
  });

  it('401 and 403 are final for a request that carries its own token (a queued chat message)', () => {
    expect(retryVerdict(http(401), 'own')).toBe('final');
    expect(retryVerdict(http(403), 'own')).toBe('final');
  });
});
