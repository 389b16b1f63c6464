import { describe, expect, it } from "vitest";
import { MatchRank, matchedField, titleMatchRank } from "./search-match";

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

describe("matchedField", () => {
  it("says title, author or description, the title first", () => {
    expect(matchedField("Sakura Nights", "sakura_ink", "sakura")).toBe("title");
    expect(matchedField("Moonlit Apothecary", "sakura_ink", "SAKURA")).toBe("author");
    expect(matchedField("Ramen at Midnight", "sakura_ink", "dawn")).toBe("description");
    expect(matchedField("Ramen at Midnight", null, "dawn")).toBe("description");
    expect(matchedField("سيف الصحراء", "قَلَم", "قلم")).toBe("author");
  });
});
