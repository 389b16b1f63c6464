import { and, eq, inArray, isNull } from "drizzle-orm";
import { chapters, manga } from "@/db/schema";
import { Status } from "@/lib/enums";
import type { UnitOfWork } from "@/server/core/unit-of-work";
import { changed } from "@/server/manga/changed";
import { notifyFavouriters } from "./notices";
import { recountManga } from "./rows";

/**
 * Newly accepted chapters of one manga reach readers (when the manga itself is accepted; otherwise they wait for it): the released ones (no publishAt, or one that has passed) are
 * marked announced and the manga's favouriters told once for all of them; scheduled ones are left to the release
 * timer (./release-chapters.ts). The manga's public count is recomputed and every process's public pages refreshed.
 */
export async function publishAcceptedChapters(uow: UnitOfWork, mangaId: number, chapterIds: readonly number[]): Promise<void> {
  await recountManga(uow.tx, mangaId);
  const [m] = await uow.tx.select({ title: manga.title, status: manga.status }).from(manga).where(eq(manga.id, mangaId));
  // Chapters of a manga readers cannot see yet are announced when the manga is accepted (./set-manga-status.ts).
  if (chapterIds.length > 0 && m?.status === Status.Accepted) {
    const now = new Date();
    const candidates = await uow.tx
      .select({ id: chapters.id, title: chapters.title, publishAt: chapters.publishAt })
      .from(chapters)
      .where(and(eq(chapters.mangaId, mangaId), inArray(chapters.id, [...chapterIds]), eq(chapters.status, Status.Accepted), isNull(chapters.announcedAt)))
      .orderBy(chapters.number);
    const released = candidates.filter((c) => c.publishAt === null || c.publishAt.getTime() <= now.getTime());
    if (released.length > 0) {
      await uow.tx.update(chapters).set({ announcedAt: now }).where(inArray(chapters.id, released.map((c) => c.id)));
      await notifyFavouriters(uow, mangaId, m.title, released.map((c) => c.title), released[0]?.id);
    }
  }
  changed(uow, { manga: mangaId, catalogue: true });
}

/** The manga's accepted chapters that were never announced (accepted while the manga was hidden), oldest first. */
export async function unannouncedChapters(uow: UnitOfWork, mangaId: number): Promise<number[]> {
  const rows = await uow.tx
    .select({ id: chapters.id })
    .from(chapters)
    .where(and(eq(chapters.mangaId, mangaId), eq(chapters.status, Status.Accepted), isNull(chapters.announcedAt)))
    .orderBy(chapters.number);
  return rows.map((r) => r.id);
}
