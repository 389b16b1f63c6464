import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapterJobs, chapters, manga } from "@/db/schema";
import { Status } from "@/lib/enums";
import { startPageCopies, storeChapterPagesIn } from "@/server/chapters/ingest";
import { audit } from "@/server/core/audit";
import { notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { publishAcceptedChapters } from "./announce";
import { prepareUpload, type ChapterUpload } from "./chapter-source";
import { kickChapterJobs } from "./chapter-jobs";
import { loadManagedChapters, Processing, type ManagedChapter } from "./managed";
import { notifyRoots } from "./notices";
import { lockManga, nextChapterNumber } from "./rows";
import { type SignedInViewer, isRoot, mayManage } from "@/server/core/viewer";
import { isRowId } from "@/lib/validation/numbers";

export interface ChapterFields {
  title: string;
  isPremium: boolean;
  /** A scheduled release (null: public as soon as it is accepted). */
  publishAt: Date | null;
  /** A timed premium window (issue 16): a premium chapter is free for everyone from this moment (null: never). */
  freeAt?: Date | null;
}

/**
 * POST /api/chapter/SubmitChapter: the manga's owner (or root) adds a chapter at the end of its reading order.
 * Image pages are checked and encoded before the transaction and stored in it; a PDF is checked, stored with the
 * chapter as a job, and rendered in the background (`processing: 1` until its pages are ready). A trusted writer's
 * chapter of an accepted manga is accepted at once (a PDF when its pages are ready); any other waits for review and
 * roots are told. A refused upload stores nothing.
 */
export async function submitChapter({
  db,
  actor,
  mangaId,
  fields,
  upload,
}: {
  db: Db;
  actor: SignedInViewer;
  mangaId: number;
  fields: ChapterFields;
  upload: ChapterUpload;
}): Promise<ManagedChapter> {
  // Who may add to this manga is checked before any upload is decoded.
  const [target] = isRowId(mangaId)
    ? await db.select({ authorId: manga.authorId }).from(manga).where(eq(manga.id, mangaId))
    : [];
  if (!target || !mayManage(actor, target.authorId)) throw notFound("mangaNotFound");
  const prepared = await prepareUpload(upload);

  const chapterId = await runUnitOfWork(db, async (uow) => {
    const m = await lockManga(uow.tx, actor, mangaId);
    const trusted = !isRoot(actor) && m.authorTrusted && m.status === Status.Accepted;
    const acceptNow = trusted && prepared.kind === "images";
    const [row] = await uow.tx
      .insert(chapters)
      .values({
        mangaId,
        title: fields.title,
        number: await nextChapterNumber(uow.tx, mangaId),
        isPremium: fields.isPremium,
        publishAt: fields.publishAt,
        // Only a premium chapter has a premium window (the route refuses freeAt without isPremium).
        freeAt: fields.isPremium ? (fields.freeAt ?? null) : null,
        status: acceptNow ? Status.Accepted : Status.Pending,
        sourceType: prepared.sourceType,
        processing: prepared.kind === "pdf" ? Processing.Processing : Processing.Ready,
        pageCount: prepared.kind === "pdf" ? prepared.pageCount : 0,
      })
      .returning({ id: chapters.id });
    if (!row) throw new Error("insert returned no chapter");
    if (prepared.kind === "images") {
      const stored = await storeChapterPagesIn(uow.tx, { chapterId: row.id, sourceType: prepared.sourceType, pages: prepared.pages });
      uow.afterCommit(() => startPageCopies(db, stored, m.authorId));
    } else {
      await uow.tx.insert(chapterJobs).values({ chapterId: row.id, pdf: Buffer.from(prepared.bytes), acceptWhenReady: trusted });
      uow.afterCommit(kickChapterJobs);
    }
    await audit(uow.tx, {
      actorId: actor.userId,
      action: acceptNow ? "chapter.auto-accept" : "chapter.submit",
      subject: { type: "chapter", id: row.id },
      details: { mangaId, title: fields.title, source: prepared.kind, trusted, isPremium: fields.isPremium, freeAt: fields.freeAt ?? null },
    });
    if (acceptNow) await publishAcceptedChapters(uow, mangaId, [row.id]);
    // A PDF's reviewers are told when its pages are ready (./chapter-jobs.ts).
    else if (prepared.kind === "images") await notifyRoots(uow, "reviewChapter", { chapter: fields.title, title: m.title, author: m.authorName ?? "?", mangaId }, actor.userId);
    return row.id;
  });
  const [created] = await loadManagedChapters(db, [chapterId]);
  if (!created) throw notFound("chapterNotFound");
  return created;
}
