import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Role, Status } from "@/lib/enums";
import { seedFixture, type Fixture } from "@/server/manga/test-fixtures";
import { hasXmllint, validateSitemaps } from "@/tests/validators/sitemap-xsd";
import { MAX_URLS_PER_FILE, parseSitemapFileName, ROWS_PER_FILE, sitemapChild, sitemapFileName, sitemapFiles, sitemapIndexXml, type SitemapFile } from "./sitemap";

const SITE = "https://manga.example";
let fx: Fixture;
/** A public manga far into the id space (its own block), with a free, a scheduled and a timed-premium chapter. */
let far: number;
let chapterIds: { free: number; scheduled: number; freeAgain: number; premium: number };

beforeAll(async () => {
  fx = await seedFixture();
  far = 3 * ROWS_PER_FILE + 17;
  await fx.db.execute(sql`insert into manga (id, title, status, updated_at) overriding system value values (${far}, 'Far away', ${Status.Accepted}, '2024-09-01T10:00:00Z')`);
  const rows = await fx.db.execute<{ id: number }>(sql`
    insert into chapters (manga_id, title, number, status, is_premium, publish_at, free_at) values
      (${far}, 'Free', 1, ${Status.Accepted}, false, null, null),
      (${far}, 'Later', 2, ${Status.Accepted}, false, now() + interval '1 day', null),
      (${far}, 'Was premium', 3, ${Status.Accepted}, true, null, now() - interval '1 day'),
      (${far}, 'Premium', 4, ${Status.Accepted}, true, null, null)
    returning id`);
  const [free, scheduled, freeAgain, premium] = rows.rows.map((r) => Number(r.id));
  chapterIds = { free: free!, scheduled: scheduled!, freeAgain: freeAgain!, premium: premium! };
});

async function read(file: SitemapFile): Promise<string | undefined> {
  const chunks = await sitemapChild(fx.db, SITE, file);
  if (!chunks) return undefined;
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe("sitemap index and children (issue 35 item 4)", () => {
  it("the index lists the static pages and only the non-empty blocks of manga and chapters", async () => {
    const files = await sitemapFiles(fx.db);
    expect(files.map(sitemapFileName)).toEqual(["pages.xml", "manga-0.xml", "manga-3.xml", "chapters-0.xml", "writers-0.xml"]);
    const index = sitemapIndexXml(SITE, files);
    expect(locs(index)).toEqual(files.map((f) => `${SITE}/sitemaps/${sitemapFileName(f)}`));
    expect(await read({ kind: "manga", block: 1 })).toBeUndefined();
  });

  it("lists each page in both languages as its own <loc>, with reciprocal alternates and x-default", async () => {
    const xml = (await read({ kind: "manga", block: 3 }))!;
    const en = `${SITE}/discovery/manga/${far}`;
    const ar = `${SITE}/ar/discovery/manga/${far}`;
    expect(locs(xml)).toEqual([en, ar]);
    const urls = xml.match(/<url>[\s\S]*?<\/url>/g)!;
    for (const url of urls) {
      expect(url).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${en}"/>`);
      expect(url).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${ar}"/>`);
      expect(url).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>`);
      expect(url).toMatch(/^<url><loc>[^<]+<\/loc><lastmod>2024-09-01T10:00:00Z<\/lastmod><changefreq>weekly<\/changefreq><xhtml:link/);
    }
    const pages = (await read({ kind: "pages" }))!;
    expect(locs(pages)).toEqual(["/", "/ar", "/discovery", "/ar/discovery", "/latest", "/ar/latest", "/frequently-asked-questions", "/ar/frequently-asked-questions", "/terms-of-service", "/ar/terms-of-service", "/privacy-policy", "/ar/privacy-policy"].map((p) => `${SITE}${p}`));
  });

  it("previews of accepted manga only (with their covers), and free published chapters of accepted manga only", async () => {
    const manga = (await read({ kind: "manga", block: 0 }))!;
    const accepted = Object.entries(fx.ids).filter(([title]) => !["Pending Saga", "Rejected Tale"].includes(title));
    expect(locs(manga).filter((l) => !l.includes("/media/"))).toHaveLength(accepted.length * 2);
    expect(manga).not.toContain(`/discovery/manga/${fx.ids["Pending Saga"]}<`);
    expect(manga).toContain(`<image:image><image:loc>${SITE}${fx.coverUrl}</image:loc></image:image>`);
    const chapters = locs((await read({ kind: "chapters", block: 0 }))!);
    expect(chapters).toContain(`${SITE}/manga-reader/${far}/${chapterIds.free}`);
    expect(chapters).toContain(`${SITE}/ar/manga-reader/${far}/${chapterIds.freeAgain}`);
    expect(chapters.join(" ")).not.toMatch(new RegExp(`/${chapterIds.scheduled}$|/${chapterIds.premium}$|/${chapterIds.scheduled} |/${chapterIds.premium} `));
    // The fixture's public chapters: "Beginning", "Harbor", "البداية" (its premium "Wings" and pending ones are not).
    expect(chapters).toHaveLength((3 + 2) * 2);
  });

  it("writers' pages: writers and publishing roots with accepted manga, live and not banned, their names percent-encoded", async () => {
    const made = await fx.db.execute<{ id: number; username: string }>(sql`
      insert into users (username, email, full_name, role, banned, deleted_at) values
        ('كاتب', 'katib@example.test', 'Katib', ${Role.writer}, false, null),
        ('banned_writer', 'banned@example.test', 'Banned', ${Role.writer}, true, null),
        ('gone_writer', 'gone@example.test', 'Gone', ${Role.writer}, false, now()),
        ('idle_writer', 'idle@example.test', 'Idle', ${Role.writer}, false, null)
      returning id, username`);
    const id = (name: string) => made.rows.find((r) => r.username === name)!.id;
    await fx.db.execute(sql`insert into manga (title, status, author_id, updated_at) values
      ('By Katib', ${Status.Accepted}, ${id("كاتب")}, '2024-10-02T08:00:00Z'),
      ('By the banned', ${Status.Accepted}, ${id("banned_writer")}, now()),
      ('By the deleted', ${Status.Accepted}, ${id("gone_writer")}, now()),
      ('By the idle, pending', ${Status.Pending}, ${id("idle_writer")}, now()),
      ('By root', ${Status.Accepted}, ${fx.users.root}, now())`);
    const xml = (await read({ kind: "writers", block: 0 }))!;
    const katib = `${SITE}/writers/${encodeURIComponent("كاتب")}`;
    expect(locs(xml).sort()).toEqual(
      ["writerA", "writerB", "root1"].flatMap((name) => [`${SITE}/writers/${name}`, `${SITE}/ar/writers/${name}`]).concat([katib, `${SITE}/ar/writers/${encodeURIComponent("كاتب")}`]).sort(),
    );
    expect(xml).toContain(`<loc>${katib}</loc><lastmod>2024-10-02T08:00:00Z</lastmod><changefreq>weekly</changefreq>`);
    expect(parseSitemapFileName("writers-0.xml")).toEqual({ kind: "writers", block: 0 });
  });

  it("a child never exceeds the protocol's 50,000 URLs, and only well-formed names are children", () => {
    expect(2 * ROWS_PER_FILE).toBeLessThanOrEqual(MAX_URLS_PER_FILE);
    expect(parseSitemapFileName("manga-12.xml")).toEqual({ kind: "manga", block: 12 });
    for (const bad of ["manga-01.xml", "manga--1.xml", "manga-1.xml.gz", "chapters-99999999.xml", "other.xml", "pages.xml/"]) expect(parseSitemapFileName(bad)).toBeUndefined();
  });

  it.skipIf(!hasXmllint())("the index and every child are valid against the sitemap 0.9 schema (xmllint --schema)", async () => {
    const files = await sitemapFiles(fx.db);
    const documents: Record<string, string> = { "sitemap.xml": sitemapIndexXml(SITE, files) };
    for (const file of files) documents[sitemapFileName(file)] = (await read(file))!;
    const errors = validateSitemaps(documents);
    expect(errors).toEqual(Object.fromEntries(Object.keys(documents).map((name) => [name, []])));
  });

  it("xmllint reports the order the old sitemap had (extensions before lastmod)", () => {
    const bad = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>${SITE}/</loc><xhtml:link rel="alternate" hreflang="ar" href="${SITE}/ar"/><lastmod>2024-01-01</lastmod></url></urlset>`;
    if (!hasXmllint()) return;
    expect(validateSitemaps({ "old.xml": bad })["old.xml"]!.join("\n")).toMatch(/lastmod/);
  });
});
