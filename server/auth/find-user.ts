import { and, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { usernameSkeleton } from "@/lib/validation/usernames";
import type { Executor } from "@/server/core/unit-of-work";
import { users } from "@/db/schema";

/** Usernames and e-mails are unique case-insensitively (lower() indexes). */
export const lowerEq = (column: typeof users.username | typeof users.email, value: string) =>
  sql`lower(${column}) = ${value.trim().toLowerCase()}`;

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      emailVerified: users.emailVerified,
      banned: users.banned,
      locale: users.locale,
    })
    .from(users)
    .where(lowerEq(users.email, email))
    .limit(1);
  return row ?? null;
}

/**
 * Which of `username` and `email` another account already uses (`exceptId`: the caller's own account).
 * Username first, matching spec §8's "shown on the username field".
 */
export async function takenBy(
  db: Db,
  opts: { username?: string; email?: string; exceptId?: number },
): Promise<"username" | "email" | null> {
  const conditions = [];
  if (opts.username) conditions.push(lowerEq(users.username, opts.username));
  if (opts.email) conditions.push(lowerEq(users.email, opts.email));
  if (conditions.length === 0) return null;
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(or(...conditions))
    .limit(3);
  const others = rows.filter((r) => r.id !== opts.exceptId);
  if (opts.username && others.some((r) => r.username.toLowerCase() === opts.username?.trim().toLowerCase())) return "username";
  if (opts.email && others.some((r) => r.email.toLowerCase() === opts.email?.trim().toLowerCase())) return "email";
  return null;
}

/** Whether an error is PostgreSQL's unique violation (23505), however the driver wrapped it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e === "object" && "code" in e && (e as { code: unknown }).code === "23505") return true;
    e = typeof e === "object" && "cause" in e ? (e as { cause: unknown }).cause : undefined;
  }
  return false;
}

/**
 * Whether another account's username has the same confusable skeleton as `username` (TR39; `rооt` beside `root`,
 * issue 19, item 8; `ｒｏｏｔ` and `Root.` too, issue 27, item 13) without being the same name (that is takenBy's 409).
 * One look-up in the unique index of users.username_skeleton (migration 0016), which also settles two requests racing
 * for look-alike names (a unique violation, see isSkeletonViolation). Tombstones have no skeleton.
 */
export async function confusableWithAnother(db: Executor, username: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.usernameSkeleton, usernameSkeleton(username.trim())),
        exceptId === undefined ? undefined : ne(users.id, exceptId),
        sql`lower(${users.username}) <> ${username.trim().toLowerCase()}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether a unique violation is the skeleton index's (a look-alike name won a race): 409 usernameConfusable. */
export function isSkeletonViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e === "object" && "constraint" in e && (e as { constraint: unknown }).constraint === "users_username_skeleton_idx") return true;
    if (e instanceof Error && e.message.includes("users_username_skeleton_idx")) return true;
    e = typeof e === "object" && "cause" in e ? (e as { cause: unknown }).cause : undefined;
  }
  return false;
}
