import { describe, expect, it } from "vitest";
import { isHeld, medianRun, summarize, type LighthouseRun } from "./lighthouse";

const run = (score: number | null, extra: Partial<LighthouseRun> = {}): LighthouseRun => ({
  score, fcp: 900, lcp: 1800, tbt: 150, si: 1000, cls: 0, observedFcp: 250, observedDcl: 200, benchmarkIndex: 1500, failing: [], ...extra,
});

describe("Lighthouse summary", () => {
  it("takes the run with the median score, the lower middle one for an even count", () => {
    expect(medianRun([run(90), run(70), run(95)])?.score).toBe(90);
    expect(medianRun([run(90), run(70), run(95), run(80)])?.score).toBe(80);
    expect(medianRun([run(null), run(88)])?.score).toBeNull();
    expect(medianRun([])).toBeUndefined();
  });

  it("marks a run whose first frame was held long after DOMContentLoaded", () => {
    expect(isHeld(run(80, { observedDcl: 300, observedFcp: 1260 }))).toBe(true);
    expect(isHeld(run(95, { observedDcl: 300, observedFcp: 420 }))).toBe(false);
  });

  it("prints the median run, every score and the CPU benchmark range per page", () => {
    const [line, failed] = summarize([
      { path: "/", runs: [run(96, { benchmarkIndex: 1300 }), run(82, { observedFcp: 1300, benchmarkIndex: 1900 }), run(91, { failing: ["total-blocking-time"] })], errors: [] },
      { path: "/discovery", runs: [], errors: ["Chrome did not start"] },
    ]);
    expect(line).toBe(
      "Lighthouse /: performance 91 (median of 96/82h/91), FCP 900 ms, LCP 1800 ms, TBT 150 ms, SI 1000 ms, CLS 0.000; CPU benchmark 1300–1900; below 90: total-blocking-time",
    );
    expect(failed).toBe("Lighthouse /discovery: failed (Chrome did not start)");
  });
});
