import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chapters, manga, users } from "@/db/schema";
import { Role } from "@/db/schema/enums";
import { mediaUrl } from "@/lib/media-url";
import { forbidden } from "@/server/http/errors";
import type { ChapterDetailsItem } from "./list-chapters";
import { chapterSearch } from "./list-chapters";
import type { ChaptersByStatusQuery } from "./schemas";
import { paged, type Paged } from "./types";

/**
 * GET /api/chapter/PaginatedChapterDetailsByStatusPagianted (spec spelling): the approval screen's list.
 * Writers see the chapters of their own manga, root sees every chapter; `chapterStatus` narrows to
 * Pending 0 / Accepted 1 / Rejected 2 and `searchTerm` matches chapter or manga titles. Most recently
 * changed first. Two queries per page.
 */
export async function listChaptersByStatus(
  opts: ChaptersByStatusQuery & { db: Db; viewer: { userId: number; role: number } },
): Promise<Paged<ChapterDetailsItem>> {
  const { db, viewer, page, pageSize } = opts;
  if (viewer.role !== Role.root && viewer.role !== Role.writer) throw forbidden();
  const base = viewer.role === Role.root ? undefined : eq(manga.authorId, viewer.userId);
  const filtered = and(base, opts.chapterStatus === undefined ? undefined : eq(chapters.status, opts.chapterStatus), chapterSearch(opts.searchTerm));

  const [rows, counts] = await Promise.all([
    db
      .select({
        id: chapters.id,
        mangaId: chapters.mangaId,
        title: chapters.title,
        number: chapters.number,
        status: chapters.status,
        isPremium: chapters.isPremium,
        pageCount: chapters.pageCount,
        views: chapters.views,
        createdAt: chapters.createdAt,
        updatedAt: chapters.updatedAt,
        sourceType: chapters.sourceType,
        reviewNote: chapters.reviewNote,
        mangaTitle: manga.title,
        coverImageId: manga.coverImageId,
        readingDirection: manga.readingDirection,
        username: users.username,
      })
      .from(chapters)
      .innerJoin(manga, eq(manga.id, chapters.mangaId))
      .leftJoin(users, eq(users.id, manga.authorId))
      .where(filtered)
      .orderBy(desc(chapters.updatedAt), desc(chapters.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int`, display: sql<number>`count(*) filter (where ${filtered ?? sql`true`})::int` })
      .from(chapters)
      .innerJoin(manga, eq(manga.id, chapters.mangaId))
      .where(base),
  ]);
  const items: ChapterDetailsItem[] = rows.map((r) => ({
    id: r.id, mangaId: r.mangaId, title: r.title, number: r.number, status: r.status, isPremium: r.isPremium,
    pageCount: r.pageCount, views: r.views, createdAt: r.createdAt, updatedAt: r.updatedAt, sourceType: r.sourceType,
    reviewNote: r.reviewNote,
    manga: { id: r.mangaId, title: r.mangaTitle, coverImageUrl: mediaUrl(r.coverImageId), readingDirection: r.readingDirection, user: { username: r.username } },
  }));
  return paged(items, page, pageSize, Number(counts[0]?.total ?? 0), Number(counts[0]?.display ?? 0));
}
