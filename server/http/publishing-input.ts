import { z } from "zod";
import { decimalInteger, id } from "@/lib/validation/numbers";
import type { Locale } from "@/i18n/routing";
import en from "@/messages/en.json";
import ar from "@/messages/ar.json";
import {
  chapterFormSchema,
  chapterUpdateSchema,
  mangaFormSchema,
  mangaUpdateSchema,
  publishingTranslator,
  type PublishingTranslate,
} from "@/lib/validation/publishing";
import { decisionSchema } from "@/lib/validation/review";
import { badRequest, fieldErrorsOf, validation, type FieldErrors } from "@/server/core/errors";
import { apiMessage } from "@/server/core/messages";
import { isPdf, sniffImage } from "@/server/media/sniff";
import type { ChapterUpload } from "@/server/publishing/chapter-source";
import type { ChapterChanges, } from "@/server/publishing/update-chapter";
import type { ChapterFields } from "@/server/publishing/submit-chapter";
import type { MangaFields } from "@/server/publishing/submit-manga";
import { readZipEntries, isZip } from "@/server/chapters/ingest/zip";
import { pick, type UploadInput } from "@/server/core/upload-input";
import { MAX_IMAGE_PAGES } from "@/server/chapters/ingest/limits";
import type { PageEntry } from "@/server/publishing/page-order";

/**
 * The publishing routes' input: an UploadInput (multipart or JSON, ./form.ts) checked with the shared schemas of
 * lib/validation/publishing.ts in the request's language, plus the files. Invalid input is one 422 with every
 * field's errors; nothing reaches a use case.
 */
const TEXTS = { en: en.mangaForm.errors, ar: ar.mangaForm.errors } as const;
/** The review note's texts: the same schema and words as the review dialog (lib/validation/review.ts). */
const REVIEW_TEXTS = { en: en.approval.decision, ar: ar.approval.decision } as const;
const translator = (locale: Locale): PublishingTranslate => publishingTranslator(TEXTS[locale]);

/** Request caps: a cover (15 MB image, or base64 of one) and a chapter upload (up to 200 images, or a 50 MB PDF). */
export const MANGA_REQUEST_MAX_BYTES = 24 * 1024 * 1024;
export const CHAPTER_REQUEST_MAX_BYTES = 250 * 1024 * 1024;

const ID = id("id");

function fieldValues(upload: UploadInput, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = pick(upload.fields, name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function single(value: unknown): unknown {
  return Array.isArray(value) && value.length === 1 ? value[0] : value;
}

async function check<S extends z.ZodType>(schema: S, value: unknown, errors: FieldErrors): Promise<z.output<S> | undefined> {
  const result = await schema.safeParseAsync(value);
  if (result.success) return result.data;
  // An error on a list element (`genres.0`) is shown under the list's field, where the form has it.
  for (const [path, messages] of Object.entries(fieldErrorsOf(result.error))) {
    const field = path.split(".")[0] ?? path;
    for (const m of messages) if (!(errors[field] ??= []).includes(m)) errors[field].push(m);
  }
  return undefined;
}

function idField(upload: UploadInput, names: readonly string[], locale: Locale, errors: FieldErrors): number | undefined {
  for (const name of names) {
    // No single(): an id is one value, never a one-element list (`[48]` is refused, issue 19 item 9).
    const raw = pick(upload.fields, name);
    if (raw === undefined) continue;
    const parsed = ID.safeParse(raw);
    if (parsed.success) return parsed.data;
    errors[names[0]!] = [apiMessage(locale, "validationFailed")];
    return undefined;
  }
  errors[names[0]!] = [apiMessage(locale, "validationFailed")];
  return undefined;
}

/** A cover from the `coverImage` file, or base64 text (optionally a data: URL). */
function coverOf(upload: UploadInput): Uint8Array | undefined {
  const file = pick(upload.files, "coverImage")?.[0];
  if (file) return file;
  const text = single(pick(upload.fields, "coverImage"));
  if (typeof text !== "string" || text.trim() === "") return undefined;
  const base64 = text.trim().replace(/^data:[^,]*,/, "");
  if (!/^[A-Za-z0-9+/=\s_-]+$/.test(base64)) throw badRequest("invalidForm");
  return new Uint8Array(Buffer.from(base64, "base64"));
}

const MANGA_FIELDS = ["title", "description", "genres", "readingDirection", "language", "publicationStatus"] as const;
/** The fields sent once (a repeated one counts its first value); `genres` is a list. */
const SINGLE_MANGA_FIELDS = ["title", "description", "readingDirection", "language", "publicationStatus"] as const;

/** SubmitManga's input; throws the 422 envelope. */
export async function submitMangaInput(upload: UploadInput, locale: Locale): Promise<{ fields: MangaFields; cover: Uint8Array }> {
  const errors: FieldErrors = {};
  const values = fieldValues(upload, MANGA_FIELDS);
  for (const k of SINGLE_MANGA_FIELDS) if (k in values) values[k] = single(values[k]);
  const parsed = await check(mangaFormSchema(translator(locale)), values, errors);
  const cover = coverOf(upload);
  if (!cover) errors.coverImage = [apiMessage(locale, "coverRequired")];
  if (Object.keys(errors).length > 0 || !parsed || !cover) throw validation(errors);
  return {
    fields: {
      title: parsed.title,
      description: parsed.description ?? "",
      genres: parsed.genres,
      readingDirection: parsed.readingDirection ?? 0,
      // Not chosen: submitManga takes the title's script (docs/decisions/008, "Language").
      language: parsed.language,
      // Not chosen: ongoing (the column's default).
      publicationStatus: parsed.publicationStatus,
    },
    cover,
  };
}

/** UpdateManga's input: `id` plus any fields and an optional new cover. */
export async function updateMangaInput(upload: UploadInput, locale: Locale): Promise<{ mangaId: number; fields: Partial<MangaFields>; cover?: Uint8Array }> {
  const errors: FieldErrors = {};
  const mangaId = idField(upload, ["id", "mangaId"], locale, errors);
  const values = fieldValues(upload, MANGA_FIELDS);
  for (const k of SINGLE_MANGA_FIELDS) if (k in values) values[k] = single(values[k]);
  const parsed = await check(mangaUpdateSchema(translator(locale)), values, errors);
  const cover = coverOf(upload);
  if (Object.keys(errors).length > 0 || !parsed || mangaId === undefined) throw validation(errors);
  const fields: Partial<MangaFields> = {};
  if (parsed.title !== undefined) fields.title = parsed.title;
  if (parsed.description !== undefined) fields.description = parsed.description;
  if (parsed.genres !== undefined) fields.genres = parsed.genres;
  if (parsed.readingDirection !== undefined) fields.readingDirection = parsed.readingDirection;
  if (parsed.language !== undefined) fields.language = parsed.language;
  if (parsed.publicationStatus !== undefined) fields.publicationStatus = parsed.publicationStatus;
  return { mangaId, fields, ...(cover ? { cover } : {}) };
}

/**
 * The chapter's files: `pages` (images in reading order, repeated; or one zip of them) or one `pdf`. A single file
 * sent as `pages` that is a PDF counts as the PDF. Undefined when none was sent.
 */
export async function chapterUploadOf(upload: UploadInput, locale: Locale, errors: FieldErrors): Promise<ChapterUpload | undefined> {
  const pages = pick(upload.files, "pages") ?? [];
  const pdfs = pick(upload.files, "pdf") ?? [];
  if (pages.length > 0 && pdfs.length > 0) {
    errors.pages = [apiMessage(locale, "uploadOneKind")];
    return undefined;
  }
  if (pdfs.length > 1) {
    errors.pdf = [apiMessage(locale, "onePdfOnly")];
    return undefined;
  }
  if (pdfs.length === 1) return { kind: "pdf", bytes: pdfs[0]! };
  if (pages.length === 1 && isPdf(pages[0]!)) return { kind: "pdf", bytes: pages[0]! };
  if (pages.length === 1 && isZip(pages[0]!) && !sniffImage(pages[0]!)) return { kind: "images", files: await readZipEntries(pages[0]!) };
  if (pages.length > 0) return { kind: "images", files: pages };
  return undefined;
}

const CHAPTER_FIELDS = ["title", "isPremium", "publishAt", "freeAt"] as const;

/** SubmitChapter's input. */
export async function submitChapterInput(upload: UploadInput, locale: Locale): Promise<{ mangaId: number; fields: ChapterFields; upload: ChapterUpload }> {
  const errors: FieldErrors = {};
  const mangaId = idField(upload, ["mangaId"], locale, errors);
  const values = Object.fromEntries(Object.entries(fieldValues(upload, CHAPTER_FIELDS)).map(([k, v]) => [k, single(v)]));
  const parsed = await check(chapterFormSchema(translator(locale)), values, errors);
  const files = await chapterUploadOf(upload, locale, errors);
  if (!files && !errors.pages && !errors.pdf) errors.pages = [apiMessage(locale, "uploadEmpty")];
  if (Object.keys(errors).length > 0 || !parsed || mangaId === undefined || !files) throw validation(errors);
  return {
    mangaId,
    fields: {
      title: parsed.title,
      isPremium: parsed.isPremium ?? false,
      publishAt: parsed.publishAt ? new Date(parsed.publishAt) : null,
      freeAt: parsed.freeAt ? new Date(parsed.freeAt) : null,
    },
    upload: files,
  };
}

/**
 * UpdateChapter's optional `pageOrder` (ADR 013 "Fixing pages in place"): the chapter's new pages in reading order,
 * each `{"page": n}` (the chapter's current page n, kept with its stored images) or `{"file": i}` (the i-th uploaded
 * `pages` image, from 0). Sent as a JSON array (a JSON body) or as one text field holding one (multipart). Checked
 * here before any work: 1…MAX_IMAGE_PAGES entries, whole numbers, no page or file twice, every uploaded image used
 * once, images only. Whether the pages belong to the chapter is the use case's check.
 */
const pageEntry = z.union([
  z.strictObject({ page: z.number().int().min(1).max(MAX_IMAGE_PAGES * 10) }),
  z.strictObject({ file: z.number().int().min(0).max(MAX_IMAGE_PAGES - 1) }),
]);
const pageOrderSchema = z
  .array(pageEntry)
  .min(1)
  .max(MAX_IMAGE_PAGES)
  .refine((list) => {
    const pages = list.flatMap((e) => ("page" in e ? [e.page] : []));
    const files = list.flatMap((e) => ("file" in e ? [e.file] : []));
    return new Set(pages).size === pages.length && new Set(files).size === files.length;
  });

function pageOrderOf(upload: UploadInput, files: ChapterUpload | undefined, locale: Locale, errors: FieldErrors): PageEntry[] | undefined {
  let raw = single(pick(upload.fields, "pageOrder"));
  if (raw === undefined) return undefined;
  const invalid = () => {
    errors.pageOrder = [apiMessage(locale, "pageOrderInvalid", { max: MAX_IMAGE_PAGES })];
    return undefined;
  };
  if (typeof raw === "string") {
    if (raw.length > 64 * 1024) return invalid();
    try {
      raw = JSON.parse(raw);
    } catch {
      return invalid();
    }
  }
  const parsed = pageOrderSchema.safeParse(raw);
  if (!parsed.success) return invalid();
  if (files?.kind === "pdf") {
    errors.pageOrder = [apiMessage(locale, "pageOrderImagesOnly")];
    return undefined;
  }
  // Every uploaded image is placed exactly once (an unplaced one would be bytes sent for nothing).
  const fileCount = files?.kind === "images" ? files.files.length : 0;
  const used = parsed.data.flatMap((e) => ("file" in e ? [e.file] : []));
  if (used.length !== fileCount || used.some((i) => i >= fileCount)) return invalid();
  return parsed.data;
}

/** UpdateChapter's input: `chapterId` plus any fields, `number`, optional replacement files and a `pageOrder`. */
export async function updateChapterInput(
  upload: UploadInput,
  locale: Locale,
): Promise<{ chapterId: number; changes: ChapterChanges; upload?: ChapterUpload; pageOrder?: PageEntry[] }> {
  const errors: FieldErrors = {};
  const chapterId = idField(upload, ["chapterId", "id"], locale, errors);
  const values = Object.fromEntries(Object.entries(fieldValues(upload, CHAPTER_FIELDS)).map(([k, v]) => [k, single(v)]));
  const parsed = await check(chapterUpdateSchema(translator(locale)), values, errors);
  let number: number | undefined;
  const rawNumber = pick(upload.fields, "number") ?? pick(upload.fields, "order");
  if (rawNumber !== undefined) {
    const n = ID.safeParse(rawNumber);
    if (n.success) number = n.data;
    else errors.number = [apiMessage(locale, "validationFailed")];
  }
  const files = await chapterUploadOf(upload, locale, errors);
  const pageOrder = pageOrderOf(upload, files, locale, errors);
  if (Object.keys(errors).length > 0 || !parsed || chapterId === undefined) throw validation(errors);
  const changes: ChapterChanges = {};
  if (parsed.title !== undefined) changes.title = parsed.title;
  if (parsed.isPremium !== undefined) changes.isPremium = parsed.isPremium;
  if (parsed.publishAt !== undefined) changes.publishAt = parsed.publishAt === null ? null : new Date(parsed.publishAt);
  if (parsed.freeAt !== undefined) changes.freeAt = parsed.freeAt === null ? null : new Date(parsed.freeAt);
  if (number !== undefined) changes.number = number;
  return { chapterId, changes, ...(files ? { upload: files } : {}), ...(pageOrder ? { pageOrder } : {}) };
}

/** StatusManga / StatusChapter: `status` 1 or 2 and an optional note (a rejection's is required). */
export function decisionInput(
  upload: UploadInput,
  locale: Locale,
  idNames: readonly string[],
  { many = false }: { many?: boolean } = {},
): { ids: number[]; status: 1 | 2; note: string | null } {
  const errors: FieldErrors = {};
  const rawIds = pick(upload.fields, idNames[0] + "s");
  // Only StatusChapter decides several at once; elsewhere the plural is a mistake, not something to half-do.
  if (!many && rawIds !== undefined) errors[idNames[0] + "s"] = [apiMessage(locale, "validationFailed")];
  let ids: number[] = [];
  if (many && Array.isArray(rawIds) && rawIds.length > 0) {
    const parsed = z.array(ID).max(100).safeParse(rawIds);
    if (parsed.success) ids = parsed.data;
    else errors[idNames[0] + "s"] = [apiMessage(locale, "validationFailed")];
  } else {
    const id = idField(upload, idNames, locale, errors);
    if (id !== undefined) ids = [id];
  }
  const status = decimalInteger(pick(upload.fields, "status"));
  if (status !== 1 && status !== 2) errors.status = [apiMessage(locale, "validationFailed")];
  const rawNote = single(pick(upload.fields, "note"));
  let note = "";
  if (rawNote !== undefined && rawNote !== null && typeof rawNote !== "string") errors.note = [apiMessage(locale, "validationFailed")];
  else if (status === 1 || status === 2) {
    const reviewTexts = REVIEW_TEXTS[locale];
    const parsed = decisionSchema(status === 2 ? "reject" : "approve", (key) => reviewTexts[key]).safeParse({ note: rawNote ?? "" });
    if (parsed.success) note = parsed.data.note;
    else errors.note = parsed.error.issues.map((i) => i.message);
  }
  if (Object.keys(errors).length > 0) throw validation(errors);
  return { ids, status: status as 1 | 2, note: note === "" ? null : note };
}

/** DeleteManga / DeleteChapter: the id from the body or the query string. */
export function idInput(upload: UploadInput, req: Request, name: string, locale: Locale): number {
  const fromQuery = new URL(req.url).searchParams;
  for (const [key, value] of fromQuery) if (key.toLowerCase() === name.toLowerCase() && !(name in upload.fields)) upload.fields[name] = value;
  const errors: FieldErrors = {};
  const id = idField(upload, [name], locale, errors);
  if (id === undefined) throw validation(errors);
  return id;
}
