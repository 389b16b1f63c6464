import { describe, expect, it } from "vitest";
import { readableDetails, type DetailValueFormat } from "./details";

const ROLES = ["Reader", "Writer", "Staff", "Admin", "Root"];
/** What the audit page passes: role numbers as names, booleans as words. */
const format: DetailValueFormat = (key, value) => {
  if (key === "role" && typeof value === "number") return ROLES[value];
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return undefined;
};

describe("readableDetails", () => {
  it("shows what changed as before → after, and the other fields", () => {
    const d = readableDetails({ before: { role: 0, fullName: "A" }, after: { role: 1, fullName: "A" }, by: "root" });
    expect(d?.changes).toEqual([{ key: "role", before: "0", after: "1" }]);
    expect(d?.fields).toEqual([{ key: "by", value: "root" }]);
    expect(d?.summary).toBe("role: 0 → 1 · by: root");
  });

  it("names roles and booleans with the page's format, never their numbers (issue 31, 6f)", () => {
    const d = readableDetails({ before: { role: 1 }, after: { role: 0 } }, format);
    expect(d?.changes).toEqual([{ key: "role", before: "Writer", after: "Reader" }]);
    expect(d?.summary).toBe("role: Writer → Reader");
    expect(readableDetails({ before: { isBanned: false }, after: { isBanned: true } }, format)?.summary).toBe("isBanned: No → Yes");
    expect(readableDetails({ role: 4 }, format)?.fields).toEqual([{ key: "role", value: "Root" }]);
  });

  it("reads nested values as dotted fields, Arabic as text, never as JSON", () => {
    const d = readableDetails({
      before: { title: "Old", ar: { title: "قديم", cta: "اقرأ" }, bannerImageId: null },
      after: { title: "Old", ar: { title: "جديد", cta: "اقرأ" }, bannerImageId: null },
      removedMedia: 0,
    });
    expect(d?.changes).toEqual([{ key: "ar.title", before: "قديم", after: "جديد" }]);
    expect(d?.summary).toBe("ar.title: قديم → جديد · removedMedia: 0");
    const plain = readableDetails({ extra: { a: [1, 2], b: { c: "ب" } }, tags: ["x", "y"], empty: {} });
    expect(plain?.fields).toEqual([
      { key: "extra.a", value: "1, 2" },
      { key: "extra.b.c", value: "ب" },
      { key: "tags", value: "x, y" },
      { key: "empty", value: "—" },
    ]);
    for (const f of plain!.fields) expect(f.value).not.toMatch(/[{}"]/);
  });

  it("reads `changes` as the after side and skips fields it leaves out", () => {
    const d = readableDetails({ mangaId: 3, before: { title: "Old", status: 1 }, changes: { title: "New" } });
    expect(d?.changes).toEqual([{ key: "title", before: "Old", after: "New" }]);
    expect(d?.fields).toEqual([{ key: "mangaId", value: "3" }]);
  });

  it("keeps plain details as fields, clips long summaries and answers null for nothing", () => {
    const d = readableDetails({ note: "x".repeat(200), recipients: 3 });
    expect(d?.summary.length).toBeLessThanOrEqual(90);
    expect(d?.summary.endsWith("…")).toBe(true);
    expect(d?.fields.map((f) => f.value)).toEqual(["x".repeat(200), "3"]);
    expect(readableDetails(null)).toBeNull();
    expect(readableDetails({ note: null })).toBeNull();
  });
});
