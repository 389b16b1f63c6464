import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapterJobs, chapters } from "@/db/schema";
import { Status } from "@/lib/enums";
import { startPageCopies, storeChapterPagesIn } from "@/server/chapters/ingest";
import { audit } from "@/server/core/audit";
import { notFound, validation } from "@/server/core/errors";
import { apiMessage } from "@/server/core/messages";
import type { Locale } from "@/i18n/routing";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { publishAcceptedChapters } from "./announce";
import { prepareUpload, type ChapterUpload } from "./chapter-source";
import { kickChapterJobs } from "./chapter-jobs";
import { loadManagedChapters, Processing, type ManagedChapter } from "./managed";
import { notifyRoots } from "./notices";
import { applyPageOrder, checkPageOrder, encodePageFiles, type PageEntry } from "./page-order";
import { chapterOrder, lockChapter, pageMediaOf, removeUnusedMedia, renumberChapters } from "./rows";
import type { ChapterFields } from "./submit-chapter";
import { type SignedInViewer, isRoot } from "@/server/core/viewer";

export interface ChapterChanges extends Partial<ChapterFields> {
  /** Moves the chapter to this place in reading order (from 1); the others shift. */
  number?: number;
}

/**
 * PUT /api/chapter/UpdateChapter: the owner or root changes a chapter's title, premium flag, scheduled release or
 * place in reading order, or replaces its pages (images, or a PDF rendered in the background). Rules (ADR 013):
 * - a rejected chapter that is changed goes back to Pending (a resubmission) and roots are told;
 * - new pages for an accepted chapter go back to review unless a trusted writer or root sent them;
 * - `pageOrder` fixes the pages in place (./page-order.ts): kept pages keep their stored images, `upload`'s images
 *   fill the new places; any change it makes to the pages (a reorder or removal too) counts as new pages above;
 * - title, premium and schedule edits of an accepted chapter stay live; every change is audited.
 */
export async function updateChapter({
  db,
  actor,
  chapterId,
  changes,
  upload,
  pageOrder,
  locale = "en",
}: {
  db: Db;
  actor: SignedInViewer;
  chapterId: number;
  changes: ChapterChanges;
  upload?: ChapterUpload;
  /** The chapter's pages in their new order (kept pages and `upload`'s images by index); checked by updateChapterInput. */
  pageOrder?: readonly PageEntry[];
  /** The language of a refusal's field error. */
  locale?: Locale;
}): Promise<ManagedChapter> {
  // Access first (a cheap locked read in its own transaction), then the CPU work, then the write.
  await runUnitOfWork(db, async (uow) => {
    await lockChapter(uow.tx, actor, chapterId);
    if (pageOrder) await checkPageOrder(uow.tx, chapterId, pageOrder, locale);
  });
  const prepared = upload && !pageOrder ? await prepareUpload(upload) : undefined;
  const newPages = pageOrder ? await encodePageFiles(pageOrder, upload?.kind === "images" ? upload.files : []) : [];

  await runUnitOfWork(db, async (uow) => {
    const { chapter, manga } = await lockChapter(uow.tx, actor, chapterId);
    const root = isRoot(actor);
    const set: Partial<typeof chapters.$inferInsert> = { updatedAt: new Date() };
    if (changes.title !== undefined) set.title = changes.title;
    if (changes.isPremium !== undefined) set.isPremium = changes.isPremium;
    if (changes.publishAt !== undefined) set.publishAt = changes.publishAt;
    // A timed premium window belongs to a premium chapter (the schema checked the date is in the future): set on a
    // chapter that stays free it is refused (nothing changed); a chapter made free loses its window.
    if (changes.freeAt != null && !(changes.isPremium ?? chapter.isPremium)) {
      throw validation({ freeAt: [apiMessage(locale, "freeAtNeedsPremium")] });
    }
    if (changes.freeAt !== undefined) set.freeAt = changes.freeAt;
    if (changes.isPremium === false) set.freeAt = null;

    let replacedMedia: string[] = [];
    let pagesChanged = prepared !== undefined;
    if (pageOrder) {
      // Checked again under this lock: the pages may have changed since the first look.
      await checkPageOrder(uow.tx, chapterId, pageOrder, locale);
      const arranged = await applyPageOrder(uow.tx, chapterId, pageOrder, newPages);
      pagesChanged = arranged.changed;
      replacedMedia = arranged.previousMedia;
      if (arranged.added.length > 0) uow.afterCommit(() => startPageCopies(db, { pages: arranged.added }, manga.authorId));
    } else if (prepared?.kind === "images") {
      replacedMedia = await pageMediaOf(uow.tx, [chapterId]);
      await uow.tx.delete(chapterJobs).where(eq(chapterJobs.chapterId, chapterId));
      const stored = await storeChapterPagesIn(uow.tx, { chapterId, sourceType: prepared.sourceType, pages: prepared.pages });
      uow.afterCommit(() => startPageCopies(db, stored, manga.authorId));
      Object.assign(set, { processing: Processing.Ready, processingError: null });
    } else if (prepared?.kind === "pdf") {
      const job = { pdf: Buffer.from(prepared.bytes), acceptWhenReady: false, attempts: 0, lockedAt: null, lockedBy: null };
      await uow.tx.insert(chapterJobs).values({ chapterId, ...job }).onConflictDoUpdate({ target: chapterJobs.chapterId, set: job });
      // The old pages (and their count and kind) stay until the new ones are stored by the job, in one transaction.
      Object.assign(set, { processing: Processing.Processing, processingError: null });
      uow.afterCommit(kickChapterJobs);
    }

    const resubmitted = !root && chapter.status === Status.Rejected;
    const backToReview = !root && chapter.status === Status.Accepted && pagesChanged && !manga.authorTrusted;
    if (resubmitted || backToReview) set.status = Status.Pending;
    await uow.tx.update(chapters).set(set).where(eq(chapters.id, chapterId));

    if (changes.number !== undefined && changes.number !== chapter.number) {
      const order = (await chapterOrder(uow.tx, manga.id)).filter((id) => id !== chapterId);
      const at = Math.min(Math.max(changes.number, 1), order.length + 1) - 1;
      order.splice(at, 0, chapterId);
      await renumberChapters(uow.tx, manga.id, order);
    }
    if (replacedMedia.length > 0) await removeUnusedMedia(uow.tx, replacedMedia);

    await audit(uow.tx, {
      actorId: actor.userId,
      action: resubmitted ? "chapter.resubmit" : "chapter.update",
      subject: { type: "chapter", id: chapterId },
      details: {
        mangaId: manga.id,
        before: { title: chapter.title, isPremium: chapter.isPremium, publishAt: chapter.publishAt, freeAt: chapter.freeAt, number: chapter.number, status: chapter.status },
        changes: { ...changes, pages: pageOrder ? (pagesChanged ? "pageOrder" : null) : (prepared?.kind ?? null) },
      },
    });
    if ((resubmitted || backToReview) && prepared?.kind !== "pdf") {
      await notifyRoots(uow, "reviewChapter", { chapter: changes.title ?? chapter.title, title: manga.title, author: manga.authorName ?? "?", mangaId: manga.id }, actor.userId);
    }
    if (chapter.status === Status.Accepted) {
      // Recounted and refreshed; a still-accepted chapter released by this edit (its schedule cleared) and never
      // announced is announced now: the release timer only looks at chapters with a publishAt.
      await publishAcceptedChapters(uow, manga.id, set.status === undefined ? [chapterId] : []);
    }
  });
  const [updated] = await loadManagedChapters(db, [chapterId]);
  if (!updated) throw notFound("chapterNotFound");
  return updated;
}
