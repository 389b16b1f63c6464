import { z } from "zod";
import { integer, MAX_ID } from "@/lib/validation/numbers";
import { READER } from "@/lib/reader-constants";
import { imageFormatParam as imageFormat } from "@/server/media/image-format";

/**
 * Input of the /api/chapter reading calls. Query values arrive as strings: numbers are decimal digits only (lib/validation/numbers.ts).
 * The spec sends PaginatedChapter and PaginatedChapterDetails as GET "with a body"; browsers cannot send
 * a GET body and servers drop it, so these calls take the same fields as query parameters.
 */
const id = integer({ min: 1, max: MAX_ID });
const page = integer({ min: 1, max: 1_000_000 }).default(1);
const status = integer({ min: 0, max: 2 });
const search = z.string().trim().max(200).optional();
const direction = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(["asc", "desc", "0", "1"]))
  .transform((v) => (v === "asc" || v === "0" ? "asc" : "desc"))
  .optional();

export const chapterIdParams = z.object({ chapterid: id });

export const chapterPagesQuery = z.object({
  chapterId: id,
  pageNumber: page,
  pageSize: integer({ min: 1, max: READER.maxPagesPerRequest }).default(1),
  imageFormat,
});
export type ChapterPagesQuery = z.output<typeof chapterPagesQuery>;

export const chapterListQuery = z.object({
  mangaId: id.optional(),
  page,
  pageSize: integer({ min: 1, max: 100 }).default(20),
  searchTerm: search,
  chapterStatus: status.optional(),
  sortDirection: direction,
});
export type ChapterListQuery = z.output<typeof chapterListQuery>;

export const chaptersByStatusQuery = z.object({
  page,
  pageSize: integer({ min: 1, max: 100 }).default(10),
  chapterStatus: status.optional(),
  searchTerm: search,
});
export type ChaptersByStatusQuery = z.output<typeof chaptersByStatusQuery>;

export const recordViewBody = z.object({ chapterId: id });

/**
 * Issue 32: the vertical view also sends its exact place, the page at the screen's top edge (`anchorPage`) and how far
 * down it that edge is (`anchorOffset`, a fraction 0–1 of the page's height); both or neither.
 */
export const saveProgressBody = z
  .object({
    chapterId: id,
    pageNumber: integer({ min: 1, max: 1_000_000 }),
    anchorPage: integer({ min: 1, max: 1_000_000 }).optional(),
    anchorOffset: z.number().min(0).max(1).optional(),
  })
  .refine((b) => (b.anchorPage === undefined) === (b.anchorOffset === undefined), { message: "Give anchorPage and anchorOffset together.", path: ["anchorOffset"] });

export const continueReadingQuery = z.object({ pageSize: integer({ min: 1, max: 50 }).default(10) });

/** GET /api/chapter/ReadChapters: up to 100 chapter ids, comma-separated decimal digits ("12,15,40"). */
export const readChaptersQuery = z.object({
  ids: z
    .string()
    .trim()
    .max(1200)
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,99}$/, "Give up to 100 chapter ids, separated by commas.")
    .transform((s) => [...new Set(s.split(",").map(Number))])
    .refine((ids) => ids.every((n) => n <= MAX_ID), "Give up to 100 chapter ids, separated by commas."),
});
