import { describe, expect, it } from 'vitest';
import { QueryFailure, asQuery, failureReason, failureText, noTokenFailure } from '../../../src/lib/api/query-failure';

const httpError = (status: number, body: unknown) =>
  Object.assign(new Error(`HTTP ${status}`), { response: Response.json(body, { status }) });

const texts = { failed: 'Failed to load data', noToken: 'No authentication token found' };

describe('why a query failed, read once in the query function', () => {
  it("keeps the server's message and whether the token was refused", async () => {
    const refused = await asQuery(() => Promise.reject(httpError(401, { message: 'Invalid token' }))).catch((e) => e);
    expect(refused).toBeInstanceOf(QueryFailure);
    expect(failureReason(refused)).toBe('unauthorized');
    expect(failureText(refused, texts)).toBe('Invalid token');

    const down = await asQuery(() => Promise.reject(httpError(500, { message: 'Database unavailable' }))).catch(
      (e) => e,
    );
    expect(failureReason(down)).toBe('failed');
    expect(failureText(down, texts)).toBe('Database unavailable');
    expect(failureText(down, { ...texts, ownTextOnly: true })).toBe('Failed to load data');
  });

  it("no response, or an error page without a message: the screen's own text", async () => {
    const offline = await asQuery(() => Promise.reject(new TypeError('Failed to fetch'))).catch((e) => e);
    expect(failureText(offline, texts)).toBe('Failed to load data');
    const page = await asQuery(() => Promise.reject(httpError(502, 'Bad gateway'))).catch((e) => e);
    expect(failureText(page, texts)).toBe('Failed to load data');
  });

  it("without a token: the screen's no-token text, else its failed text", () => {
    expect(failureReason(noTokenFailure())).toBe('no-token');
    expect(failureText(noTokenFailure(), texts)).toBe('No authentication token found');
    expect(failureText(noTokenFailure(), { failed: 'Failed' })).toBe('Failed');
    expect(failureReason(null)).toBeNull();
  });
});
