import { chromium, devices } from "playwright-core";
const base = process.argv[2]!;
const res = await fetch(`${base}/api/chapter/PaginatedChapterDetails?page=1&pageSize=20`);
const items = ((await res.json()) as { data: { items: Array<{ id: number; mangaId: number; isPremium: boolean }> } }).data.items;
const c = items.find((x) => !x.isPremium)!;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const [name, opts] of [["phone", { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } }], ["desktop", { viewport: { width: 1280, height: 900 } }]] as const) {
  for (const lang of ["en", "ar"]) {
    const { defaultBrowserType: _d, ...o } = opts as Record<string, unknown>;
    void _d;
    const ctx = await browser.newContext({ ...o, baseURL: base });
    const page = await ctx.newPage();
    await page.goto(`${lang === "ar" ? "/ar" : ""}/manga-reader/${c.mangaId}/${c.id}`);
    await page.locator("[data-testid=reader][data-ready]").waitFor();
    const close = page.locator("[data-testid=sponsored-close]");
    if (await close.isVisible()) await close.click({ timeout: 20_000 });
    await page.getByTestId("open-help").click();
    await page.getByTestId("help-dialog").waitFor();
    await page.screenshot({ path: `/tmp/keys-shots/${name}-${lang}-help.png` });
    await page.getByTestId("edit-keys").click();
    await page.getByTestId("key-editor").waitFor();
    await page.getByTestId("rebind-previous.ltr").click().catch(() => page.getByTestId("rebind-previous.rtl").click());
    await page.keyboard.press("KeyG");
    await page.getByTestId("key-notice").filter({ hasText: /./ }).waitFor();
    await page.screenshot({ path: `/tmp/keys-shots/${name}-${lang}-editor.png`, fullPage: false });
    await page.keyboard.press("Escape");
    await page.getByTestId("open-settings").click();
    await page.getByTestId("tab-reading").click();
    await page.getByTestId("touch-settings").waitFor();
    await page.screenshot({ path: `/tmp/keys-shots/${name}-${lang}-settings.png` });
    await ctx.close();
  }
}
await browser.close();
