import { describe, expect, it } from "vitest";
import ar from "@/messages/ar.json";
import en from "@/messages/en.json";
import { reviewNoteIn } from "./review-notes";

const templates = Object.keys(en.approval.decision.templateText) as (keyof typeof en.approval.decision.templateText)[];

describe("reviewNoteIn (issue 28, item 5)", () => {
  it("has the four templates of the review desk in both languages", () => {
    expect(templates.sort()).toEqual(["metadata", "pages", "policy", "quality"]);
    expect(Object.keys(ar.approval.decision.templateText).sort()).toEqual(templates);
  });

  it.each(templates)("turns the English %s template into Arabic, and back", (key) => {
    const english = en.approval.decision.templateText[key];
    const arabic = ar.approval.decision.templateText[key];
    expect(reviewNoteIn(english, "ar")).toBe(arabic);
    expect(reviewNoteIn(arabic, "en")).toBe(english);
    // Already in the reader's language: the same text.
    expect(reviewNoteIn(english, "en")).toBe(english);
    expect(reviewNoteIn(arabic, "ar")).toBe(arabic);
  });

  it("recognises a template with surrounding white space (as the note field stores what was typed)", () => {
    expect(reviewNoteIn(`\n  ${en.approval.decision.templateText.policy}  \n`, "ar")).toBe(ar.approval.decision.templateText.policy);
  });

  it("leaves every other note as written", () => {
    const own = "Page 4 is upside down.";
    expect(reviewNoteIn(own, "ar")).toBe(own);
    expect(reviewNoteIn("", "ar")).toBe("");
    expect(reviewNoteIn("   ", "en")).toBe("   ");
    // A template followed by root's own words: the template part follows the reader, the words stay (tested below).
    const more = `${en.approval.decision.templateText.quality} Page 4 especially.`;
    expect(reviewNoteIn(more, "ar")).toBe(`${ar.approval.decision.templateText.quality} Page 4 especially.`);
  });
});

describe("reviewNoteIn, notes of several lines", () => {
  it("turns every template line, and a template that begins a line, into the reader's language; root's own words stay", () => {
    const { en: e, ar: a } = { en: en.approval.decision.templateText, ar: ar.approval.decision.templateText };
    expect(reviewNoteIn(`${a.quality}\n${a.pages}`, "en")).toBe(`${e.quality}\n${e.pages}`);
    expect(reviewNoteIn(`${a.quality} الصفحة 2 غير مقروءة.`, "en")).toBe(`${e.quality} الصفحة 2 غير مقروءة.`);
    expect(reviewNoteIn(`Page 2 is unreadable.\n${e.policy}`, "ar")).toBe(`Page 2 is unreadable.\n${a.policy}`);
    expect(reviewNoteIn(`${e.quality}x`, "ar")).toBe(`${e.quality}x`);
  });
});
