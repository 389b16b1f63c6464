import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { Role, Status } from "@/lib/enums";
import { mediaUrl } from "@/lib/media-url";

/**
 * The sitemap (issue 35 item 4; docs/decisions/022): `/sitemap.xml` is a sitemap index (robots.txt points at it) of
 * child sitemaps under `/sitemaps/`:
 * - `pages.xml`: the landing, discovery, the latest updates (docs/decisions/025) and the static pages;
 * - `manga-{k}.xml`: the previews of the accepted manga whose id is in the k-th block of ROWS_PER_FILE ids;
 * - `chapters-{k}.xml`: the chapter pages of public, free chapters (accepted, released, not premium now) of accepted
 *   manga, by blocks of chapter ids the same way;
 * - `writers-{k}.xml`: the pages of writers who can be followed and have accepted manga (/writers/{username}:
 *   docs/decisions/027), by blocks of account ids the same way.
 * Every page is listed in both languages, each its own `<loc>`, with reciprocal hreflang alternates (en, ar,
 * x-default → English). A block holds at most ROWS_PER_FILE rows, so a child holds at most 2 × ROWS_PER_FILE URLs
 * (the protocol's limit is 50,000) whatever the catalogue's size, and a child's URL stays the same as the catalogue
 * grows (ids never move between blocks).
 * The index lists only non-empty blocks, found by a skip scan over the primary key (one index probe per block);
 * a child is read in keyset batches (`id > last … order by id limit BATCH`, never OFFSET) and streamed.
 * Elements follow the sitemap 0.9 schema's order: loc, lastmod, changefreq, then the extensions (xhtml:link,
 * image:image).
 */
export const ROWS_PER_FILE = 5000;
export const MAX_URLS_PER_FILE = 50_000;
const BATCH = 2500;
/** Text handed to the response at a time (~64 KB), so a child is sent while it is being read. */
const CHUNK_CHARS = 64 * 1024;
/** Block numbers accepted in a child's name (ids are PostgreSQL integers: < 2^31 / ROWS_PER_FILE blocks). */
const MAX_BLOCK = Math.floor(2 ** 31 / ROWS_PER_FILE);

export const STATIC_SITEMAP_PATHS = ["/", "/discovery", "/latest", "/frequently-asked-questions", "/terms-of-service", "/privacy-policy"] as const;

export type SitemapFile = { kind: "pages" } | { kind: "manga" | "chapters" | "writers"; block: number };

/** A child's file name (`pages.xml`, `manga-3.xml`), and back (undefined for any other name). */
export function sitemapFileName(file: SitemapFile): string {
  return file.kind === "pages" ? "pages.xml" : `${file.kind}-${file.block}.xml`;
}
export function parseSitemapFileName(name: string): SitemapFile | undefined {
  if (name === "pages.xml") return { kind: "pages" };
  const m = /^(manga|chapters|writers)-(0|[1-9]\d{0,5})\.xml$/.exec(name);
  if (!m) return undefined;
  const block = Number(m[2]);
  return block <= MAX_BLOCK ? { kind: m[1] as "manga" | "chapters" | "writers", block } : undefined;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const origin = (siteUrl: string) => siteUrl.replace(/\/+$/, "");

/** Manga blocks with at least one accepted manga, in order: a skip scan (one primary-key probe per block). */
async function mangaBlocks(db: Db): Promise<number[]> {
  const result = await db.execute<{ k: number }>(sql`
    with recursive b(k) as (
      select (select (id - 1) / ${ROWS_PER_FILE} from manga where status = ${Status.Accepted} order by id limit 1)
      union all
      select (select (m.id - 1) / ${ROWS_PER_FILE} from manga m
              where m.status = ${Status.Accepted} and m.id > (b.k + 1) * ${ROWS_PER_FILE} order by m.id limit 1)
      from b where b.k is not null
    )
    select k::int as k from b where k is not null`);
  return result.rows.map((r) => Number(r.k));
}

/** SQL condition: chapter `c` of manga `m` is a public, free chapter page right now (server/visibility.ts rules). */
const freePublicChapter = sql`c.status = ${Status.Accepted} and (c.publish_at is null or c.publish_at <= now())
  and (c.is_premium = false or (c.free_at is not null and c.free_at <= now())) and m.status = ${Status.Accepted}`;

async function chapterBlocks(db: Db): Promise<number[]> {
  const result = await db.execute<{ k: number }>(sql`
    with recursive b(k) as (
      select (select (c.id - 1) / ${ROWS_PER_FILE} from chapters c join manga m on m.id = c.manga_id
              where ${freePublicChapter} order by c.id limit 1)
      union all
      select (select (c.id - 1) / ${ROWS_PER_FILE} from chapters c join manga m on m.id = c.manga_id
              where ${freePublicChapter} and c.id > (b.k + 1) * ${ROWS_PER_FILE} order by c.id limit 1)
      from b where b.k is not null
    )
    select k::int as k from b where k is not null`);
  return result.rows.map((r) => Number(r.k));
}

/**
 * SQL condition: account `u` has a writer's page worth listing: it can be followed (server/follows/rules.ts: live, not
 * banned, a writer or a root who publishes) and has accepted manga (a page with nothing on it is not listed).
 */
const listedWriter = sql`u.deleted_at is null and u.banned = false and u.role in (${Role.writer}, ${Role.root})
  and exists (select 1 from manga m where m.author_id = u.id and m.status = ${Status.Accepted})`;

async function writerBlocks(db: Db): Promise<number[]> {
  const result = await db.execute<{ k: number }>(sql`
    with recursive b(k) as (
      select (select (u.id - 1) / ${ROWS_PER_FILE} from users u where ${listedWriter} order by u.id limit 1)
      union all
      select (select (u.id - 1) / ${ROWS_PER_FILE} from users u where ${listedWriter} and u.id > (b.k + 1) * ${ROWS_PER_FILE} order by u.id limit 1)
      from b where b.k is not null
    )
    select k::int as k from b where k is not null`);
  return result.rows.map((r) => Number(r.k));
}

/** The children of the index, in order (always `pages.xml`, then the non-empty manga, chapter and writer blocks). */
export async function sitemapFiles(db: Db): Promise<SitemapFile[]> {
  const [manga, chapters, writers] = await Promise.all([mangaBlocks(db), chapterBlocks(db), writerBlocks(db)]);
  return [
    { kind: "pages" },
    ...manga.map((block) => ({ kind: "manga" as const, block })),
    ...chapters.map((block) => ({ kind: "chapters" as const, block })),
    ...writers.map((block) => ({ kind: "writers" as const, block })),
  ];
}

/** The sitemap index document listing these children. */
export function sitemapIndexXml(siteUrl: string, files: readonly SitemapFile[]): string {
  const base = origin(siteUrl);
  const entries = files.map((f) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/${sitemapFileName(f)}`)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

interface Page {
  /** The English path (no prefix); the Arabic one is `/ar` + it. */
  path: string;
  lastmod?: string;
  changefreq?: string;
  image?: string;
}

/**
 * Both languages of a page, each its own <url> with the same reciprocal alternates (en, ar, x-default). `base` and
 * the path are already XML-escaped (paths are ASCII letters, digits, `/` and `-`, or a percent-encoded username).
 */
function pageUrls(base: string, page: Page): string {
  const en = `${base}${page.path}`;
  const ar = `${base}/ar${page.path === "/" ? "" : page.path}`;
  const rest =
    `${page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : ""}${page.changefreq ? `<changefreq>${page.changefreq}</changefreq>` : ""}` +
    `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>` +
    `<xhtml:link rel="alternate" hreflang="ar" href="${ar}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>` +
    `${page.image ? `<image:image><image:loc>${page.image}</image:loc></image:image>` : ""}</url>\n`;
  return `<url><loc>${en}</loc>${rest}<url><loc>${ar}</loc>${rest}`;
}

const URLSET_OPEN =
  `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" ` +
  `xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n`;
const URLSET_CLOSE = "</urlset>\n";
const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS"Z"'`);

/**
 * A child sitemap as chunks of text (one per keyset batch), or undefined when the file does not exist (an unknown
 * or empty block: 404). Memory stays at one batch whatever the block's size.
 */
export async function sitemapChild(db: Db, siteUrl: string, file: SitemapFile): Promise<AsyncIterable<string> | undefined> {
  const base = escapeXml(origin(siteUrl));
  if (file.kind === "pages") {
    const body = STATIC_SITEMAP_PATHS.map((path) => pageUrls(base, { path, changefreq: path === "/" || path === "/discovery" || path === "/latest" ? "daily" : "monthly" })).join("");
    return (async function* () {
      yield URLSET_OPEN + body + URLSET_CLOSE;
    })();
  }
  const lo = file.block * ROWS_PER_FILE;
  const hi = lo + ROWS_PER_FILE;
  const read = {
    manga: (after: number) => mangaBatch(db, base, after, hi),
    chapters: (after: number) => chapterBatch(db, after, hi),
    writers: (after: number) => writerBatch(db, after, hi),
  }[file.kind];
  const first = await read(lo);
  if (first.length === 0) return undefined;
  return (async function* () {
    let rows = first;
    let text = URLSET_OPEN;
    for (;;) {
      for (const row of rows) {
        text += pageUrls(base, row.page);
        if (text.length >= CHUNK_CHARS) {
          yield text;
          text = "";
        }
      }
      if (rows.length < BATCH) break;
      rows = await read(rows[rows.length - 1]!.id);
      if (rows.length === 0) break;
    }
    yield text + URLSET_CLOSE;
  })();
}

async function mangaBatch(db: Db, base: string, after: number, upTo: number): Promise<{ id: number; page: Page }[]> {
  const result = await db.execute<{ id: number; lastmod: string; cover: string | null }>(sql`
    select id, to_char(updated_at at time zone 'UTC', ${ISO}) as lastmod, cover_image_id as cover
    from manga where status = ${Status.Accepted} and id > ${after} and id <= ${upTo}
    order by id limit ${BATCH}`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    page: { path: `/discovery/manga/${r.id}`, lastmod: r.lastmod, changefreq: "weekly", image: r.cover ? `${base}${escapeXml(mediaUrl(r.cover)!)}` : undefined },
  }));
}

async function chapterBatch(db: Db, after: number, upTo: number): Promise<{ id: number; page: Page }[]> {
  const result = await db.execute<{ id: number; manga_id: number; lastmod: string }>(sql`
    select c.id, c.manga_id, to_char(c.updated_at at time zone 'UTC', ${ISO}) as lastmod
    from chapters c join manga m on m.id = c.manga_id
    where ${freePublicChapter} and c.id > ${after} and c.id <= ${upTo}
    order by c.id limit ${BATCH}`);
  return result.rows.map((r) => ({ id: Number(r.id), page: { path: `/manga-reader/${r.manga_id}/${r.id}`, lastmod: r.lastmod, changefreq: "monthly" } }));
}

async function writerBatch(db: Db, after: number, upTo: number): Promise<{ id: number; page: Page }[]> {
  const result = await db.execute<{ id: number; username: string; lastmod: string }>(sql`
    select u.id, u.username,
      to_char((select max(m.updated_at) from manga m where m.author_id = u.id and m.status = ${Status.Accepted}) at time zone 'UTC', ${ISO}) as lastmod
    from users u
    where ${listedWriter} and u.id > ${after} and u.id <= ${upTo}
    order by u.id limit ${BATCH}`);
  return result.rows.map((r) => ({ id: Number(r.id), page: { path: `/writers/${escapeXml(encodeURIComponent(r.username))}`, lastmod: r.lastmod, changefreq: "weekly" } }));
}
