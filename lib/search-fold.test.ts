import { describe, expect, it } from "vitest";
import { foldSearchText, searchTextFor } from "./search-fold";

describe("foldSearchText", () => {
  it("folds Latin case and accents and collapses spaces", () => {
    expect(foldSearchText("  Café   DÉJÀ Vu ")).toBe("cafe deja vu");
  });

  it("folds Arabic alef and hamza forms to bare alef", () => {
    for (const word of ["أحمد", "إحمد", "آحمد", "ٱحمد", "احمد"]) expect(foldSearchText(word)).toBe("احمد");
    expect(foldSearchText("مؤمن")).toBe("مومن");
    expect(foldSearchText("قائد")).toBe("قايد");
  });

  it("folds ta marbuta to ha and alef maqsura to ya", () => {
    expect(foldSearchText("مدرسة")).toBe(foldSearchText("مدرسه"));
    expect(foldSearchText("مستشفى")).toBe(foldSearchText("مستشفي"));
  });

  it("drops diacritics (tashkeel), the superscript alef and tatweel", () => {
    expect(foldSearchText("الْمُغَامَرَةُ")).toBe("المغامره");
    expect(foldSearchText("رحمٰن")).toBe("رحمن");
    expect(foldSearchText("قـــمر")).toBe("قمر");
  });

  it("ignores invisible marks and control characters, and folds Arabic-Indic digits and Persian letters", () => {
    expect(foldSearchText("\u200fسلام\u200c")).toBe("سلام");
    expect(foldSearchText("a\u0000b")).toBe("a b");
    expect(foldSearchText("الفصل ١٢ ۳")).toBe("الفصل 12 3");
    expect(foldSearchText("کتاب ی")).toBe("كتاب ي");
  });

  it("is idempotent, so stored text and queries meet", () => {
    const samples = ["المُغامَرةُ الكُبرى", "Ünïcödé Tïtle", "أسطورة إبراهيم"];
    for (const s of samples) expect(foldSearchText(foldSearchText(s))).toBe(foldSearchText(s));
  });

  it("searchTextFor joins title and description", () => {
    expect(searchTextFor("Dragon", "Fire")).toBe("dragon fire");
    expect(searchTextFor("مكتبة", null)).toBe("مكتبه");
  });
});
