import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapters, manga } from "@/db/schema";
import { Role } from "@/lib/enums";
import { forbidden } from "@/server/core/errors";
import { chapterSearch, queryChapterPage, type ChapterDetailsItem } from "./list-chapters";
import type { ChaptersByStatusQuery } from "./schemas";
import type { Paged } from "./types";
import { isRoot, type SignedInViewer } from "@/server/core/viewer";

/**
 * GET /api/chapter/PaginatedChapterDetailsByStatusPagianted (spec spelling): the approval screen's list.
 * Writers see the chapters of their own manga, root sees every chapter; `chapterStatus` narrows to
 * Pending 0 / Accepted 1 / Rejected 2 and `searchTerm` matches chapter or manga titles. Most recently
 * changed first. Two queries per page.
 */
export async function listChaptersByStatus(
  opts: ChaptersByStatusQuery & { db: Db; viewer: SignedInViewer },
): Promise<Paged<ChapterDetailsItem>> {
  const { db, viewer, page, pageSize } = opts;
  if (!isRoot(viewer) && viewer.role !== Role.writer) throw forbidden();
  const base = isRoot(viewer) ? undefined : eq(manga.authorId, viewer.userId);
  const filtered = and(base, opts.chapterStatus === undefined ? undefined : eq(chapters.status, opts.chapterStatus), chapterSearch(opts.searchTerm));

  return queryChapterPage({
    db, base, filtered, canSeeNote: sql<boolean>`true`, page, pageSize,
    orderBy: [desc(chapters.updatedAt), desc(chapters.id)],
  });
}
