import { sql } from "drizzle-orm";
import {
  boolean, check, doublePrecision, index, integer, pgTable, primaryKey, real, smallint, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";
import { media } from "./media";
import { BAYES_MIN_RATINGS, BAYES_PRIOR, RATING_MAX, RATING_MIN } from "../../lib/rating";
import { bytea } from "./types";
import { users } from "./users";

/** How much of search_text the sort indexes carry (manga.searchPrefix). */
export const SEARCH_PREFIX_CHARS = 256;

/**
 * The folded title (foldSearchText(title)) as PostgreSQL derives it from search_text, which begins with it: the first
 * W words of search_text, W being the number of words the title folds to. foldSearchText removes invisible marks,
 * Arabic diacritics, tatweel and combining accents, and splits on control characters and Unicode spaces (JavaScript's
 * \s); the title is counted after the same removals and splits, so a "word" made only of removed marks counts for
 * none. Titles are at most 200 characters (≤ 100 words, within a regular expression's 255 repetitions).
 * lib/search-fold.test.ts and list-manga's tests compare it with foldSearchText.
 */
const TITLE_REMOVED = "[\\u200B-\\u200F\\u202A-\\u202E\\u2066-\\u2069\\uFEFF\\u064B-\\u065F\\u0670\\u0640\\u0300-\\u036F]";
const TITLE_SPACES = "[\\u0001-\\u0020\\u007F\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]+";
const TITLE_WORDS = `btrim(regexp_replace(regexp_replace(title, '${TITLE_REMOVED}', '', 'g'), '${TITLE_SPACES}', ' ', 'g'), ' ')`;
export const SEARCH_TITLE_SQL = `case when ${TITLE_WORDS} = '' then '' else coalesce(substring(search_text from '^[^ ]*(?: [^ ]*){0,' || (char_length(${TITLE_WORDS}) - char_length(replace(${TITLE_WORDS}, ' ', '')))::text || '}'), '') end`;

export const manga = pgTable(
  "manga",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    description: text().notNull().default(""),
    /** Title and description folded for search (case, Arabic diacritics and letter forms). */
    searchText: text().notNull().default(""),
    /**
     * The first SEARCH_PREFIX_CHARS characters of searchText, kept by PostgreSQL, only for the sort indexes below: a
     * search that walks a sort order tests it in the index alone (an index-only scan, no table row per candidate).
     * Bounded so index entries stay small (btree entries cannot be long); longer texts are checked in full.
     */
    searchPrefix: text().generatedAlwaysAs(sql.raw(`left(search_text, ${SEARCH_PREFIX_CHARS})`)),
    /**
     * The folded title, kept by PostgreSQL from title and search_text (SEARCH_TITLE_SQL), so no write has to store it:
     * a search ranks title matches first (list-manga.ts), found through its own trigram index.
     */
    searchTitle: text().notNull().generatedAlwaysAs(sql.raw(SEARCH_TITLE_SQL)),
    coverImageId: text().references(() => media.id),
    bannerImageId: text().references(() => media.id),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    status: smallint().notNull().default(0),
    reviewNote: text(),
    isPremium: boolean().notNull().default(false),
    readingDirection: smallint().notNull().default(0),
    /** The language it is written in (lib/manga-language.ts): the writer's choice, by default from the title's script. */
    language: text().notNull().default("en"),
    /** Whether it is still coming out (lib/publication-status.ts): the writer's choice, ongoing by default. */
    publicationStatus: text().notNull().default("ongoing"),
    views: integer().notNull().default(0),
    favorites: integer().notNull().default(0),
    /** Accepted chapters only: what visitors can read. */
    chapterCount: integer().notNull().default(0),
    popularity: doublePrecision().notNull().default(0),
    /**
     * When its author's followers were told it is out (issue 34, item 4): set once, the first time root accepts it, so
     * accepting it again (after a rejection, or a report's hide) tells nobody twice. Migration 0026 sets it for the
     * manga already accepted then.
     */
    followersToldAt: timestamp({ withTimezone: true }),
    /**
     * The counted ratings (issue 34, item 3; docs/decisions/028): their sum and number. Ratings of accounts younger than
     * a day are stored but not counted until the account matures (server/ratings/fold-matured.ts). Every write locks the
     * manga row first, so these always equal what the `ratings` rows marked counted add up to.
     */
    ratingSum: integer().notNull().default(0),
    ratingCount: integer().notNull().default(0),
    /** The "top rated" sort's Bayesian mean (lib/rating.ts: C = 5, m = 6), kept by PostgreSQL, so its index serves the sort. */
    ratingScore: doublePrecision()
      .notNull()
      .generatedAlwaysAs(sql.raw(`(${BAYES_MIN_RATINGS * BAYES_PRIOR}.0 + rating_sum) / (${BAYES_MIN_RATINGS}.0 + rating_count)`)),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One per sort (status, key, id), each also carrying search_prefix (and the title sort the title, from which
    // lower(title) is computed) so that a search walking the sort order never leaves the index (list-manga.ts).
    index("manga_walk_popularity_idx").on(t.status, t.popularity, t.id, t.searchPrefix),
    index("manga_walk_created_at_idx").on(t.status, t.createdAt, t.id, t.searchPrefix),
    index("manga_walk_updated_at_idx").on(t.status, t.updatedAt, t.id, t.searchPrefix),
    index("manga_walk_views_idx").on(t.status, t.views, t.id, t.searchPrefix),
    index("manga_walk_favorites_idx").on(t.status, t.favorites, t.id, t.searchPrefix),
    index("manga_walk_chapter_count_idx").on(t.status, t.chapterCount, t.id, t.searchPrefix),
    index("manga_walk_rating_score_idx").on(t.status, t.ratingScore, t.id, t.searchPrefix),
    index("manga_walk_title_idx").on(t.status, sql`lower(${t.title})`, t.id, t.title, t.searchPrefix),
    // Counting what a viewer may see (the list's total) reads this small index rather than a wide one.
    index("manga_status_idx").on(t.status),
    index().on(t.authorId),
    // The media collector's anti-joins and the foreign keys' checks when a media row is deleted (issue 33, item 4).
    index().on(t.coverImageId),
    index("manga_banner_image_id_index").on(t.bannerImageId).where(sql`${t.bannerImageId} is not null`),
    // Folded substring search (`search_text like '%term%'`) through pg_trgm: stays fast as the catalogue grows.
    index("manga_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    // The title matches of a search, collected first when it is ranked by relevance.
    index("manga_search_title_trgm_idx").using("gin", t.searchTitle.op("gin_trgm_ops")),
    check("manga_rating_check", sql`${t.ratingSum} >= 0 and ${t.ratingCount} >= 0`),
    check("manga_status_check", sql`${t.status} between 0 and 2`),
    check("manga_language_check", sql`${t.language} in ('en', 'ar', 'ja', 'other')`),
    check("manga_publication_status_check", sql`${t.publicationStatus} in ('ongoing', 'completed', 'hiatus', 'cancelled')`),
  ],
);

export const mangaGenres = pgTable(
  "manga_genres",
  {
    mangaId: integer().notNull().references(() => manga.id, { onDelete: "cascade" }),
    /** Index into GENRES (0 Action … 16 Mecha). */
    genre: smallint().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mangaId, t.genre] }),
    index().on(t.genre, t.mangaId),
    check("manga_genres_genre_check", sql`${t.genre} between 0 and 16`),
  ],
);

export const chapters = pgTable(
  "chapters",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    mangaId: integer().notNull().references(() => manga.id, { onDelete: "cascade" }),
    title: text().notNull(),
    /** Reading order within the manga, from 1. */
    number: integer().notNull(),
    status: smallint().notNull().default(0),
    isPremium: boolean().notNull().default(false),
    /** 0 image pages, 1 PDF. */
    sourceType: smallint().notNull().default(0),
    pageCount: integer().notNull().default(0),
    reviewNote: text(),
    views: integer().notNull().default(0),
    /**
     * Scheduled release: an accepted chapter is public from this moment (null: at once). Checked at query time
     * (server/visibility.ts), so every process agrees without a job; the release timer only announces it.
     */
    publishAt: timestamp({ withTimezone: true }),
    /**
     * A timed premium window (issue 16): a premium chapter is free for everyone from this moment (null: premium for
     * good). Checked at query time, so every process agrees without a job.
     */
    freeAt: timestamp({ withTimezone: true }),
    /** When favouriters were told about the chapter (null: not yet; the release timer claims due ones). */
    announcedAt: timestamp({ withTimezone: true }),
    /** Page processing: 0 ready, 1 processing (a PDF in chapter_jobs), 2 failed (processingError says why). */
    processing: smallint().notNull().default(0),
    /** The ingestion error code of a failed processing (IngestErrorCode), shown to the writer. */
    processingError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.mangaId, t.status, t.number),
    index("chapters_release_due_idx").on(t.publishAt).where(sql`${t.announcedAt} is null and ${t.status} = 1`),
    index().on(t.status, t.createdAt),
    uniqueIndex().on(t.mangaId, t.number),
    check("chapters_status_check", sql`${t.status} between 0 and 2`),
  ],
);

/** One row per page: the reading-width image and the smaller render-width variants (350/500/700 px). */
export const chapterPages = pgTable(
  "chapter_pages",
  {
    chapterId: integer().notNull().references(() => chapters.id, { onDelete: "cascade" }),
    pageNumber: integer().notNull(),
    imageId: text().notNull().references(() => media.id),
    image350Id: text().references(() => media.id),
    image500Id: text().references(() => media.id),
    image700Id: text().references(() => media.id),
    width: integer().notNull(),
    height: integer().notNull(),
    /** A spread (wider than tall, a two-page drawing): shown alone across the width in double view. Set at upload. */
    spread: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.chapterId, t.pageNumber] }),
    // Which pages use an image: /media's premium check (server/media/premium-media.ts) and unused-media cleanup.
    index().on(t.imageId),
    index().on(t.image350Id),
    index().on(t.image500Id),
    index().on(t.image700Id),
  ],
);

export const favorites = pgTable(
  "favorites",
  {
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    mangaId: integer().notNull().references(() => manga.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // (manga_id, created_at): a manga's favourites, and its favourites per day for the creator analytics (issue 16 §4).
  (t) => [primaryKey({ columns: [t.userId, t.mangaId] }), index().on(t.mangaId, t.createdAt)],
);

/**
 * One rating per account per manga (issue 34, item 3; docs/decisions/028). `counted`: included in the manga's
 * rating_sum/rating_count (the account was a day old when it rated, or has matured since and was folded in).
 */
export const ratings = pgTable(
  "ratings",
  {
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    mangaId: integer().notNull().references(() => manga.id, { onDelete: "cascade" }),
    score: smallint().notNull(),
    counted: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mangaId] }),
    index().on(t.mangaId),
    // The ratings still waiting for their account to mature: a small set, looked at by the fold-in.
    index("ratings_uncounted_idx").on(t.userId).where(sql`not ${t.counted}`),
    check("ratings_score_check", sql`${t.score} between ${sql.raw(String(RATING_MIN))} and ${sql.raw(String(RATING_MAX))}`),
  ],
);

/** One view per chapter per viewer: `u:{userId}` for members, `a:{cookie}` for anonymous visitors. */
export const chapterViews = pgTable(
  "chapter_views",
  {
    chapterId: integer().notNull().references(() => chapters.id, { onDelete: "cascade" }),
    viewerKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chapterId, t.viewerKey] })],
);

export const readingProgress = pgTable(
  "reading_progress",
  {
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    chapterId: integer().notNull().references(() => chapters.id, { onDelete: "cascade" }),
    mangaId: integer().notNull().references(() => manga.id, { onDelete: "cascade" }),
    pageNumber: integer().notNull().default(1),
    completed: boolean().notNull().default(false),
    /**
     * The vertical view's exact place (issue 32, item 2): the page at the screen's top edge and how far down it that
     * edge is, a fraction 0–1 of the page's height (so it holds at any screen width). Null: saved from a paged view.
     */
    anchorPage: integer(),
    anchorOffset: real(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chapterId] }),
    index().on(t.userId, t.updatedAt),
    // Creator analytics (issue 16 §4): readers, completions and the pages where readers stop, per chapter, counted
    // from this index alone (an index-only scan, no table rows read).
    index().on(t.chapterId, t.completed, t.pageNumber),
  ],
);

/**
 * Uploaded PDFs waiting to be rasterised (docs/decisions/013): a process claims a job (FOR UPDATE SKIP LOCKED), keeps
 * `lockedAt` fresh while it works and deletes the row when the pages are stored or the chapter is marked failed. A job
 * whose lock went stale (its process died) is claimed again by any process, so a restart loses nothing.
 */
export const chapterJobs = pgTable(
  "chapter_jobs",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    chapterId: integer().notNull().references(() => chapters.id, { onDelete: "cascade" }),
    pdf: bytea().notNull(),
    /** A trusted writer's chapter: accepted as soon as its pages are ready. */
    acceptWhenReady: boolean().notNull().default(false),
    attempts: integer().notNull().default(0),
    lockedAt: timestamp({ withTimezone: true }),
    lockedBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.chapterId), index().on(t.lockedAt)],
);
