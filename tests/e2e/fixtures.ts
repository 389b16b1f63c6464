/**
 * The browser suite's shared `test` (import it instead of @playwright/test's): every test fails on an uncaught page
 * error or a console error outside the allow-list below, and every page a test opens is checked with axe-core
 * (WCAG 2.2 A/AA rules; serious and critical violations fail). Pages are checked after each `page.goto` and once more
 * at the end of the test (the page a client navigation ended on), once per URL per test.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type Page } from "@playwright/test";

export { expect };
export type { APIRequestContext, Locator, Page } from "@playwright/test";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Console errors that are not failures, each with its reason. Anything else logged as an error fails the test.
 * - "Failed to load resource": Chromium logs every non-2xx response; tests that expect one (a 404 page, a cover that
 *   cannot load, a refused API call) assert the status themselves.
 */
const ALLOWED_CONSOLE_ERRORS: readonly RegExp[] = [/^Failed to load resource: /];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

async function axeViolations(page: Page, { toTop = false } = {}): Promise<Violation[]> {
  return page.evaluate(
    async ({ source, tags, pollMs, settleMs, toTop }) => {
      const w = window as unknown as { axe?: { run: (ctx: Document, opts: unknown) => Promise<{ violations: Violation[] }> } };
      if (!w.axe) (0, eval)(source);
      // A 404 thrown while the page streams arrives as Next's error shell (`<html id="__next_error__">`, no lang) and
      // becomes the localized page on hydration: the check waits for that (3 s at most; a page that never gets its
      // lang still fails html-has-lang).
      // Likewise a client navigation's title, which Next streams in after the new page's content.
      for (let i = 0; i < 30 && !(document.documentElement.lang && document.title); i++) await new Promise((r) => setTimeout(r, pollMs));
      // Colours are measured once transitions have settled (a button fading back from its disabled state).
      await Promise.race([Promise.allSettled(document.getAnimations().map((a) => a.finished)), new Promise((r) => setTimeout(r, settleMs))]);
      // The end-of-test check runs at the top of the page: mid-scroll, the sticky header covers part of whatever passes
      // under it, and axe's target-size rule measured a card's heart half under it as a 12 px target (a flake after a
      // client navigation). Not after a goto: a page may place itself on load (the reader's resume position).
      if (toTop) {
        window.scrollTo({ top: 0, behavior: "instant" });
        await new Promise((r) => requestAnimationFrame(() => r(null)));
      }
      const result = await w.axe!.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary?.split("\n").slice(0, 3).join(" ") })) }));
    },
    { source: axeSource, tags: AXE_TAGS, pollMs: 100, settleMs: 1000, toTop },
  );
}

/**
 * For a page the fixture does not watch (one in a second browser context a test opens itself): fails on its serious
 * or critical axe violations, as the fixture does for `page`.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const found = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(found.map((v) => `${v.id} (${v.impact}) at ${page.url()}: ${v.help}`), "axe-core serious or critical violations (WCAG 2.2 AA)").toEqual([]);
}

/**
 * Closes the reader's sponsored message if one is showing (its close button is enabled after 1 s) and waits until that
 * message is gone (the next one may follow at once if the reader moved meanwhile). Answers its band, or null.
 */
export async function closeSponsoredMessage(page: Page): Promise<string | null> {
  const overlay = page.getByTestId("sponsored-overlay");
  if (!(await overlay.isVisible())) return null;
  const band = (await overlay.getAttribute("data-band")) ?? "";
  await page.getByTestId("sponsored-close").click();
  await expect(page.locator(`[data-testid=sponsored-overlay][data-band=${band}]`)).toHaveCount(0);
  return band;
}

const endOnly = new WeakSet<Page>();

/**
 * For a test that times what happens right after a load (a control enabled after one second): its pages are checked
 * at the end of the test only, since a check after each `goto` takes a second or more.
 */
export function auditAtEndOnly(page: Page): void {
  endOnly.add(page);
}

/** Failures are kept on the page so a test can make an exception for one it causes on purpose (`allowPageErrors`). */
const allowances = new WeakMap<Page, RegExp[]>();

/** Lets the current test cause page or console errors matching `patterns` (say why at the call). */
export function allowPageErrors(page: Page, ...patterns: RegExp[]): void {
  allowances.set(page, [...(allowances.get(page) ?? []), ...patterns]);
}

export const test = base.extend({
  page: async ({ page }, provide, testInfo) => {
    const errors: string[] = [];
    const allowed = (text: string) => [...ALLOWED_CONSOLE_ERRORS, ...(allowances.get(page) ?? [])].some((re) => re.test(text));
    page.on("pageerror", (error) => {
      const text = `${error.name}: ${error.message}`;
      if (!allowed(text)) errors.push(`uncaught ${text} (at ${page.url()})`);
    });
    page.on("console", (message) => {
      if (message.type() === "error" && !allowed(message.text())) errors.push(`console error: ${message.text()} (at ${page.url()})`);
      // Chromium reports a header it cannot parse (an unknown Permissions-Policy feature, a CSP typo) as a warning.
      else if (message.type() === "warning" && /^Error with .* header|Content Security Policy/.test(message.text())) errors.push(`header warning: ${message.text()} (at ${page.url()})`);
    });

    const checked = new Set<string>();
    const violations: string[] = [];
    const audit = async (toTop = false) => {
      const url = page.url();
      if (page.isClosed() || !url.startsWith("http") || checked.has(url)) return;
      checked.add(url);
      try {
        const found = await axeViolations(page, { toTop });
        // A client-side redirect replaced the page while axe ran (a signed-in visitor's public preview): check the new one.
        if (page.url() !== url) {
          checked.delete(url);
          return;
        }
        for (const v of found) {
          if (v.impact === "serious" || v.impact === "critical") {
            violations.push(`${v.id} (${v.impact}) at ${url}: ${v.help} — ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ""}`).join("; ")}`);
          }
        }
      } catch (error) {
        // The page navigated away while axe ran: the next page gets its own check.
        if (!/Execution context was destroyed|Target page, context or browser has been closed|navigat/i.test(String(error))) throw error;
        checked.delete(url);
      }
    };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (!endOnly.has(page) && (!response || response.headers()["content-type"]?.includes("text/html"))) await audit();
      return response;
    };

    await provide(page);

    if (testInfo.status === testInfo.expectedStatus && !page.isClosed()) await audit(true);
    expect(errors, "uncaught page errors and console errors").toEqual([]);
    expect(violations, "axe-core serious or critical violations (WCAG 2.2 AA)").toEqual([]);
  },
});
