import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { audit } from "@/server/core/audit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { users } from "@/db/schema";
import type { Role } from "@/db/schema/enums";
import { looksLikeEmail } from "@/lib/validation/auth";
import { hasControlCharacters } from "@/lib/validation/text";
import { AppError, forbidden, unauthorized } from "@/server/core/errors";
import { assertUnderRateLimit, hitRateLimit, RATE_RULES } from "@/server/core/rate-limit";
import { toCurrentUser } from "./get-current-user";
import { issueTokens } from "./issue-tokens";
import { hashPassword, verifyPassword } from "./password";
import { AUTH_POLICY } from "./policy";
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
 * - 429 accountLocked: the account is locked after repeated failures (429 rather than 423: the client
 *   already treats 429 as "too many attempts, wait", and 423 is not among DESIGN §6's statuses);
 * - 401 invalidCredentials: unknown account or wrong password (one generic text; an unknown account
 *   still costs a password hash so timing does not tell them apart);
 * - 403 accountBanned: only after the right password, so a ban is not disclosed to strangers.
 * The returned user has no base64 image (profileImage null; use profileImageUrl) to keep sessions small.
 */
export async function login(opts: LoginOptions): Promise<{ tokens: TokenSet; user: CurrentUser }> {
  const { db } = opts;
  const now = opts.now ?? new Date();
  const ip = opts.ip ?? "unknown";
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
          lockedUntil: users.lockedUntil,
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

  if (!user) {
    await verifyPassword(await dummyHash(), opts.password);
    await failFromAddress(db, ip, now);
    throw unauthorized("invalidCredentials");
  }
  if (user.lockedUntil && user.lockedUntil > now) throw accountLocked(user.lockedUntil, now);

  const passwordOk = user.passwordHash ? await verifyPassword(user.passwordHash, opts.password) : false;
  if (!passwordOk) {
    await failFromAddress(db, ip, now);
    const lockUntil = new Date(now.getTime() + AUTH_POLICY.lockMs);
    const lockedNow = await runUnitOfWork(db, async ({ tx }) => {
      const [after] = await tx
        .update(users)
        .set({
          failedLoginAttempts: sql`${users.failedLoginAttempts} + 1`,
          lockedUntil: sql`case when (${users.failedLoginAttempts} + 1) % ${AUTH_POLICY.lockAfterFailures} = 0
            then ${lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
        })
        .where(eq(users.id, user.id))
        .returning({ lockedUntil: users.lockedUntil, failedLoginAttempts: users.failedLoginAttempts });
      const until = after?.lockedUntil && after.lockedUntil > now ? after.lockedUntil : null;
      if (until) {
        await audit(tx, {
          actorId: null,
          action: "auth.lockout",
          subject: { type: "user", id: user.id },
          details: { failedLoginAttempts: after?.failedLoginAttempts, until: until.toISOString() },
        });
      }
      return until;
    });
    if (lockedNow) throw accountLocked(lockedNow, now);
    throw unauthorized("invalidCredentials");
  }
  if (user.banned) throw forbidden("accountBanned");

  await db.update(users).set({ failedLoginAttempts: 0, lockedUntil: null, lastLogin: now }).where(eq(users.id, user.id));
  const tokens = await issueTokens({ db, userId: user.id, role: user.role as Role, userAgent: opts.userAgent, now });
  return { tokens, user: toCurrentUser(user) };
}

function accountLocked(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
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
