import { defineRoute } from "@/server/http/route";
import { uploadBody } from "@/server/http/form";
import { discoveryInput, SETTINGS_REQUEST_MAX_BYTES } from "@/server/settings/input";
import { saveDiscoverySettings } from "@/server/settings/save-discovery-settings";

/** POST /api/SiteSettings/SaveDiscoveryPage (root): `{ banner, mangaId }` as JSON (banner as base64) or multipart (a file). */
export const POST = defineRoute({
  key: "POST /api/SiteSettings/SaveDiscoveryPage",
  maxBodyBytes: SETTINGS_REQUEST_MAX_BYTES,
  body: uploadBody(discoveryInput, { longTextFields: ["banner"] }),
  handler: async ({ body: input, ctx }) => saveDiscoverySettings({ db: await ctx.db, viewer: ctx.viewer, locale: ctx.locale, input }),
});
