/**
 * The token service remembers tokens whose signature it checked (the 2 s chat poll sends
 * the same token again and again). What it remembers must never change a response: an
 * expired token is refused at the very second jose would refuse it, and an altered or
 * foreign token is checked in full whatever was remembered before.
 */
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from '../../server/accounts/tokens';

const SECRET = 'tokens-test-secret-0123456789abcdef';
const TTL_SECONDS = 60;

/** A clock the test moves, starting mid-second so that rounding mistakes show. */
function testClock(start = Date.UTC(2030, 4, 5, 10, 0, 0, 400)) {
  let now = start;
  return { now: () => now, set: (ms: number) => (now = ms), advance: (ms: number) => (now += ms) };
}

/** The token's `exp`, in seconds, read without checking (the test knows what it signed). */
const expOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;

describe('createTokenService', () => {
  it('verifies its own token, the same response again from memory', async () => {
    const tokens = createTokenService(SECRET, TTL_SECONDS);
    const token = await tokens.sign('user-1', 3);
    expect(await tokens.verify(token)).toEqual({ userId: 'user-1', sessionVersion: 3, role: 'client' });
    expect(await tokens.verify(token)).toEqual({ userId: 'user-1', sessionVersion: 3, role: 'client' });
  });

  it("carries a driver's or an operator's role; a token naming any other role is refused", async () => {
    const tokens = createTokenService(SECRET, TTL_SECONDS);
    for (const role of ['driver', 'operator'] as const)
      expect(await tokens.verify(await tokens.sign('staff-1', 2, role))).toEqual({
        userId: 'staff-1',
        sessionVersion: 2,
        role,
      });
    for (const role of ['admin', 'client', 'Operator', 7]) {
      const forged = await new SignJWT({ sv: 0, role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('staff-2')
        .setExpirationTime('1m')
        .sign(new TextEncoder().encode(SECRET));
      expect(await tokens.verify(forged), String(role)).toBeNull();
    }
  });

  it('a remembered token is refused from the second its exp names, exactly when an unremembered one is', async () => {
    const clock = testClock();
    // One service remembers, the other (keep: 0) checks every time with jose.
    const remembering = createTokenService(SECRET, TTL_SECONDS, { now: clock.now });
    const checking = createTokenService(SECRET, TTL_SECONDS, { now: clock.now, keep: 0 });
    const token = await new SignJWT({ sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-2')
      .setExpirationTime(Math.floor(clock.now() / 1000) + TTL_SECONDS)
      .sign(new TextEncoder().encode(SECRET));
    expect(await remembering.verify(token)).not.toBeNull();

    const expiresAtMs = expOf(token) * 1000;
    clock.set(expiresAtMs - 1);
    expect(await remembering.verify(token)).toEqual({ userId: 'user-2', sessionVersion: 0, role: 'client' });
    expect(await checking.verify(token)).toEqual({ userId: 'user-2', sessionVersion: 0, role: 'client' });
    clock.set(expiresAtMs);
    expect(await remembering.verify(token)).toBeNull();
    expect(await checking.verify(token)).toBeNull();
    // Forgotten once expired, and still refused afterwards.
    clock.advance(3_600_000);
    expect(await remembering.verify(token)).toBeNull();
  });

  it('a token signed by this service expires after its time to live', async () => {
    const clock = testClock(Date.now());
    const tokens = createTokenService(SECRET, TTL_SECONDS, { now: clock.now });
    const token = await tokens.sign('user-3');
    expect(await tokens.verify(token)).not.toBeNull();
    clock.set(expOf(token) * 1000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('an altered or foreign token is refused although the genuine one is remembered', async () => {
    const tokens = createTokenService(SECRET, TTL_SECONDS);
    const genuine = await tokens.sign('user-4', 1);
    expect(await tokens.verify(genuine)).toEqual({ userId: 'user-4', sessionVersion: 1, role: 'client' });

    const [header, payload, signature] = genuine.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const reencode = (changed: Record<string, unknown>) => Buffer.from(JSON.stringify(changed)).toString('base64url');
    // Another user, another session version, a later expiry: the genuine signature does not match.
    for (const changed of [
      { ...claims, sub: 'user-5' },
      { ...claims, sv: 2 },
      { ...claims, exp: (claims.exp as number) + 3600 },
    ]) {
      expect(await tokens.verify(`${header}.${reencode(changed)}.${signature}`)).toBeNull();
    }
    // The genuine claims with a changed signature, or with none.
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}.`)).toBeNull();
    // Signed with another secret, or unsigned.
    const foreign = await createTokenService('another-secret-0123456789abcdefghij', TTL_SECONDS).sign('user-4', 1);
    expect(await tokens.verify(foreign)).toBeNull();
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    expect(await tokens.verify(unsigned)).toBeNull();

    expect(await tokens.verify(genuine)).toEqual({ userId: 'user-4', sessionVersion: 1, role: 'client' });
  });

  it('with fewer places than tokens, every token still gets its own answer', async () => {
    const tokens = createTokenService(SECRET, TTL_SECONDS, { keep: 2 });
    const signed = await Promise.all(['a', 'b', 'c', 'd'].map((userId, version) => tokens.sign(userId, version)));
    for (let round = 0; round < 2; round += 1) {
      for (const [version, token] of signed.entries())
        expect(await tokens.verify(token)).toEqual({
          userId: 'abcd'[version],
          sessionVersion: version,
          role: 'client',
        });
    }
  });
});
