/**
 * Reader bandwidth benchmark (only its smoke size, --smoke, runs in the tests): `npx tsx scripts/bench-reader.ts [options]`
 *
 * For every stored chapter page, the bytes the reader downloads by URL for one page, divided by the length of
 * the page's base64 text in the API (`imageData` / `pdfPageData`: the reading JPEG, base64). Issue #5's
 * target is ≤ 40 % for every client. The variant a client gets follows the reader (components/reader/
 * reader-utils.ts, default layout: one page, fit to screen, zoom 1): the page's CSS width is
 * min(render width, viewport − 16, (viewport height − chrome) × aspect), and the browser takes the smallest
 * srcset candidate (350/500/700 w) at least that width times the device pixel ratio; data saver always gets
 * the 350 px variant. Pages are counted once per stored image (the seed shares pool pages between chapters)
 * and grouped by source: image chapters (the seed's drawn pages) and PDF chapters (ingested through pdf.js).
 *
 * Database: --database-url postgresql://… or --pglite-dir DIR (an existing, stopped PGlite directory such as
 * ./data/pglite); with neither, the demo content is seeded into a temporary PGlite directory first (~1 min).
 * Its size is the demo content's, so `--smoke` (scripts/bench/smoke.ts) changes nothing: the smoke test gives it a copy
 * of an already seeded database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { READER } from "@/lib/reader-constants";
import { READER_CHROME_PX, renderWidthFor } from "@/components/reader/reader-utils";

const VARIANTS = [350, 500, 700] as const;
type Variant = (typeof VARIANTS)[number];

interface Client {
  name: string;
  width: number;
  height: number;
  dpr: number;
  dataSaver?: boolean;
}

/** Viewports (CSS px) of the clients, plus a full-HD desktop, where the 700 px variant is shown at 1x. */
const CLIENTS: Client[] = [
  { name: "desktop 1x 1280x900", width: 1280, height: 900, dpr: 1 },
  { name: "desktop 1x 1920x1080", width: 1920, height: 1080, dpr: 1 },
  { name: "phone 2x 390x844", width: 390, height: 844, dpr: 2 },
  { name: "data saver (any)", width: 390, height: 844, dpr: 2, dataSaver: true },
];

interface PageSizes {
  source: number;
  width: number;
  height: number;
  reading: number;
  sizes: Record<Variant, number>;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The variant the reader's srcset makes the browser download for a page (the default layout). */
function variantFor(client: Client, page: { width: number; height: number }): Variant {
  if (client.dataSaver) return 350;
  const aspect = page.width / page.height;
  const cssWidth = Math.min(renderWidthFor(client.width), client.width - 16, (client.height - READER_CHROME_PX) * aspect);
  const needed = cssWidth * client.dpr;
  return VARIANTS.find((w) => w >= needed) ?? 700;
}

const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

async function openDatabase(): Promise<() => Promise<void>> {
  const databaseUrl = arg("database-url");
  const pgliteDir = arg("pglite-dir");
  if (databaseUrl) {
    process.env.DATABASE_URL = databaseUrl;
    return async () => undefined;
  }
  delete process.env.DATABASE_URL;
  if (pgliteDir) {
    process.env.PGLITE_DIR = pgliteDir;
    return async () => undefined;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-reader-"));
  process.env.PGLITE_DIR = dir;
  const { getDb } = await import("@/db/client");
  const { seedDemo } = await import("@/scripts/seed/index");
  console.log(`seeding the demo content into ${dir} ...`);
  await seedDemo(await getDb(), { log: (m) => console.log(`  [seed] ${m}`) });
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

async function loadPages(): Promise<PageSizes[]> {
  const { getDb } = await import("@/db/client");
  const { chapterPages, chapters, media } = await import("@/db/schema");
  const db = await getDb();
  const reading = alias(media, "reading");
  const m350 = alias(media, "m350");
  const m500 = alias(media, "m500");
  const m700 = alias(media, "m700");
  const rows = await db
    .selectDistinctOn([chapterPages.imageId], {
      imageId: chapterPages.imageId,
      source: chapters.sourceType,
      width: chapterPages.width,
      height: chapterPages.height,
      reading: reading.size,
      s350: m350.size,
      s500: m500.size,
      s700: m700.size,
    })
    .from(chapterPages)
    .innerJoin(chapters, eq(chapters.id, chapterPages.chapterId))
    .innerJoin(reading, eq(reading.id, chapterPages.imageId))
    .innerJoin(m350, eq(m350.id, chapterPages.image350Id))
    .innerJoin(m500, eq(m500.id, chapterPages.image500Id))
    .innerJoin(m700, eq(m700.id, chapterPages.image700Id))
    .orderBy(chapterPages.imageId);
  return rows.map((r) => ({
    source: r.source,
    width: r.width,
    height: r.height,
    reading: r.reading,
    sizes: { 350: r.s350, 500: r.s500, 700: r.s700 },
  }));
}

function report(label: string, pages: PageSizes[]): void {
  if (pages.length === 0) {
    console.log(`\n${label}: no pages`);
    return;
  }
  const meanReading = pages.reduce((n, p) => n + p.reading, 0) / pages.length;
  console.log(`\n${label}: ${pages.length} distinct pages, reading JPEG ${(meanReading / 1024).toFixed(0)} KB mean (base64 ${(base64Length(meanReading) / 1024).toFixed(0)} KB)`);
  console.log("  client                  variant(s)   KB/page  URL/base64 mean   max     ≤ 40 %");
  for (const client of CLIENTS) {
    const picks = pages.map((p) => {
      const variant = variantFor(client, p);
      return { variant, bytes: p.sizes[variant], ratio: p.sizes[variant] / base64Length(p.reading) };
    });
    const used = [...new Set(picks.map((p) => p.variant))].sort((a, b) => a - b).join("/");
    const mean = picks.reduce((n, p) => n + p.ratio, 0) / picks.length;
    const max = Math.max(...picks.map((p) => p.ratio));
    const kb = picks.reduce((n, p) => n + p.bytes, 0) / picks.length / 1024;
    console.log(
      [
        `  ${client.name.padEnd(22)}`,
        used.padStart(11),
        kb.toFixed(0).padStart(9),
        `${(mean * 100).toFixed(1)} %`.padStart(17),
        `${(max * 100).toFixed(1)} %`.padStart(8),
        (max <= 0.4 ? "yes" : "NO").padStart(9),
      ].join(""),
    );
  }
}

async function main(): Promise<void> {
  const cleanup = await openDatabase();
  const { closeDb } = await import("@/db/client");
  try {
    const pages = await loadPages();
    const { ChapterSource } = await import("@/lib/enums");
    console.log(`render widths ${JSON.stringify(READER.renderWidths)}, breakpoints ${JSON.stringify(READER.breakpoints)}, chrome ${READER_CHROME_PX} px`);
    report("image chapters (seed drawings, uploads)", pages.filter((p) => p.source === ChapterSource.Images));
    report("PDF chapters (rendered by pdf.js)", pages.filter((p) => p.source === ChapterSource.Pdf));
  } finally {
    await closeDb();
    await cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
