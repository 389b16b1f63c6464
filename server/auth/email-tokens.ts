import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "@/server/core/unit-of-work";
import { emailTokens } from "@/db/schema";
import { EmailTokenKind } from "@/lib/enums";
import { AUTH_POLICY } from "./policy";
import { hashSecret, isWellFormedSecret, newSecret } from "./secure-token";

type Kind = (typeof EmailTokenKind)[keyof typeof EmailTokenKind];

const TTL: Record<Kind, number> = {
  [EmailTokenKind.Verify]: AUTH_POLICY.verifyEmailTtlMs,
  [EmailTokenKind.Reset]: AUTH_POLICY.resetPasswordTtlMs,
  [EmailTokenKind.ChangeEmail]: AUTH_POLICY.verifyEmailTtlMs,
};

/**
 * A new single-use link token (256 bits, stored as SHA-256). Earlier unused tokens of the same kind for
 * the user are spent, so only the latest mail's link works.
 */
export async function createEmailToken(opts: { db: Executor; userId: number; kind: Kind; newEmail?: string; now?: Date }): Promise<string> {
  const now = opts.now ?? new Date();
  const secret = newSecret();
  await opts.db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, opts.userId), eq(emailTokens.kind, opts.kind), isNull(emailTokens.usedAt)));
  await opts.db.insert(emailTokens).values({
    userId: opts.userId,
    kind: opts.kind,
    tokenHash: secret.hash,
    newEmail: opts.newEmail ?? null,
    expiresAt: new Date(now.getTime() + TTL[opts.kind]),
    createdAt: now,
  });
  return secret.token;
}

export type ConsumeResult =
  | { status: "ok"; userId: number; newEmail: string | null }
  | { status: "used"; userId: number }
  | { status: "expired" }
  | { status: "invalid" };

/** Spends a link token atomically (one winner under concurrency) or says why it cannot be used. */
export async function consumeEmailToken(opts: { db: Executor; token: string; kind: Kind; now?: Date }): Promise<ConsumeResult> {
  const { db, kind } = opts;
  const now = opts.now ?? new Date();
  if (!isWellFormedSecret(opts.token)) return { status: "invalid" };
  const hash = hashSecret(opts.token);
  const [spent] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, hash), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail });
  if (spent) return { status: "ok", userId: spent.userId, newEmail: spent.newEmail };
  const [row] = await db
    .select({ userId: emailTokens.userId, usedAt: emailTokens.usedAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hash), eq(emailTokens.kind, kind)))
    .limit(1);
  if (!row) return { status: "invalid" };
  if (row.usedAt) return { status: "used", userId: row.userId };
  return { status: "expired" };
}
