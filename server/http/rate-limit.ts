/**
 * In-memory fixed-window rate limiter (per key, e.g. `login:email:x` or `login:ip:1.2.3.4`).
 * One process serves the reference API, so memory is the right place; a restart resets it.
 */
export interface RateRule {
  limit: number;
  windowMs: number;
}

export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one attempt; false when the key is over its limit in the current window. */
  take(key: string, rule: RateRule): boolean {
    const now = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + rule.windowMs });
      this.sweep(now);
      return true;
    }
    entry.count += 1;
    return entry.count <= rule.limit;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    if (this.hits.size < 10_000) return;
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

export interface RateLimits {
  loginPerEmail: RateRule;
  loginPerAddress: RateRule;
  recoveryPerEmail: RateRule;
  recoveryPerAddress: RateRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerEmail: { limit: 10, windowMs: 15 * 60_000 },
  loginPerAddress: { limit: 100, windowMs: 15 * 60_000 },
  recoveryPerEmail: { limit: 10, windowMs: 60 * 60_000 },
  recoveryPerAddress: { limit: 50, windowMs: 60 * 60_000 },
};
