import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { Locale } from "@/i18n/routing";
import { userSearchTextFor } from "@/lib/search-fold";
import { usernameSkeleton } from "@/lib/validation/usernames";
import { parseBirthDate } from "@/lib/validation/auth";
import type { CreateUserPayload, UserRow } from "@/lib/validation/users";
import { confusableWithAnother, isSkeletonViolation, isUniqueViolation } from "@/server/auth/find-user";
import { confusableUsernameError } from "@/server/auth/conflicts";
import { hashPassword } from "@/server/auth/password";
import { audit } from "@/server/core/audit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { requireRoot, type Viewer } from "@/server/core/viewer";
import { duplicateFieldError, takenByOther } from "./guards";
import { forgetUserCounts } from "./list-users";
import { getUserRow } from "./user-rows";

/**
 * POST /api/User/CreateUser: root creates an account of any role (0–4) with the registration fields. It is
 * e-mail-verified from the start (no verification mail), needs no role choice, and a writer created this way has not
 * accepted the writer statements (consentsAcceptedAt stays empty until they do). 409 on the taken field. Audited as
 * `user.create` with the new account's fields (never the password).
 */
export async function createUser(opts: { db: Db; viewer: Viewer; input: CreateUserPayload; locale: Locale; now?: Date }): Promise<UserRow> {
  const { db, viewer, input, locale } = opts;
  requireRoot(viewer);
  const now = opts.now ?? new Date();
  const taken = await takenByOther(db, { username: input.username, email: input.email });
  if (taken) throw duplicateFieldError(taken, locale);
  if (await confusableWithAnother(db, input.username)) throw confusableUsernameError(locale);
  const passwordHash = await hashPassword(input.password);
  try {
    return await runUnitOfWork(db, async (uow) => {
      uow.afterCommit(forgetUserCounts);
      const [created] = await uow.tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          fullName: input.fullName,
          searchText: userSearchTextFor(input.username, input.fullName, input.email),
          usernameSkeleton: usernameSkeleton(input.username),
          passwordHash,
          role: input.role,
          dateOfBirth: input.dateOfBirth ? parseBirthDate(input.dateOfBirth) : null,
          emailVerified: true,
          emailVerifiedAt: now,
          mustSelectRole: false,
          locale,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!created) throw new Error("users insert returned no row");
      await audit(uow.tx, {
        actorId: viewer.userId,
        action: "user.create",
        subject: { type: "user", id: created.id },
        details: { after: { username: input.username, email: input.email, fullName: input.fullName, role: input.role, emailVerified: true } },
      });
      const row = await getUserRow(uow.tx, created.id, now);
      if (!row) throw new Error("created user not found");
      return row;
    });
  } catch (err) {
    // Two creations racing for one name: the unique index decides.
    if (!isUniqueViolation(err)) throw err;
    if (isSkeletonViolation(err)) throw confusableUsernameError(locale);
    throw duplicateFieldError((await takenByOther(db, { username: input.username })) ?? "email", locale);
  }
}
