import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapters, manga } from "@/db/schema";
import { Status } from "@/lib/enums";
import { audit } from "@/server/core/audit";
import { runUnitOfWork, type UnitOfWork } from "@/server/core/unit-of-work";
import { changed } from "@/server/manga/changed";
import { lockManga, pageMediaOf, removeUnusedMedia } from "./rows";
import { type SignedInViewer } from "@/server/core/viewer";

/**
 * DELETE /api/manga/DeleteManga: the owner or root removes a manga. Its chapters, pages, genres, favourites, views,
 * progress and waiting jobs go with it (foreign keys cascade), then every image nothing else uses. Audited; the
 * public pages forget it at once on every process.
 */
export async function deleteManga({ db, actor, mangaId }: { db: Db; actor: SignedInViewer; mangaId: number }): Promise<{ mangaId: number }> {
  return runUnitOfWork(db, (uow) => deleteMangaIn(uow, { actor, mangaId }));
}

/** The removal itself inside a caller's unit of work (the route above, and the reports queue's "delete"). */
export async function deleteMangaIn(uow: UnitOfWork, { actor, mangaId }: { actor: SignedInViewer; mangaId: number }): Promise<{ mangaId: number }> {
  const row = await lockManga(uow.tx, actor, mangaId);
  const chapterIds = (await uow.tx.select({ id: chapters.id }).from(chapters).where(eq(chapters.mangaId, mangaId))).map((c) => c.id);
  const media = [row.coverImageId, row.bannerImageId, ...(await pageMediaOf(uow.tx, chapterIds))];
  await uow.tx.delete(manga).where(eq(manga.id, mangaId));
  const removedMedia = await removeUnusedMedia(uow.tx, media);
  await audit(uow.tx, {
    actorId: actor.userId,
    action: "manga.delete",
    subject: { type: "manga", id: mangaId },
    details: { title: row.title, authorId: row.authorId, status: row.status, chapters: chapterIds.length, removedMedia },
  });
  if (row.status === Status.Accepted) changed(uow, { manga: mangaId, catalogue: true });
  return { mangaId };
}
