/**
 * Password hashes: production's cost (the server tests hash at a lower one, PASSWORD_HASH_COST
 * in vite.config.ts), and a stored hash verified at the cost it names.
 */
import { describe, expect, it } from 'vitest';
import { configuredCost, hashPassword, verifyPassword } from '../../server/accounts/passwords';

describe('password hashes', () => {
  it("at production's cost: scrypt with N = 16,384, r = 8, p = 1, verified by the right password only", async () => {
    const stored = await hashPassword('correct-horse-1', 14);
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(await verifyPassword('correct-horse-1', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-2', stored)).toBe(false);
  });

  it('each hash is verified at the cost it names, so changing the setting leaves stored passwords working', async () => {
    const cheap = await hashPassword('correct-horse-1', 10);
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('correct-horse-1', cheap)).toBe(true);
    expect(await verifyPassword('correct-horse-1', cheap.replace('$1024$', '$2048$'))).toBe(false);
  });

  it('the cost comes from PASSWORD_HASH_COST, never below the default in production', () => {
    expect(configuredCost({})).toBe(14);
    expect(configuredCost({ PASSWORD_HASH_COST: '10' })).toBe(10);
    expect(configuredCost({ PASSWORD_HASH_COST: '15' })).toBe(15);
    expect(configuredCost({ NODE_ENV: 'production', PASSWORD_HASH_COST: '10' })).toBe(14);
    expect(configuredCost({ NODE_ENV: 'production', PASSWORD_HASH_COST: '15' })).toBe(15);
    // Out of range: the start refuses it (loadConfig); a hash meanwhile takes the default.
    expect(configuredCost({ PASSWORD_HASH_COST: '9' })).toBe(14);
    expect(configuredCost({ PASSWORD_HASH_COST: '16' })).toBe(14);
  });
});
