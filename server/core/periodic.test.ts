import { afterEach, describe, expect, it, vi } from "vitest";
import { startPeriodic } from "./periodic";
import { log } from "./log";

afterEach(() => vi.useRealTimers());

describe("startPeriodic", () => {
  it("runs at once and at each interval, never two runs at a time, and goes on after a failure", async () => {
    vi.useFakeTimers();
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    let runs = 0;
    let release: () => void = () => {};
    const run = () => {
      runs += 1;
      if (runs === 2) return Promise.reject(new Error("boom"));
      return new Promise<void>((resolve) => (release = resolve));
    };
    const stop = startPeriodic("job", 1000, run);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1); // the first run is still going
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(errors).toHaveBeenCalledWith({ err: expect.objectContaining({ message: "boom" }) }, "[job] failed");
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
    stop();
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
    errors.mockRestore();
  });
});
