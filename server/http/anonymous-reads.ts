import { LocalRateLimiter } from "@/server/core/local-rate-limit";
import { setTimeout as sleep } from "node:timers/promises";
import { tooManyRequests, type AppError } from "@/server/core/errors";
import type { RateRule } from "@/server/core/rate-limit";
import { clientIp } from "@/server/core/client-ip";
import { countRefusal } from "@/server/core/metrics";
import type { ApiRequest } from "./api-request";

/**
 * Limits on API reads (issue 19, item 1; issue 27, item 3; docs/decisions/018): GET and HEAD of API routes by a caller
 * without a valid bearer token, per client address (`clientIp`), and by a signed-in caller, per account (below).
 * `/api/health` is never limited; writes have their own limits where they need one (server/core/rate-limit.ts).
 *
 * 1. Rate, in this process's memory (a database write per read would be the bottleneck): a bucket of 120 reads that
 *    refills at 10 a second (600 a minute). A reader scrolling discovery or paging through a chapter (with the next
 *    page prefetched) makes one or two a second, a page opening a handful at once; 10 a second, all the time, is an
 *    office or a mobile carrier's shared address with a few dozen people reading at once, and the bucket absorbs
 *    their bursts. Past it: 429 with Retry-After.
 *    A read costs one, plus one per 32 KiB of its answer past the first (charged when the answer is made): a default
 *    page of base64 covers (~450 kB) costs 15, the same page with imageFormat=url 1. So the bucket bounds the bytes an
 *    address makes the server produce, not only the calls: a client reading base64 covers gets a page every 1.5 s.
 * 2. Share, also per address: at most 2 of an address's anonymous reads run at once; the next ones wait their turn
 *    (at most 200 waiting, then 429). One address then uses at most 2 of the server's hands, however many
 *    connections it opens, and the first seconds of a flood (the whole bucket) cannot stall everyone else.
 * 3. A refusal (429) is sent after a 1 s pause (AnonymousReadLimits.refusal): a client hammering on 50 connections
 *    gets 50 refusals a second instead of thousands, so saying no costs the server next to nothing.
 * Per process: across N processes behind a load balancer an address gets at most N× these.
 * `RATE_LIMIT_API_READ="<reads>/<seconds>"` sets the bucket (reads at once, refilled over seconds), `off` turns
 * rate and share off (load tests).
 *
 * Signed-in reads (issue 27, item 3) have the same three parts per account instead of per address (signedInReads):
 * a bucket of 300 refilled at 20 a second, 4 running at once with 200 waiting, the same 1 s pause before a refusal.
 * Accounts are self-service, so a token is no pass: before, any reader's token switched the limits off. A request
 * whose credential does not verify is an anonymous read of its address, admitted (or refused) before its 401, so a
 * flood of `Bearer x.y.z` costs what an anonymous flood does. `RATE_LIMIT_API_READ_USER` tunes the signed-in bucket;
 * with `RATE_LIMIT_API_READ=off` and no `RATE_LIMIT_API_READ_USER` both are off (load tests).
 */
export const ANONYMOUS_READ_RULE: RateRule = { name: "api_read", limit: 120, windowSeconds: 12 };
export const ANONYMOUS_READ_SLOTS = 2;
/** Answer bytes one read's cost covers; each further such slice costs one read more. */
export const ANONYMOUS_READ_BYTES = 32 * 1024;
export const ANONYMOUS_READ_QUEUE = 200;
/** How long a refusal waits before it is sent (never longer than its Retry-After). */
export const ANONYMOUS_READ_REFUSAL_DELAY_MS = 1000;

/**
 * A signed-in account's reads (docs/decisions/018, second round): 300 at once, then 20 a second (1,200 a minute), each
 * paying for its answer's size as above. A dashboard page opens a handful to a dozen API reads at once, root's user
 * search one per typed pause, the reader one or two a page turn: a real account stays far under it, and a page of
 * base64 covers every 0.75 s is still allowed all the time.
 */
export const SIGNED_IN_READ_RULE: RateRule = { name: "api_read_user", limit: 300, windowSeconds: 15 };
/** An account's reads running at once: twice an address's (a dashboard's parallel reads), still a small share. */
export const SIGNED_IN_READ_SLOTS = 4;
export const SIGNED_IN_READ_QUEUE = 200;

/** The paths never limited (load balancers' health checks). */
const UNLIMITED = new Set(["/api/health", "/api/health/live", "/api/health/ready"]);

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

/** One kind of caller's read limits (an address's anonymous reads, an account's signed-in ones): rate, share, refusal. */
export class ReadLimits {
  readonly rate: LocalRateLimiter;
  private readonly slots: number;
  private readonly queueLimit: number;
  private readonly refusalDelayMs: number;
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(
    options: { rule?: RateRule; slots?: number; queue?: number; refusalDelayMs?: number; env?: Record<string, string | undefined>; maxSubjects?: number } = {},
  ) {
    this.rate = new LocalRateLimiter(options.rule ?? ANONYMOUS_READ_RULE, { env: options.env, maxSubjects: options.maxSubjects });
    this.slots = options.slots ?? ANONYMOUS_READ_SLOTS;
    this.queueLimit = options.queue ?? ANONYMOUS_READ_QUEUE;
    this.refusalDelayMs = options.refusalDelayMs ?? ANONYMOUS_READ_REFUSAL_DELAY_MS;
  }

  /**
   * Counts one anonymous read of `address` and waits for one of its slots; throws the 429 AppError past the rate or a
   * full queue. The returned function frees the slot (call it once, when the answer is made).
   */
  async admit(address: string, now?: number): Promise<() => void> {
    if (!this.rate.rule) return noop;
    const state = this.rate.hit(address, now);
    if (!state.allowed) throw await this.refusal(state.retryAfterSeconds);
    const running = this.running.get(address) ?? 0;
    if (running < this.slots) {
      this.running.set(address, running + 1);
    } else {
      const queue = this.waiting.get(address) ?? [];
      if (queue.length >= this.queueLimit) throw await this.refusal(1);
      if (queue.length === 0) this.waiting.set(address, queue);
      // The slot is handed over by release() (running stays counted).
      await new Promise<void>((resolve) => queue.push(resolve));
      // While it waited, the answers before it may have been charged past the bucket (a flood of costly reads is
      // admitted together, one read each): then it does not run either.
      const overdrawn = this.rate.overdrawnSeconds(address);
      if (overdrawn > 0) {
        this.release(address);
        throw await this.refusal(overdrawn);
      }
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(address);
    };
  }

  /**
   * The 429, after a pause (at most refusalDelayMs, never past Retry-After): a client that asks again at once, on many
   * connections, gets its refusals at the pace of its connections, not as fast as the server can say no.
   */
  private async refusal(retryAfterSeconds: number): Promise<AppError> {
    countRefusal(this.rate.rule?.name ?? "read");
    const pause = Math.min(this.refusalDelayMs, retryAfterSeconds * 1000);
    if (pause > 0) await sleep(pause);
    return tooManyRequests(Math.max(1, retryAfterSeconds - Math.floor(pause / 1000)));
  }

  /** Charges an admitted read's answer of `bytes`: one read more per ANONYMOUS_READ_BYTES past the first. */
  chargeAnswer(address: string, bytes: number, now?: number): void {
    this.rate.charge(address, Math.floor(Math.max(0, bytes) / ANONYMOUS_READ_BYTES), now);
  }

  /** False when RATE_LIMIT_API_READ=off. */
  get enabled(): boolean {
    return this.rate.rule !== null;
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

/** The anonymous limits are the first use of the class, and its tests' name. */
export { ReadLimits as AnonymousReadLimits };

/** The process's limits (one per process, shared by defineRoute and the custom server's direct path). */
export const anonymousReads = new ReadLimits();

/** `RATE_LIMIT_API_READ=off` turns the signed-in limits off too, unless `RATE_LIMIT_API_READ_USER` says otherwise. */
export function signedInReadEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const anonymousOff = env.RATE_LIMIT_API_READ?.trim().toLowerCase() === "off";
  return anonymousOff && !env.RATE_LIMIT_API_READ_USER?.trim() ? { ...env, RATE_LIMIT_API_READ_USER: "off" } : env;
}

/** Signed-in reads, per account. */
export const signedInReads = new ReadLimits({
  rule: SIGNED_IN_READ_RULE,
  slots: SIGNED_IN_READ_SLOTS,
  queue: SIGNED_IN_READ_QUEUE,
  env: signedInReadEnv(process.env),
});

/** An admitted read: which limits and whose budget it was counted on, and how to free its slot. */
export interface ReadAdmission {
  limits: ReadLimits;
  subject: string;
  release: () => void;
}

/**
 * Admits an API read before any work on it: `userId` (a token that verified) on that account's budget, anything else
 * (no credential, or one that did not verify) on its address's. Throws the 429 AppError when refused; undefined when
 * the limits are off. Charge the answer with `admission.limits.chargeAnswer(admission.subject, bytes)`, then release.
 */
export async function admitRead(req: ApiRequest, userId: number | null): Promise<ReadAdmission | undefined> {
  const limits = userId === null ? anonymousReads : signedInReads;
  if (!limits.enabled) return undefined;
  const subject = userId === null ? clientIp(req) : `user:${userId}`;
  const release = await limits.admit(subject);
  return { limits, subject, release };
}

/**
 * Requests already admitted by the custom server's direct path (server/http/direct-routes.ts), which checks before it
 * builds the handler's Request: defineRoute does not count them again.
 */
export const admittedRequests = new WeakSet<ApiRequest>();
