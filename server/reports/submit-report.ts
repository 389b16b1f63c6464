import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapters, manga, reports } from "@/db/schema";
import { ReportStatus } from "@/lib/report-enums";
import { audit } from "@/server/core/audit";
import { conflict, notFound } from "@/server/core/errors";
import { enforceRateLimit, type RateRule } from "@/server/core/rate-limit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { canSeeManga, isChapterPublic, seesAllChaptersOf } from "@/server/visibility";
import { notifyRootsOfReport } from "./notify";
import type { ReportSubmitValues } from "@/lib/validation/reports";

/** Reports one member may send in an hour (RATE_LIMIT_REPORT_USER overrides, like every rule). */
export const REPORT_RATE_RULE: RateRule = { name: "report_user", limit: 20, windowSeconds: 60 * 60 };

export interface SubmittedReport {
  id: number;
  mangaId: number;
  chapterId: number | null;
  reason: number;
  details: string | null;
  status: number;
  createdAt: string;
}

/**
 * POST /api/Report/Submit (any member): reports a manga (no chapterId) or one of its chapters. The target must be one
 * the reporter may see (else 404, as if it did not exist); one open report per member and target (409, the partial
 * unique index decides, so two tabs at once cannot both pass); at most 20 an hour per member (429). Every root is
 * told in their language with a link to the queue; audited.
 */
export async function submitReport({ db, viewer, input }: { db: Db; viewer: SignedInViewer; input: ReportSubmitValues }): Promise<SubmittedReport> {
  const { mangaId, chapterId, reason, details } = input;
  const [target] = await db.select({ title: manga.title, status: manga.status, authorId: manga.authorId }).from(manga).where(eq(manga.id, mangaId));
  if (!target || !canSeeManga(viewer, target)) throw notFound("mangaNotFound");
  let chapterTitle: string | null = null;
  if (chapterId !== null) {
    const [chapter] = await db
      .select({ title: chapters.title, status: chapters.status, publishAt: chapters.publishAt })
      .from(chapters)
      .where(and(eq(chapters.id, chapterId), eq(chapters.mangaId, mangaId)));
    if (!chapter || !(seesAllChaptersOf(viewer, target.authorId) || isChapterPublic(chapter))) throw notFound("chapterNotFound");
    chapterTitle = chapter.title;
  }
  await enforceRateLimit({ db, rule: REPORT_RATE_RULE, subject: String(viewer.userId) });

  return runUnitOfWork(db, async (uow) => {
    // ON CONFLICT DO NOTHING: the one open report per member and target is the index's to keep (no aborted transaction).
    const inserted = await uow.tx.execute<{ id: number; created_at: string | Date }>(sql`
      insert into ${reports} (reporter_id, manga_id, chapter_id, reason, details, status)
      values (${viewer.userId}, ${mangaId}, ${chapterId}, ${reason}, ${details === "" ? null : details}, ${ReportStatus.Open})
      on conflict do nothing
      returning id, created_at`);
    const row = inserted.rows[0];
    if (!row) throw conflict("reportAlreadyOpen");
    const id = Number(row.id);
    await audit(uow.tx, {
      actorId: viewer.userId,
      action: "report.submit",
      subject: { type: "report", id },
      details: { mangaId, chapterId, reason, hasDetails: details !== "" },
    });
    await notifyRootsOfReport(uow, { mangaTitle: target.title, chapterTitle }, reason, viewer.userId);
    return {
      id,
      mangaId,
      chapterId,
      reason,
      details: details === "" ? null : details,
      status: ReportStatus.Open,
      createdAt: new Date(row.created_at).toISOString(),
    };
  });
}
