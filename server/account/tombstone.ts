import "server-only";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { emailTokens, favorites, manga, notificationPreferences, notifications, readingProgress, refreshTokens, users } from "@/db/schema";
import { Role } from "@/db/schema/enums";
import { audit } from "@/server/core/audit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { changed } from "@/server/manga/changed";
import { POPULARITY_PER_FAVORITE } from "@/server/manga/popularity";
import { closeUserSockets } from "@/server/realtime/close-user-sockets";
import { changeSubscription } from "@/server/users/change-subscription";
import { deletedEmail, deletedUsername } from "@/server/users/delete-user";
import { assertAnotherRoot, lockTarget } from "@/server/users/guards";
import { forgetUserCounts } from "@/server/users/list-users";

/**
 * The administration's DeleteUser tombstone (docs/decisions/015, server/users/delete-user.ts) for a user deleting
 * themselves — deleteUser itself is root's and refuses the caller's own account, and exports no core, so its steps are
 * repeated here with its helpers (lockTarget, assertAnotherRoot, changeSubscription, the tombstone's names): the
 * row stays anonymised (username `deleted-<id>`, e-mail `deleted-<id>@deleted.invalid`, no name, password, picture,
 * birth date or payout address; banned; deletedAt), so manga keep their author ("Deleted user") and transactions their
 * owner. Favourites (each manga's count and popularity lowered), reading progress, notifications and their
 * preferences, refresh and e-mail tokens are removed; active subscriptions end now. The last root that can act is
 * refused (422). After the commit every socket closes and the touched public pages refresh.
 */
export async function tombstoneAccount(opts: { db: Db; actorId: number; userId: number; now: Date }): Promise<{ id: number; deletedAt: string }> {
  const { userId, now } = opts;
  return runUnitOfWork(opts.db, async (uow) => {
    const { tx } = uow;
    uow.afterCommit(forgetUserCounts);
    const target = await lockTarget(tx, userId);
    if (target.role === Role.root && !target.banned) await assertAnotherRoot(tx, target.id);

    await tx
      .select({ id: manga.id })
      .from(manga)
      .where(inArray(manga.id, tx.select({ id: favorites.mangaId }).from(favorites).where(eq(favorites.userId, userId))))
      .orderBy(asc(manga.id))
      .for("update");
    const removed = await tx.delete(favorites).where(eq(favorites.userId, userId)).returning({ mangaId: favorites.mangaId });
    const mangaIds = removed.map((r) => r.mangaId);
    if (mangaIds.length > 0) {
      await tx
        .update(manga)
        .set({ favorites: sql`greatest(${manga.favorites} - 1, 0)`, popularity: sql`${manga.popularity} - ${POPULARITY_PER_FAVORITE}` })
        .where(inArray(manga.id, mangaIds));
      changed(uow, { manga: mangaIds });
    }
    const authored = await tx.select({ id: manga.id }).from(manga).where(eq(manga.authorId, userId));
    if (authored.length > 0) changed(uow, { manga: authored.map((m) => m.id), catalogue: true });

    await tx.delete(readingProgress).where(eq(readingProgress.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
    await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
    const subscriptionEnded = await changeSubscription(tx, { actorId: opts.actorId, userId, change: null, now });

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
      actorId: opts.actorId,
      action: "user.delete",
      subject: { type: "user", id: userId },
      details: {
        before: { username: target.username, role: target.role, isBanned: target.banned, favourites: mangaIds.length },
        after: { username: deletedUsername(userId), isBanned: true, deletedAt: now.toISOString() },
        self: true,
        subscriptionEnded,
      },
    });
    uow.afterCommit(() => closeUserSockets(userId, 1008, "Account deleted"));
    return { id: userId, deletedAt: now.toISOString() };
  });
}
