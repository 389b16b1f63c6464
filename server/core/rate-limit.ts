import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { tooManyRequests } from "./errors";
import { metrics } from "./metrics";

/**
 * Fixed-window rate limits with their counters in the database (table rate_limits), so every app
 * process agrees (DESIGN §2). One atomic upsert per hit: the first hit of a window starts it, later
 * hits add one; a hit past the limit is a 429 with Retry-After.
 *
 * Rules can be tuned per deployment with RATE_LIMIT_<NAME>="<limit>/<seconds>" (e.g.
 * RATE_LIMIT_LOGIN_IP=200/600); "off" disables one (load tests).
 */
export interface RateRule {
  /** Short stable name, also the key prefix. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export const RATE_RULES = {
  /** Failed sign-ins from one address (successful ones do not count). */
  loginIp: { name: "login_ip", limit: 30, windowSeconds: 10 * 60 },
  /**
   * Failed sign-ins to one account (or one unknown name) from one address (issue 19, item 3): the fifth keeps that
   * address out of that account until the window ends (429 accountLocked); the owner elsewhere still signs in.
   */
  loginAccountIp: { name: "login_acct_ip", limit: 5, windowSeconds: 15 * 60 },
  /** At most one "someone is trying your password" mail per account per hour. */
  loginAlertMail: { name: "login_alert", limit: 1, windowSeconds: 60 * 60 },
  /** Registrations attempted from one address. */
  registerIp: { name: "register_ip", limit: 20, windowSeconds: 60 * 60 },
  /** Reset or verification mails requested from one address. */
  mailIp: { name: "mail_ip", limit: 10, windowSeconds: 15 * 60 },
  /** Reset or verification mails for one address (no mail bombing of a victim). */
  mailTarget: { name: "mail_to", limit: 3, windowSeconds: 15 * 60 },
  /**
   * Requests to move one account to a new e-mail address (issue 27, item 6), each sending two mails (the link to the
   * new address, a notice to the old one): a person changes their address once, maybe again after a typo; five an
   * hour is never met by them and caps what a stolen session can mail. Each new address also counts in mailTarget.
   */
  emailChangeUser: { name: "email_change_user", limit: 5, windowSeconds: 60 * 60 },
  /**
   * UpdateSelf requests that change one account's username (issue 27, item 6): its 409 usernameTaken answers whether a
   * name is taken (public anyway, but not for bulk probing). Someone looking for a free name tries a handful; twenty an
   * hour is never met by them.
   */
  usernameChangeUser: { name: "username_change_user", limit: 20, windowSeconds: 60 * 60 },
  /**
   * RecordView calls from one address (issue 19, item 4): a reader opens a chapter every minute or so, a household or
   * an office behind one address a few at once; 300 in 10 minutes is one every two seconds, all the time.
   */
  recordViewIp: { name: "record_view_ip", limit: 300, windowSeconds: 10 * 60 },
  /** RecordImpression calls from one address: at most three per chapter read, so the same bound as views holds. */
  recordImpressionIp: { name: "record_impression_ip", limit: 300, windowSeconds: 10 * 60 },
  /**
   * New anonymous viewer cookies issued to one address per day (issue 27, item 4): each signed cookie counts as a reader
   * of its own, so minting them by looping cookie-less calls must stop somewhere. A browser keeps its cookie a year and
   * needs one; a household or an office a handful a day. Past it the address still counts, once per chapter and day.
   */
  viewerCookieIp: { name: "viewer_cookie_ip", limit: 30, windowSeconds: 24 * 60 * 60 },
  /**
   * Saves of one account's reader settings (issue 32): the reader sends a change a second after the last one, so a
   * reader trying settings out sends a few a minute; 120 in 10 minutes is never met by a person.
   */
  readerSettingsUser: { name: "reader_settings_user", limit: 120, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateRule>;

export interface RateState {
  allowed: boolean;
  count: number;
  limit: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/** The rule with any RATE_LIMIT_<NAME> override applied; null when turned off. */
export function effectiveRule(rule: RateRule, env: NodeJS.ProcessEnv = process.env): RateRule | null {
  const override = env[`RATE_LIMIT_${rule.name.toUpperCase()}`]?.trim();
  if (!override) return rule;
  if (override.toLowerCase() === "off") return null;
  const match = /^(\d+)\s*\/\s*(\d+)$/.exec(override);
  if (!match) return rule;
  return { name: rule.name, limit: Number(match[1]), windowSeconds: Math.max(1, Number(match[2])) };
}

/** Subjects (addresses, e-mails) are stored hashed: the table keeps no personal data in clear. */
export function rateKey(rule: RateRule, subject: string): string {
  const digest = createHash("sha256").update(subject.trim().toLowerCase()).digest("base64url").slice(0, 32);
  return `${rule.name}:${digest}`;
}

function stateOf(rule: RateRule, count: number, windowStart: Date, now: Date): RateState {
  const ends = windowStart.getTime() + rule.windowSeconds * 1000;
  return {
    allowed: count <= rule.limit,
    count,
    limit: rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)),
  };
}

/** Counts one hit (atomically) and says whether it is within the limit. */
export async function hitRateLimit(opts: { db: Db; rule: RateRule; subject: string; now?: Date }): Promise<RateState> {
  const rule = effectiveRule(opts.rule);
  if (!rule) return { allowed: true, count: 0, limit: Infinity, retryAfterSeconds: 0 };
  const now = opts.now ?? new Date();
  const windowFloor = new Date(now.getTime() - rule.windowSeconds * 1000);
  const key = rateKey(rule, opts.subject);
  const floor = sql`${windowFloor.toISOString()}::timestamptz`;
  const [row] = await opts.db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        // Both expressions read the row's old values: an elapsed window restarts at one.
        count: sql`case when ${rateLimits.windowStart} <= ${floor} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${floor} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (Math.random() < 0.01) void pruneRateLimits(opts.db, now).catch(() => undefined);
  const state = stateOf(rule, row?.count ?? 1, row?.windowStart ?? now, now);
  if (!state.allowed) metrics().rateLimitRefusals.inc({ rule: rule.name });
  return state;
}

/** Whether one more hit would still be allowed, without counting it (for "failures only" limits). */
export async function peekRateLimit(opts: { db: Db; rule: RateRule; subject: string; now?: Date }): Promise<RateState> {
  const rule = effectiveRule(opts.rule);
  if (!rule) return { allowed: true, count: 0, limit: Infinity, retryAfterSeconds: 0 };
  const now = opts.now ?? new Date();
  const [row] = await opts.db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, rateKey(rule, opts.subject)))
    .limit(1);
  if (!row || row.windowStart.getTime() + rule.windowSeconds * 1000 <= now.getTime()) {
    return { allowed: true, count: 0, limit: rule.limit, retryAfterSeconds: 0 };
  }
  const state = stateOf(rule, row.count, row.windowStart, now);
  if (row.count >= rule.limit) metrics().rateLimitRefusals.inc({ rule: rule.name });
  return { ...state, allowed: row.count < rule.limit };
}

/** Forgets the subject's counter (e.g. a successful sign-in clears that address's failures on the account). */
export async function resetRateLimit(opts: { db: Db; rule: RateRule; subject: string }): Promise<void> {
  const rule = effectiveRule(opts.rule);
  if (!rule) return;
  await opts.db.delete(rateLimits).where(eq(rateLimits.key, rateKey(rule, opts.subject)));
}

/** Counts a hit and throws the 429 envelope error when it is over the limit. */
export async function enforceRateLimit(opts: { db: Db; rule: RateRule; subject: string; now?: Date }): Promise<void> {
  const state = await hitRateLimit(opts);
  if (!state.allowed) throw tooManyRequests(state.retryAfterSeconds);
}

/** Throws the 429 when the subject is already at its limit (counting nothing). */
export async function assertUnderRateLimit(opts: { db: Db; rule: RateRule; subject: string; now?: Date }): Promise<void> {
  const state = await peekRateLimit(opts);
  if (!state.allowed) throw tooManyRequests(state.retryAfterSeconds);
}

/** Drops counters whose window ended more than a day ago (run now and then from a hit). */
export async function pruneRateLimits(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < ${new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString()}::timestamptz`);
}
