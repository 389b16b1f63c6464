import { describe, expect, it } from "vitest";
import { readableDetails } from "./details";

describe("readableDetails", () => {
  it("shows what changed as before → after, and the other fields", () => {
    const d = readableDetails({ before: { role: 0, fullName: "A" }, after: { role: 1, fullName: "A" }, by: "root" });
    expect(d?.changes).toEqual([{ key: "role", before: "0", after: "1" }]);
    expect(d?.fields).toEqual([{ key: "by", value: "root" }]);
    expect(d?.summary).toBe("role: 0 → 1 · by: root");
  });

  it("reads `changes` as the after side and skips fields it leaves out", () => {
    const d = readableDetails({ mangaId: 3, before: { title: "Old", status: 1 }, changes: { title: "New" } });
    expect(d?.changes).toEqual([{ key: "title", before: "Old", after: "New" }]);
    expect(d?.fields).toEqual([{ key: "mangaId", value: "3" }]);
  });

  it("keeps plain details as fields, clips long summaries and answers null for nothing", () => {
    const d = readableDetails({ note: "x".repeat(200), recipients: 3, extra: { a: [1, 2] } });
    expect(d?.summary.length).toBeLessThanOrEqual(90);
    expect(d?.summary.endsWith("…")).toBe(true);
    expect(d?.fields.map((f) => f.value)).toEqual(["x".repeat(200), "3", '{"a":[1,2]}']);
    expect(readableDetails(null)).toBeNull();
    expect(readableDetails({ note: null })).toBeNull();
  });
});
