import type { Locale } from "@/i18n/routing";
import en from "@/messages/en.json";
import ar from "@/messages/ar.json";
import {
  featuredMangaSchema,
  HERO_FIELDS,
  heroTextSchema,
  SETTINGS_LANGUAGES,
  siteSettingsTranslator,
  type HeroField,
  type SettingsLanguage,
  type SiteSettingsTranslate,
} from "@/lib/validation/site-settings";
import { validation, type FieldErrors } from "@/server/core/errors";
import type { MessageKey } from "@/server/core/messages";
import { pick, type UploadInput } from "@/server/core/upload-input";

/**
 * The two save routes' input (POST /api/SiteSettings/SaveLandingPageSettings and SaveDiscoveryPage): an UploadInput
 * (multipart or JSON) checked with the shared schemas of lib/validation/site-settings.ts in the request's language.
 * Invalid input is one 422 with every field's errors; nothing reaches a use case.
 *
 * - `title`, `description`, `cta`: a string, the spec's shape, which is the request's language's text only (`x-locale`,
 *   the language cookie, then `Accept-Language`, as for error messages: issue 28, a client that follows the spec must
 *   not turn the other language's page into this one's), or `{ en, ar }` (either may be left out); multipart may also
 *   send `title.en` / `title[en]` fields. Omitted: the current text is kept.
 * - `mangaId`: an accepted manga's id, or null/"" for none. Omitted: kept.
 * - `banner`: a file (multipart) or base64 text, bare or a `data:` URL (JSON or multipart). Omitted or "": kept.
 */

/** A request may carry a 15 MB banner (the cover's cap) as base64 (4/3 of it) plus the texts. */
export const SETTINGS_REQUEST_MAX_BYTES = 24 * 1024 * 1024;

const TEXTS = { en: en.admin.settings.errors, ar: ar.admin.settings.errors } as const;
const translator = (locale: Locale): SiteSettingsTranslate => siteSettingsTranslator(locale, TEXTS[locale]);

export type HeroTextsInput = Partial<Record<HeroField, Partial<Record<SettingsLanguage, string>>>>;

/** What a save changes; undefined means "keep the current value". */
export interface SettingsInput {
  banner?: Uint8Array;
  /** null: no featured manga. */
  mangaId?: number | null;
}

export interface LandingInput extends SettingsInput {
  texts: HeroTextsInput;
}

function single(value: unknown): unknown {
  return Array.isArray(value) && value.length === 1 ? value[0] : value;
}

/** `title` as sent: the field itself, or multipart's `title.en` / `title[en]` pairs. */
function rawText(upload: UploadInput, field: HeroField): unknown {
  const whole = pick(upload.fields, field);
  if (whole !== undefined) return single(whole);
  const parts: Record<string, unknown> = {};
  for (const lang of SETTINGS_LANGUAGES) {
    const value = pick(upload.fields, `${field}.${lang}`) ?? pick(upload.fields, `${field}[${lang}]`);
    if (value !== undefined) parts[lang] = single(value);
  }
  return Object.keys(parts).length > 0 ? parts : undefined;
}

function heroTexts(upload: UploadInput, locale: Locale, t: SiteSettingsTranslate, errors: FieldErrors): HeroTextsInput {
  const out: HeroTextsInput = {};
  for (const field of HERO_FIELDS) {
    const raw = rawText(upload, field);
    if (raw === undefined) continue;
    const schema = heroTextSchema(field, t);
    if (typeof raw === "string" || raw === null) {
      const parsed = schema.safeParse(raw ?? "");
      // A plain string is one language's text: the other language's stays as it is.
      if (parsed.success) out[field] = { [locale]: parsed.data };
      else errors[field] = parsed.error.issues.map((i) => i.message);
      continue;
    }
    if (typeof raw !== "object" || Array.isArray(raw)) {
      errors[field] = [t("textInvalid")];
      continue;
    }
    const texts: Partial<Record<SettingsLanguage, string>> = {};
    for (const [lang, value] of Object.entries(raw as Record<string, unknown>)) {
      if (lang !== "en" && lang !== "ar") {
        errors[`${field}.${lang}`] = [t("textInvalid")];
        continue;
      }
      const parsed = schema.safeParse(value ?? "");
      if (parsed.success) texts[lang] = parsed.data;
      else errors[`${field}.${lang}`] = parsed.error.issues.map((i) => i.message);
    }
    out[field] = texts;
  }
  return out;
}

function mangaIdOf(upload: UploadInput, t: SiteSettingsTranslate, errors: FieldErrors): number | null | undefined {
  const given = pick(upload.fields, "mangaId");
  const raw = single(given !== undefined ? given : pick(upload.fields, "featuredMangaId"));
  if (raw === undefined) return undefined;
  const parsed = featuredMangaSchema(t).safeParse(raw);
  if (parsed.success) return parsed.data;
  errors.mangaId = parsed.error.issues.map((i) => i.message);
  return undefined;
}

/** Base64 text as bytes, or null when it is not base64 (a `data:` URL must say `;base64`). */
export function decodeBase64(text: string): Uint8Array | null {
  let body = text.trim();
  const dataUrl = /^data:([^,]*),/i.exec(body);
  if (dataUrl) {
    if (!/;base64$/i.test(dataUrl[1] ?? "")) return null;
    body = body.slice(dataUrl[0].length);
  }
  body = body.replace(/\s+/g, "");
  // Standard or URL-safe alphabet, padding only at the end; a length of 4n+1 can never be valid.
  if (body === "" || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(body) || body.replace(/=+$/, "").length % 4 === 1) return null;
  const bytes = Buffer.from(body, body.includes("-") || body.includes("_") ? "base64url" : "base64");
  return bytes.byteLength > 0 ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
}

const BANNER_ERROR: MessageKey = "bannerInvalidBase64";

function bannerOf(upload: UploadInput, errors: FieldErrors): Uint8Array | undefined {
  const files = pick(upload.files, "banner") ?? pick(upload.files, "bannerImage");
  if (files && files.length > 0) return files[0]!.byteLength > 0 ? files[0] : undefined;
  const given = pick(upload.fields, "banner");
  const raw = single(given !== undefined ? given : pick(upload.fields, "bannerImage"));
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) return undefined;
  if (typeof raw !== "string") {
    errors.banner = [BANNER_ERROR];
    return undefined;
  }
  const bytes = decodeBase64(raw);
  if (!bytes) errors.banner = [BANNER_ERROR];
  return bytes ?? undefined;
}

/** SaveLandingPageSettings' input; throws the 422 envelope. */
export function landingInput(upload: UploadInput, locale: Locale): LandingInput {
  const t = translator(locale);
  const errors: FieldErrors = {};
  const texts = heroTexts(upload, locale, t, errors);
  const mangaId = mangaIdOf(upload, t, errors);
  const banner = bannerOf(upload, errors);
  if (Object.keys(errors).length > 0) throw validation(errors);
  return { texts, ...(mangaId !== undefined ? { mangaId } : {}), ...(banner ? { banner } : {}) };
}

/** SaveDiscoveryPage's input; throws the 422 envelope. */
export function discoveryInput(upload: UploadInput, locale: Locale): SettingsInput {
  const t = translator(locale);
  const errors: FieldErrors = {};
  const mangaId = mangaIdOf(upload, t, errors);
  const banner = bannerOf(upload, errors);
  if (Object.keys(errors).length > 0) throw validation(errors);
  return { ...(mangaId !== undefined ? { mangaId } : {}), ...(banner ? { banner } : {}) };
}
