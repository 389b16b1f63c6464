import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";

/**
 * Whether a signed-in caller's account may still act: access tokens are stateless (15 minutes), so a ban or a deletion
 * would otherwise only take effect at the next refresh. One primary-key look-up per authenticated API request
 * (server/http/route.ts) and per page render of a session (server/auth/session.ts getSessionUser). An id with no row is
 * left to the use case (it answers 404 or 401 itself).
 * No "server-only" import: the custom server serves some routes directly.
 */
export async function accountStanding(userId: number): Promise<"ok" | "banned" | "deleted"> {
  const db = await getDb();
  const [row] = await db.select({ banned: users.banned, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return "ok";
  if (row.deletedAt) return "deleted";
  return row.banned ? "banned" : "ok";
}
