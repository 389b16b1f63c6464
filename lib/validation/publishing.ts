import { z } from "zod";
import { GENRES, type Genre } from "@/lib/enums";
import { MANGA_LANGUAGES, type MangaLanguage } from "@/lib/manga-language";
import { PUBLICATION_STATUSES, type PublicationStatus } from "@/lib/publication-status";
import { noControlCharacters } from "./text";

/**
 * Publishing payloads (docs/decisions/013-publishing.md), shared by the dashboard forms (react-hook-form +
 * zodResolver) and the /api/manga and /api/chapter write routes. Like lib/validation/auth.ts, each schema is a
 * factory taking a translate function, so both sides produce the same texts in the page's / request's language:
 *
 *   const t = useTranslations("mangaForm.errors");
 *   const schema = useMemo(() => mangaFormSchema((key) => t(key)), [t]);          // client
 *   mangaFormSchema(publishingTranslator((locale === "ar" ? ar : en).mangaForm.errors)) // server
 *
 * The texts live in messages/{en,ar}.json under `mangaForm.errors`, one entry per PublishingValidationKey.
 * Files (cover, pages, pdf) are not part of these schemas: the routes sniff and cap them, the forms check them
 * in the browser (components/publishing/file-checks.ts).
 */
export const PUBLISHING_VALIDATION_KEYS = [
  "titleRequired", "titleTooLong", "descriptionTooLong", "genresRequired", "genresTooMany", "genreInvalid",
  "readingDirectionInvalid", "chapterTitleRequired", "chapterTitleTooLong", "isPremiumInvalid", "publishAtInvalid",
  "freeAtInvalid", "freeAtPast", "freeAtNeedsPremium", "controlCharacters", "languageInvalid",
  "publicationStatusInvalid",
] as const;
export type PublishingValidationKey = (typeof PUBLISHING_VALIDATION_KEYS)[number];
export type PublishingTranslate = (key: PublishingValidationKey) => string;

/** A translate function over a messages object (`messages.mangaForm.errors`); unknown keys fall back to the key. */
export function publishingTranslator(texts: Partial<Record<PublishingValidationKey, string>>): PublishingTranslate {
  return (key) => texts[key] ?? key;
}

/** Limits of docs/decisions/013 (the files' limits are in components/publishing/file-checks.ts and the server). */
export const PUBLISHING_LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  genresMin: 1,
  genresMax: 5,
  chapterTitleMax: 200,
} as const;

export const READING_DIRECTIONS = [0, 1, 2] as const;
export type ReadingDirectionValue = (typeof READING_DIRECTIONS)[number];

const GENRE_BY_LOWER = new Map<string, Genre>(GENRES.map((g) => [g.toLowerCase(), g]));

/** A genre name (any case) or its number 0–16 → the canonical name; anything else is returned unchanged. */
export function normalizeGenre(value: unknown): unknown {
  if (typeof value === "number" && Number.isInteger(value)) return GENRES[value] ?? value;
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (/^\d{1,2}$/.test(text)) return GENRES[Number(text)] ?? value;
  return GENRE_BY_LOWER.get(text.toLowerCase()) ?? value;
}

/**
 * The genres field: repeated values, a JSON array text or a comma list (multipart bodies), names in any case or
 * numbers; 1–5 distinct genres of spec §3 in their canonical names.
 */
function genresField(t: PublishingTranslate) {
  return z.preprocess(
    (value) => {
      let list: unknown = value;
      if (typeof list === "string") {
        const text = list.trim();
        if (text.startsWith("[")) {
          try {
            list = JSON.parse(text);
          } catch {
            list = [text];
          }
        } else list = text === "" ? [] : text.split(",");
      }
      if (list === undefined || list === null) list = [];
      if (!Array.isArray(list)) return list;
      return [...new Set(list.map(normalizeGenre))];
    },
    z
      .array(z.enum(GENRES, { error: t("genreInvalid") }), { error: t("genresRequired") })
      .min(PUBLISHING_LIMITS.genresMin, { error: t("genresRequired") })
      .max(PUBLISHING_LIMITS.genresMax, { error: t("genresTooMany") }),
  ) as unknown as z.ZodType<Genre[], Genre[] | string | readonly (string | number)[]>;
}

function readingDirectionField(t: PublishingTranslate) {
  return z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d\s*$/.test(value) ? Number(value) : value),
    z.union([z.literal(0), z.literal(1), z.literal(2)], { error: t("readingDirectionInvalid") }),
  ) as unknown as z.ZodType<ReadingDirectionValue, ReadingDirectionValue | string>;
}

/** The language it is written in (lib/manga-language.ts), any case; absent: the title's script decides (the route). */
function languageField(t: PublishingTranslate) {
  return z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
    z.enum(MANGA_LANGUAGES, { error: t("languageInvalid") }),
  ) as unknown as z.ZodType<MangaLanguage, MangaLanguage | string>;
}

/** Whether it is still coming out (lib/publication-status.ts), any case; absent: ongoing (a new manga) or unchanged. */
function publicationStatusField(t: PublishingTranslate) {
  return z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
    z.enum(PUBLICATION_STATUSES, { error: t("publicationStatusInvalid") }),
  ) as unknown as z.ZodType<PublicationStatus, PublicationStatus | string>;
}

/**
 * The manga's text fields (SubmitManga; UpdateManga: `mangaUpdateSchema`): title trimmed 1–200 characters,
 * description at most 5,000 (absent: empty), 1–5 genres, reading direction 0 right-to-left, 1 left-to-right,
 * 2 vertical (absent: the route's default, 0). No defaults are filled in here, so an update changes only what it sends.
 */
export function mangaFormSchema(t: PublishingTranslate) {
  return z.object({
    title: noControlCharacters(z.string({ error: t("titleRequired") }), t("controlCharacters"))
      .trim()
      .min(1, { error: t("titleRequired") })
      .max(PUBLISHING_LIMITS.titleMax, { error: t("titleTooLong") }),
    description: noControlCharacters(z.string({ error: t("descriptionTooLong") }), t("controlCharacters"), "multiLine")
      .trim()
      .max(PUBLISHING_LIMITS.descriptionMax, { error: t("descriptionTooLong") })
      .optional(),
    genres: genresField(t),
    readingDirection: readingDirectionField(t).optional(),
    language: languageField(t).optional(),
    publicationStatus: publicationStatusField(t).optional(),
  });
}
/** UpdateManga's fields: any of the manga's text fields (the route adds `id` and the optional cover). */
export function mangaUpdateSchema(t: PublishingTranslate) {
  return mangaFormSchema(t).partial();
}
export type MangaFormInput = z.input<ReturnType<typeof mangaFormSchema>>;
export type MangaFormValues = z.output<ReturnType<typeof mangaFormSchema>>;

/** "true"/"false"/"on"/"1"/"0" of a multipart body as a boolean. */
function booleanField(t: PublishingTranslate) {
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    const text = value.trim().toLowerCase();
    if (text === "true" || text === "1" || text === "on") return true;
    if (text === "false" || text === "0" || text === "") return false;
    return value;
  }, z.boolean({ error: t("isPremiumInvalid") })) as unknown as z.ZodType<boolean, boolean | string>;
}

/** An ISO 8601 date-time (with a zone, or taken as UTC) or empty / null (no schedule: at once). */
function publishAtField(t: PublishingTranslate, invalid: PublishingValidationKey = "publishAtInvalid") {
  return z
    .union([z.string(), z.null()], { error: t(invalid) })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null || value.trim() === "") return null;
      const text = value.trim();
      const ok = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/.test(text) && !Number.isNaN(Date.parse(text));
      if (!ok) {
        ctx.addIssue({ code: "custom", message: t(invalid) });
        return z.NEVER;
      }
      return new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`).toISOString();
    });
}

/** Options of the chapter schemas: the clock (tests), and the chapter's stored free date (an unchanged one may be past). */
export interface ChapterSchemaOptions {
  now?: () => number;
  currentFreeAt?: string | null;
}

function chapterFields(t: PublishingTranslate) {
  return z.object({
    title: noControlCharacters(z.string({ error: t("chapterTitleRequired") }), t("controlCharacters"))
      .trim()
      .min(1, { error: t("chapterTitleRequired") })
      .max(PUBLISHING_LIMITS.chapterTitleMax, { error: t("chapterTitleTooLong") }),
    isPremium: booleanField(t).optional(),
    publishAt: publishAtField(t),
    freeAt: publishAtField(t, "freeAtInvalid"),
  });
}

/**
 * A timed premium window (issue 16): `freeAt` set (not null) must be in the future (an unchanged stored value may
 * have passed) and belongs to a premium chapter: with `isPremium` false it is refused; on submit `isPremium` must be
 * true; on update, absent `isPremium` is checked against the stored chapter by the use case.
 */
function checkFreeAt(t: PublishingTranslate, mode: "submit" | "update", options: ChapterSchemaOptions) {
  return (value: { isPremium?: boolean; freeAt?: string | null }, ctx: z.RefinementCtx) => {
    if (value.freeAt === undefined || value.freeAt === null) return;
    const at = Date.parse(value.freeAt);
    const unchanged = options.currentFreeAt != null && Date.parse(options.currentFreeAt) === at;
    if (!unchanged && at <= (options.now ?? Date.now)()) ctx.addIssue({ code: "custom", path: ["freeAt"], message: t("freeAtPast") });
    if (value.isPremium === false || (mode === "submit" && value.isPremium !== true)) {
      ctx.addIssue({ code: "custom", path: ["freeAt"], message: t("freeAtNeedsPremium") });
    }
  };
}

/**
 * A chapter's fields (SubmitChapter; UpdateChapter: `chapterUpdateSchema`): title trimmed 1–200, isPremium (absent:
 * false on submit, unchanged on update), publishAt (ISO date-time, normalised to UTC `…Z`; empty or null clears
 * the schedule, absent leaves it) and freeAt (the same form; the end of a premium chapter's premium window, see
 * checkFreeAt).
 */
export function chapterFormSchema(t: PublishingTranslate, options: ChapterSchemaOptions = {}) {
  return chapterFields(t).superRefine(checkFreeAt(t, "submit", options));
}
/** UpdateChapter's fields (the route adds `chapterId`, `number` and replacement files). */
export function chapterUpdateSchema(t: PublishingTranslate, options: ChapterSchemaOptions = {}) {
  return chapterFields(t).partial().superRefine(checkFreeAt(t, "update", options));
}
export type ChapterFormInput = z.input<ReturnType<typeof chapterFormSchema>>;
export type ChapterFormValues = z.output<ReturnType<typeof chapterFormSchema>>;
