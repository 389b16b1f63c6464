import { defineRoute } from "@/server/http/route";
import { uploadBody } from "@/server/http/form";
import { landingInput, SETTINGS_REQUEST_MAX_BYTES } from "@/server/settings/input";
import { saveLandingSettings } from "@/server/settings/save-landing-settings";

/**
 * POST /api/SiteSettings/SaveLandingPageSettings (root): `{ title, description, cta, banner, mangaId }` as JSON (banner
 * as base64 or a data: URL) or multipart (banner as a file); texts are a string or `{ en, ar }` (docs/decisions/015).
 */
export const POST = defineRoute({
  key: "POST /api/SiteSettings/SaveLandingPageSettings",
  maxBodyBytes: SETTINGS_REQUEST_MAX_BYTES,
  body: uploadBody(landingInput, { longTextFields: ["banner"] }),
  handler: async ({ body: input, ctx }) => saveLandingSettings({ db: await ctx.db, viewer: ctx.viewer, locale: ctx.locale, input }),
});
