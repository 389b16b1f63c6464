import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapters, manga, reports } from "@/db/schema";
import { ReportStatus } from "@/lib/report-enums";
import { Status } from "@/lib/enums";
import type { ResolveAction } from "@/lib/validation/reports";
import { audit } from "@/server/core/audit";
import { conflict, notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { deleteChapterIn } from "@/server/publishing/delete-chapter";
import { deleteMangaIn } from "@/server/publishing/delete-manga";
import { noticeLinks } from "@/server/publishing/notices";
import { decideChaptersIn } from "@/server/publishing/set-chapter-status";
import { decideMangaIn } from "@/server/publishing/set-manga-status";
import type { ResolveValues } from "@/lib/validation/reports";
import { notifyReporters, type ReportTarget } from "./notify";

const STATUS_OF: Record<ResolveAction, ReportStatus> = { dismiss: ReportStatus.Dismissed, hide: ReportStatus.Hidden, delete: ReportStatus.Deleted };
const NOTICE_OF = { dismiss: "reportDismissed", hide: "reportHidden", delete: "reportDeleted" } as const;

export interface ResolveResult {
  mangaId: number;
  chapterId: number | null;
  action: ResolveAction;
  /** Open reports resolved (for a deleted manga, its chapters' open reports too). */
  resolved: number;
  /** Distinct reporters told. */
  notified: number;
}

/**
 * POST /api/Report/Resolve (root): resolves every open report of one target (a manga, or one chapter) in one
 * transaction, with the action on the content in the same transaction:
 * - dismiss: the reports are closed (status 1), the content stays;
 * - hide: the content is rejected (status 2) with root's note through publishing's own decision (the author is told,
 *   the public pages refreshed, audited as manga.reject / chapter.reject), the reports status 2;
 * - delete: the content is removed through publishing's own deletion (cascades, unused images, audited as
 *   manga.delete / chapter.delete). Its report rows go with it (the foreign keys cascade), so the reports are marked
 *   status 3, the reporters told and report.resolve audited with the counts and report ids BEFORE the delete, in the
 *   same transaction: the audit log keeps the record. Deleting a manga also resolves its chapters' open reports.
 * Every reporter is told in their language. No open report: 409 (someone resolved them already); unknown target: 404.
 */
export async function resolveReports({ db, viewer, input }: { db: Db; viewer: SignedInViewer; input: ResolveValues }): Promise<ResolveResult> {
  const { mangaId, chapterId, action, note } = input;
  const actor = { userId: viewer.userId, role: viewer.role };
  return runUnitOfWork(db, async (uow) => {
    // Locked in the order every write takes (manga, chapter, then its rows), so a concurrent edit or deletion waits.
    const [m] = await uow.tx.select({ title: manga.title }).from(manga).where(eq(manga.id, mangaId)).for("update");
    if (!m) throw notFound("mangaNotFound");
    let chapterTitle: string | null = null;
    if (chapterId !== null) {
      const [c] = await uow.tx.select({ title: chapters.title }).from(chapters).where(and(eq(chapters.id, chapterId), eq(chapters.mangaId, mangaId))).for("update");
      if (!c) throw notFound("chapterNotFound");
      chapterTitle = c.title;
    }
    const target: ReportTarget = { mangaTitle: m.title, chapterTitle };

    // The target's open reports (a deleted manga: its chapters' too), locked: a second root resolving at once waits, then finds none.
    const scope =
      chapterId !== null
        ? eq(reports.chapterId, chapterId)
        : action === "delete"
          ? undefined
          : isNull(reports.chapterId);
    const open = await uow.tx
      .select({ id: reports.id, reporterId: reports.reporterId, reason: reports.reason, chapterId: reports.chapterId })
      .from(reports)
      .where(and(eq(reports.mangaId, mangaId), eq(reports.status, ReportStatus.Open), scope))
      .orderBy(reports.id)
      .for("update");
    const own = open.filter((r) => r.chapterId === chapterId);
    if (own.length === 0) throw conflict("reportNothingOpen");

    const status = STATUS_OF[action];
    const ids = open.map((r) => r.id);
    await uow.tx.update(reports).set({ status, resolvedBy: viewer.userId, resolvedAt: sql`now()` }).where(inArray(reports.id, ids));

    const byReason = { copyright: 0, inappropriate: 0, wrongContent: 0, other: 0 };
    const names = ["copyright", "inappropriate", "wrongContent", "other"] as const;
    for (const r of own) byReason[names[r.reason] ?? "other"]++;
    const reporters = (rows: typeof open) => [...new Set(rows.map((r) => r.reporterId).filter((id): id is number => id !== null))];

    // Where the reporters can still see what they reported: only when it stays up.
    const link = action === "dismiss" ? (chapterId === null ? noticeLinks.preview(mangaId) : noticeLinks.reader(mangaId, chapterId)) : null;
    let notified = await notifyReporters(uow, reporters(own), NOTICE_OF[action], target, link);
    // A deleted manga's chapter reports: each reporter told about the chapter they reported.
    const chapterReports = open.filter((r) => r.chapterId !== chapterId);
    if (chapterReports.length > 0) {
      const titles = new Map(
        (await uow.tx.select({ id: chapters.id, title: chapters.title }).from(chapters).where(inArray(chapters.id, [...new Set(chapterReports.map((r) => r.chapterId!))]))).map((c) => [c.id, c.title]),
      );
      for (const [id, title] of titles) {
        notified += await notifyReporters(uow, reporters(chapterReports.filter((r) => r.chapterId === id)), "reportDeleted", { mangaTitle: m.title, chapterTitle: title }, null);
      }
    }

    await audit(uow.tx, {
      actorId: viewer.userId,
      action: `report.${action}`,
      subject: chapterId === null ? { type: "manga", id: mangaId } : { type: "chapter", id: chapterId },
      details: {
        mangaId,
        chapterId,
        title: m.title,
        chapterTitle,
        note: note || null,
        reports: own.length,
        byReason,
        reporters: reporters(own).length,
        reportIds: ids,
        ...(chapterReports.length > 0 ? { chapterReports: chapterReports.length } : {}),
      },
    });

    if (action === "hide") {
      if (chapterId === null) await decideMangaIn(uow, { actor, mangaId, status: Status.Rejected, reason: note });
      else await decideChaptersIn(uow, { actor, chapterIds: [chapterId], status: Status.Rejected, reason: note });
    } else if (action === "delete") {
      if (chapterId === null) await deleteMangaIn(uow, { actor, mangaId });
      else await deleteChapterIn(uow, { actor, chapterId });
    }
    return { mangaId, chapterId, action, resolved: ids.length, notified };
  });
}
