import { describe, expect, it } from "vitest";
import { describeIssue, validateStructuredData } from "@/tests/validators/structured-data";
import { breadcrumbJsonLd, chapterJsonLd, jsonLdText, mangaJsonLd, siteJsonLd, writerJsonLd, type JsonLdObject } from "./seo";

const SITE_URL = "https://manga.example";
const html = (...blocks: Array<JsonLdObject | JsonLdObject[]>) => blocks.map((b) => `<script type="application/ld+json">${jsonLdText(b)}</script>`).join("");
const manga = {
  id: 7,
  title: "Dragon </script><script>alert(1)</script>",
  description: "A knight & a dragon",
  coverImageUrl: "/media/abc",
  genres: ["Action", "Adventure"] as const,
  favorites: 3,
  views: 40,
  chapters: [{ pageCount: 12 }],
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-02-01T00:00:00.000Z",
};

async function expectValid(page: string) {
  const { types, issues } = await validateStructuredData(page);
  expect(issues.map(describeIssue)).toEqual([]);
  return types;
}

describe("structured data (issue 35 item 3)", () => {
  it("escapes < so no text ends the script element, and stays the same JSON", () => {
    const text = jsonLdText(mangaJsonLd(manga, "en", "writer", SITE_URL));
    expect(text).not.toContain("<");
    expect(JSON.parse(text).name).toBe(manga.title);
  });

  it("landing: WebSite with the discovery search as SearchAction, and Organization, in each language", async () => {
    for (const locale of ["en", "ar"]) {
      const data = siteJsonLd(locale, SITE_URL, "MangaNova", "Read manga");
      expect(await expectValid(html(data))).toEqual(["WebSite", "Organization"]);
      const action = data[0]!.potentialAction as { target: { urlTemplate: string } };
      expect(action.target.urlTemplate).toBe(`${SITE_URL}${locale === "ar" ? "/ar" : ""}/discovery?search={search_term_string}`);
    }
  });

  it("preview: ComicSeries and BreadcrumbList", async () => {
    const crumbs = breadcrumbJsonLd(SITE_URL, [{ name: "Home", path: "/" }, { name: "Discovery", path: "/discovery" }, { name: manga.title, path: "/discovery/manga/7" }]);
    expect(await expectValid(html([mangaJsonLd(manga, "en", "writer", SITE_URL), crumbs]))).toEqual(["ComicSeries", "BreadcrumbList"]);
  });

  it("writer page: ProfilePage about the writer (a Person with followers and works), and BreadcrumbList", async () => {
    const path = `/ar/writers/${encodeURIComponent("كاتب")}`;
    const profile = writerJsonLd(SITE_URL, path, { id: 12, username: "كاتب", followers: 40, works: 3 });
    const crumbs = breadcrumbJsonLd(SITE_URL, [{ name: "الرئيسية", path: "/ar" }, { name: "كاتب", path }]);
    expect(await expectValid(html([profile, crumbs]))).toEqual(["ProfilePage", "BreadcrumbList"]);
    const person = profile.mainEntity as { url: string; interactionStatistic: { userInteractionCount: number } };
    expect(person.url).toBe(`${SITE_URL}${path}`);
    expect(person.interactionStatistic.userInteractionCount).toBe(40);
  });

  it("preview with counted ratings: aggregateRating (1–10) validates; without any, none is given", async () => {
    const rated = mangaJsonLd({ ...manga, rating: { mean: 7.7, count: 3 } }, "ar", "writer", SITE_URL);
    expect(rated.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 7.7, ratingCount: 3, bestRating: 10, worstRating: 1 });
    expect(await expectValid(html([rated]))).toEqual(["ComicSeries"]);
    expect(JSON.parse(jsonLdText(mangaJsonLd({ ...manga, rating: { mean: null, count: 0 } }, "en", "writer", SITE_URL)))).not.toHaveProperty("aggregateRating");
  });

  it("chapter page: ComicIssue part of the series, with number, date, language, author, image and URL", async () => {
    const issue = chapterJsonLd(
      { id: 9, title: "Beginning", number: 1, pageCount: 12, publishedAt: new Date("2024-03-01T00:00:00Z") },
      { id: 7, title: "قمر", description: "", coverImageUrl: "/media/abc", author: "writer" },
      "ar",
      SITE_URL,
    );
    expect(await expectValid(html([issue]))).toEqual(["ComicIssue"]);
    expect(issue).toMatchObject({
      issueNumber: 1,
      datePublished: "2024-03-01T00:00:00.000Z",
      inLanguage: "ar",
      author: { "@type": "Person", name: "writer" },
      image: `${SITE_URL}/media/abc`,
      url: `${SITE_URL}/ar/manga-reader/7/9`,
      isPartOf: { "@type": "ComicSeries", url: `${SITE_URL}/ar/discovery/manga/7` },
    });
  });

  it("the validator reports what is wrong (a property schema.org does not have)", async () => {
    const { issues } = await validateStructuredData(html({ "@context": "https://schema.org", "@type": "ComicIssue", name: "x", notAProperty: 1 }));
    expect(issues.map(describeIssue).join("\n")).toMatch(/notAProperty/);
  });
});
