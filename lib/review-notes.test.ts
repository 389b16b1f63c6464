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
    // A template with root's own words added, or two templates together, is root's text: unchanged.
    const more = `${en.approval.decision.templateText.quality} Page 4 especially.`;
    expect(reviewNoteIn(more, "ar")).toBe(more);
    const two = `${ar.approval.decision.templateText.quality}\n${ar.approval.decision.templateText.pages}`;
    expect(reviewNoteIn(two, "en")).toBe(two);
  });
});
