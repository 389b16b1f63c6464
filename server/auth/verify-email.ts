import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { EmailTokenKind } from "@/lib/enums";
import { badRequest } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { consumeEmailToken } from "./email-tokens";

/**
 * GET /api/Authentication/VerifyEmail: spends the link's token and marks the address verified. The
 * states of spec §4 map to: 400 verifyTokenInvalid (unknown, malformed or superseded; its text contains
 * "invalid"), 400 verifyTokenExpired (text contains "expired"), success. Opening an already used link
 * again is still a success when the address is verified (the link did its job).
 */
export async function verifyEmail(opts: { db: Db; token: string; now?: Date }): Promise<{ emailVerified: true }> {
  const now = opts.now ?? new Date();
  return runUnitOfWork(opts.db, async ({ tx }) => {
    const result = await consumeEmailToken({ db: tx, token: opts.token, kind: EmailTokenKind.Verify, now });
    if (result.status === "expired") throw badRequest("verifyTokenExpired");
    if (result.status === "invalid") throw badRequest("verifyTokenInvalid");
    if (result.status === "used") {
      const [user] = await tx.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, result.userId)).limit(1);
      if (user?.emailVerified) return { emailVerified: true as const };
      throw badRequest("verifyTokenInvalid");
    }
    await tx
      .update(users)
      .set({ emailVerified: true, emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, result.userId), eq(users.emailVerified, false)));
    return { emailVerified: true as const };
  });
}
