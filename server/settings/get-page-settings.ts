import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { manga, mangaGenres, siteSettings } from "@/db/schema";
import { GENRES, Status, type Genre } from "@/db/schema/enums";
import { mediaUrl } from "@/lib/media-url";
import { SETTINGS_KEYS, type DiscoverySettingsValue, type LandingSettingsValue } from "./types";

export interface FeaturedManga {
  id: number;
  title: string;
  description: string;
  genres: Genre[];
  coverImageUrl: string | null;
}

export interface LandingSettings {
  title: string;
  description: string;
  cta: string;
  bannerUrl: string | null;
  manga: FeaturedManga | null;
}

export interface DiscoverySettings {
  bannerUrl: string | null;
  manga: FeaturedManga | null;
}

/** The featured manga, only while it is accepted (a rejected or deleted title silently drops out of the banner). */
async function featuredManga(db: Db, id: number | null): Promise<FeaturedManga | null> {
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

async function readValues(db: Db) {
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
  const { landing } = await readValues(db);
  if (!landing) return null;
  const text = locale === "ar" && landing.ar ? landing.ar : landing;
  return {
    title: text.title,
    description: text.description,
    cta: text.cta,
    bannerUrl: mediaUrl(landing.bannerImageId),
    manga: await featuredManga(db, landing.mangaId),
  };
}

export async function getDiscoverySettings({ db }: { db: Db }): Promise<DiscoverySettings | null> {
  const { discovery } = await readValues(db);
  if (!discovery) return null;
  return { bannerUrl: mediaUrl(discovery.bannerImageId), manga: await featuredManga(db, discovery.mangaId) };
}
