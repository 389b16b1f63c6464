import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { readerSettings } from "@/db/schema";
import type { SignedInViewer } from "@/server/core/viewer";
import { readerSettingsDocument, type ReaderSettingsAnswer } from "./reader-settings";

/**
 * GET /api/Authentication/Me/ReaderSettings (beyond the spec, issue 32): the caller's reader settings, null when they
 * never saved any. The reader page reads the same (server-rendered, no extra request). A stored document that no longer
 * validates (an older shape) reads as none.
 */
export async function getReaderSettings({ db, viewer }: { db: Db; viewer: SignedInViewer }): Promise<ReaderSettingsAnswer> {
  const [row] = await db.select({ settings: readerSettings.settings, updatedAt: readerSettings.updatedAt }).from(readerSettings).where(eq(readerSettings.userId, viewer.userId)).limit(1);
  if (!row) return { settings: null, updatedAt: null };
  const parsed = readerSettingsDocument.safeParse(row.settings);
  return parsed.success ? { settings: parsed.data, updatedAt: row.updatedAt.toISOString() } : { settings: null, updatedAt: null };
}
