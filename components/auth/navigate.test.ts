import { describe, expect, it } from "vitest";
import { navigateWithRetry, retryDelay } from "./navigate";

describe("navigateWithRetry", () => {
  it("retries after 10 ms, backs off to at most 1000 ms and falls back to a full page load", () => {
    const delays: number[] = [];
    const queue: Array<() => void> = [];
    let navigations = 0;
    let hard: string | null = null;
    navigateWithRetry({
      navigate: () => navigations++,
      arrived: () => false,
      fallbackUrl: "/auth",
      schedule: (fn, ms) => {
        delays.push(ms);
        queue.push(fn);
      },
      hardNavigate: (url) => (hard = url),
    });
    while (queue.length) queue.shift()?.();
    expect(delays[0]).toBe(10);
    expect(Math.max(...delays)).toBeLessThanOrEqual(1000);
    expect(navigations).toBe(1 + 5);
    expect(hard).toBe("/auth");
  });

  it("stops as soon as the page arrived", () => {
    const queue: Array<() => void> = [];
    let navigations = 0;
    let hard = false;
    navigateWithRetry({
      navigate: () => navigations++,
      arrived: () => navigations >= 1,
      fallbackUrl: "/auth",
      schedule: (fn) => queue.push(fn),
      hardNavigate: () => (hard = true),
    });
    while (queue.length) queue.shift()?.();
    expect(navigations).toBe(1);
    expect(hard).toBe(false);
    expect(retryDelay(10)).toBe(1000);
  });
});
