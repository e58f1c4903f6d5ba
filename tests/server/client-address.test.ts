import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { addressBucket, forwardedAddress } from '../../server/http/client-address';

describe('the client address behind trusted proxies (TRUST_PROXY)', () => {
  it('takes the entry our nearest trusted proxy added, never one the client wrote', () => {
    const header = '6.6.6.6, 203.0.113.7, 10.0.0.2';
    expect(forwardedAddress(header, 1)).toBe('10.0.0.2');
    expect(forwardedAddress(header, 2)).toBe('203.0.113.7');
    expect(forwardedAddress('203.0.113.7', 1)).toBe('203.0.113.7');
  });

  it('nothing usable: no header, fewer entries than proxies, or not an address', () => {
    expect(forwardedAddress(undefined, 1)).toBeUndefined();
    expect(forwardedAddress('203.0.113.7', 2)).toBeUndefined();
    expect(forwardedAddress('203.0.113.7, evil', 1)).toBeUndefined();
    expect(forwardedAddress('203.0.113.7', 0)).toBeUndefined();
    expect(forwardedAddress(`${'1.1.1.1, '.repeat(1000)}2.2.2.2`, 1)).toBeUndefined();
  });

  it('buckets: IPv4 as is, IPv4-mapped as IPv4, IPv6 by /64', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('local')).toBe('local');
  });

  it('TRUST_PROXY: off by default; on, 1, or the number of proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('pool settings: DATABASE_POOL_MAX and DATABASE_STATEMENT_TIMEOUT_MS, with defaults', () => {
    expect(loadConfig({})).toMatchObject({ databasePoolMax: 10, databaseStatementTimeoutMs: 10_000 });
    expect(loadConfig({ DATABASE_POOL_MAX: '25', DATABASE_STATEMENT_TIMEOUT_MS: '0' })).toMatchObject({
      databasePoolMax: 25,
      databaseStatementTimeoutMs: 0,
    });
    // A typo is refused, naming the variable (tests/server/config.test.ts), not quietly the default.
    expect(() => loadConfig({ DATABASE_POOL_MAX: 'lots' })).toThrow(/DATABASE_POOL_MAX must be a whole number/);
  });
});
