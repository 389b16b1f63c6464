import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import type { Locale } from "@/i18n/routing";
import { userSearchTextFor } from "@/lib/search-fold";
import { usernameSkeleton } from "@/lib/validation/usernames";
import type { UpdateUserPayload, UserRow } from "@/lib/validation/users";
import { confusableWithAnother, isSkeletonViolation, isUniqueViolation } from "@/server/auth/find-user";
import { confusableUsernameError } from "@/server/auth/conflicts";
import { revokeUserRefreshTokens } from "@/server/auth/revoke-tokens";
import { audit } from "@/server/core/audit";
import { AppError, notFound } from "@/server/core/errors";
import { apiMessage } from "@/server/core/messages";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { requireRoot, type Viewer } from "@/server/core/viewer";
import { closeUserSockets } from "@/server/realtime/close-user-sockets";
import { changeSubscription } from "./change-subscription";
import { assertAnotherRoot, assertNotSelf, duplicateFieldError, lockTarget, takenByOther } from "./guards";
import { forgetUserCounts } from "./list-users";
import { authorRenamed } from "@/server/manga/author-search";
import { getUserRow } from "./user-rows";

type UserValues = Partial<typeof users.$inferInsert>;
type Snapshot = Record<string, unknown>;

/**
 * PUT /api/User/UpdateUser: root changes any of a user's full name, username, e-mail, role, ban, e-mail verification,
 * lock (`unlock`), trusted-writer flag and subscription, in one transaction. Fields given with their current value
 * change nothing; a call that changes nothing writes nothing.
 *
 * Rules: root cannot ban or demote themselves (403); the last root that can act cannot be banned or demoted (422);
 * a username or e-mail another account uses is a 409 on that field; only a writer can be trusted (422), and a writer
 * who stops being one is no longer trusted; unknown or deleted ids are 404.
 * Effects: a ban or a role change revokes the user's refresh tokens and, after the commit, closes their sockets (1008);
 * their still-valid access token is refused from the next request on (server/http/route.ts, server/auth/session.ts).
 * Audit: one row per kind of change (`user.update` for name/username/e-mail, `user.ban`/`user.unban`, `user.role`,
 * `user.verify`/`user.unverify`, `user.unlock`, `user.trust`/`user.untrust`, `user.subscription.*`), each with the
 * before and after of the fields it changed.
 */
export async function updateUser(opts: { db: Db; viewer: Viewer; input: UpdateUserPayload; locale: Locale; now?: Date }): Promise<UserRow> {
  const { db, viewer, input, locale } = opts;
  requireRoot(viewer);
  const now = opts.now ?? new Date();
  let endSession = false;
  try {
    return await runUnitOfWork(db, async (uow) => {
      uow.afterCommit(forgetUserCounts);
      const { tx } = uow;
      const target = await lockTarget(tx, input.id);
      const changes: UserValues = {};
      const entries: Array<{ action: string; before: Snapshot; after: Snapshot }> = [];
      const entry = (action: string, before: Snapshot, after: Snapshot) => entries.push({ action, before, after });

      // Profile fields.
      const before: Snapshot = {};
      const after: Snapshot = {};
      for (const field of ["fullName", "username", "email"] as const) {
        const value = input[field];
        if (value !== undefined && value !== target[field]) {
          before[field] = target[field];
          after[field] = value;
          changes[field] = value;
        }
      }
      if (Object.keys(after).length > 0) {
        const taken = await takenByOther(tx, {
          username: changes.username && changes.username.toLowerCase() !== target.username.toLowerCase() ? changes.username : undefined,
          email: changes.email && changes.email.toLowerCase() !== target.email.toLowerCase() ? changes.email : undefined,
          exceptId: target.id,
        });
        if (taken) throw duplicateFieldError(taken, locale);
        if (changes.username !== undefined && (await confusableWithAnother(tx, changes.username, target.id))) throw confusableUsernameError(locale);
        if (changes.username !== undefined) changes.usernameSkeleton = usernameSkeleton(changes.username);
        changes.searchText = userSearchTextFor(changes.username ?? target.username, changes.fullName ?? target.fullName, changes.email ?? target.email);
        entry("user.update", before, after);
      }

      // Role.
      const role = input.role ?? (target.role as Role);
      if (role !== target.role) {
        if (target.role === Role.root) {
          assertNotSelf(viewer, target.id);
          await assertAnotherRoot(tx, target.id);
        }
        changes.role = role;
        entry("user.role", { role: target.role }, { role });
        endSession = true;
      }

      // Ban.
      if (input.isBanned !== undefined && input.isBanned !== target.banned) {
        if (input.isBanned) {
          assertNotSelf(viewer, target.id);
          if (target.role === Role.root && role === Role.root) await assertAnotherRoot(tx, target.id);
          endSession = true;
        }
        changes.banned = input.isBanned;
        entry(input.isBanned ? "user.ban" : "user.unban", { isBanned: target.banned }, { isBanned: input.isBanned });
      }

      // E-mail verification.
      if (input.emailVerified !== undefined && input.emailVerified !== target.emailVerified) {
        changes.emailVerified = input.emailVerified;
        changes.emailVerifiedAt = input.emailVerified ? now : null;
        entry(input.emailVerified ? "user.verify" : "user.unverify", { emailVerified: target.emailVerified }, { emailVerified: input.emailVerified });
      }

      // Lock.
      if (input.unlock && (target.failedLoginAttempts !== 0 || target.lockedUntil !== null)) {
        changes.failedLoginAttempts = 0;
        changes.lockedUntil = null;
        entry(
          "user.unlock",
          { failedLoginAttempts: target.failedLoginAttempts, lockedUntil: target.lockedUntil?.toISOString() ?? null },
          { failedLoginAttempts: 0, lockedUntil: null },
        );
      }

      // Trusted writer (publishing, docs/decisions/013): writers only; leaving the writer role ends it.
      const trusted = input.trusted ?? (role === Role.writer ? target.trusted : false);
      if (trusted && role !== Role.writer) {
        throw new AppError(422, "trustedWritersOnly", { data: { errors: { trusted: [apiMessage(locale, "trustedWritersOnly")] } } });
      }
      if (trusted !== target.trusted) {
        changes.trusted = trusted;
        entry(trusted ? "user.trust" : "user.untrust", { trusted: target.trusted }, { trusted });
      }

      if (Object.keys(changes).length > 0) {
        await tx.update(users).set({ ...changes, updatedAt: now }).where(eq(users.id, target.id));
      }
      if (changes.username !== undefined) await authorRenamed(uow, target.id, changes.username);
      for (const e of entries) {
        await audit(tx, { actorId: viewer.userId, action: e.action, subject: { type: "user", id: target.id }, details: { before: e.before, after: e.after } });
      }

      if (input.subscription !== undefined) {
        await changeSubscription(tx, { actorId: viewer.userId, userId: target.id, change: input.subscription, now });
      }

      if (endSession) {
        await revokeUserRefreshTokens({ db: tx, userId: target.id, now });
        uow.afterCommit(() => closeUserSockets(target.id, 1008, changes.banned ? "Account banned" : "Account changed"));
      }
      const row = await getUserRow(tx, target.id, now);
      if (!row) throw notFound("userNotFound");
      return row;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    if (isSkeletonViolation(err)) throw confusableUsernameError(locale);
    throw duplicateFieldError(input.username !== undefined ? "username" : "email", locale);
  }
}
