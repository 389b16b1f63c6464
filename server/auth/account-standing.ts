import { eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { refreshTokens, users } from "@/db/schema";

export type Standing = "ok" | "banned" | "deleted" | "roleChanged" | "revoked";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a signed-in caller's account may still act as its token says: access tokens are stateless (15 minutes), so
 * a ban, a deletion, a role change or a signed-out session would otherwise only take effect when the token expires.
 * One query per authenticated API request (server/http/route.ts), per page render of a session (server/auth/session.ts
 * getSessionUser) and per notification socket opened (server/realtime/upgrade.ts): the account's row by primary key and,
 * when the token names its sign-in (`sid`, the refresh token family), whether that family still has an unrevoked token
 * (index on family_id). Logout, revoking a session or the others, a password change or reset, a ban and a deletion all
 * revoke families in the database, so every process refuses the token at once (issue 19, item 6); nothing is cached.
 * A token without a sid (none is issued any more; tests and benchmarks sign some) is not tied to a sign-in.
 * An id with no row is left to the use case (it answers 404 or 401 itself): `found` is false. `role` is the account's
 * current role (undefined without a row).
 * No "server-only" import: the custom server serves some routes directly.
 */
export async function accountStanding(
  userId: number,
  tokenRole?: number,
  database?: Db,
  sessionId?: string,
): Promise<{ standing: Standing; role?: number; found: boolean }> {
  const db = database ?? (await getDb());
  // A sid that is not a family id names no live sign-in (and must not reach a uuid comparison).
  const live =
    sessionId === undefined
      ? sql<boolean>`true`
      : UUID.test(sessionId)
        ? sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sessionId.toLowerCase()}::uuid and ${refreshTokens.revokedAt} is null)`
        : sql<boolean>`false`;
  const [row] = await db
    .select({ banned: users.banned, deletedAt: users.deletedAt, role: users.role, live })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return { standing: "ok", found: false };
  if (row.deletedAt) return { standing: "deleted", role: row.role, found: true };
  if (row.banned) return { standing: "banned", role: row.role, found: true };
  if (!isTrue(row.live)) return { standing: "revoked", role: row.role, found: true };
  // A token issued for another role: a demoted account loses the old role's rights at once (the client's refresh gets
  // a token with the current role; root's role change also revoked the refresh tokens, so that one signs in again).
  return { standing: tokenRole !== undefined && row.role !== tokenRole ? "roleChanged" : "ok", role: row.role, found: true };
}

/** Drivers answer a boolean expression as a boolean (node-postgres, PGlite); be safe with "t"/"true" text too. */
function isTrue(value: unknown): boolean {
  return value === true || value === "t" || value === "true";
}
