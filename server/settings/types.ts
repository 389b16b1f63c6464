/** Stored shape of the editable page settings (site_settings.value), by key. */
export interface LandingSettingsValue {
  title: string;
  description: string;
  /** Call-to-action label; the link always goes to /discovery. */
  cta: string;
  /** media id of the banner image */
  bannerImageId: string | null;
  /** featured manga id */
  mangaId: number | null;
  /** Arabic texts of the hero; the top-level fields are the English ones and the fallback. */
  ar?: { title: string; description: string; cta: string };
}

export interface DiscoverySettingsValue {
  bannerImageId: string | null;
  mangaId: number | null;
}

export const SETTINGS_KEYS = { landing: "landing", discovery: "discovery" } as const;
