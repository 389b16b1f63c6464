import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapters } from "@/db/schema";
import { Status } from "@/lib/enums";
import { audit } from "@/server/core/audit";
import { runUnitOfWork, type UnitOfWork } from "@/server/core/unit-of-work";
import { changed } from "@/server/manga/changed";
import { chapterOrder, lockChapter, pageMediaOf, recountManga, removeUnusedMedia, renumberChapters } from "./rows";
import { type SignedInViewer } from "@/server/core/viewer";

/**
 * DELETE /api/chapter/DeleteChapter: the owner or root removes a chapter with its pages, views, progress and any
 * waiting job, then the images nothing else uses; the chapters after it move up one place. Audited; public pages
 * refreshed when it was public.
 */
export async function deleteChapter({ db, actor, chapterId }: { db: Db; actor: SignedInViewer; chapterId: number }): Promise<{ chapterId: number }> {
  return runUnitOfWork(db, (uow) => deleteChapterIn(uow, { actor, chapterId }));
}

/** The removal itself inside a caller's unit of work (the route above, and the reports queue's "delete"). */
export async function deleteChapterIn(uow: UnitOfWork, { actor, chapterId }: { actor: SignedInViewer; chapterId: number }): Promise<{ chapterId: number }> {
  const { chapter, manga } = await lockChapter(uow.tx, actor, chapterId);
  const media = await pageMediaOf(uow.tx, [chapterId]);
  await uow.tx.delete(chapters).where(eq(chapters.id, chapterId));
  const removedMedia = await removeUnusedMedia(uow.tx, media);
  await renumberChapters(uow.tx, manga.id, await chapterOrder(uow.tx, manga.id));
  await audit(uow.tx, {
    actorId: actor.userId,
    action: "chapter.delete",
    subject: { type: "chapter", id: chapterId },
    details: { mangaId: manga.id, title: chapter.title, status: chapter.status, removedMedia },
  });
  if (chapter.status === Status.Accepted) {
    await recountManga(uow.tx, manga.id);
    changed(uow, { manga: manga.id, catalogue: true });
  }
  return { chapterId };
}
