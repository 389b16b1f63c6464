import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapters } from "@/db/schema";
import { NotificationType, Status } from "@/lib/enums";
import { audit } from "@/server/core/audit";
import { conflict, validation } from "@/server/core/errors";
import { runUnitOfWork, type UnitOfWork } from "@/server/core/unit-of-work";
import { changed } from "@/server/manga/changed";
import { publishAcceptedChapters } from "./announce";
import { loadManagedChapters, Processing, type ManagedChapter } from "./managed";
import { notifyUsers } from "./notices";
import { lockChapter, recountManga } from "./rows";
import type { Decision } from "./set-manga-status";
import { type SignedInViewer } from "@/server/core/viewer";

/**
 * POST /api/chapter/StatusChapter (root): accepts (optional note) or rejects (a reason is required) one chapter or
 * several together. Each is recorded with the note and audited and its author told; on accept, the manga's
 * favouriters are told once per manga however many chapters were accepted together (a scheduled chapter is announced
 * when it is released). A chapter whose pages are still processing (or failed) cannot be decided (409).
 */
export async function setChapterStatus({
  db,
  actor,
  chapterIds,
  status,
  note,
}: {
  db: Db;
  actor: SignedInViewer;
  chapterIds: readonly number[];
  status: Decision;
  note?: string | null;
}): Promise<ManagedChapter[]> {
  const reason = note?.trim() || null;
  if (status === Status.Rejected && !reason) throw validation({ note: ["noteRequired"] }, "noteRequired");
  const ids = [...new Set(chapterIds)];
  await runUnitOfWork(db, (uow) => decideChaptersIn(uow, { actor, chapterIds: ids, status, reason }));
  return loadManagedChapters(db, ids);
}

/**
 * The decision itself inside a caller's unit of work (StatusChapter, and the reports queue's "hide", which rejects a
 * chapter in the same transaction as it resolves the reports). `reason` is the trimmed note (required by the callers
 * for a rejection).
 */
export async function decideChaptersIn(
  uow: UnitOfWork,
  { actor, chapterIds: ids, status, reason }: { actor: SignedInViewer; chapterIds: readonly number[]; status: Decision; reason: string | null },
): Promise<void> {
  const touched = new Map<number, number[]>();
  // Locked in id order, so two decisions over overlapping chapters never deadlock.
  for (const id of [...ids].sort((a, b) => a - b)) {
    const { chapter, manga } = await lockChapter(uow.tx, actor, id);
    if (chapter.processing === Processing.Processing) throw conflict("chapterProcessing");
    if (chapter.processing === Processing.Failed && status === Status.Accepted) throw conflict("chapterProcessingFailed");
    await uow.tx.update(chapters).set({ status, reviewNote: reason, updatedAt: new Date() }).where(eq(chapters.id, id));
    const accepted = status === Status.Accepted;
    await audit(uow.tx, {
      actorId: actor.userId,
      action: accepted ? "chapter.accept" : "chapter.reject",
      subject: { type: "chapter", id },
      details: { mangaId: manga.id, note: reason, previousStatus: chapter.status },
    });
    if (manga.authorId !== null && manga.authorId !== actor.userId) {
      await notifyUsers(
        uow,
        [manga.authorId],
        accepted ? "chapterAccepted" : "chapterRejected",
        { chapter: chapter.title, title: manga.title, note: reason ?? "", mangaId: manga.id },
        accepted ? NotificationType.Success : NotificationType.Warning,
      );
    }
    if (accepted || chapter.status === Status.Accepted) touched.set(manga.id, [...(touched.get(manga.id) ?? []), ...(accepted ? [id] : [])]);
  }
  for (const [mangaId, accepted] of touched) {
    if (status === Status.Accepted) await publishAcceptedChapters(uow, mangaId, accepted);
    else {
      await recountManga(uow.tx, mangaId);
      changed(uow, { manga: mangaId, catalogue: true });
    }
  }
}
