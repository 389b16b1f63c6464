import { eq } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { users } from "@/db/schema";

export type Standing = "ok" | "banned" | "deleted" | "roleChanged";

/**
 * Whether a signed-in caller's account may still act as its token says: access tokens are stateless (15 minutes), so
 * a ban, a deletion or a role change would otherwise only take effect at the next refresh. One primary-key look-up per
 * authenticated API request (server/http/route.ts) and per page render of a session (server/auth/session.ts
 * getSessionUser). An id with no row is left to the use case (it answers 404 or 401 itself). `role` is the account's
 * current role (undefined without a row).
 * No "server-only" import: the custom server serves some routes directly.
 */
export async function accountStanding(userId: number, tokenRole?: number, database?: Db): Promise<{ standing: Standing; role?: number }> {
  const db = database ?? (await getDb());
  const [row] = await db.select({ banned: users.banned, deletedAt: users.deletedAt, role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return { standing: "ok" };
  if (row.deletedAt) return { standing: "deleted", role: row.role };
  if (row.banned) return { standing: "banned", role: row.role };
  // A token issued for another role: a demoted account loses the old role's rights at once (the client's refresh gets
  // a token with the current role; root's role change also revoked the refresh tokens, so that one signs in again).
  return { standing: tokenRole !== undefined && row.role !== tokenRole ? "roleChanged" : "ok", role: row.role };
}
