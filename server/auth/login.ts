import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { audit } from "@/server/core/audit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { users } from "@/db/schema";
import type { Role } from "@/lib/enums";
import { looksLikeEmail } from "@/lib/validation/auth";
import { hasControlCharacters } from "@/lib/validation/text";
import { AppError, forbidden, unauthorized } from "@/server/core/errors";
import { assertUnderRateLimit, hitRateLimit, peekRateLimit, RATE_RULES, resetRateLimit } from "@/server/core/rate-limit";
import { accountLocale } from "@/server/mail/templates";
import { signInAttackMail } from "@/server/account/mails";
import { sendMailAfterCommit } from "@/server/mail/send-mail";
import { afterAnswer } from "./after-answer";
import { toCurrentUser } from "./get-current-user";
import { issueTokens } from "./issue-tokens";
import { hashPassword, verifyPassword } from "./password";
import type { CurrentUser, TokenSet } from "./types";

export interface LoginOptions {
  db: Db;
  username?: string;
  email?: string;
  password: string;
  /** The caller's address, for the failed-sign-in rate limit. */
  ip?: string;
  /** The caller's User-Agent, kept on the refresh token for the sessions list (issue 16). */
  userAgent?: string | null;
  now?: Date;
}

/**
 * POST /api/Authentication/Login and next-auth's Credentials provider. A username containing "@" and
 * "." is an e-mail address (spec §5). Failures, in the order they are checked:
 * - 429 tooManyRequests: this address failed too often recently (RATE_RULES.loginIp);
 * - 429 accountLocked: this address failed five times on this account, or on this unknown name, within the window
 *   (RATE_RULES.loginAccountIp; 429 rather than 423: the client already treats 429 as "too many attempts, wait", and
 *   423 is not among DESIGN §6's statuses). The account itself is never locked: its owner signs in from elsewhere, and
 *   is told by mail (at most hourly) when an address is kept out;
 * - 401 invalidCredentials: unknown account or wrong password (one generic text; an unknown account
 *   still costs a password hash so timing does not tell them apart);
 * - 403 accountBanned: only after the right password, so a ban is not disclosed to strangers.
 * The returned user has no base64 image (profileImage null; use profileImageUrl) to keep sessions small.
 */
export async function login(opts: LoginOptions): Promise<{ tokens: TokenSet; user: CurrentUser }> {
  const { db } = opts;
  const now = opts.now ?? new Date();
  const ip = opts.ip ?? "unknown";
  // The dummy hash is made once per process, on the first sign-in whatever its outcome, so the first unknown name does
  // not pay for it alone.
  void dummyHash().catch(() => undefined);
  await assertUnderRateLimit({ db, rule: RATE_RULES.loginIp, subject: ip, now });

  const identifier = (opts.email?.trim() || opts.username?.trim() || "").slice(0, 254);
  const byEmail = Boolean(opts.email?.trim()) || looksLikeEmail(identifier);
  const lowered = identifier.toLowerCase();
  // No account name holds a control character (lib/validation/text.ts), and PostgreSQL refuses U+0000 in a query:
  // such an identifier (next-auth's sign-in does not pass the API's schema) is an unknown account.
  const [user] = identifier && !hasControlCharacters(identifier)
    ? await db
        .select({
          id: users.id,
          username: users.username,
          fullName: users.fullName,
          email: users.email,
          role: users.role,
          mustSelectRole: users.mustSelectRole,
          emailVerified: users.emailVerified,
          profileImageId: users.profileImageId,
          theme: users.theme,
          passwordHash: users.passwordHash,
          banned: users.banned,
          locale: users.locale,
        })
        .from(users)
        .where(
          and(
            byEmail
              ? // An e-mail-like identifier matches the e-mail first, then a username spelled that way.
                sql`(lower(${users.email}) = ${lowered} or lower(${users.username}) = ${lowered})`
              : sql`lower(${users.username}) = ${lowered}`,
            // A deleted account (a tombstone, docs/decisions/015) is refused like an unknown one.
            isNull(users.deletedAt),
          ),
        )
        .orderBy(byEmail ? sql`(lower(${users.email}) = ${lowered}) desc` : users.id)
        .limit(1)
    : [];

  // Failed sign-ins are counted per account AND address (issue 19, item 3): five wrong passwords keep that address out
  // of that account for the window, while the owner signing in from anywhere else is not affected. A name with no
  // account is counted and answered exactly the same way, so 429 against 401 tells nothing about which names exist.
  const pair = `${user ? `u:${user.id}` : `n:${lowered}`}|${ip}`;
  const kept = await peekRateLimit({ db, rule: RATE_RULES.loginAccountIp, subject: pair, now });
  if (!kept.allowed) throw accountLocked(kept.retryAfterSeconds);

  if (!user) {
    await verifyPassword(await dummyHash(), opts.password);
    await failFromAddress(db, ip, now);
    const state = await hitRateLimit({ db, rule: RATE_RULES.loginAccountIp, subject: pair, now });
    if (state.count >= state.limit) throw accountLocked(state.retryAfterSeconds);
    throw unauthorized("invalidCredentials");
  }

  // An account without a password (made by root, or never finished) still costs one verification, as an unknown one.
  const passwordOk = user.passwordHash
    ? await verifyPassword(user.passwordHash, opts.password)
    : await verifyPassword(await dummyHash(), opts.password).then(() => false);
  if (!passwordOk) {
    await failFromAddress(db, ip, now);
    const state = await hitRateLimit({ db, rule: RATE_RULES.loginAccountIp, subject: pair, now });
    // This failure is the one that keeps the address out: audit it and tell the owner (at most one mail an hour).
    const lockedByThis = state.count === state.limit;
    // The account's own bookkeeping is written after the answer (./after-answer.ts): awaited, its transaction made a
    // wrong password 12–24 ms slower than an unknown name, which told which names exist (issue 27, item 15).
    afterAnswer("login", async () => {
      const alert = lockedByThis ? await hitRateLimit({ db, rule: RATE_RULES.loginAlertMail, subject: String(user.id), now }) : null;
      await recordFailure(db, user, state, lockedByThis, alert?.allowed ?? false, now);
    });
    if (state.count >= state.limit) throw accountLocked(state.retryAfterSeconds);
    throw unauthorized("invalidCredentials");
  }
  if (user.banned) throw forbidden("accountBanned");

  await db.update(users).set({ failedLoginAttempts: 0, lockedUntil: null, lastLogin: now }).where(eq(users.id, user.id));
  await resetRateLimit({ db, rule: RATE_RULES.loginAccountIp, subject: pair });
  const tokens = await issueTokens({ db, userId: user.id, role: user.role as Role, userAgent: opts.userAgent, now });
  return { tokens, user: toCurrentUser(user) };
}

/** A wrong password's count on the account; the failure that keeps the address out is audited and mailed. */
async function recordFailure(
  db: Db,
  user: { id: number; email: string; fullName: string; locale: string | null },
  state: { count: number; retryAfterSeconds: number },
  lockedByThis: boolean,
  mailOwner: boolean,
  now: Date,
): Promise<void> {
  await runUnitOfWork(db, async (uow) => {
    // The account's count of failures (root's user list shows it); it no longer locks the account as a whole.
    const [after] = await uow.tx
      .update(users)
      .set({ failedLoginAttempts: sql`${users.failedLoginAttempts} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failedLoginAttempts: users.failedLoginAttempts });
    if (!lockedByThis) return;
    const until = new Date(now.getTime() + state.retryAfterSeconds * 1000);
    await audit(uow.tx, {
      actorId: null,
      action: "auth.lockout",
      subject: { type: "user", id: user.id },
      details: { failedLoginAttempts: after?.failedLoginAttempts, until: until.toISOString(), scope: "address" },
    });
    if (mailOwner) {
      const locale = accountLocale(user.locale);
      await sendMailAfterCommit(uow, { db, to: user.email, ...signInAttackMail({ locale, name: user.fullName, failures: state.count }) });
    }
  });
}

function accountLocked(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(429, "accountLocked", {
    params: { minutes: Math.ceil(seconds / 60) },
    headers: { "Retry-After": String(seconds) },
  });
}

async function failFromAddress(db: Db, ip: string, now: Date): Promise<void> {
  await hitRateLimit({ db, rule: RATE_RULES.loginIp, subject: ip, now });
}

let dummy: Promise<string> | undefined;
/** A real argon2id hash to verify against when the account does not exist (same cost, same timing). */
function dummyHash(): Promise<string> {
  dummy ??= hashPassword("no-such-account-placeholder");
  return dummy;
}
