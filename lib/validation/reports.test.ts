import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import ar from "@/messages/ar.json";
import { REPORT_VALIDATION_KEYS, reportFormSchema, reportSubmitSchema, resolveNoteSchema, resolveSchema, type ReportsTranslate } from "./reports";

const t: ReportsTranslate = (key) => `!${key}`;
const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("report schemas", () => {
  it("have their texts in both languages (Arabic ones in Arabic), and nothing else", () => {
    expect(Object.keys(en.reports.errors).sort()).toEqual([...REPORT_VALIDATION_KEYS].sort());
    expect(Object.keys(ar.reports.errors).sort()).toEqual([...REPORT_VALIDATION_KEYS].sort());
    for (const key of REPORT_VALIDATION_KEYS) expect(ar.reports.errors[key], key).toMatch(/[\u0600-\u06FF]/);
  });

  it("take a reason by number, digits or name; details trimmed, optional except for 'other', at most 1,000 characters, no control characters", () => {
    const form = reportFormSchema(t);
    expect(form.parse({ reason: "2", details: "  x  " })).toEqual({ reason: 2, details: "x" });
    expect(form.parse({ reason: "Copyright" })).toEqual({ reason: 0, details: "" });
    expect(errorsOf(form.safeParse({ reason: 4 }))).toEqual({ reason: "!reasonInvalid" });
    expect(errorsOf(form.safeParse({ reason: 3, details: " " }))).toEqual({ details: "!detailsRequired" });
    expect(errorsOf(form.safeParse({ reason: 0, details: "a".repeat(1001) }))).toEqual({ details: "!detailsTooLong" });
    expect(errorsOf(form.safeParse({ reason: 0, details: "a\u0000b" }))).toEqual({ details: "!controlCharacters" });
    expect(errorsOf(form.safeParse({ reason: 0, details: "a\u009bb" }))).toEqual({ details: "!controlCharacters" });
    expect(form.safeParse({ reason: 3, details: "line one\nline two\ttabbed" }).success).toBe(true);
  });

  it("the submit body: ids, chapterId optional (null)", () => {
    expect(reportSubmitSchema(t).parse({ mangaId: "5", reason: 1 })).toEqual({ mangaId: 5, chapterId: null, reason: 1, details: "" });
    expect(errorsOf(reportSubmitSchema(t).safeParse({ mangaId: 0, chapterId: "x", reason: 1 }))).toEqual({ mangaId: "!targetInvalid", chapterId: "!targetInvalid" });
  });

  it("resolving: an action, and a note that hiding requires", () => {
    expect(resolveSchema(t).parse({ mangaId: 1, action: "DISMISS" })).toEqual({ mangaId: 1, chapterId: null, action: "dismiss", note: "" });
    expect(errorsOf(resolveSchema(t).safeParse({ mangaId: 1, action: "ban" }))).toEqual({ action: "!actionInvalid" });
    expect(errorsOf(resolveSchema(t).safeParse({ mangaId: 1, action: "hide" }))).toEqual({ note: "!noteRequired" });
    expect(errorsOf(resolveNoteSchema("hide", t).safeParse({ note: "  " }))).toEqual({ note: "!noteRequired" });
    expect(resolveNoteSchema("delete", t).safeParse({ note: "" }).success).toBe(true);
  });
});
