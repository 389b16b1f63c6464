import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { EmailTokenKind } from "@/lib/enums";
import { badRequest } from "@/server/core/errors";
import { audit } from "@/server/core/audit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { closeUser } from "@/server/realtime/registry";
import { consumeEmailToken } from "./email-tokens";
import { hashPassword } from "./password";
import { revokeUserRefreshTokens } from "./revoke-tokens";

/**
 * POST /api/Authentication/ResetPassword: with a valid reset token, sets the new password, signs the
 * user out everywhere (refresh tokens revoked, sockets closed), clears the failed-sign-in lock and, since
 * the link proved control of the mailbox, marks the address verified. Any unusable token: 400
 * "Invalid or expired token."
 */
export async function resetPassword(opts: { db: Db; token: string; password: string; now?: Date }): Promise<void> {
  const now = opts.now ?? new Date();
  await runUnitOfWork(opts.db, async (uow) => {
    const { tx } = uow;
    const result = await consumeEmailToken({ db: tx, token: opts.token, kind: EmailTokenKind.Reset, now });
    if (result.status !== "ok") throw badRequest("resetTokenInvalid");
    const passwordHash = await hashPassword(opts.password);
    await tx
      .update(users)
      .set({
        passwordHash,
        failedLoginAttempts: 0,
        lockedUntil: null,
        emailVerified: true,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(users.id, result.userId));
    const revoked = await revokeUserRefreshTokens({ db: tx, userId: result.userId, now });
    await audit(tx, { actorId: result.userId, action: "auth.password.reset", subject: { type: "user", id: result.userId }, details: { sessionsRevoked: revoked } });
    uow.afterCommit(() => closeUser(result.userId));
  });
}
