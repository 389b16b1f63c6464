import { describe, expect, it } from "vitest";
import { isoToLocal, localToIso } from "./datetime";

describe("datetime-local ⇄ ISO", () => {
  it("round-trips through the local zone", () => {
    const iso = localToIso("2030-01-02T03:04");
    expect(iso).toBe(new Date(2030, 0, 2, 3, 4).toISOString());
    expect(isoToLocal(iso)).toBe("2030-01-02T03:04");
  });
  it("empty and invalid values", () => {
    expect(localToIso("")).toBe("");
    expect(localToIso("  ")).toBe("");
    expect(localToIso("soon")).toBe("soon");
    expect(isoToLocal(null)).toBe("");
    expect(isoToLocal("nope")).toBe("");
  });
});
