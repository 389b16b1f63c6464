import { LocalRateLimiter } from "@/server/core/local-rate-limit";
import { tooManyRequests } from "@/server/core/errors";
import type { RateRule } from "@/server/core/rate-limit";

/**
 * Limits on anonymous API reads (issue 19, item 1; docs/decisions/018): GET and HEAD of API routes by a caller without
 * a valid bearer token, per client address (`clientIp`, the caller passes it). Signed-in callers and `/api/health` are
 * never limited; writes have their own limits where they need one (server/core/rate-limit.ts).
 *
 * 1. Rate, in this process's memory (a database write per read would be the bottleneck): a bucket of 300 reads that
 *    refills at 10 a second (600 a minute). A reader scrolling discovery or paging through a chapter (with the next
 *    page prefetched) makes one or two a second, a page opening a handful at once; 10 a second, all the time, is an
 *    office or a mobile carrier's shared address with a few dozen people reading at once, and the bucket absorbs
 *    their bursts. Past it: 429 with Retry-After.
 *    A read costs one, plus one per 64 KiB of its answer past the first (charged when the answer is made): a default
 *    page of base64 covers (~450 kB) costs 7, the same page with imageFormat=url 1. So the bucket bounds the bytes an
 *    address makes the server produce, not only the calls.
 * 2. Share, also per address: at most 4 of an address's anonymous reads run at once; the next ones wait their turn
 *    (at most 200 waiting, then 429). One address then uses at most 4 of the server's hands, however many
 *    connections it opens, and the first seconds of a flood (the whole bucket) cannot stall everyone else.
 * Per process: across N processes behind a load balancer an address gets at most N× these.
 * `RATE_LIMIT_API_READ="<reads>/<seconds>"` sets the bucket (reads at once, refilled over seconds), `off` turns
 * rate and share off (load tests).
 */
export const ANONYMOUS_READ_RULE: RateRule = { name: "api_read", limit: 300, windowSeconds: 30 };
export const ANONYMOUS_READ_SLOTS = 4;
/** Answer bytes one read's cost covers; each further such slice costs one read more. */
export const ANONYMOUS_READ_BYTES = 64 * 1024;
export const ANONYMOUS_READ_QUEUE = 200;

/** The paths never limited (load balancers' health checks). */
const UNLIMITED = new Set(["/api/health"]);

/** Whether a request (method and path) is an API read the anonymous limits apply to. */
export function isLimitedRead(method: string, pathname: string): boolean {
  return (method === "GET" || method === "HEAD") && pathname.startsWith("/api/") && !UNLIMITED.has(pathname);
}

/** Whether an Authorization header carries a credential (the "Bearer null" some clients send does not). */
export function hasCredential(header: string | null | undefined): boolean {
  const value = header?.trim();
  if (!value) return false;
  const match = /^Bearer(?:[ \t]+(.*))?$/i.exec(value);
  if (!match) return true;
  const token = match[1]?.trim() ?? "";
  return !(token === "" || token === "null" || token === "undefined");
}

export class AnonymousReadLimits {
  readonly rate: LocalRateLimiter;
  private readonly slots: number;
  private readonly queueLimit: number;
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(options: { rule?: RateRule; slots?: number; queue?: number; env?: Record<string, string | undefined>; maxSubjects?: number } = {}) {
    this.rate = new LocalRateLimiter(options.rule ?? ANONYMOUS_READ_RULE, { env: options.env, maxSubjects: options.maxSubjects });
    this.slots = options.slots ?? ANONYMOUS_READ_SLOTS;
    this.queueLimit = options.queue ?? ANONYMOUS_READ_QUEUE;
  }

  /**
   * Counts one anonymous read of `address` and waits for one of its slots; throws the 429 AppError past the rate or a
   * full queue. The returned function frees the slot (call it once, when the answer is made).
   */
  async admit(address: string, now?: number): Promise<() => void> {
    if (!this.rate.rule) return noop;
    const state = this.rate.hit(address, now);
    if (!state.allowed) throw tooManyRequests(state.retryAfterSeconds);
    const running = this.running.get(address) ?? 0;
    if (running < this.slots) {
      this.running.set(address, running + 1);
    } else {
      const queue = this.waiting.get(address) ?? [];
      if (queue.length >= this.queueLimit) throw tooManyRequests(1);
      if (queue.length === 0) this.waiting.set(address, queue);
      // The slot is handed over by release() (running stays counted).
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(address);
    };
  }

  /** Charges an admitted read's answer of `bytes`: one read more per ANONYMOUS_READ_BYTES past the first. */
  chargeAnswer(address: string, bytes: number, now?: number): void {
    this.rate.charge(address, Math.floor(Math.max(0, bytes) / ANONYMOUS_READ_BYTES), now);
  }

  /** Reads of `address` running now (tests). */
  runningFor(address: string): number {
    return this.running.get(address) ?? 0;
  }

  /** Addresses holding or waiting for a slot (tests: the maps forget idle addresses). */
  get busyAddresses(): number {
    return this.running.size;
  }

  private release(address: string): void {
    const queue = this.waiting.get(address);
    const next = queue?.shift();
    if (next) {
      if (queue!.length === 0) this.waiting.delete(address);
      next();
      return;
    }
    const running = (this.running.get(address) ?? 1) - 1;
    if (running <= 0) this.running.delete(address);
    else this.running.set(address, running);
  }
}

const noop = () => undefined;

/** The process's limits (one per process, shared by defineRoute and the custom server's direct path). */
export const anonymousReads = new AnonymousReadLimits();

/**
 * Requests already admitted by the custom server's direct path (server/http/direct-routes.ts), which checks before it
 * builds the handler's Request: defineRoute does not count them again.
 */
export const admittedRequests = new WeakSet<Request>();
