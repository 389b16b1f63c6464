import { and, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapters, manga } from "@/db/schema";
import { Status } from "@/lib/enums";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { changed } from "@/server/manga/changed";
import { notifyFavouriters } from "./notices";
import { recountManga } from "./rows";
import { startPeriodic } from "@/server/core/periodic";

/** How often each process looks for scheduled chapters whose time has come. */
export const RELEASE_INTERVAL_MS = 15_000;

/**
 * Announces scheduled chapters whose `publishAt` has passed (docs/decisions/013). Readers already see them from that
 * moment (a query-time check); this claims them (`announced_at`, one UPDATE, so of several processes exactly one
 * announces each), recounts their manga, tells favouriters once per manga and refreshes every process's public pages.
 * Answers how many chapters it released.
 */
export async function releaseDueChapters({ db }: { db: Db }): Promise<number> {
  return runUnitOfWork(db, async (uow) => {
    const due = await uow.tx
      .update(chapters)
      .set({ announcedAt: sql`now()` })
      .where(and(eq(chapters.status, Status.Accepted), isNull(chapters.announcedAt), isNotNull(chapters.publishAt), lte(chapters.publishAt, sql`now()`)))
      .returning({ id: chapters.id, mangaId: chapters.mangaId, title: chapters.title, number: chapters.number });
    const byManga = new Map<number, typeof due>();
    for (const c of due) byManga.set(c.mangaId, [...(byManga.get(c.mangaId) ?? []), c]);
    for (const [mangaId, list] of byManga) {
      await recountManga(uow.tx, mangaId);
      const [m] = await uow.tx.select({ title: manga.title, status: manga.status }).from(manga).where(eq(manga.id, mangaId));
      if (m?.status === Status.Accepted) {
        const ordered = list.sort((a, b) => a.number - b.number);
        await notifyFavouriters(uow, mangaId, m.title, ordered.map((c) => c.title), ordered[0]?.id);
      }
    }
    if (byManga.size > 0) changed(uow, { manga: [...byManga.keys()], catalogue: true });
    return due.length;
  });
}

/** Runs the release check every RELEASE_INTERVAL_MS in this process; returns the stop function. */
export function startReleaseTimer(db: Db): () => void {
  return startPeriodic("release", RELEASE_INTERVAL_MS, () => releaseDueChapters({ db }));
}
