/**
 * Screenshots of every screen, for a person to compare a change's before and after (issue 29: "every screen looks as
 * before"). Not a test: it writes PNGs and prints which pairs differ.
 *
 *   npx tsx scripts/screens.ts shoot --base http://127.0.0.1:3411 --out .screens/before
 *   npx tsx scripts/screens.ts compare .screens/before .screens/after   # per-screen share of changed pixels,
 *                                                                        # side-by-side PNGs of the changed ones
 * It signs in as the demo accounts (scripts/seed/accounts.ts) on a server seeded with the demo content
 * (scripts/e2e-server.ts), at 390 and 1280 px, in English and Arabic, full page, animations off.
 */
import { mkdirSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import sharp from "sharp";

const PUBLIC = ["/", "/discovery", "/discovery/manga/1", "/frequently-asked-questions", "/terms-of-service", "/privacy-policy", "/auth?type=login", "/auth?type=register", "/auth/forgot-password", "/no-such-page"];
const BY_ROLE: Record<string, { password: string; pages: string[] }> = {
  reader: { password: "Reader#Demo2025", pages: ["/dashboard/discovery", "/dashboard/favorites", "/dashboard/notifications", "/dashboard/profile-management", "/dashboard/premium", "/manga-reader/1/1"] },
  writer: { password: "Writer#Demo2025", pages: ["/dashboard/manga-management", "/dashboard/create-manga", "/dashboard/monetization", "/dashboard/overview"] },
  root: { password: "Root#Demo2025", pages: ["/dashboard/user-management", "/dashboard/manga-approval", "/dashboard/reports", "/dashboard/audit-log", "/dashboard/site-settings", "/dashboard/monetization", "/dashboard/overview", "/dashboard/notifications"] },
};
const WIDTHS = [390, 1280];
const LANGS = ["en", "ar"] as const;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}
const slug = (p: string) => p.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";

async function shoot(browser: Browser, base: string, out: string, who: string | null) {
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce", locale: lang });
      const page = await context.newPage();
      const prefix = lang === "ar" ? "/ar" : "";
      if (who) {
        await page.goto(`${base}${prefix}/auth?type=login`);
        await page.locator("#login-username").fill(who);
        await page.locator("#login-password").fill(BY_ROLE[who]!.password);
        await page.locator("main form button[type=submit]").click();
        await page.waitForURL(/\/dashboard/, { timeout: 30_000 });
      }
      for (const p of who ? BY_ROLE[who]!.pages : PUBLIC) {
        await page.goto(`${base}${prefix}${p === "/" && prefix ? "" : p}`, { waitUntil: "networkidle" }).catch(() => undefined);
        await page.addStyleTag({ content: "*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}" }).catch(() => undefined);
        // Lazy images below the fold load too, so a picture not yet in is not taken for a change.
        await page
          .evaluate(async () => {
            for (const img of Array.from(document.images)) img.loading = "eager";
            const loaded = Array.from(document.images).map((img) => (img.complete ? null : new Promise((done) => {
              img.addEventListener("load", done, { once: true });
              img.addEventListener("error", done, { once: true });
            })));
            await Promise.race([Promise.all(loaded), new Promise((done) => setTimeout(done, 10_000))]);
            await document.fonts.ready;
          })
          .catch(() => undefined);
        const file = path.join(out, `${who ?? "public"}-${lang}-${width}-${slug(p)}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch((e: Error) => console.log(`! ${file}: ${e.message}`));
        console.log(file);
      }
      await context.close();
    }
  }
}

async function compare(a: string, b: string) {
  const diffDir = path.join(b, "..", `${path.basename(b)}-vs-${path.basename(a)}`);
  mkdirSync(diffDir, { recursive: true });
  for (const name of readdirSync(a).filter((f) => f.endsWith(".png")).sort()) {
    if (!existsSync(path.join(b, name))) {
      console.log(`missing after: ${name}`);
      continue;
    }
    const [x, y] = await Promise.all([sharp(path.join(a, name)).raw().toBuffer({ resolveWithObject: true }), sharp(path.join(b, name)).raw().toBuffer({ resolveWithObject: true })]);
    const sameSize = x.info.width === y.info.width && x.info.height === y.info.height;
    let changed = 0;
    if (sameSize) for (let i = 0; i < x.data.length; i += x.info.channels) if (x.data[i] !== y.data[i] || x.data[i + 1] !== y.data[i + 1] || x.data[i + 2] !== y.data[i + 2]) changed += 1;
    const share = sameSize ? changed / (x.info.width * x.info.height) : 1;
    if (share === 0) continue;
    console.log(`${(share * 100).toFixed(2).padStart(7)} %  ${name}${sameSize ? "" : ` (size ${x.info.width}x${x.info.height} → ${y.info.width}x${y.info.height})`}`);
    const height = Math.max(x.info.height, y.info.height);
    await sharp({ create: { width: x.info.width + y.info.width + 16, height, channels: 3, background: "#ff00ff" } })
      .composite([
        { input: path.join(a, name), left: 0, top: 0 },
        { input: path.join(b, name), left: x.info.width + 16, top: 0 },
      ])
      .png()
      .toFile(path.join(diffDir, name));
  }
  console.log(`side by side (before | after): ${diffDir}`);
}

const command = process.argv[2];
if (command === "shoot") {
  const base = arg("--base") ?? "http://127.0.0.1:3000";
  const out = arg("--out") ?? ".screens/now";
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  const only = arg("--only");
  for (const who of [null, ...Object.keys(BY_ROLE)]) if (!only || only === (who ?? "public")) await shoot(browser, base, out, who);
  await browser.close();
} else if (command === "compare") {
  await compare(process.argv[3]!, process.argv[4]!);
} else {
  console.log("usage: screens.ts shoot --base URL --out DIR [--only public|reader|writer|root] | compare BEFORE AFTER");
}
