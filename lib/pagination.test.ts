import { describe, expect, it } from "vitest";
import { pageWindow, shownRange } from "./pagination";

describe("pageWindow", () => {
  it("centres on the current page and stays within bounds", () => {
    expect(pageWindow(1, 20, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20, 5)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20, 5)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(6, 20, 9)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
  it("never shows more buttons than pages", () => {
    expect(pageWindow(2, 3, 9)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1, 3)).toEqual([1]);
  });
});

describe("shownRange", () => {
  it("gives the first and last item numbers", () => {
    expect(shownRange(1, 20, 45)).toEqual({ from: 1, to: 20 });
    expect(shownRange(3, 20, 45)).toEqual({ from: 41, to: 45 });
    expect(shownRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });
});
