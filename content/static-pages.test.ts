import { describe, expect, it } from "vitest";
import {
  getStaticPage,
  staticPageLocales,
  staticPageUi,
  type ContentBlock,
  type StaticPageContent,
  type StaticPageKey,
} from "./static-pages";

const pages: StaticPageKey[] = ["faq", "terms", "privacy"];
/** The configured support address the texts are given (SUPPORT_EMAIL; static-pages-facts.test.ts pins the rest). */
const ADDRESS = "help@manga.test";

/** The shape of a page without its words: ids, block kinds and list lengths. */
function shape(page: StaticPageContent): unknown {
  const blocks = (body: readonly ContentBlock[]) =>
    body.map((block) => (block.type === "p" ? "p" : `list:${block.items.length}`));
  if (page.kind === "faq") {
    return page.groups.map((group) => ({
      id: group.id,
      items: group.items.map((item) => ({ id: item.id, answer: blocks(item.answer) })),
    }));
  }
  return page.sections.map((section) => ({ id: section.id, body: blocks(section.body) }));
}

/** Every piece of text on a page, for content checks. */
function allText(page: StaticPageContent): string {
  const blockText = (body: readonly ContentBlock[]) =>
    body.map((block) => (block.type === "p" ? block.text : block.items.join("\n"))).join("\n");
  const parts = [page.title, page.lead, page.updated];
  if (page.kind === "faq") {
    for (const group of page.groups) {
      parts.push(group.title);
      for (const item of group.items) parts.push(item.question, blockText(item.answer));
    }
  } else {
    for (const section of page.sections) parts.push(section.heading, blockText(section.body));
  }
  return parts.join("\n");
}

function faqItem(locale: "en" | "ar", id: string): string {
  const page = getStaticPage("faq", locale, ADDRESS);
  const item = page.groups.flatMap((group) => group.items).find((entry) => entry.id === id);
  if (!item) throw new Error(`FAQ item ${id} missing in ${locale}`);
  return [item.question, ...item.answer.map((b) => (b.type === "p" ? b.text : b.items.join("\n")))].join("\n");
}

describe("static pages content", () => {
  it.each(pages)("%s has the same structure in English and Arabic", (key) => {
    const en = getStaticPage(key, "en", ADDRESS);
    const ar = getStaticPage(key, "ar", ADDRESS);
    expect(ar.kind).toBe(en.kind);
    expect(shape(ar)).toEqual(shape(en));
    if (en.kind === "faq" && ar.kind === "faq") {
      expect(ar.groups).toHaveLength(en.groups.length);
      expect(ar.groups.map((g) => g.items.length)).toEqual(en.groups.map((g) => g.items.length));
    }
    if (en.kind === "legal" && ar.kind === "legal") {
      expect(ar.sections).toHaveLength(en.sections.length);
    }
  });

  it.each(pages)("%s has real, non-empty text with unique anchors", (key) => {
    for (const locale of staticPageLocales) {
      const page = getStaticPage(key, locale, ADDRESS);
      const text = allText(page);
      expect(text).not.toMatch(/lorem|ipsum|TODO|TBD/i);
      for (const field of [page.title, page.lead, page.updated]) expect(field.trim()).not.toBe("");
      const ids =
        page.kind === "faq"
          ? [...page.groups.map((g) => g.id), ...page.groups.flatMap((g) => g.items.map((i) => i.id))]
          : page.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeGreaterThan(3);
      if (locale === "ar") expect(text).toMatch(/[\u0600-\u06FF]/);
      // Everyone should be able to reach a human, at the configured address.
      expect(text).toContain(ADDRESS);
    }
  });

  it("groups the FAQ into Reading, Creators, Account and Premium", () => {
    for (const locale of staticPageLocales) {
      expect(getStaticPage("faq", locale, ADDRESS).groups.map((g) => g.id)).toEqual([
        "reading",
        "creators",
        "account",
        "premium",
      ]);
    }
  });

  it.each(staticPageLocales)("the %s FAQ states the spec's public numbers in Western digits", (locale) => {
    const text = allText(getStaticPage("faq", locale, ADDRESS));
    const mb = locale === "en" ? /\b50\s?MB\b/ : /50\s?(MB|ميغابايت)/;
    expect(text).toMatch(mb);
    expect(text).toContain("2049");
    expect(text).toContain("1398");
    expect(text).toMatch(/200/);
    expect(text).toMatch(/300/);
    expect(text).toMatch(/DPI/);
    expect(text).toMatch(/60\s?[%٪]/);
    // The same statements sit in the questions creators will look for.
    expect(faqItem(locale, "creators-formats")).toMatch(/50/);
    expect(faqItem(locale, "creators-page-size")).toMatch(/2049 × 1398/);
    expect(faqItem(locale, "creators-page-size")).toMatch(/200.{0,3}300/);
    expect(faqItem(locale, "creators-earnings")).toMatch(/60%/);
    expect(faqItem(locale, "creators-payouts")).toMatch(locale === "en" ? /e-mail/ : /البريد الإلكتروني/);
    expect(faqItem(locale, "premium-plans")).toMatch(locale === "en" ? /PremiumPlus/ : /بريميوم بلس/);
    expect(faqItem(locale, "premium-plans")).toMatch(locale === "en" ? /coming soon/ : /قريبًا/);
  });

  it("states the creator revenue share consistently in the terms", () => {
    for (const locale of staticPageLocales) {
      expect(allText(getStaticPage("terms", locale, ADDRESS))).toMatch(/60%/);
    }
  });

  it("has interface labels for both languages", () => {
    expect(Object.keys(staticPageUi.ar).sort()).toEqual(Object.keys(staticPageUi.en).sort());
    for (const locale of staticPageLocales) {
      for (const key of pages) {
        expect(staticPageUi[locale].pageNames[key]).toBe(getStaticPage(key, locale, ADDRESS).title);
      }
    }
  });
});
