import { effectiveRule, type RateRule } from "./rate-limit";

/**
 * Rate limits kept in this process's memory, for calls too frequent to count in the database (./rate-limit.ts does
 * one upsert per hit, which for every anonymous API read would itself be the bottleneck). Each subject has a bucket
 * of `limit` calls that refills evenly over `windowSeconds` (GCRA: one number per subject, the time its bucket is
 * full again), so `limit` calls may come at once and then `limit / windowSeconds` a second.
 *
 * Bounded: a subject whose bucket is full again is forgotten (swept every few seconds), and past `maxSubjects` the
 * least recently counted ones go first (they then start with a full bucket: the bound costs precision, not memory).
 * Per process: behind a load balancer spreading one client over N processes, the client gets at most N× the limit.
 * RATE_LIMIT_<NAME> tunes or turns off a rule as for the database limits.
 */
export interface LocalRateState {
  allowed: boolean;
  /** Seconds until one more call would be allowed (0 when allowed). */
  retryAfterSeconds: number;
}

export interface LocalRateLimiterOptions {
  maxSubjects?: number;
  /** Milliseconds between sweeps of forgotten subjects. */
  sweepEveryMs?: number;
  /** Where RATE_LIMIT_<NAME> is read (process.env by default). */
  env?: Record<string, string | undefined>;
}

export class LocalRateLimiter {
  readonly rule: RateRule | null;
  private readonly intervalMs: number;
  private readonly toleranceMs: number;
  private readonly maxSubjects: number;
  private readonly sweepEveryMs: number;
  /** Subject → when its bucket is full again (ms); in order of last counted call. */
  private readonly fullAt = new Map<string, number>();
  private lastSweep = 0;

  constructor(rule: RateRule, options: LocalRateLimiterOptions = {}) {
    this.rule = effectiveRule(rule, (options.env ?? process.env) as NodeJS.ProcessEnv);
    const limit = Math.max(1, this.rule?.limit ?? 1);
    this.intervalMs = ((this.rule?.windowSeconds ?? 1) * 1000) / limit;
    this.toleranceMs = this.intervalMs * limit;
    this.maxSubjects = options.maxSubjects ?? 100_000;
    this.sweepEveryMs = options.sweepEveryMs ?? 5_000;
  }

  /** Counts one call of `subject` at `now` (ms) when it is allowed. */
  hit(subject: string, now: number = Date.now()): LocalRateState {
    if (!this.rule) return { allowed: true, retryAfterSeconds: 0 };
    if (now - this.lastSweep >= this.sweepEveryMs) this.sweep(now);
    const next = Math.max(this.fullAt.get(subject) ?? now, now) + this.intervalMs;
    const over = next - now - this.toleranceMs;
    if (over > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(over / 1000)) };
    // Re-inserted, so the map stays in order of last counted call (the eviction order).
    this.fullAt.delete(subject);
    this.fullAt.set(subject, next);
    if (this.fullAt.size > this.maxSubjects) this.evict(now);
    return { allowed: true, retryAfterSeconds: 0 };
  }

  /**
   * Charges `units` more calls to `subject` after the fact (a costly answer), even past the limit: its next calls wait
   * until the bucket has refilled that much.
   */
  charge(subject: string, units: number, now: number = Date.now()): void {
    if (!this.rule || units <= 0) return;
    const next = Math.max(this.fullAt.get(subject) ?? now, now) + units * this.intervalMs;
    this.fullAt.delete(subject);
    this.fullAt.set(subject, next);
    if (this.fullAt.size > this.maxSubjects) this.evict(now);
  }

  /**
   * Seconds until the subject's bucket is back within its limit when charges have overdrawn it (0 when it is not): for
   * a call counted earlier that has waited since, e.g. behind costly answers of the same subject.
   */
  overdrawnSeconds(subject: string, now: number = Date.now()): number {
    const fullAt = this.rule ? this.fullAt.get(subject) : undefined;
    const over = fullAt === undefined ? 0 : fullAt - now - this.toleranceMs;
    return over > 0 ? Math.max(1, Math.ceil(over / 1000)) : 0;
  }

  /** Subjects remembered now (for tests and monitoring). */
  get size(): number {
    return this.fullAt.size;
  }

  /** Forgets every subject whose bucket is full again (it would start afresh anyway). */
  sweep(now: number = Date.now()): void {
    this.lastSweep = now;
    for (const [subject, fullAt] of this.fullAt) if (fullAt <= now) this.fullAt.delete(subject);
  }

  private evict(now: number): void {
    this.sweep(now);
    const target = Math.floor(this.maxSubjects * 0.9);
    for (const subject of this.fullAt.keys()) {
      if (this.fullAt.size <= target) break;
      this.fullAt.delete(subject);
    }
  }
}
