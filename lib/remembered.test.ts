import { describe, expect, it, vi } from "vitest";
import { remembered } from "./remembered";

describe("remembered", () => {
  it("computes a key once, keeps at most max keys and none longer than maxKeyLength", () => {
    const compute = vi.fn((key: string) => key.length);
    const length = remembered(compute, { max: 2, maxKeyLength: 5 });
    expect([length("a"), length("a"), length("bb")]).toEqual([1, 1, 2]);
    expect(compute).toHaveBeenCalledTimes(2);
    length("ccc"); // full: forgets a and bb, keeps ccc
    length("a");
    expect(compute).toHaveBeenCalledTimes(4);
    length("longer than five");
    length("longer than five");
    expect(compute).toHaveBeenCalledTimes(6);
    expect(length("ccc")).toBe(3);
    expect(compute).toHaveBeenCalledTimes(6);
  });
});
