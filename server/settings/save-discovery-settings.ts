import { runUnitOfWork } from "@/server/core/unit-of-work";
import { requireRoot } from "@/server/core/viewer";
import { discoverySettingsResponse, type ApiDiscoverySettings } from "./api-shapes";
import { getDiscoverySettings } from "./get-page-settings";
import type { SettingsInput } from "./input";
import { checkFeaturedManga, encodeBanner, finishSave, keptBanner, lockSettings, storeBanner } from "./save-page-settings";
import { SETTINGS_KEYS, type DiscoverySettingsValue, type SaveSettings } from "./types";

/**
 * POST /api/SiteSettings/SaveDiscoveryPage (root): the discovery page's featured manga and banner; what is left out
 * keeps its current value. Audited as `settings.discovery.save` with before/after; `/discovery` (both languages, public
 * and dashboard) shows the change at once on every process. Answers the settings as GetDiscoveryPageSettings does
 * (URLs only).
 */
export async function saveDiscoverySettings({ db, viewer, locale, input }: SaveSettings<SettingsInput>): Promise<ApiDiscoverySettings> {
  requireRoot(viewer);
  const banner = input.banner ? await encodeBanner(input.banner, locale) : undefined;
  await runUnitOfWork(db, async (uow) => {
    const before = await lockSettings<DiscoverySettingsValue>(uow.tx, SETTINGS_KEYS.discovery);
    const mangaId = input.mangaId !== undefined ? input.mangaId : (before?.mangaId ?? null);
    if (input.mangaId !== undefined) await checkFeaturedManga(uow.tx, mangaId);
    const bannerImageId = banner ? await storeBanner(uow.tx, banner) : keptBanner(before, mangaId);
    const after: DiscoverySettingsValue = { bannerImageId, mangaId };
    await finishSave(uow, { db, viewer, key: SETTINGS_KEYS.discovery, before, after });
  });
  return discoverySettingsResponse(db, await getDiscoverySettings({ db }), "url");
}
