import { getReaderSettings } from "@/server/account/get-reader-settings";
import { READER_SETTINGS_MAX_BYTES, readerSettingsDocument } from "@/server/account/reader-settings";
import { saveReaderSettings } from "@/server/account/save-reader-settings";
import { defineRoute } from "@/server/http/route";

/** Beyond the spec (issue 32, ADR 009): the caller's reader settings (key bindings, touch, reading settings per series). */
export const GET = defineRoute({
  key: "GET /api/Authentication/Me/ReaderSettings",
  handler: async ({ ctx }) => getReaderSettings({ db: await ctx.db, viewer: ctx.viewer }),
});

/** PUT the whole document (readerSettingsDocument); it replaces what was stored. */
export const PUT = defineRoute({
  key: "PUT /api/Authentication/Me/ReaderSettings",
  body: readerSettingsDocument,
  maxBodyBytes: READER_SETTINGS_MAX_BYTES,
  handler: async ({ ctx, body }) => saveReaderSettings({ db: await ctx.db, viewer: ctx.viewer, settings: body }),
});
