import type { Genre } from "@/lib/enums";
import type { SettingsLanguage } from "@/lib/validation/site-settings";
import type { FeaturedManga } from "@/server/settings/get-page-settings";

export type { FeaturedManga };

export interface HeroTexts {
  title: string;
  description: string;
  cta: string;
}

/** What the preview draws in one language besides the edited texts. */
export interface PreviewTexts {
  featured: string;
  readNow: string;
  tagline: string;
  /** The landing page's own texts, shown where a hero text is left empty. */
  defaults: HeroTexts;
  genres: Partial<Record<Genre, string>>;
}

export type PreviewTextsByLanguage = Record<SettingsLanguage, PreviewTexts>;

/** The settings as saved: the editors start from them and Discard returns to them. */
export interface SavedLanding {
  texts: Record<SettingsLanguage, HeroTexts>;
  manga: FeaturedManga | null;
  bannerUrl: string | null;
}

export interface SavedDiscovery {
  manga: FeaturedManga | null;
  bannerUrl: string | null;
}

export interface SavedSettings {
  landing: SavedLanding;
  discovery: SavedDiscovery;
}

/** A banner cropped in the browser and not saved yet. */
export interface NewBanner {
  blob: Blob;
  url: string;
}
