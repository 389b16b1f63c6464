/**
 * Lighthouse performance of public pages, mobile (the default emulated phone: slow 4G, 4× CPU slowdown), on the
 * system Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Each page is measured `runs` times and the median run
 * (by score) is reported with the range, because single runs on a small shared machine move by ±5–10 points.
 *
 * Used by `npm run bench` (the catalogue bench, on its generated database) and runnable alone on the demo site:
 *
 *   npm run bench:lighthouse                      starts the production build on a seeded in-memory database
 *   npm run bench:lighthouse -- --base URL        measures a server that is already running
 *   options: --runs n (default 3)  --paths /,/discovery (default: the landing, discovery, a preview, /ar, a chapter)  --throttling simulate|devtools  --no-paint-holding
 *            --smoke (scripts/bench/smoke.ts: one run of / alone)
 *
 * The two throttling methods (ADR 010):
 * - `simulate` (Lighthouse's default) loads the page unthrottled and estimates a slow phone from the trace. Against a
 *   server on localhost every script arrives before the first paint, so the estimate counts all JavaScript as
 *   render-blocking for FCP/LCP.
 * - `devtools` throttles the real load (150 ms RTT, 1.6 Mbps, 4× CPU), so scripts arrive in the order a phone sees.
 *
 * Headless Chromium sometimes holds a new page's first frame for about a second (paint holding after Lighthouse's
 * about:blank; Lighthouse issues #17227 and #17230). Such a run is marked "held": its observed first paint comes
 * long after DOMContentLoaded. `--no-paint-holding` turns the feature off to measure the page without it.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "./free-port";
import { sized } from "./smoke";

export type Throttling = "simulate" | "devtools";

export interface LighthouseRun {
  score: number | null;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
  /** First paint as observed in the unthrottled trace, and DOMContentLoaded: a run is "held" when the paint lags far behind. */
  observedFcp: number;
  observedDcl: number;
  benchmarkIndex: number;
  failing: string[];
}

export interface LighthousePage {
  path: string;
  runs: LighthouseRun[];
  errors: string[];
}

interface Report {
  categories: { performance: { score: number | null } };
  audits: Record<string, { score: number | null; scoreDisplayMode: string; numericValue?: number; details?: { items?: Array<Record<string, number>> } }>;
  environment?: { benchmarkIndex?: number };
  runtimeError?: { message: string };
}

const root = path.resolve(import.meta.dirname, "..", "..");
/** Observed first paint this long after DOMContentLoaded (main thread idle meanwhile) marks a held frame. */
const HELD_MS = 700;

export const isHeld = (run: LighthouseRun) => run.observedFcp - run.observedDcl > HELD_MS;

export async function runLighthouse(
  baseUrl: string,
  paths: string[],
  { runs = 3, throttling = "simulate", paintHolding = true, outDir }: { runs?: number; throttling?: Throttling; paintHolding?: boolean; outDir: string },
): Promise<LighthousePage[] | null> {
  const cli = path.join(root, "node_modules", "lighthouse", "cli", "index.js");
  if (!fs.existsSync(cli)) return null;
  fs.mkdirSync(outDir, { recursive: true });
  const pages: LighthousePage[] = paths.map((p) => ({ path: p, runs: [], errors: [] }));
  const chromeFlags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", ...(paintHolding ? [] : ["--disable-features=PaintHolding"])];
  // Rounds go page by page, so a slow moment of the machine does not land on one page's every run.
  for (let i = 1; i <= runs; i++) {
    for (const page of pages) {
      const name = `${page.path.replace(/^\/+|\/+$/g, "").replace(/[^\w-]+/g, "_") || "home"}-${i}`;
      const res = spawnSync(
        process.execPath,
        [
          cli, `${baseUrl}${page.path}`, "--quiet", "--output=json", "--output=html", `--output-path=${path.join(outDir, name)}`,
          "--only-categories=performance", "--form-factor=mobile", "--max-wait-for-load=45000", `--throttling-method=${throttling}`,
          `--chrome-flags=${chromeFlags.join(" ")}`,
        ],
        { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH || "/usr/bin/chromium" }, encoding: "utf8", timeout: 180_000 },
      );
      try {
        const report = JSON.parse(fs.readFileSync(path.join(outDir, `${name}.report.json`), "utf8")) as Report;
        if (report.runtimeError) throw new Error(report.runtimeError.message);
        page.runs.push(readRun(report));
      } catch (err) {
        const why = res.error?.message ?? (err instanceof Error ? err.message : String(err));
        page.errors.push(`${why}; ${res.stderr?.trim().split("\n").slice(-2).join(" ").slice(0, 300)}`);
      }
    }
  }
  return pages;
}

function readRun(report: Report): LighthouseRun {
  const a = report.audits;
  const value = (id: string) => a[id]?.numericValue ?? 0;
  const metrics = a.metrics?.details?.items?.[0] ?? {};
  return {
    score: report.categories.performance.score === null ? null : Math.round(report.categories.performance.score * 100),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    si: value("speed-index"),
    cls: value("cumulative-layout-shift"),
    observedFcp: metrics.observedFirstContentfulPaint ?? 0,
    observedDcl: metrics.observedDomContentLoaded ?? 0,
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
    failing: Object.entries(a)
      .filter(([, audit]) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "notApplicable" && audit.scoreDisplayMode !== "metricSavings")
      .map(([id]) => id),
  };
}

/** A new folder for one measurement's reports: .bench/lighthouse/<time>/. */
export function reportDir(): string {
  return path.join(root, ".bench", "lighthouse", new Date().toISOString().replace(/[:.]/g, "-"));
}

/**
 * The pages issue 4 names (the landing page, discovery and the preview of the first manga the API lists) and those
 * issue 30 adds: the Arabic landing and the reader at that manga's first free chapter.
 */
export async function defaultPages(baseUrl: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/manga/PaginatedManga?pageSize=1&imageFormat=url`);
  const first = ((await res.json()) as { data?: { items?: Array<{ id: number }> } }).data?.items?.[0];
  if (!first) return ["/", "/ar", "/discovery"];
  const detail = await fetch(`${baseUrl}/api/manga/GetMangaById?id=${first.id}`);
  const chapters = ((await detail.json()) as { data?: { chapters?: Array<{ id: number; isPremium: boolean }> } }).data?.chapters ?? [];
  const free = chapters.find((c) => !c.isPremium);
  return ["/", "/discovery", `/discovery/manga/${first.id}`, "/ar", ...(free ? [`/manga-reader/${first.id}/${free.id}`] : [])];
}

/** The run with the median score (the lower middle one for an even count). */
export function medianRun(runs: LighthouseRun[]): LighthouseRun | undefined {
  const sorted = [...runs].sort((x, y) => (x.score ?? -1) - (y.score ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const ms = (n: number) => `${Math.round(n)} ms`;

/** One line per page: the median run's figures, every run's score (held runs marked) and the CPU benchmark range. */
export function summarize(pages: LighthousePage[]): string[] {
  return pages.map(({ path: p, runs, errors }) => {
    const mid = medianRun(runs);
    if (!mid) return `Lighthouse ${p}: failed (${errors[0] ?? "no run"})`;
    const scores = runs.map((r) => `${r.score ?? "n/a"}${isHeld(r) ? "h" : ""}`).join("/");
    const bench = runs.map((r) => r.benchmarkIndex);
    return (
      `Lighthouse ${p}: performance ${mid.score ?? "n/a"} (median of ${scores}), FCP ${ms(mid.fcp)}, LCP ${ms(mid.lcp)}, TBT ${ms(mid.tbt)}, ` +
      `SI ${ms(mid.si)}, CLS ${mid.cls.toFixed(3)}; CPU benchmark ${Math.min(...bench)}–${Math.max(...bench)}` +
      (mid.failing.length ? `; below 90: ${mid.failing.join(", ")}` : "") +
      (errors.length ? `; ${errors.length} failed run(s)` : "")
    );
  });
}

/** The demo site (scripts/e2e-server.ts: production build, seeded in-memory database) until `stop()`. */
async function startDemoSite(): Promise<{ url: string; stop: () => void }> {
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("no production build in .next: run `npm run build` first");
  const port = await freePort();
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const proc = spawn(process.execPath, [tsx, path.join(root, "scripts", "e2e-server.ts")], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    proc.on("exit", (code) => reject(new Error(`the demo site exited (${code})`)));
    proc.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("[e2e] serving")) resolve();
    });
  });
  return { url, stop: () => proc.kill("SIGTERM") };
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
  };
  const throttling = option("throttling", "simulate");
  if (throttling !== "simulate" && throttling !== "devtools") throw new Error("--throttling is simulate or devtools");
  const runs = Math.max(1, Number(option("runs", sized("3", "1"))) || 3);
  const given = option("base", "");
  const site = given ? null : await startDemoSite();
  const base = given || site!.url;
  try {
    const listed = option("paths", sized("", "/")).split(",").filter(Boolean);
    const paths = listed.length ? listed : await defaultPages(base);
    const outDir = reportDir();
    const pages = await runLighthouse(base, paths, { runs, throttling, paintHolding: !args.includes("--no-paint-holding"), outDir });
    if (!pages) throw new Error("the `lighthouse` package is not installed");
    console.log(`Lighthouse, mobile, ${throttling} throttling, ${runs} run(s) per page${args.includes("--no-paint-holding") ? ", paint holding off" : ""} (h: held first frame)`);
    for (const line of summarize(pages)) console.log(line);
    console.log(`reports: ${path.relative(root, outDir)}/`);
  } finally {
    site?.stop();
  }
}

if (import.meta.filename === path.resolve(process.argv[1] ?? "")) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
