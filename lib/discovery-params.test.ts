import { describe, expect, it } from "vitest";
import { SortBy } from "./enums";
import { apiSortBy, defaultSort, discoveryQuery, parseDiscoveryParams, RELEVANCE, withDiscoveryParams } from "./discovery-params";

describe("the discovery order: best match for a search, most popular otherwise", () => {
  it("defaults to relevance with a search and to popularity without", () => {
    expect(parseDiscoveryParams({ search: "dawn" }).sort).toBe(RELEVANCE);
    expect(parseDiscoveryParams({}).sort).toBe(SortBy.Popularity);
    expect(parseDiscoveryParams({ search: "  " }).sort).toBe(SortBy.Popularity);
    // A sort the URL names is kept; "relevance" in a URL is the default it already is, and means nothing without one.
    expect(parseDiscoveryParams({ search: "dawn", sort: "5" }).sort).toBe(SortBy.Popularity);
    expect(parseDiscoveryParams({ search: "dawn", sort: "relevance" }).sort).toBe(RELEVANCE);
    expect(parseDiscoveryParams({ sort: "relevance" }).sort).toBe(SortBy.Popularity);
  });

  it("leaves the default order out of the URL, and writes popularity when a search chose it", () => {
    expect(discoveryQuery({ search: "dawn", sort: RELEVANCE })).toBe("?search=dawn");
    expect(discoveryQuery({ search: "dawn", sort: SortBy.Popularity })).toBe("?search=dawn&sort=5");
    expect(discoveryQuery({ sort: SortBy.Popularity })).toBe("");
    expect(discoveryQuery({ sort: SortBy.Title })).toBe("?sort=1");
    expect(discoveryQuery({ search: "", sort: RELEVANCE })).toBe("");
    for (const q of ["?search=dawn", "?search=dawn&sort=5", "?sort=1", ""]) {
      expect(discoveryQuery(parseDiscoveryParams(Object.fromEntries(new URLSearchParams(q))))).toBe(q);
    }
  });

  it("a new search takes its default order unless the visitor chose one", () => {
    const home = parseDiscoveryParams({});
    expect(withDiscoveryParams(home, { search: "moon" }).sort).toBe(RELEVANCE);
    const byTitle = parseDiscoveryParams({ sort: "1" });
    expect(withDiscoveryParams(byTitle, { search: "moon" }).sort).toBe(SortBy.Title);
    const searched = parseDiscoveryParams({ search: "moon" });
    expect(withDiscoveryParams(searched, { search: "" }).sort).toBe(SortBy.Popularity);
    expect(withDiscoveryParams(searched, { search: "dawn" }).sort).toBe(RELEVANCE);
    const popularSearch = parseDiscoveryParams({ search: "moon", sort: "5" });
    expect(withDiscoveryParams(popularSearch, { search: "dawn" }).sort).toBe(SortBy.Popularity);
    expect(withDiscoveryParams(searched, { page: 2 })).toMatchObject({ search: "moon", sort: RELEVANCE, page: 2 });
  });

  it("asks the API for no sortBy for relevance (it ranks a search so) and for the sort otherwise", () => {
    expect(apiSortBy(RELEVANCE)).toBeUndefined();
    expect(apiSortBy(SortBy.Views)).toBe(SortBy.Views);
    expect(defaultSort("x")).toBe(RELEVANCE);
  });
});
