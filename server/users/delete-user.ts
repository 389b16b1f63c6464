import { asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { emailTokens, favorites, follows, manga, ratings, notificationPreferences, notifications, readingProgress, refreshTokens, users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { audit } from "@/server/core/audit";
import { runUnitOfWork, type UnitOfWork } from "@/server/core/unit-of-work";
import { requireRoot, type Viewer } from "@/server/core/viewer";
import { changed } from "@/server/manga/changed";
import { POPULARITY_PER_FAVORITE } from "@/server/manga/popularity";
import { closeUserSockets } from "@/server/realtime/close-user-sockets";
import { changeSubscription } from "./change-subscription";
import { assertAnotherRoot, assertNotSelf, lockTarget } from "./guards";
import { authorRenamed } from "@/server/manga/author-search";
import { forgetUserCounts } from "./list-users";

/** The tombstone's username and e-mail (docs/decisions/015). `.invalid` is a reserved top-level domain (RFC 2606). */
export const deletedUsername = (id: number) => `deleted-${id}`;
export const deletedEmail = (id: number) => `deleted-${id}@deleted.invalid`;

/**
 * DELETE /api/User/DeleteUser (docs/decisions/015): a soft delete. The row stays as an anonymised tombstone, so a
 * writer's manga and chapters keep their author (shown as "Deleted user") and money records keep their owner:
 * username `deleted-<id>`, e-mail `deleted-<id>@deleted.invalid`, empty full name, no password, banned, deletedAt now,
 * no profile image, no search text, no birth date or payout address. Removed: favourites (each manga's favourites count
 * and popularity lowered as server/favorites/toggle-favorite.ts does, manga rows locked first in id order), reading
 * progress, notifications, notification preferences, refresh and e-mail tokens. Ended: active subscriptions (with
 * their `end` transaction rows). Kept: manga, chapters, transactions, reports, the audit log.
 * Root cannot delete themselves (403) nor the last root that can act (422); unknown or deleted ids are 404. After the
 * commit the user's sockets close (1008) and the public pages of the manga they favourited refresh. Audited as
 * `user.delete` with the username and role it had (the e-mail and name are not copied into the log).
 */
export async function deleteUser(opts: { db: Db; viewer: Viewer; userId: number; now?: Date }): Promise<{ id: number; deletedAt: string }> {
  const { db, viewer, userId } = opts;
  requireRoot(viewer);
  const now = opts.now ?? new Date();
  return runUnitOfWork(db, async (uow) => {
    assertNotSelf(viewer, userId);
    return tombstoneIn(uow, { actorId: viewer.userId, userId, now });
  });
}

/**
 * The tombstone itself, inside the caller's unit of work: root's DeleteUser and a user's own DeleteMe
 * (server/account/tombstone.ts) make the same one. `extra` is added to the audit row's details.
 */
export async function tombstoneIn(
  uow: UnitOfWork,
  { actorId, userId, now, extra }: { actorId: number; userId: number; now: Date; extra?: Record<string, unknown> },
): Promise<{ id: number; deletedAt: string }> {
  uow.afterCommit(forgetUserCounts);
  const { tx } = uow;
  const target = await lockTarget(tx, userId);
  if (target.role === Role.root && !target.banned) await assertAnotherRoot(tx, target.id);

  // Favourites and ratings: lock the manga rows first, all in one pass in id order (the order toggleFavorite, the
  // rating use cases and the ratings fold-in use), then drop the rows and lower the counters.
  await tx
    .select({ id: manga.id })
    .from(manga)
    .where(
      or(
        inArray(manga.id, tx.select({ id: favorites.mangaId }).from(favorites).where(eq(favorites.userId, userId))),
        inArray(manga.id, tx.select({ id: ratings.mangaId }).from(ratings).where(eq(ratings.userId, userId))),
      ),
    )
    .orderBy(asc(manga.id))
    .for("update");
  // Their ratings (issue 34, docs/decisions/028): the counted ones leave their manga's sum and count.
  const unrated = await tx.delete(ratings).where(eq(ratings.userId, userId)).returning({ mangaId: ratings.mangaId, score: ratings.score, counted: ratings.counted });
  for (const r of unrated.filter((x) => x.counted)) {
    await tx
      .update(manga)
      .set({ ratingSum: sql`${manga.ratingSum} - ${r.score}`, ratingCount: sql`${manga.ratingCount} - 1` })
      .where(eq(manga.id, r.mangaId));
  }
  if (unrated.length > 0) changed(uow, { counters: unrated.map((r) => r.mangaId) });
  const removed = await tx.delete(favorites).where(eq(favorites.userId, userId)).returning({ mangaId: favorites.mangaId });
  const mangaIds = removed.map((r) => r.mangaId);
  if (mangaIds.length > 0) {
    await tx
      .update(manga)
      .set({ favorites: sql`greatest(${manga.favorites} - 1, 0)`, popularity: sql`${manga.popularity} - ${POPULARITY_PER_FAVORITE}` })
      .where(inArray(manga.id, mangaIds));
    changed(uow, { manga: mangaIds });
  }
  // Their manga stay, under "Deleted user": a search by their old name no longer finds them, and the cached public
  // pages that show the author name are refreshed.
  await authorRenamed(uow, userId, "");

  await tx.delete(readingProgress).where(eq(readingProgress.userId, userId));
  // Whom they followed and who followed them (issue 34): a tombstone is nobody's writer and follows no one.
  await tx.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.writerId, userId)));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
  const subscriptionEnded = await changeSubscription(tx, { actorId, userId, change: null, now });

  await tx
    .update(users)
    .set({
      username: deletedUsername(userId),
      email: deletedEmail(userId),
      fullName: "",
      passwordHash: null,
      banned: true,
      deletedAt: now,
      profileImageId: null,
      searchText: null,
      usernameSkeleton: null,
      dateOfBirth: null,
      payoutEmail: null,
      emailVerified: false,
      emailVerifiedAt: null,
      mustSelectRole: false,
      trusted: false,
      failedLoginAttempts: 0,
      lockedUntil: null,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await audit(tx, {
    actorId,
    action: "user.delete",
    subject: { type: "user", id: userId },
    details: {
      before: { username: target.username, role: target.role, isBanned: target.banned, favourites: mangaIds.length },
      after: { username: deletedUsername(userId), isBanned: true, deletedAt: now.toISOString() },
      ...(subscriptionEnded ? { subscriptionEnded } : {}),
      ...extra,
    },
  });
  uow.afterCommit(() => closeUserSockets(userId, 1008, "Account deleted"));
  return { id: userId, deletedAt: now.toISOString() };
}
