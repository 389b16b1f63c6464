import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { SessionEndReason } from "@/lib/session-end";

/**
 * Why a session the server refused ended (issue 31, item 6c), for the sign-in page's text: `role-changed` when the
 * account still exists, is not banned and now has another role than the one the session was signed in with (root's role
 * change is what revokes the sign-ins of such an account); `ended` for anything else (signed out elsewhere, a password
 * change, an expired sign-in, a ban or a deletion: the sign-in form then says what applies). Read-only: one row by key.
 */
export async function sessionEndReason({ db, userId, sessionRole }: { db: Db; userId: number; sessionRole: number }): Promise<SessionEndReason> {
  const [row] = await db
    .select({ role: users.role, banned: users.banned, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row && !row.deletedAt && !row.banned && row.role !== sessionRole ? "role-changed" : "ended";
}
