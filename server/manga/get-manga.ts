import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { pick } from "@/db/columns";
import { chapters, manga, mangaGenres, users } from "@/db/schema";
import { GENRES, SortBy, Status, type Genre } from "@/lib/enums";
import { mediaUrl } from "@/lib/media-url";
import { isPublicationStatus, type PublicationStatus } from "@/lib/publication-status";
import { mangaRating, type MangaRating, type SortDirection } from "./list-manga";
import { canSeeManga, chapterReleased, chapterStatusesFor, seesAllChaptersOf } from "@/server/visibility";
import { type Viewer } from "@/server/core/viewer";
import { isRowId } from "@/lib/validation/numbers";

export interface MangaChapter {
  id: number;
  title: string;
  number: number;
  status: Status;
  isPremium: boolean;
  /** A timed premium window (issue 16): ISO instant from which the chapter is free for everyone, or null. */
  freeAt: string | null;
  pageCount: number;
  views: number;
  createdAt: string;
}

export interface MangaDetail {
  id: number;
  title: string;
  description: string;
  coverImageUrl: string | null;
  bannerImageUrl: string | null;
  genres: Genre[];
  chapters: MangaChapter[];
  views: number;
  favorites: number;
  chapterCount: number;
  status: Status;
  isPremium: boolean;
  readingDirection: number;
  /** Whether it is still coming out (lib/publication-status.ts). */
  publicationStatus: PublicationStatus;
  /** ISO strings: the detail is cached as JSON by the public pages. */
  createdAt: string;
  updatedAt: string;
  user: { username: string | null };
  /** The counted ratings' mean (one decimal; null: none yet) and count (docs/decisions/028). */
  rating: MangaRating;
}

export interface GetMangaOptions {
  db: Db;
  id: number;
  viewer?: Viewer | null;
  /** The manga must have one of these statuses (and be visible to the viewer). */
  mangaStatusTypes?: readonly Status[];
  /** Only chapters with these statuses (within what the viewer may see). */
  chapterStatusTypes?: readonly Status[];
  /** Only premium (true) or only free (false) chapters. */
  isPremium?: boolean;
  /** Chapter order: CreatedDate 0, Title 1, Views 2, UpdatedDate 6; anything else is reading order. */
  chapterSortBy?: SortBy;
  sortDirection?: SortDirection;
}

function chapterOrder(sortBy: SortBy | undefined, direction: SortDirection | undefined): SQL[] {
  const column =
    sortBy === SortBy.CreatedDate ? chapters.createdAt
    : sortBy === SortBy.Title ? sql`lower(${chapters.title})`
    : sortBy === SortBy.Views ? chapters.views
    : sortBy === SortBy.UpdatedDate ? chapters.updatedAt
    : chapters.number;
  const order = direction === "desc" ? desc : asc;
  return [order(column), order(chapters.number), order(chapters.id)];
}

/** Read once per call; built once per process. */
const DETAIL_COLUMNS = pick(manga, "id", "title", "description", "coverImageId", "bannerImageId", "status", "authorId", "isPremium", "views", "favorites", "chapterCount", "readingDirection", "publicationStatus", "createdAt", "updatedAt", "ratingSum", "ratingCount");

/**
 * A manga with its genres and the chapters the viewer may see, or null when there is no such manga for this
 * viewer (missing, or not visible: visitors and readers see accepted manga and chapters only, writers also their
 * own, root everything). Three small indexed queries, whatever the number of chapters.
 */
export async function getMangaById(opts: GetMangaOptions): Promise<MangaDetail | null> {
  const { db, id, viewer = null } = opts;
  if (!isRowId(id)) return null;
  const [row] = await db
    .select({
      ...DETAIL_COLUMNS,
      // A deleted author (a tombstone, docs/decisions/015) has no public name: the page shows its fallback.
      username: sql<string | null>`case when ${users.deletedAt} is null then ${users.username} end`,
    })
    .from(manga)
    .leftJoin(users, eq(users.id, manga.authorId))
    .where(eq(manga.id, id));
  if (!row || !canSeeManga(viewer, row)) return null;
  if (opts.mangaStatusTypes?.length && !opts.mangaStatusTypes.includes(row.status as Status)) return null;

  const statuses = chapterStatusesFor(viewer, row.authorId, opts.chapterStatusTypes);
  const chapterFilters: SQL[] = [eq(chapters.mangaId, id)];
  chapterFilters.push(statuses.length === 1 ? eq(chapters.status, statuses[0]!) : inArray(chapters.status, statuses.length ? statuses : [-1]));
  // Readers see an accepted chapter only once its scheduled release has come.
  if (!seesAllChaptersOf(viewer, row.authorId)) chapterFilters.push(chapterReleased());
  if (opts.isPremium !== undefined) chapterFilters.push(eq(chapters.isPremium, opts.isPremium));

  const [genreRows, chapterRows] = await Promise.all([
    db.select({ genre: mangaGenres.genre }).from(mangaGenres).where(eq(mangaGenres.mangaId, id)).orderBy(asc(mangaGenres.genre)),
    db
      .select({
        id: chapters.id,
        title: chapters.title,
        number: chapters.number,
        status: chapters.status,
        isPremium: chapters.isPremium,
        freeAt: chapters.freeAt,
        pageCount: chapters.pageCount,
        views: chapters.views,
        createdAt: chapters.createdAt,
      })
      .from(chapters)
      .where(and(...chapterFilters))
      .orderBy(...chapterOrder(opts.chapterSortBy, opts.sortDirection)),
  ]);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    coverImageUrl: mediaUrl(row.coverImageId),
    bannerImageUrl: mediaUrl(row.bannerImageId),
    genres: genreRows.map((g) => GENRES[g.genre]).filter((g): g is Genre => g !== undefined),
    chapters: chapterRows.map((c) => ({ ...c, status: c.status as Status, freeAt: c.freeAt?.toISOString() ?? null, createdAt: c.createdAt.toISOString() })),
    views: row.views,
    favorites: row.favorites,
    chapterCount: row.chapterCount,
    status: row.status as Status,
    isPremium: row.isPremium,
    readingDirection: row.readingDirection,
    publicationStatus: isPublicationStatus(row.publicationStatus) ? row.publicationStatus : "ongoing",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: { username: row.username },
    rating: mangaRating(row.ratingSum, row.ratingCount),
  };
}

/** The public preview's manga: accepted, with its accepted chapters in reading order. */
export function getPublicManga({ db, id }: { db: Db; id: number }): Promise<MangaDetail | null> {
  return getMangaById({ db, id, viewer: null, mangaStatusTypes: [Status.Accepted], chapterStatusTypes: [Status.Accepted] });
}
