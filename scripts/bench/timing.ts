import { performance } from "node:perf_hooks";

/** Shared by the database benchmarks (overview, users, analytics, monetization): quantiles, timing and reporting. */

export const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
export const fmt = (n: number) => `${n.toFixed(1)} ms`;

/** `--name value` from the command line, or the fallback. */
export function option(name: string, fallback: string, args: readonly string[] = process.argv.slice(2)): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}

/** Runs a seeding step once and prints how long it took. */
export async function time<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  const ms = performance.now() - t0;
  console.log(`  ${label}: ${ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : fmt(ms)}`);
  return out;
}

export interface Measured {
  label: string;
  p50: number;
  p95: number;
  max: number;
}

/** Two warm-ups, then `runs` timed calls one after another; prints and answers p50 / p95 / max. */
export async function measure(label: string, fn: () => Promise<unknown>, runs: number): Promise<Measured> {
  await fn();
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const row = { label, p50: quantile(samples, 0.5), p95: quantile(samples, 0.95), max: samples[samples.length - 1]! };
  console.log(`${label.padEnd(44)} p50 ${fmt(row.p50).padStart(9)}   p95 ${fmt(row.p95).padStart(9)}   max ${fmt(row.max).padStart(9)}`);
  return row;
}
