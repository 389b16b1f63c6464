import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { describeIssue, validateStructuredData } from "../validators/structured-data";
import { hasXmllint, validateSitemaps } from "../validators/sitemap-xsd";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";

/**
 * The validators over every public page type in both languages (issue 35 items 3, 4 and 7; docs/decisions/022), in
 * one pass: the server's HTML of each page is fetched once and checked by
 * - the Nu HTML Checker (vnu-jar, one `java -jar vnu.jar` run over all the files; errors only),
 * - @adobe/structured-data-validator (the JSON-LD of the landing, discovery, preview, chapter and writer pages),
 * and the pages are opened once in the browser, where HTML_CodeSniffer (WCAG2AA, errors) joins axe (fixtures.ts).
 * The sitemap index, each child and robots.txt are checked here too (xmllint against the sitemap schema).
 *
 * Each test lists every finding as one line (validator, page, message) and fails on any that is not in
 * KNOWN_FAILURES below.
 */

/**
 * Findings the validators are known to report, each naming what will remove it (empty: every page validates). A listed
 * finding that no longer occurs is reported as an annotation so its entry can go.
 */
const KNOWN_FAILURES: ReadonlyArray<{ validator: Validator; page: RegExp; message: RegExp; fixedBy: string }> = [];

type Validator = "vnu" | "htmlcs" | "structured-data";

interface PublicPage {
  /** A short name for messages: "en landing", "ar chapter"… */
  name: string;
  path: string;
  status: number;
  structuredData: boolean;
}

const NOT_FOUND_PATH = "/validators-page-that-does-not-exist";

/** A public page of each type in each language; the preview and chapter come from the sitemap (the demo content). */
async function publicPages(request: APIRequestContext): Promise<PublicPage[]> {
  const manga = await sitemapLocs(request, /\/sitemaps\/manga-\d+\.xml$/);
  const chapters = await sitemapLocs(request, /\/sitemaps\/chapters-\d+\.xml$/);
  const preview = new URL(manga.find((u) => /\/discovery\/manga\/\d+$/.test(u) && !u.includes("/ar/"))!).pathname;
  const chapter = new URL(chapters.find((u) => /\/manga-reader\/\d+\/\d+$/.test(u) && !u.includes("/ar/"))!).pathname;
  const writers = await sitemapLocs(request, /\/sitemaps\/writers-\d+\.xml$/);
  const writer = new URL(writers.find((u) => /\/writers\/[^/]+$/.test(u) && !u.includes("/ar/"))!).pathname;
  const types: Array<[string, string, number, boolean]> = [
    ["landing", "/", 200, true],
    ["discovery", "/discovery", 200, true],
    ["latest", "/latest", 200, true],
    ["preview", preview, 200, true],
    ["chapter", chapter, 200, true],
    ["writer", writer, 200, true],
    ["faq", "/frequently-asked-questions", 200, false],
    ["terms", "/terms-of-service", 200, false],
    ["privacy", "/privacy-policy", 200, false],
    ["404", NOT_FOUND_PATH, 404, false],
  ];
  return ["en", "ar"].flatMap((locale) =>
    types.map(([name, p, status, structuredData]) => ({
      name: `${locale} ${name}`,
      path: locale === "ar" ? (p === "/" ? "/ar" : `/ar${p}`) : p,
      status,
      structuredData,
    })),
  );
}

/** The <loc>s of the first child of the sitemap index whose URL matches. */
async function sitemapLocs(request: APIRequestContext, child: RegExp): Promise<string[]> {
  const index = await (await request.get("/sitemap.xml")).text();
  const url = locs(index).find((l) => child.test(l));
  expect(url, `the sitemap index lists a child matching ${child}`).toBeDefined();
  return locs(await (await request.get(new URL(url!).pathname)).text());
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

/** The server's HTML of every page, fetched once for the file (as a crawler gets it: no cookie, no language). */
let fetched: Promise<Array<PublicPage & { html: string }>> | undefined;
function serverHtml(request: APIRequestContext) {
  fetched ??= (async () => {
    const pages = await publicPages(request);
    return Promise.all(
      pages.map(async (page) => {
        const res = await request.get(page.path, { maxRedirects: 0 });
        expect(res.status(), `${page.name} (${page.path})`).toBe(page.status);
        return { ...page, html: await res.text() };
      }),
    );
  })();
  return fetched;
}

/** Splits findings into unexpected ones (the failure) and known ones; annotates known entries no longer seen. */
function judge(validator: Validator, findings: Array<{ page: string; message: string }>): string[] {
  const known = KNOWN_FAILURES.filter((k) => k.validator === validator);
  const seen = new Set<number>();
  const unexpected: string[] = [];
  for (const f of findings) {
    const i = known.findIndex((k) => k.page.test(f.page) && k.message.test(f.message));
    const line = `[${validator}] ${f.page}: ${f.message}`;
    if (i < 0) unexpected.push(line);
    else {
      seen.add(i);
      test.info().annotations.push({ type: "known failure", description: `${line} (fixed by ${known[i]!.fixedBy})` });
    }
  }
  known.forEach((k, i) => {
    if (!seen.has(i)) test.info().annotations.push({ type: "known failure no longer seen: remove it", description: `[${validator}] ${k.page} ${k.message} (${k.fixedBy})` });
  });
  const knownLines = test.info().annotations.filter((a) => a.type.startsWith("known failure")).map((a) => `  ${a.type}: ${a.description}`);
  if (knownLines.length) console.log(`${validator}: known findings (KNOWN_FAILURES in tests/e2e/validators.spec.ts)\n${knownLines.join("\n")}`);
  if (unexpected.length) console.log(unexpected.join("\n"));
  return unexpected;
}

test.describe("validators (one pass over the public pages)", () => {
  test.skip(({ isMobile }) => isMobile, "the server's HTML is the same at every width; axe checks phones in the other specs");
  test.describe.configure({ mode: "default" });

  test("Nu HTML Checker: no errors in the server HTML of any public page, in either language", async ({ request }) => {
    const pages = await serverHtml(request);
    const dir = mkdtempSync(path.join(tmpdir(), "vnu-"));
    try {
      const files = pages.map((page, i) => {
        const file = path.join(dir, `${i}.html`);
        writeFileSync(file, page.html);
        return { page, file };
      });
      const jar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
      const run = spawnSync("java", ["-Xss8m", "-jar", jar, "--errors-only", "--format", "json", ...files.map((f) => f.file)], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
      expect(run.error, "java runs (Debian package default-jre-headless)").toBeUndefined();
      const messages = (JSON.parse(run.stderr || run.stdout) as { messages: Array<{ type: string; subType?: string; url?: string; lastLine?: number; message: string; extract?: string }> }).messages;
      const findings = messages
        .filter((m) => m.type === "error" || m.subType === "fatal" || m.type === "non-document-error")
        .map((m) => {
          const file = files.find((f) => m.url && m.url.endsWith(`/${path.basename(f.file)}`));
          return { page: file ? `${file.page.name} (${file.page.path})` : String(m.url), message: `line ${m.lastLine ?? "?"}: ${m.message}${m.extract ? ` — ${m.extract.replace(/\s+/g, " ").slice(0, 160)}` : ""}` };
        });
      expect(judge("vnu", findings)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("structured data: each page type has its types and no validator errors (schema.org 30.0)", async ({ request }) => {
    const pages = (await serverHtml(request)).filter((p) => p.structuredData);
    const expected: Record<string, string[]> = {
      landing: ["WebSite", "Organization"],
      discovery: ["BreadcrumbList"],
      latest: ["BreadcrumbList"],
      preview: ["ComicSeries", "BreadcrumbList"],
      chapter: ["ComicIssue", "BreadcrumbList"],
      writer: ["ProfilePage", "BreadcrumbList"],
    };
    const findings: Array<{ page: string; message: string }> = [];
    for (const page of pages) {
      const { types, issues } = await validateStructuredData(page.html);
      const kind = page.name.split(" ")[1]!;
      if (JSON.stringify(types) !== JSON.stringify(expected[kind])) findings.push({ page: page.name, message: `JSON-LD types ${JSON.stringify(types)}, expected ${JSON.stringify(expected[kind])}` });
      for (const issue of issues) {
        if (issue.severity === "ERROR") findings.push({ page: page.name, message: describeIssue(issue) });
        else test.info().annotations.push({ type: "structured-data warning", description: `${page.name}: ${describeIssue(issue)}` });
      }
      if (/<\/script/i.test(page.html.match(/<script[^>]*application\/ld\+json[^>]*>([\s\S]*?)<\/script>/)?.[1] ?? "")) findings.push({ page: page.name, message: "unescaped </script in JSON-LD" });
    }
    expect(judge("structured-data", findings)).toEqual([]);
  });

  test("sitemap: an index of valid children (xmllint --schema), both languages with x-default, robots.txt points at it", async ({ request, baseURL }) => {
    expect(hasXmllint(), "xmllint is installed (Debian package libxml2-utils)").toBe(true);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(new RegExp(`^Sitemap: ${baseURL!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/sitemap\\.xml$`, "m"));
    const index = await request.get("/sitemap.xml");
    expect(index.headers()["content-type"]).toContain("xml");
    const documents: Record<string, string> = { "/sitemap.xml": await index.text() };
    for (const loc of locs(documents["/sitemap.xml"]!)) {
      const child = await request.get(new URL(loc).pathname);
      expect(child.status(), loc).toBe(200);
      documents[new URL(loc).pathname] = await child.text();
    }
    expect(Object.keys(documents).length).toBeGreaterThanOrEqual(4);
    const errors = validateSitemaps(documents);
    expect(Object.entries(errors).flatMap(([name, list]) => list.map((e) => `${name}: ${e}`))).toEqual([]);
    const pages = documents["/sitemaps/pages.xml"]!;
    expect(pages).toContain(`<loc>${baseURL}/ar/discovery</loc>`);
    expect(pages).toContain(`hreflang="x-default" href="${baseURL}/discovery"`);
  });

  test("HTML_CodeSniffer (WCAG2AA) and axe: no errors on any public page, in either language", async ({ page, request }) => {
    test.setTimeout(180_000);
    const pages = await serverHtml(request);
    const findings: Array<{ page: string; message: string }> = [];
    for (const p of pages) {
      // The fixture checks the page with axe after this goto (serious and critical violations fail the test).
      await page.goto(p.path);
      for (const m of await htmlcsErrors(page)) findings.push({ page: `${p.name} (${p.path})`, message: m });
    }
    expect(judge("htmlcs", findings)).toEqual([]);
  });
});

const htmlcsSource = readFileSync(createRequire(import.meta.url).resolve("html_codesniffer/build/HTMLCS.js"), "utf8");

/** HTML_CodeSniffer's WCAG2AA errors on the page as it is now (code, message, the element's start tag). */
async function htmlcsErrors(page: Page): Promise<string[]> {
  // The document is judged once it has its title (5 s at most; a page that never gets one still fails H25): under load
  // the reader page was read before its title was in place.
  await page.waitForFunction(() => document.title !== "", null, { timeout: 5_000 }).catch(() => undefined);
  return page.evaluate(async (source) => {
    type Message = { type: number; code: string; msg: string; element: Element };
    const w = window as unknown as { HTMLCS?: { process: (standard: string, el: Document, done: () => void, failed: () => void, lang: string) => void; getMessages: () => Message[] } };
    if (!w.HTMLCS) (0, eval)(source);
    const messages = await new Promise<Message[]>((resolve, reject) => w.HTMLCS!.process("WCAG2AA", document, () => resolve(w.HTMLCS!.getMessages()), () => reject(new Error("HTML_CodeSniffer failed")), "en"));
    return messages
      .filter((m) => m.type === 1)
      .map((m) => `${m.code}: ${m.msg} — ${(m.element.outerHTML ?? String(m.element)).slice(0, 160).replace(/\s+/g, " ")}`);
  }, htmlcsSource);
}
