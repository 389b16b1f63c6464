import compile from "icu-minify/compile";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import ar from "@/messages/ar.json";
import en from "@/messages/en.json";
import { formatMessage, lookup, type Compiled, type MessageTree } from "./format";
import { getPathname, stripLocale } from "./paths";

/** The namespaces public pages read in the browser (the site, dashboard and reader layouts' TextsProvider). */
const PUBLIC_NAMESPACES = ["nav", "search", "language", "theme", "manga", "genres", "discovery"] as const;
const SAMPLE_VALUES = { count: 0, query: "قمر", author: "Hana", from: 21, to: 40, total: 1234, page: 3, genre: "Action", max: 5, name: "Romance", mean: "7.7" };
const COUNTS = [0, 1, 2, 3, 7, 11, 25, 100, 101, 1000, 12345];

function leaves(tree: Record<string, unknown>, prefix = ""): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value as Record<string, unknown>, `${prefix}${key}.`),
  );
}

describe("formatMessage (compiled messages, as public pages format them in the browser)", () => {
  for (const [locale, messages] of [["en", en], ["ar", ar]] as const) {
    it(`matches next-intl for every public message in ${locale}, with every plural form`, () => {
      const t = createTranslator({ locale, messages });
      let checked = 0;
      for (const ns of PUBLIC_NAMESPACES) {
        for (const [key, source] of leaves((messages as unknown as Record<string, Record<string, unknown>>)[ns]!)) {
          const compiled = compile(source) as Compiled;
          for (const count of COUNTS) {
            const values = { ...SAMPLE_VALUES, count };
            expect(formatMessage(locale, compiled, values), `${ns}.${key} (${count})`).toBe(t(`${ns}.${key}` as never, values as never));
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(100);
    });
  }

  it("uses the locale's plural rules and number format for #", () => {
    const favorites = compile((ar as { manga: { favorites: string } }).manga.favorites) as Compiled;
    expect(formatMessage("ar", favorites, { count: 0 })).toBe("لا مفضلات");
    expect(formatMessage("ar", favorites, { count: 2 })).toBe("مفضلتان");
    expect(formatMessage("ar", favorites, { count: 5 })).toBe(`${new Intl.NumberFormat("ar").format(5)} مفضلات`);
    expect(formatMessage("en", compile("{count, plural, =0 {none} one {# item} other {# items}}") as Compiled, { count: 0 })).toBe("none");
    expect(formatMessage("en", compile("{count, plural, one {# item} other {# items}}") as Compiled, { count: 1234 })).toBe("1,234 items");
  });

  it("formats selects and leaves plain strings alone", () => {
    const message = compile("{kind, select, manga {A manga} other {Something}} by {name}") as Compiled;
    expect(formatMessage("en", message, { kind: "manga", name: "Hana" })).toBe("A manga by Hana");
    expect(formatMessage("en", message, { kind: "novel", name: "Hana" })).toBe("Something by Hana");
    expect(formatMessage("en", "Plain {text}")).toBe("Plain {text}");
  });

  it("looks messages up by dotted path, answering the path itself when there is none", () => {
    const tree: MessageTree = { sort: { "0": "Newest" }, title: "Discover" };
    expect(lookup(tree, "sort.0")).toBe("Newest");
    expect(lookup(tree, "title")).toBe("Discover");
    expect(lookup(tree, "sort")).toBe("sort");
    expect(lookup(tree, "missing.key")).toBe("missing.key");
    expect(lookup(undefined, "title")).toBe("title");
  });
});

describe("getPathname and stripLocale (the site's locale prefixes)", () => {
  it("adds /ar to Arabic paths and nothing to English ones", () => {
    expect(getPathname({ href: "/discovery", locale: "en" })).toBe("/discovery");
    expect(getPathname({ href: "/discovery", locale: "ar" })).toBe("/ar/discovery");
    expect(getPathname({ href: "/", locale: "ar" })).toBe("/ar");
    expect(getPathname({ href: "/?x=1", locale: "ar" })).toBe("/ar?x=1");
    expect(getPathname({ href: "/discovery?page=2", locale: "ar" })).toBe("/ar/discovery?page=2");
  });

  it("writes the query of an object href, repeating array values and skipping undefined ones", () => {
    expect(getPathname({ href: { pathname: "/auth", query: { type: "login" } }, locale: "ar" })).toBe("/ar/auth?type=login");
    expect(getPathname({ href: { pathname: "/discovery", query: { genre: ["Action", "Drama"], page: 2, search: undefined } }, locale: "en" })).toBe(
      "/discovery?genre=Action&genre=Drama&page=2",
    );
    expect(getPathname({ href: { pathname: "/discovery", query: {} }, locale: "en" })).toBe("/discovery");
  });

  it("leaves fragments, other sites and unknown locales alone", () => {
    expect(getPathname({ href: "#main", locale: "ar" })).toBe("#main");
    expect(getPathname({ href: "https://example.com/x", locale: "ar" })).toBe("https://example.com/x");
    expect(getPathname({ href: "//example.com/x", locale: "ar" })).toBe("//example.com/x");
    expect(getPathname({ href: "/discovery", locale: "fr" })).toBe("/discovery");
  });

  it("strips a locale prefix, and only a whole first segment", () => {
    expect(stripLocale("/ar/discovery")).toBe("/discovery");
    expect(stripLocale("/ar")).toBe("/");
    expect(stripLocale("/en/discovery")).toBe("/discovery");
    expect(stripLocale("/arcade")).toBe("/arcade");
    expect(stripLocale("/")).toBe("/");
  });
});
