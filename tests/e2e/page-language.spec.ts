import { expect, test, type Page } from "./fixtures";
import { catalogue, signIn } from "./helpers";

/**
 * Issue 28, item 6: every page reads in the language it is shown in. Each page (public, and each role's dashboard
 * pages, on the demo content) is opened in Arabic and in English; what a person reads there (visible text, and what a
 * screen reader says: labels, placeholders, alternative texts), outside what users wrote, must have no word in the
 * other language's script: no Latin word on an Arabic page, no Arabic word on an English page.
 *
 * What users wrote is known by its markup, which it needs anyway to display right in the other direction: an element
 * with `dir="auto"`, a `<bdi>`, an element whose `lang` is the other language, a form field's own value, or
 * `translate="no"`. So a title or a name that is not isolated is a defect here too. Allowed everywhere: the brand,
 * file formats and keys, which Arabic interfaces write in Latin letters.
 */

const ALLOWED_LATIN = new Set([
  // The brand (its Arabic pages write it in Arabic too, but a logo may keep the Latin name).
  "MangaNova",
  // File formats, keys, and technical names Arabic writes in Latin letters.
  "PDF", "ZIP", "CBZ", "JPEG", "JPG", "PNG", "WebP", "GIF", "AVIF", "JSON", "CSV", "UTC", "DPI", "RGB", "CMYK", "IP", "HTTPS", "Argon2id",
  "Ctrl", "Shift", "Alt", "Enter", "Esc", "MB", "KB", "px",
  // Browsers and systems a session list names (profile), proper names in every language.
  "Chrome", "Chromium", "Firefox", "Safari", "Edge", "Opera", "Windows", "macOS", "Linux", "Android", "iOS", "iPadOS", "ChromeOS",
]);
/** The other language's name in the language switcher is written in its own script (it is user-facing on purpose). */
const ALLOWED_ARABIC = new Set(["العربية"]);

interface Finding {
  text: string;
  where: string;
}

/**
 * What a person reads on the page, outside users' own words (see above), as (text, element) pairs, and the users' words
 * the page shows (to take out of labels, which cannot mark a part of themselves: "Edit ⁨title⁩").
 */
async function readableTexts(page: Page): Promise<{ texts: Finding[]; userWords: string[] }> {
  return page.evaluate(() => {
    const pageLang = document.documentElement.lang;
    const USER = 'script,style,noscript,template,code,kbd,bdi,[dir="auto"],[translate="no"],[data-user-content]';
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const testid = el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : "";
      return `${el.tagName.toLowerCase()}${id}${testid}`;
    };
    const userContent = (el: Element) => {
      if (el.closest(USER)) return true;
      const marked = el.closest("[lang]");
      return Boolean(marked && marked !== document.documentElement && marked.getAttribute("lang")?.split("-")[0] !== pageLang);
    };
    const out: Array<{ text: string; where: string }> = [];
    const userWords = new Set<string>();
    for (const el of document.body.querySelectorAll('bdi,[dir="auto"],[translate="no"],[data-user-content]')) {
      // textContent, not innerText: a card's title shown only on hover is still the user's words (its cover's alt).
      const text = el.textContent?.trim();
      if (text) userWords.add(text);
    }
    for (const el of document.body.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input:not([type=hidden]),textarea")) if (el.value.trim()) userWords.add(el.value.trim());
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (!el || !text || userContent(el)) continue;
      // Shown, or read by a screen reader (visually hidden text is clipped, not hidden), or one click away (a closed
      // <details>: the FAQ's answers).
      if (el.closest("[aria-hidden=true]") || !(el.checkVisibility({ visibilityProperty: true }) || el.closest("details"))) continue;
      out.push({ text, where: describe(el) });
    }
    for (const el of document.body.querySelectorAll("[aria-label],[placeholder],[title],img[alt],input[type=submit][value]")) {
      if (userContent(el) && !el.matches("input,textarea")) continue;
      if (!el.checkVisibility({ visibilityProperty: true }) || el.closest("[aria-hidden=true]")) continue;
      for (const name of ["aria-label", "placeholder", "title", "alt"]) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push({ text: value, where: `${describe(el)}@${name}` });
      }
    }
    return { texts: out, userWords: [...userWords] };
  });
}

/**
 * Words of the wrong script in these texts: users' words aside (isolated with U+2066-U+2069 where the interface
 * interpolates them, or shown elsewhere on the page), and e-mail addresses, web addresses and allowed words.
 */
function foreignWords({ texts, userWords }: { texts: Finding[]; userWords: string[] }, locale: "en" | "ar"): string[] {
  const found = new Set<string>();
  const longestFirst = [...userWords].sort((a, b) => b.length - a.length);
  for (const { text, where } of texts) {
    let rest = text.replace(/[\u2066-\u2068][^\u2069]*\u2069/g, " ");
    for (const words of longestFirst) if (rest.includes(words)) rest = rest.split(words).join(" ");
    const plain = rest.replace(/\S+@\S+/g, " ").replace(/https?:\/\/\S+|\b[\w-]+\.(?:com|org|net|example|test)\b\S*/g, " ");
    const words = locale === "ar" ? plain.match(/[A-Za-z][A-Za-z0-9']*[A-Za-z0-9]/g) : plain.match(/[\u0600-\u06FF]{2,}/g);
    for (const word of words ?? []) {
      if ((locale === "ar" ? ALLOWED_LATIN : ALLOWED_ARABIC).has(word)) continue;
      found.add(`"${word}" in "${text.slice(0, 80)}" (${where})`);
    }
  }
  return [...found];
}

async function check(page: Page, path: string, locale: "en" | "ar", problems: string[]) {
  const prefix = locale === "ar" ? "/ar" : "";
  await page.goto(`${prefix}${path}`);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  // Client-rendered parts (lists, counts, dashboards) are in before the page is read.
  await expect(page.locator("main").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  for (const word of foreignWords(await readableTexts(page), locale)) problems.push(`${prefix}${path}: ${word}`);
}

const PUBLIC = ["/", "/discovery", "/discovery/manga/{manga}", "/manga-reader/{manga}/{chapter}", "/frequently-asked-questions", "/terms-of-service", "/privacy-policy", "/auth?type=login", "/auth?type=register", "/auth/forgot-password", "/a-page-that-does-not-exist"];
const SIGNED_IN = {
  reader: ["/dashboard/discovery", "/dashboard/discovery/manga/{manga}", "/dashboard/favorites", "/dashboard/notifications", "/dashboard/profile-management", "/dashboard/premium", "/dashboard/site-settings"],
  writer: ["/dashboard/manga-management", "/dashboard/create-manga", "/dashboard/monetization", "/dashboard/notifications"],
  root: ["/dashboard/manga-approval", "/dashboard/manga-approval/{manga}", "/dashboard/manga-approval/editor/{manga}", "/dashboard/user-management", "/dashboard/site-settings", "/dashboard/reports", "/dashboard/overview", "/dashboard/audit-log", "/dashboard/monetization"],
} as const;

test.describe("page language (issue 28)", () => {
  test.skip(({ isMobile }) => isMobile, "the same texts at every width: one pass at desktop width");
  test.describe.configure({ timeout: 240_000 });

  for (const locale of ["ar", "en"] as const) {
    test(`every page in ${locale === "ar" ? "Arabic has no Latin word" : "English has no Arabic word"} outside users' own words`, async ({ page, request }) => {
      const [first] = (await catalogue(request, "pageSize=1")).items;
      expect(first).toBeDefined();
      const manga = await (await request.get(`/api/manga/GetMangaById?id=${first!.id}`)).json() as { data: { chapters: Array<{ id: number; isPremium: boolean }> } };
      const chapter = manga.data.chapters.find((c) => !c.isPremium);
      const fill = (path: string) => path.replace("{manga}", String(first!.id)).replace("{chapter}", String(chapter?.id ?? 1));
      const problems: string[] = [];
      for (const path of PUBLIC) await check(page, fill(path), locale, problems);
      for (const [role, paths] of Object.entries(SIGNED_IN) as Array<[keyof typeof SIGNED_IN, readonly string[]]>) {
        await page.context().clearCookies();
        await signIn(page, role, locale === "ar" ? "/ar" : "");
        for (const path of paths) await check(page, fill(path), locale, problems);
      }
      expect(problems, problems.join("\n")).toEqual([]);
    });
  }
});



test.describe("the Arabic font (ADR 010)", () => {
  test.skip(({ isMobile }) => isMobile, "the same stylesheet at every width: one pass at desktop width");

  const loadedWeights = (page: Page) =>
    page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.family.replace(/"/g, "") === "arabicFont" && f.status === "loaded").map((f) => f.weight).sort();
    });

  test("Arabic pages draw their text in the subset Noto Kufi Arabic, both weights; English pages never fetch it", async ({ page }) => {
    const fonts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "font") fonts.push(new URL(r.url()).pathname);
    });
    // English first, in a new context: after an Arabic page Chromium fetches the last page's fonts again on its own.
    await page.goto("/");
    expect(await loadedWeights(page)).toEqual([]);
    expect(fonts).toEqual([]);
    await page.goto("/ar");
    await expect.poll(() => loadedWeights(page)).toEqual(["400", "700"]);
    expect(await page.evaluate(() => document.fonts.check("700 16px arabicFont", "اكتشف المانجا"))).toBe(true);
    // The heading's computed font is the Arabic one (not the fallback), and each weight is one file.
    expect(await page.locator("h1").first().evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^arabicFont/);
    expect(fonts.map((f) => f.replace(/\.[^./]+\.woff2$/, "")).sort()).toEqual(["/_next/static/media/noto-kufi-arabic-400", "/_next/static/media/noto-kufi-arabic-700"]);
  });
});
