import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { parseBirthDate, SelectableRole } from "@/lib/validation/auth";
import { audit } from "@/server/core/audit";
import { badRequest, conflict, notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { getCurrentUser } from "./get-current-user";
import type { CurrentUser, ImageFormat } from "./types";

/**
 * POST /api/Authentication/FirebaseMigration: an account flagged mustSelectRole picks reader or writer
 * and its date of birth (dd/MM/yyyy), once. Any other account gets 409 (nobody changes their role this
 * way). The client then refreshes its tokens so the access token carries the new role (spec §4). The change and
 * its audit row (`user.role.select`) are one transaction.
 */
export async function selectRole(opts: {
  db: Db;
  userId: number;
  userRoleType: 0 | 1;
  dateOfBirth: string;
  imageFormat?: ImageFormat;
  now?: Date;
}): Promise<CurrentUser> {
  const { db, userId } = opts;
  const dateOfBirth = parseBirthDate(opts.dateOfBirth);
  if (!dateOfBirth) throw badRequest();
  const role = opts.userRoleType === SelectableRole.writer ? Role.writer : Role.reader;
  await runUnitOfWork(db, async ({ tx }) => {
    const [updated] = await tx
      .update(users)
      .set({ role, dateOfBirth, mustSelectRole: false, updatedAt: opts.now ?? new Date() })
      .where(and(eq(users.id, userId), eq(users.mustSelectRole, true), eq(users.banned, false)))
      .returning({ id: users.id });
    if (!updated) {
      const [exists] = await tx.select({ banned: users.banned }).from(users).where(eq(users.id, userId)).limit(1);
      if (!exists || exists.banned) throw notFound("userNotFound");
      throw conflict("roleAlreadySelected");
    }
    await audit(tx, { actorId: userId, action: "user.role.select", subject: { type: "user", id: userId }, details: { role } });
  });
  const user = await getCurrentUser({ db, userId, imageFormat: opts.imageFormat ?? "url" });
  if (!user) throw notFound("userNotFound");
  return user;
}
