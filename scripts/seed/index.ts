import { sql } from "drizzle-orm";
import { isEmpty, type Db } from "@/db/client";
import { mediaVariants } from "@/db/schema";
import { ROLE_NAMES } from "@/lib/enums";
import { BANNER_VARIANT_WIDTHS, COVER_VARIANT_WIDTHS } from "@/lib/media-url";
import { hashPassword } from "@/server/auth/password";
import { ensureMediaVariants } from "@/server/media/variants";
import { ensureCardJpegs } from "@/server/media/card-jpeg";
import { ACCOUNTS } from "./accounts";
import { drawAndStoreImages, type SeedImages } from "./images";
import { insertActivity, insertBilling, insertChapters, insertManga, insertNotifications, insertSettings, insertUsers, type SeedContext } from "./insert";
import { buildDemoPlan } from "./plan";
import { insertMonetization } from "./monetization";
import { convertDemoChaptersToPdf } from "./pdf-chapters";

/**
 * Demo content for an empty database: accounts, a published catalogue with covers, banners and
 * chapters, some work waiting for review, favourites, reading history, notifications and the page
 * settings. Everything comes from a fixed seed and is drawn locally; nothing is downloaded.
 */

export interface SeedResult {
  accounts: Array<{ role: string; username: string; email: string; password: string }>;
}

export interface SeedOptions {
  log?: (message: string) => void;
}

/** The pool pages' and the covers' AVIF copies (drawn and stored with them) as their sources' variants, as uploads get them. */
async function recordAvifCopies(db: Db, images: SeedImages): Promise<void> {
  const pages = [...images.pages.values()].flatMap((p) => p.copies.map((c) => ({ sourceId: p.imageId, width: c.width, mediaId: c.mediaId })));
  const rows = [...pages, ...images.coverCopies].map((copy) => ({ ...copy, format: "avif" }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(mediaVariants).values(rows.slice(i, i + 500)).onConflictDoNothing();
}

/** Serialises concurrent seeders (several app processes starting on one empty database). */
const SEED_LOCK = 727_275;

export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const log = opts.log ?? (() => undefined);
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (!(await isEmpty(db))) {
    log("the database already has users: demo content not added");
    return { accounts: [] };
  }
  const plan = buildDemoPlan();
  // Hash each distinct password once, while the images are drawn (argon2 runs on its own threads).
  const hashing = hashPasswords();
  const images = await drawAndStoreImages(db, plan);
  log(`drew and stored ${images.covers.size} covers, ${images.banners.size} banners, ${images.pages.size} pool pages (${elapsed()})`);
  // The responsive copies the catalogue's srcsets name, made now rather than by the first visitors.
  await ensureMediaVariants(db, [...images.covers.values()], COVER_VARIANT_WIDTHS);
  await ensureMediaVariants(db, [...images.banners.values()], BANNER_VARIANT_WIDTHS);
  // And the covers' card JPEGs, which the API's lists answer as base64.
  await ensureCardJpegs(db, [...images.covers.values()]);
  await recordAvifCopies(db, images);
  const hashes = await hashing;

  const inserted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    // Another process may have seeded while we were drawing.
    const [row] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows;
    if (Number(row?.n ?? 0) > 0) return false;
    const ctx: SeedContext = { tx, plan, images, now: Date.now() };
    const userIds = await insertUsers(ctx, hashes);
    const mangaIds = await insertManga(ctx, userIds);
    const chapterIds = await insertChapters(ctx, mangaIds);
    await insertActivity(ctx, userIds, mangaIds, chapterIds);
    await insertNotifications(ctx, userIds, { manga: mangaIds, chapters: chapterIds });
    await insertSettings(ctx, mangaIds, userIds.get("root"));
    await insertBilling(ctx, userIds);
    await insertMonetization(ctx, userIds);
    log(`inserted ${userIds.size} users, ${mangaIds.size} manga, ${chapterIds.size} chapters (${elapsed()})`);
    return true;
  });
  if (!inserted) {
    log("another process added the demo content first: nothing to do");
    return { accounts: [] };
  }
  const pdfs = await convertDemoChaptersToPdf(db, log);
  log(`${pdfs} chapters re-made as PDFs through the upload pipeline (${elapsed()})`);
  return {
    accounts: ACCOUNTS.map((a) => ({ role: ROLE_NAMES[a.role], username: a.username, email: a.email, password: a.password })),
  };
}

async function hashPasswords(): Promise<Map<string, string>> {
  const distinct = [...new Set(ACCOUNTS.map((a) => a.password))];
  return new Map(await Promise.all(distinct.map(async (p) => [p, await hashPassword(p)] as const)));
}
