import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { emailOutbox, users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { usernameSkeleton } from "@/lib/validation/usernames";
import { hashPassword } from "./password";

/** Test helpers for the account code (imported by *.test.ts only). */
let counter = 0;

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
}

export async function createTestUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const tag = `${process.pid}_${counter}_${Math.random().toString(36).slice(2, 7)}`;
  const { password = "Secret#123", ...rest } = overrides;
  const username = rest.username ?? `user_${tag}`;
  const [row] = await db
    .insert(users)
    .values({
      username,
      // As every write of a username does (issue 27, item 13); a test may pass its own, or null.
      usernameSkeleton: usernameSkeleton(username),
      email: `user_${tag}@example.com`,
      fullName: `Test User ${counter}`,
      passwordHash: await hashPassword(password),
      role: Role.reader,
      emailVerified: true,
      ...rest,
    })
    .returning({ id: users.id, username: users.username, email: users.email });
  if (!row) throw new Error("no user");
  return { ...row, password };
}

/** The newest outbox mail to an address, and the token in its link. */
export async function lastMailTo(db: Db, to: string): Promise<{ subject: string; text: string; html: string | null; token: string | null; link: string | null } | null> {
  const [row] = await db
    .select({ subject: emailOutbox.subject, text: emailOutbox.text, html: emailOutbox.html })
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  if (!row) return null;
  const link = /https?:\/\/\S+/.exec(row.text)?.[0] ?? null;
  const token = link ? new URL(link).searchParams.get("token") : null;
  return { ...row, link, token };
}
