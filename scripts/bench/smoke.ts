/**
 * The benchmarks' smallest size (issue 30, item 5): `--smoke` on the command line or BENCH_SMOKE=1 in the environment
 * runs a benchmark on tiny data, one round and about a second of load, through its whole path to its report, so a
 * change that breaks one fails the suite (tests/e2e/benches.spec.ts runs each so after the build). Explicit options
 * still win over the smoke sizes. Its figures mean nothing; targets missed at this size do not fail the run.
 */
export const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";

/** The full-size default, or the smoke one. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);
