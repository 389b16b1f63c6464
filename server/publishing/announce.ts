import { and, eq, inArray, isNull } from "drizzle-orm";
import { chapters, manga } from "@/db/schema";
import { Status } from "@/db/schema/enums";
import type { UnitOfWork } from "@/server/core/unit-of-work";
import { changed } from "@/server/manga/changed";
import { notifyFavouriters } from "./notices";
import { recountManga } from "./rows";

/**
 * Newly accepted chapters of one manga reach readers: the released ones (no publishAt, or one that has passed) are
 * marked announced and the manga's favouriters told once for all of them; scheduled ones are left to the release
 * timer (./release-chapters.ts). The manga's public count is recomputed and every process's public pages refreshed.
 */
export async function publishAcceptedChapters(uow: UnitOfWork, mangaId: number, chapterIds: readonly number[]): Promise<void> {
  await recountManga(uow.tx, mangaId);
  if (chapterIds.length > 0) {
    const now = new Date();
    const candidates = await uow.tx
      .select({ id: chapters.id, title: chapters.title, publishAt: chapters.publishAt })
      .from(chapters)
      .where(and(eq(chapters.mangaId, mangaId), inArray(chapters.id, [...chapterIds]), eq(chapters.status, Status.Accepted), isNull(chapters.announcedAt)));
    const released = candidates.filter((c) => c.publishAt === null || c.publishAt.getTime() <= now.getTime());
    if (released.length > 0) {
      await uow.tx.update(chapters).set({ announcedAt: now }).where(inArray(chapters.id, released.map((c) => c.id)));
      const [m] = await uow.tx.select({ title: manga.title, status: manga.status }).from(manga).where(eq(manga.id, mangaId));
      if (m?.status === Status.Accepted) await notifyFavouriters(uow, mangaId, m.title, released.map((c) => c.title));
    }
  }
  changed(uow, { manga: mangaId, catalogue: true });
}
