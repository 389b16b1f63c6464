import { HERO_FIELDS } from "@/lib/validation/site-settings";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { requireRoot } from "@/server/core/viewer";
import { landingSettingsResponse, type ApiLandingSettings } from "./api-shapes";
import { getLandingSettings, heroTranslations } from "./get-page-settings";
import type { LandingInput } from "./input";
import { checkFeaturedManga, encodeBanner, finishSave, keptBanner, lockSettings, storeBanner } from "./save-page-settings";
import { SETTINGS_KEYS, type LandingSettingsValue, type SaveSettings } from "./types";

/**
 * POST /api/SiteSettings/SaveLandingPageSettings (root): the hero's texts per language, the featured manga and the
 * banner; what is left out keeps its current value, and so does the other language's text when a text comes as a plain
 * string (the request's language only: ./input.ts, issue 28). Audited as `settings.landing.save` with before/after; `/` and
 * `/ar` show the change at once on every process. Answers the settings as GetLandingPageSettings does (URLs only).
 */
export async function saveLandingSettings({ db, viewer, locale, input }: SaveSettings<LandingInput>): Promise<ApiLandingSettings> {
  requireRoot(viewer);
  const banner = input.banner ? await encodeBanner(input.banner, locale) : undefined;
  await runUnitOfWork(db, async (uow) => {
    const before = await lockSettings<LandingSettingsValue>(uow.tx, SETTINGS_KEYS.landing);
    const current = heroTranslations(before ?? { title: "", description: "", cta: "", bannerImageId: null, mangaId: null, ar: { title: "", description: "", cta: "" } });
    const en = { ...current.en };
    const ar = { ...current.ar };
    for (const field of HERO_FIELDS) {
      const given = input.texts[field];
      if (given?.en !== undefined) en[field] = given.en;
      if (given?.ar !== undefined) ar[field] = given.ar;
    }
    const mangaId = input.mangaId !== undefined ? input.mangaId : (before?.mangaId ?? null);
    if (input.mangaId !== undefined) await checkFeaturedManga(uow.tx, mangaId);
    const bannerImageId = banner ? await storeBanner(uow.tx, banner) : keptBanner(before, mangaId);
    const after: LandingSettingsValue = { ...en, bannerImageId, mangaId, ar };
    await finishSave(uow, { db, viewer, key: SETTINGS_KEYS.landing, before, after });
  });
  return landingSettingsResponse(db, await getLandingSettings({ db, locale }), "url");
}
