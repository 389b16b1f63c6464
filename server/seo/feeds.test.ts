import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Status } from "@/lib/enums";
import { LATEST } from "@/lib/latest";
import { seedFixture, type Fixture } from "@/server/manga/test-fixtures";
import { listLatestChapters } from "@/server/manga/latest-chapters";
import { getMangaFeed } from "@/server/manga/manga-feed";
import { hasXmllint } from "@/tests/validators/sitemap-xsd";
import { validateAtom } from "@/tests/validators/atom-rng";
import { feedTexts } from "./feed-texts";
import { escapeXml, latestFeedXml, mangaFeedXml } from "./feeds";

// The routes read through Next's data cache, which exists only inside Next: here each read goes to the database.
vi.mock("next/cache", () => ({ unstable_cache: <T>(fn: T) => fn }));
vi.mock("@/server/env", () => ({ env: { siteUrl: "https://manga.example/" } }));

const SITE = "https://manga.example/";
let fx: Fixture;
let tricky: number;
let pending: number;

beforeAll(async () => {
  fx = await seedFixture();
  const m = await fx.db.execute<{ id: number }>(sql`insert into manga (title, status, description) values (${'Tom & "Jerry" <script>'}, ${Status.Accepted}, 'x') returning id`);
  tricky = Number(m.rows[0]!.id);
  const values = Array.from({ length: LATEST.feedEntries + 5 }, (_, i) => sql`(${tricky}, ${`Part ${i + 1} ]]> &amp; \u0001`}, ${i + 1}, ${Status.Accepted}, ${i === 0}, now() - make_interval(mins => ${LATEST.feedEntries + 5 - i}))`);
  await fx.db.execute(sql`insert into chapters (manga_id, title, number, status, is_premium, announced_at) values ${sql.join(values, sql`, `)}`);
  const p = await fx.db.execute<{ id: number }>(sql`insert into manga (title, status) values ('Waiting', ${Status.Pending}) returning id`);
  pending = Number(p.rows[0]!.id);
  await fx.db.execute(sql`insert into chapters (manga_id, title, number, status) values (${pending}, 'W1', 1, ${Status.Accepted})`);
});

const entries = (xml: string) => xml.match(/<entry>[\s\S]*?<\/entry>/g) ?? [];

describe("Atom feeds of the latest updates (issue 31, item 4)", () => {
  it("the catalogue's feed: valid Atom, absolute URLs from the site URL, escaped texts, at most LATEST.feedEntries entries", async () => {
    const xml = latestFeedXml({ siteUrl: SITE, locale: "en", entries: await listLatestChapters({ db: fx.db }), texts: await feedTexts("en") });
    if (hasXmllint()) expect(validateAtom(xml)).toEqual([]);
    expect(entries(xml)).toHaveLength(LATEST.feedEntries);
    expect(xml).toContain('<link rel="self" type="application/atom+xml" href="https://manga.example/feeds/latest.xml"/>');
    expect(xml).toContain('<link rel="alternate" type="text/html" hreflang="en" href="https://manga.example/latest"/>');
    expect(xml).toContain("<id>https://manga.example/feeds/latest.xml</id>");
    const newest = entries(xml)[0]!;
    expect(newest).toContain("Part 55 ]]&gt; &amp;amp; \u2069");
    expect(newest).not.toContain("\u0001");
    expect(newest).toContain("Tom &amp; &quot;Jerry&quot; &lt;script&gt;");
    expect(newest).toMatch(/<link rel="alternate" type="text\/html" hreflang="en" href="https:\/\/manga\.example\/manga-reader\/\d+\/\d+"\/>/);
    expect(newest).toMatch(/<updated>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/updated>/);
    // The feed's <updated> is its newest entry's.
    expect(xml.match(/<feed[^>]*>[\s\S]*?<updated>([^<]+)<\/updated>/)![1]).toBe(newest.match(/<updated>([^<]+)<\/updated>/)![1]);
    // Every entry without content links to its page (RFC 4287 §4.1.2, the rule the schema cannot say).
    for (const e of entries(xml)) expect(e).toMatch(/<link rel="alternate"/);
    expect(xml).not.toContain("W1");
  });

  it("in Arabic: titles from messages/ar.json, links to the Arabic pages, the same entry ids", async () => {
    const list = await listLatestChapters({ db: fx.db, limit: 3 });
    const [en, ar] = [latestFeedXml({ siteUrl: SITE, locale: "en", entries: list, texts: await feedTexts("en") }), latestFeedXml({ siteUrl: SITE, locale: "ar", entries: list, texts: await feedTexts("ar") })];
    if (hasXmllint()) expect(validateAtom(ar)).toEqual([]);
    expect(ar).toContain('xml:lang="ar"');
    expect(ar).toContain("أحدث الفصول");
    expect(ar).toContain('href="https://manga.example/feeds/latest.xml?lang=ar"');
    expect(ar).toContain('href="https://manga.example/ar/latest"');
    expect(ar).toMatch(/href="https:\/\/manga\.example\/ar\/manga-reader\/\d+\/\d+"/);
    const ids = (xml: string) => entries(xml).map((e) => e.match(/<id>([^<]+)<\/id>/)![1]);
    expect(ids(ar)).toEqual(ids(en));
  });

  it("a manga's feed: its chapters only, its cover as logo, a premium chapter flagged", async () => {
    const feed = (await getMangaFeed({ db: fx.db, mangaId: fx.ids["Dragon Quest Alpha"]! }))!;
    const xml = mangaFeedXml({ siteUrl: SITE, locale: "en", feed, texts: await feedTexts("en", feed.title) });
    if (hasXmllint()) expect(validateAtom(xml)).toEqual([]);
    expect(entries(xml).map((e) => e.match(/<title type="text">([^<]+)<\/title>/)![1])).toEqual([
      "\u2068Dragon Quest Alpha\u2069 – chapter 2: \u2068Wings\u2069",
      "\u2068Dragon Quest Alpha\u2069 – chapter 1: \u2068Beginning\u2069",
    ]);
    expect(entries(xml)[0]).toContain('<category term="premium" label="Premium"/>');
    expect(xml).toContain(`<logo>https://manga.example${fx.coverUrl}</logo>`);
    expect(xml).toContain(`href="https://manga.example/discovery/manga/${fx.ids["Dragon Quest Alpha"]}"`);
    // A public manga with no public chapter yet: a valid, empty feed dated by the manga.
    const empty = (await getMangaFeed({ db: fx.db, mangaId: fx.ids["comedy club"]! }))!;
    const emptyXml = mangaFeedXml({ siteUrl: SITE, locale: "ar", feed: empty, texts: await feedTexts("ar", empty.title) });
    if (hasXmllint()) expect(validateAtom(emptyXml)).toEqual([]);
    expect(entries(emptyXml)).toEqual([]);
  });

  it("the routes: Atom content type and cache headers; 404 for an unknown, non-public or malformed manga or language", async () => {
    const { GET: latest } = await import("@/app/feeds/latest.xml/route");
    const { GET: manga } = await import("@/app/feeds/manga/[file]/route");
    const ok = await latest(new Request("http://localhost/feeds/latest.xml?lang=ar"));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(ok.headers.get("cache-control")).toMatch(/public.*s-maxage=\d+/);
    expect(await ok.text()).toContain('xml:lang="ar"');
    expect((await latest(new Request("http://localhost/feeds/latest.xml?lang=fr"))).status).toBe(404);
    const one = (file: string, q = "") => manga(new Request(`http://localhost/feeds/manga/${file}${q}`), { params: Promise.resolve({ file }) });
    const found = await one(`${tricky}.xml`);
    expect(found.status).toBe(200);
    if (hasXmllint()) expect(validateAtom(await found.text())).toEqual([]);
    for (const file of [`${pending}.xml`, `${fx.ids["Rejected Tale"]}.xml`, "2147483647.xml", "99999999999.xml", "0.xml", "12", "x.xml", "1.xml.bak"]) {
      const res = await one(file);
      expect(res.status, file).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    expect((await one(`${tricky}.xml`, "?lang=ar&lang=en")).status).toBe(404);
  });

  it("escapes every XML special character and drops those XML cannot carry", () => {
    expect(escapeXml(`a&b<c>d"e'f\u0000g\u000Bh\uFFFEi\uD800j`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;fghij");
    expect(escapeXml("😀 مرحبا")).toBe("😀 مرحبا");
  });
});
