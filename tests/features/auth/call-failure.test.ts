import { describe, expect, it } from 'vitest';
import ky, { HTTPError, TimeoutError } from 'ky';
import { textField, toCallFailure } from '../../../src/features/auth/call-failure';

async function failureOf(respond: () => Response | Promise<Response>, options: { timeout?: number } = {}) {
  const client = ky.create({ prefixUrl: 'http://api.test/', retry: 0, fetch: async () => respond(), ...options });
  try {
    await client.post('client/signup', { json: {} });
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe('reading a failed call', () => {
  it('an error status (ky HTTPError) gives the status and the JSON body', async () => {
    const error = await failureOf(() => Response.json({ message: 'Email already exists', data: 'Email already exists' }, { status: 409 }));
    expect(error).toBeInstanceOf(HTTPError);
    expect(await toCallFailure(error)).toEqual({ kind: 'http', status: 409, body: { message: 'Email already exists', data: 'Email already exists' } });
  });

  it('an error status without a JSON body still gives the status', async () => {
    const error = await failureOf(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expect(await toCallFailure(error)).toEqual({ kind: 'http', status: 502, body: null });
  });

  it('no answer at all (network failure) is "no response"', async () => {
    const error = await failureOf(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await toCallFailure(error)).toEqual({ kind: 'network' });
  });

  it('a time-out is "no response" too', async () => {
    const error = await failureOf(() => new Promise<Response>(() => {}), { timeout: 10 });
    expect(error).toBeInstanceOf(TimeoutError);
    expect(await toCallFailure(error)).toEqual({ kind: 'network' });
  });

  it('anything else is neither', async () => {
    expect(await toCallFailure(new SyntaxError('Unexpected token'))).toEqual({ kind: 'other' });
    expect(await toCallFailure('weird')).toEqual({ kind: 'other' });
  });

  it('textField reads only non-empty strings', () => {
    expect(textField({ error: 'Invalid email or password' }, 'error')).toBe('Invalid email or password');
    expect(textField({ error: '' }, 'error')).toBeNull();
    expect(textField({ error: 42 }, 'error')).toBeNull();
    expect(textField('text', 'error')).toBeNull();
    expect(textField(null, 'error')).toBeNull();
  });
});
