import "server-only";
import { and, asc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { emailTokens, favorites, manga, notificationPreferences, notifications, readingProgress, refreshTokens, subscriptions, transactions, users } from "@/db/schema";
import { Role } from "@/db/schema/enums";
import { audit } from "@/server/core/audit";
import { AppError, notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { changed } from "@/server/manga/changed";
import { POPULARITY_PER_FAVORITE } from "@/server/manga/popularity";
import { closeUserSockets } from "@/server/realtime/close-user-sockets";

/**
 * The minimum of the administration's DeleteUser tombstone (docs/decisions/015) for a user deleting themselves: the
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
    const [target] = await tx.select().from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).for("update");
    if (!target) throw notFound("userNotFound");
    if (target.role === Role.root && !target.banned) {
      const others = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, Role.root), eq(users.banned, false), isNull(users.deletedAt), ne(users.id, userId)))
        .orderBy(users.id)
        .for("update");
      if (others.length === 0) throw new AppError(422, "lastRootProtected");
    }

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
    const ended = await tx
      .update(subscriptions)
      .set({ endsAt: now, cancelledAt: now })
      .where(and(eq(subscriptions.userId, userId), gt(subscriptions.endsAt, now), isNull(subscriptions.cancelledAt)))
      .returning({ id: subscriptions.id });
    for (const s of ended) {
      await tx.insert(transactions).values({ userId, method: "end", amount: "0", status: 1, referenceId: `sub:${s.id}`, createdAt: now });
    }

    await tx
      .update(users)
      .set({
        username: `deleted-${userId}`,
        email: `deleted-${userId}@deleted.invalid`,
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
        after: { username: `deleted-${userId}`, isBanned: true, deletedAt: now.toISOString() },
        self: true,
        subscriptionsEnded: ended.length,
      },
    });
    uow.afterCommit(() => closeUserSockets(userId, 1008, "Account deleted"));
    return { id: userId, deletedAt: now.toISOString() };
  });
}
