import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("formatMoney", () => {
  it("writes English amounts with the narrow symbol", () => {
    expect(formatMoney(139_948, "USD", "en")).toBe("$1,399.48");
  });

  it("writes Arabic amounts without a Latin word: the dollar sign alone, isolated left to right", () => {
    const text = formatMoney(139_948, "USD", "ar");
    expect(text).not.toMatch(/[A-Za-z]/);
    expect(text).toContain("\u2066$\u2069");
    expect(text).toContain("1,399.48");
  });
});
