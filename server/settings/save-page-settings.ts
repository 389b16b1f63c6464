import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { manga, siteSettings } from "@/db/schema";
import { Status } from "@/lib/enums";
import { BANNER_VARIANT_WIDTHS } from "@/lib/media-url";
import { audit } from "@/server/core/audit";
import { AppError, formatBytes, notFound, validation } from "@/server/core/errors";
import { apiMessage, type MessageKey } from "@/server/core/messages";
import type { Locale } from "@/i18n/routing";
import type { Tx, UnitOfWork } from "@/server/core/unit-of-work";
import type { SignedInViewer } from "@/server/core/viewer";
import { changed } from "@/server/manga/changed";
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, MediaError, type MediaErrorCode } from "@/server/media/errors";
import { MediaKind } from "@/server/media/kind";
import { processCoverImages, type EncodedImage } from "@/server/media/process-image";
import { storeMedia } from "@/server/media/store-media";
import { ensureMediaVariants } from "@/server/media/variants";
import { removeUnusedMedia } from "@/server/publishing/rows";
import { SETTINGS_KEYS } from "./types";

/**
 * What both settings saves share (docs/decisions/015): root only; the banner is sniffed, capped (the cover's 15 MB and
 * pixel caps), decoded and re-encoded as the cover's 8:3 banner (1600x600, a centred crop: the editor already sends
 * 8:3) before the transaction opens; the featured manga must be accepted; the row, the banner's media row, the
 * audit entry (before/after, banner as media id) and the removal of a banner nothing uses any more are one
 * transaction, and after the commit every process's public pages show the change (`changed`).
 */

export type SettingsKey = (typeof SETTINGS_KEYS)[keyof typeof SETTINGS_KEYS];

const BANNER_ERRORS: Record<MediaErrorCode, MessageKey> = {
  UNSUPPORTED_TYPE: "notAnImage",
  CORRUPT: "imageCorrupt",
  TOO_MANY_PIXELS: "imageTooManyPixels",
  TOO_LARGE: "fileTooLarge",
};

/** The uploaded banner encoded as the featured banner (the cover pipeline's 8:3 variant); errors on `banner`. */
export async function encodeBanner(input: Uint8Array, locale: Locale): Promise<EncodedImage> {
  try {
    return (await processCoverImages({ input })).banner;
  } catch (err) {
    if (!(err instanceof MediaError)) throw err;
    // The upload pipeline's texts (server/http/errors.ts), here as a field error on `banner` where the editor shows it.
    const params = { limit: formatBytes(err.limit ?? IMAGE_MAX_BYTES), side: IMAGE_MAX_SIDE, megapixels: +((err.limit ?? IMAGE_MAX_PIXELS) / 1_000_000).toFixed(1) };
    const errors = { banner: [apiMessage(locale, BANNER_ERRORS[err.code], params)] };
    if (err.code === "TOO_LARGE") throw new AppError(413, "fileTooLarge", { code: err.code, params, data: { errors } });
    throw validation(errors, BANNER_ERRORS[err.code], { code: err.code, params });
  }
}

/** The featured manga must exist (404 on `mangaId`) and be accepted (422 on `mangaId`). */
export async function checkFeaturedManga(tx: Tx, mangaId: number | null): Promise<void> {
  if (mangaId === null) return;
  const [row] = await tx.select({ status: manga.status }).from(manga).where(eq(manga.id, mangaId)).for("share");
  if (!row) throw notFound("mangaNotFound", { data: { errors: { mangaId: ["mangaNotFound"] } } });
  if (row.status !== Status.Accepted) throw validation({ mangaId: ["featuredMangaNotAccepted"] });
}

/** The current value of a settings row, locked for this transaction (a concurrent save waits). */
export async function lockSettings<T>(tx: Tx, key: SettingsKey): Promise<T | null> {
  // A first save has no row to lock: make one (rolled back with everything else if the save fails).
  await tx.insert(siteSettings).values({ key, value: sql`'null'::jsonb` }).onConflictDoNothing();
  const [row] = await tx.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key)).for("update");
  return (row?.value ?? null) as T | null;
}

/**
 * The banner a save without a new one keeps: the current one while the featured manga stays, none once it changes.
 * A banner is artwork of one manga; kept under another title it showed the previous manga's art (issue 31, item 6a).
 * Without a banner the featured manga's cover is drawn (components/landing/FeaturedBannerView.tsx).
 */
export function keptBanner(before: { bannerImageId: string | null; mangaId: number | null } | null, mangaId: number | null): string | null {
  if (!before || before.mangaId !== mangaId) return null;
  return before.bannerImageId;
}

/** Stores the encoded banner in the transaction; answers its media id. */
export function storeBanner(tx: Tx, banner: EncodedImage): Promise<string> {
  return storeMedia(tx, { ...banner, kind: MediaKind.Banner });
}

/**
 * Writes the new value, removes the previous banner if nothing uses it any more, audits, and declares the effects:
 * the public pages' refresh on every process and the new banner's width variants.
 */
export async function finishSave<T extends { bannerImageId: string | null }>(
  uow: UnitOfWork,
  { db, viewer, key, before, after }: { db: Db; viewer: SignedInViewer; key: SettingsKey; before: T | null; after: T },
): Promise<void> {
  await uow.tx
    .update(siteSettings)
    .set({ value: after, updatedBy: viewer.userId, updatedAt: new Date() })
    .where(eq(siteSettings.key, key));
  const oldBanner = before?.bannerImageId ?? null;
  const removedMedia = oldBanner && oldBanner !== after.bannerImageId ? await removeUnusedMedia(uow.tx, [oldBanner]) : 0;
  await audit(uow.tx, {
    actorId: viewer.userId,
    action: `settings.${key}.save`,
    subject: { type: "settings", id: key },
    details: { before, after, removedMedia },
  });
  changed(uow, { catalogue: true });
  const banner = after.bannerImageId;
  if (banner && banner !== oldBanner) uow.afterCommit(() => ensureMediaVariants(db, [banner], BANNER_VARIANT_WIDTHS));
}

