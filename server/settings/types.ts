import type { Db } from "@/db/client";
import type { Locale } from "@/i18n/routing";
import type { SignedInViewer } from "@/server/core/viewer";
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

/** What a settings save takes: root (checked by the use case), the request's language (its messages) and the input. */
export type SaveSettings<I> = { db: Db; viewer: SignedInViewer; locale: Locale; input: I };
