/**
 * Fixed-window rate limits kept in the database (server/db/rate-limits.ts), so every server
 * on one database shares them and a restart forgets nothing. A hit is one upsert on the
 * key's row: its cost does not grow with the number of keys, and a refused hit writes
 * nothing. Rows whose window has ended are removed in bulk, a batch every SWEEP_EVERY hits.
 */
import { setBounded } from '../bounded-map';
import type { Db } from '../db/connection';
import type { Logger } from '../log';
import {
  clearHits,
  deleteEndedWindows,
  isAtLimit,
  returnHit,
  takeBucketToken,
  takeCountedHit,
  takeHit,
} from '../db/rate-limits';

export interface RateRule {
  limit: number;
  windowMs: number;
}

/** A token bucket: one take every `everyMs` on average, up to `burst` at once after a pause. */
export interface BucketRule {
  everyMs: number;
  burst: number;
}

/** Empty buckets one server remembers (one per flooding driver). */
const REMEMBERED_EMPTY_BUCKETS = 10_000;

export interface RateLimiterOptions {
  /** Hits between two sweeps of ended windows. */
  sweepEvery?: number;
  /** Rows removed by one sweep at most (a sweep never stalls the request that runs it for long). */
  sweepBatch?: number;
  log?: Logger;
}

export class RateLimiter {
  private hits = 0;
  /** Buckets found empty, with when a token is free again (ms). */
  private readonly emptyBuckets = new Map<string, number>();
  private readonly sweepEvery: number;
  private readonly sweepBatch: number;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly options: RateLimiterOptions = {},
  ) {
    this.sweepEvery = options.sweepEvery ?? 500;
    this.sweepBatch = options.sweepBatch ?? 5000;
  }

  /** Counts one attempt; false (and nothing counted) when the key is at its limit in the current window. */
  async take(key: string, rule: RateRule): Promise<boolean> {
    const now = this.now();
    const allowed = await takeHit(this.db, key, rule.limit, now, new Date(now.getTime() + rule.windowMs));
    await this.afterHit(now);
    return allowed;
  }

  /**
   * Counts one attempt in each bucket, or in none: when any bucket is at its limit the
   * others are rolled back, so a refused request adds nothing anywhere.
   */
  async takeAll(buckets: ReadonlyArray<readonly [string, RateRule]>): Promise<boolean> {
    return (await this.takeAllCounted(buckets)) !== undefined;
  }

  /** As takeAll, answering each bucket's hits in its window with this one, or undefined when refused. */
  async takeAllCounted(buckets: ReadonlyArray<readonly [string, RateRule]>): Promise<number[] | undefined> {
    const now = this.now();
    const refused = new Error('refused');
    try {
      return await this.db.transaction(async (tx) => {
        const counts: number[] = new Array(buckets.length);
        // One lock order for every request (the keys sorted): two requests naming the same keys
        // the other way round would otherwise each hold the row the other waits for (a deadlock).
        for (const index of lockOrder(buckets.map(([key]) => key))) {
          const [key, rule] = buckets[index]!;
          const hits = await takeCountedHit(tx, key, rule.limit, now, new Date(now.getTime() + rule.windowMs));
          if (hits === undefined) throw refused;
          counts[index] = hits;
        }
        return counts;
      });
    } catch (error) {
      if (error !== refused) throw error;
      return undefined;
    } finally {
      await this.afterHit(now);
    }
  }

  /**
   * Takes a token of the key's bucket (in the database, so every server shares it): 0 when
   * taken, else the milliseconds until one is free (a 429's Retry-After).
   */
  async takeToken(key: string, rule: BucketRule): Promise<number> {
    const now = this.now();
    // Refused here until the time the database named: a bucket only refills with time, so
    // until then it is surely empty, and a flood's refusals cost no query.
    const emptyUntil = this.emptyBuckets.get(key);
    if (emptyUntil !== undefined && emptyUntil > now.getTime()) return emptyUntil - now.getTime();
    const taken = await takeBucketToken(this.db, key, now, rule.everyMs, (rule.burst - 1) * rule.everyMs);
    await this.afterHit(now);
    if (taken === true) return 0;
    setBounded(this.emptyBuckets, key, taken.getTime(), REMEMBERED_EMPTY_BUCKETS);
    return Math.max(1, taken.getTime() - now.getTime());
  }

  /** Whether the key is at its limit now, without counting a hit. */
  isBlocked(key: string, rule: RateRule): Promise<boolean> {
    return isAtLimit(this.db, key, rule.limit, this.now());
  }

  /** Takes back one hit of each key's current window (an attempt that turned out not to count). */
  async giveBack(keys: string | readonly string[]): Promise<void> {
    const named = typeof keys === 'string' ? [keys] : keys;
    // One key per statement, in the same order as takeAll: a statement holds one row at a time.
    for (const index of lockOrder(named)) await returnHit(this.db, named[index]!, this.now());
  }

  async reset(key: string): Promise<void> {
    await clearHits(this.db, key);
  }

  /** Removes rows whose window has ended (one batch); answers how many. */
  sweep(now = this.now()): Promise<number> {
    return deleteEndedWindows(this.db, now, this.sweepBatch);
  }

  private async afterHit(now: Date): Promise<void> {
    this.hits += 1;
    if (this.hits % this.sweepEvery !== 0) return;
    try {
      await this.sweep(now);
    } catch (error) {
      this.options.log?.child({ module: 'rate-limit' }).error({ err: error }, 'sweep failed');
    }
  }
}

export interface RateLimits {
  /** Login attempts for one e-mail from one address: a stranger elsewhere cannot lock the owner out. */
  loginPerEmailAndAddress: RateRule;
  /** Login attempts from one address, whatever the e-mail. */
  loginPerAddress: RateRule;
  /** Sign-ups from one address (each costs a password hash). */
  signupPerAddress: RateRule;
  /**
   * Recovery codes sent for one e-mail to addresses that never signed in to it: what bounds a
   * stranger's guessing (5 tries a code). Spent only by codes actually mailed, each mail saying
   * how many were asked.
   */
  recoveryPerAccount: RateRule;
  /** Recovery codes for one e-mail asked from one address that signed in to it (the owner's own). */
  recoveryPerKnownAddress: RateRule;
  /** Recovery codes asked, and codes tried, from one address. */
  recoveryPerAddress: RateRule;
  /** Support requests ('Report a problem') one client sends. */
  supportPerUser: RateRule;
  /** Chat messages one client sends, whatever the task. */
  chatPerUser: RateRule;
  /** Chat messages sent in one task's thread in a day. */
  chatPerTask: RateRule;
  /** New profile pictures of one user. */
  avatarPerUser: RateRule;
  /** Wrong operator tokens from one address. */
  opsTokenFailuresPerAddress: RateRule;
  /** Payment references one client has the provider verify (each is a call to Paystack). */
  verifyPerUser: RateRule;
  /** Payment references verified for one address, whoever is signed in. */
  verifyPerAddress: RateRule;
  /** Sign-in codes sent to one phone number (server/accounts/phone-codes.ts). */
  phoneCodePerNumber: RateRule;
  /** Sign-in codes asked from one address, whatever the numbers. */
  phoneCodePerAddress: RateRule;
  /** Sign-in codes asked from one address range (/24 for IPv4, /48 for IPv6). */
  phoneCodePerRange: RateRule;
  /** Sign-in codes tried from one address, whatever the numbers. */
  phoneVerifyPerAddress: RateRule;
  /** Position batches of one driver: a flood of them slowed every other call (issue 62). */
  positionsPerDriver: BucketRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerEmailAndAddress: { limit: 10, windowMs: 15 * 60_000 },
  loginPerAddress: { limit: 100, windowMs: 15 * 60_000 },
  signupPerAddress: { limit: 30, windowMs: 60 * 60_000 },
  recoveryPerAccount: { limit: 6, windowMs: 24 * 60 * 60_000 },
  recoveryPerKnownAddress: { limit: 6, windowMs: 24 * 60 * 60_000 },
  recoveryPerAddress: { limit: 50, windowMs: 60 * 60_000 },
  chatPerUser: { limit: 30, windowMs: 60_000 },
  chatPerTask: { limit: 500, windowMs: 24 * 60 * 60_000 },
  avatarPerUser: { limit: 10, windowMs: 60 * 60_000 },
  supportPerUser: { limit: 10, windowMs: 60 * 60_000 },
  opsTokenFailuresPerAddress: { limit: 10, windowMs: 15 * 60_000 },
  verifyPerUser: { limit: 10, windowMs: 60_000 },
  verifyPerAddress: { limit: 10, windowMs: 60_000 },
  phoneCodePerNumber: { limit: 3, windowMs: 60 * 60_000 },
  phoneCodePerAddress: { limit: 10, windowMs: 60 * 60_000 },
  phoneCodePerRange: { limit: 30, windowMs: 60 * 60_000 },
  phoneVerifyPerAddress: { limit: 30, windowMs: 15 * 60_000 },
  positionsPerDriver: { everyMs: 2_000, burst: 5 },
};

/** The indexes of `keys` sorted by key: the order every multi-key change locks rows in. */
function lockOrder(keys: readonly string[]): number[] {
  return keys.map((_, index) => index).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
}
