import { and } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { ACCOUNT_LIMITS } from "@/lib/validation/auth";
import { lowerEq } from "@/server/auth/find-user";
import { followable } from "./rules";

/**
 * The id of the writer with this username (case-insensitive) if they can be followed (./rules.ts), else null: the
 * dashboard's preview shows its Follow button beside "by {author}" only for them (one indexed look-up).
 */
export async function findWriterId({ db, username }: { db: Db; username: string }): Promise<number | null> {
  const name = username.trim();
  if (name === "" || name.length > ACCOUNT_LIMITS.usernameMax) return null;
  const [row] = await db.select({ id: users.id }).from(users).where(and(lowerEq(users.username, name), followable())).limit(1);
  return row?.id ?? null;
}
