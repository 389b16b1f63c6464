import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { readerSettings } from "@/db/schema";
import { validation } from "@/server/core/errors";
import { RATE_RULES, enforceRateLimit } from "@/server/core/rate-limit";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { READER_SETTINGS_MAX_STORED, type ReaderSettingsAnswer, type ReaderSettingsDocument } from "./reader-settings";

/**
 * PUT /api/Authentication/Me/ReaderSettings (beyond the spec, issue 32): replaces the caller's reader settings with the
 * document given (validated by the route: readerSettingsDocument), at most RATE_RULES.readerSettingsUser saves per
 * account. One upsert; a document over READER_SETTINGS_MAX_STORED as JSON is refused (422) and nothing is stored.
 */
export async function saveReaderSettings({ db, viewer, settings, now = new Date() }: { db: Db; viewer: SignedInViewer; settings: ReaderSettingsDocument; now?: Date }): Promise<ReaderSettingsAnswer> {
  if (Buffer.byteLength(JSON.stringify(settings)) > READER_SETTINGS_MAX_STORED) {
    throw validation({ settings: [`The settings are larger than ${READER_SETTINGS_MAX_STORED} bytes.`] });
  }
  await enforceRateLimit({ db, rule: RATE_RULES.readerSettingsUser, subject: `u:${viewer.userId}`, now });
  const [row] = await runUnitOfWork(db, (uow) =>
    uow.tx
      .insert(readerSettings)
      .values({ userId: viewer.userId, settings, updatedAt: now })
      .onConflictDoUpdate({ target: readerSettings.userId, set: { settings, updatedAt: sql`now()` } })
      .returning({ updatedAt: readerSettings.updatedAt }),
  );
  return { settings, updatedAt: (row?.updatedAt ?? now).toISOString() };
}
