import { z } from "zod";
import { noControlCharacters } from "./text";
import { formatMessage, type Compiled } from "@/i18n/format";
import { MAX_ID } from "./numbers";

/**
 * Site settings payloads (issue 15; spec §3 landing and discovery settings), shared by the root's editors
 * (components/admin/settings, react-hook-form + zodResolver) and the two save routes (server/settings/input.ts).
 * Like lib/validation/publishing.ts each schema is a factory over a translate function, so the browser and the server
 * say the same thing in the page's / request's language; the texts live under `admin.settings.errors`.
 *
 * The hero's texts are per language: `{ en, ar }`. The API also takes one string for both languages.
 * Empty texts are allowed: the landing page then shows its own default text in that language.
 * The banner is not part of these schemas: the routes sniff and cap it, the editor crops it to 8:3 in the browser.
 */
export const SITE_SETTINGS_VALIDATION_KEYS = ["textInvalid", "titleTooLong", "descriptionTooLong", "ctaTooLong", "mangaInvalid", "controlCharacters"] as const;
export type SiteSettingsValidationKey = (typeof SITE_SETTINGS_VALIDATION_KEYS)[number];
export type SiteSettingsTranslate = (key: SiteSettingsValidationKey, values?: Record<string, number>) => string;

/**
 * A translate function over a messages object (`messages.admin.settings.errors`), for the server: the build
 * precompiles messages (ADR 010), so a text with `{max}` arrives as parts that ./i18n/format.ts fills.
 */
export function siteSettingsTranslator(locale: string, texts: Partial<Record<SiteSettingsValidationKey, unknown>>): SiteSettingsTranslate {
  return (key, values) => {
    const text = texts[key];
    if (text === undefined) return key;
    // Raw JSON (tests, scripts) keeps `{max}` in the string; the build's compiled parts name it.
    if (typeof text === "string") return text.replace(/\{(\w+)\}/g, (whole, name: string) => (values && name in values ? String(values[name]) : whole));
    return formatMessage(locale, text as Compiled, values);
  };
}

/** Length limits of the hero's texts, per language (characters after trimming). */
export const SITE_SETTINGS_LIMITS = { titleMax: 120, descriptionMax: 500, ctaMax: 40 } as const;

export const HERO_FIELDS = ["title", "description", "cta"] as const;
export type HeroField = (typeof HERO_FIELDS)[number];
export const SETTINGS_LANGUAGES = ["en", "ar"] as const;
export type SettingsLanguage = (typeof SETTINGS_LANGUAGES)[number];

const LIMIT: Record<HeroField, number> = {
  title: SITE_SETTINGS_LIMITS.titleMax,
  description: SITE_SETTINGS_LIMITS.descriptionMax,
  cta: SITE_SETTINGS_LIMITS.ctaMax,
};
const TOO_LONG: Record<HeroField, SiteSettingsValidationKey> = { title: "titleTooLong", description: "descriptionTooLong", cta: "ctaTooLong" };

/** One hero text in one language. */
export function heroTextSchema(field: HeroField, t: SiteSettingsTranslate) {
  const max = LIMIT[field];
  const kind = field === "description" ? "multiLine" : "singleLine";
  return noControlCharacters(z.string({ error: t("textInvalid") }), t("controlCharacters"), kind).trim().max(max, { error: t(TOO_LONG[field], { max }) });
}

/** One hero text in both languages (the editor's shape). */
export function localizedTextSchema(field: HeroField, t: SiteSettingsTranslate) {
  const text = heroTextSchema(field, t);
  return z.object({ en: text, ar: text });
}

/** The featured manga: a positive id, or null for none. Multipart sends text: "" and "null" are none. */
export function featuredMangaSchema(t: SiteSettingsTranslate) {
  return z.preprocess(
    (value) => (value === "" || value === "null" ? null : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: t("mangaInvalid") }).int({ error: t("mangaInvalid") }).positive({ error: t("mangaInvalid") }).max(MAX_ID, { error: t("mangaInvalid") }).nullable(),
  );
}

/** The landing editor's form: the hero's texts in both languages and the featured manga. */
export function landingFormSchema(t: SiteSettingsTranslate) {
  return z.object({
    title: localizedTextSchema("title", t),
    description: localizedTextSchema("description", t),
    cta: localizedTextSchema("cta", t),
    mangaId: featuredMangaSchema(t),
  });
}
export type LandingFormValues = z.output<ReturnType<typeof landingFormSchema>>;

/** The discovery editor's form: the featured manga. */
export function discoveryFormSchema(t: SiteSettingsTranslate) {
  return z.object({ mangaId: featuredMangaSchema(t) });
}
export type DiscoveryFormValues = z.output<ReturnType<typeof discoveryFormSchema>>;

/** Width:height of the banner as stored and shown (server/media/process-image.ts BANNER_SIZE, 1600x600). */
export const BANNER_ASPECT = 8 / 3;
/** The size the editor exports its crop at (the stored size, so the server does not scale it again). */
export const BANNER_EXPORT = { width: 1600, height: 600 } as const;
