import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { manga, mangaGenres, siteSettings } from "@/db/schema";
import { GENRES, Status, type Genre } from "@/lib/enums";
import { mediaUrl } from "@/lib/media-url";
import { SETTINGS_KEYS, type DiscoverySettingsValue, type LandingSettingsValue } from "./types";

export interface FeaturedManga {
  id: number;
  title: string;
  description: string;
  genres: Genre[];
  coverImageUrl: string | null;
}

export interface HeroTexts {
  title: string;
  description: string;
  cta: string;
}

export interface LandingSettings extends HeroTexts {
  bannerUrl: string | null;
  manga: FeaturedManga | null;
  /** The hero's texts in each language (the top-level ones are the asked language's). */
  translations: { en: HeroTexts; ar: HeroTexts };
}

export interface DiscoverySettings {
  bannerUrl: string | null;
  manga: FeaturedManga | null;
}

/** The featured manga, only while it is accepted (a rejected or deleted title silently drops out of the banner). */
export async function featuredManga(db: Db, id: number | null): Promise<FeaturedManga | null> {
  if (id === null) return null;
  const [row] = await db
    .select({
      id: manga.id,
      title: manga.title,
      description: manga.description,
      coverImageId: manga.coverImageId,
      status: manga.status,
      genres: sql<number[]>`coalesce((select array_agg(${mangaGenres.genre} order by ${mangaGenres.genre}) from ${mangaGenres} where ${mangaGenres.mangaId} = ${manga.id}), '{}')`,
    })
    .from(manga)
    .where(eq(manga.id, id));
  if (!row || row.status !== Status.Accepted) return null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    coverImageUrl: mediaUrl(row.coverImageId),
    genres: row.genres.map((g) => GENRES[g]).filter((g): g is Genre => g !== undefined),
  };
}

/** The stored values as saved (the editor starts from them). */
export async function readSettingsValues(db: Db) {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [SETTINGS_KEYS.landing, SETTINGS_KEYS.discovery]));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return {
    landing: (byKey.get(SETTINGS_KEYS.landing) ?? null) as LandingSettingsValue | null,
    discovery: (byKey.get(SETTINGS_KEYS.discovery) ?? null) as DiscoverySettingsValue | null,
  };
}

export async function getLandingSettings({ db, locale = "en" }: { db: Db; locale?: string }): Promise<LandingSettings | null> {
  const { landing } = await readSettingsValues(db);
  if (!landing) return null;
  const translations = heroTranslations(landing);
  const text = locale === "ar" ? translations.ar : translations.en;
  return {
    ...text,
    bannerUrl: mediaUrl(landing.bannerImageId),
    manga: await featuredManga(db, landing.mangaId),
    translations,
  };
}

/**
 * Each language's hero texts: English is the top level, Arabic its own (a value saved before the Arabic texts
 * existed shows the English ones in Arabic too). An empty text stays empty: the page shows its default there.
 */
export function heroTranslations(landing: LandingSettingsValue): { en: HeroTexts; ar: HeroTexts } {
  const en = { title: landing.title ?? "", description: landing.description ?? "", cta: landing.cta ?? "" };
  const ar = landing.ar ? { title: landing.ar.title ?? "", description: landing.ar.description ?? "", cta: landing.ar.cta ?? "" } : en;
  return { en, ar };
}

export async function getDiscoverySettings({ db }: { db: Db }): Promise<DiscoverySettings | null> {
  const { discovery } = await readSettingsValues(db);
  if (!discovery) return null;
  return { bannerUrl: mediaUrl(discovery.bannerImageId), manga: await featuredManga(db, discovery.mangaId) };
}
