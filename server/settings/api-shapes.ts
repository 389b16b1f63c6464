import type { Db } from "@/db/client";
import { base64ByUrl } from "@/server/manga/cover-images";
import type { ImageFormat } from "@/server/media/image-format";
import type { DiscoverySettings, FeaturedManga, HeroTexts, LandingSettings } from "./get-page-settings";

/**
 * Spec §3 shapes: landing `{ title, description, cta, banner, manga: { id, title, genres, description } }` and
 * discovery `{ banner, manga }`, `banner` being base64 JPEG, plus `bannerUrl` (and the manga's `coverImageUrl`).
 * `imageFormat=url` leaves the base64 out. Unset settings answer empty texts and null banner and manga.
 * Beyond the spec: `title`, `description` and `cta` are the request's language's, and `translations` carries both.
 */
export interface ApiLandingSettings {
  title: string;
  description: string;
  cta: string;
  banner?: string | null;
  bannerUrl: string | null;
  manga: FeaturedManga | null;
  translations: { en: HeroTexts; ar: HeroTexts };
}

export interface ApiDiscoverySettings {
  banner?: string | null;
  bannerUrl: string | null;
  manga: FeaturedManga | null;
}

const EMPTY_TEXTS: HeroTexts = { title: "", description: "", cta: "" };

async function banner(db: Db, url: string | null, imageFormat: ImageFormat | undefined): Promise<{ banner?: string | null }> {
  if (imageFormat === "url") return {};
  if (!url) return { banner: null };
  return { banner: (await base64ByUrl(db, [url])).get(url) ?? null };
}

export async function landingSettingsResponse(db: Db, s: LandingSettings | null, imageFormat?: ImageFormat): Promise<ApiLandingSettings> {
  const bannerUrl = s?.bannerUrl ?? null;
  return {
    title: s?.title ?? "",
    description: s?.description ?? "",
    cta: s?.cta ?? "",
    ...(await banner(db, bannerUrl, imageFormat)),
    bannerUrl,
    manga: s?.manga ?? null,
    translations: s?.translations ?? { en: EMPTY_TEXTS, ar: EMPTY_TEXTS },
  };
}

export async function discoverySettingsResponse(db: Db, s: DiscoverySettings | null, imageFormat?: ImageFormat): Promise<ApiDiscoverySettings> {
  const bannerUrl = s?.bannerUrl ?? null;
  return { ...(await banner(db, bannerUrl, imageFormat)), bannerUrl, manga: s?.manga ?? null };
}
