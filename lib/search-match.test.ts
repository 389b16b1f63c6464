import { describe, expect, it } from "vitest";
import { MatchRank, titleMatchRank } from "./search-match";

describe("titleMatchRank", () => {
  it("tells the whole title, its beginning, a word's beginning, anywhere and elsewhere apart", () => {
    expect(titleMatchRank("Moonlit Apothecary", "moonlit apothecary")).toBe(MatchRank.exactTitle);
    expect(titleMatchRank("Moonlit Apothecary", "MOON")).toBe(MatchRank.titlePrefix);
    expect(titleMatchRank("The Last Blade of Dawn", "dawn")).toBe(MatchRank.titleWord);
    expect(titleMatchRank("Lanterns of the Lost Harbor", " ha ")).toBe(MatchRank.titleWord);
    expect(titleMatchRank("Ramen at Midnight", "night")).toBe(MatchRank.titleSubstring);
    expect(titleMatchRank("Ramen at Midnight", "dawn")).toBe(MatchRank.otherField);
    expect(titleMatchRank("Ramen at Midnight", "   ")).toBe(MatchRank.otherField);
  });

  it("folds Arabic as the search does, and counts a word after its article as a word's beginning", () => {
    expect(titleMatchRank("أسطورة البحّار", "اسطوره")).toBe(MatchRank.titlePrefix);
    expect(titleMatchRank("رحلة إلى القمر الأزرق", "القَمَر")).toBe(MatchRank.titleWord);
    expect(titleMatchRank("رحلة إلى القمر الأزرق", "قمر")).toBe(MatchRank.titleWord);
    expect(titleMatchRank("سيف الصحراء الأخير", "القمر")).toBe(MatchRank.otherField);
  });
});
