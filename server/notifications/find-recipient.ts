import "server-only";
import { eq, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { forbidden } from "@/server/core/errors";
import type { Viewer } from "@/server/core/viewer";
import { isRowId } from "@/lib/validation/numbers";

export interface Recipient {
  id: number;
  username: string;
  fullName: string;
}

const USERNAME_MAX = 100;

/**
 * Root's composer (issue 14) finds whom to write to: an account by its exact username (any letter case), or by its
 * id when digits are typed and no account has them as its username. Root only (checked on the stored role, so a
 * demoted session cannot use it); anyone else gets a 403. Null when nobody matches.
 */
export async function findRecipient({ db, viewer, query }: { db: Db; viewer: Viewer; query: string }): Promise<Recipient | null> {
  if (!viewer) throw forbidden();
  const [me] = await db.select({ role: users.role, banned: users.banned }).from(users).where(eq(users.id, viewer.userId)).limit(1);
  if (!me || me.banned || me.role !== Role.root) throw forbidden();

  const text = query.trim().replace(/^@/, "");
  if (text === "" || text.length > USERNAME_MAX) return null;
  const byName = sql`lower(${users.username}) = ${text.toLowerCase()}`;
  const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  const condition = isRowId(id) ? or(byName, eq(users.id, id)) : byName;
  const rows = await db.select({ id: users.id, username: users.username, fullName: users.fullName }).from(users).where(condition).limit(2);
  // A username made of the same digits wins over the id.
  return rows.find((r) => r.username.toLowerCase() === text.toLowerCase()) ?? rows[0] ?? null;
}
