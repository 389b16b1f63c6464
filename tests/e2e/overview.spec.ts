import { expect, test, type APIRequestContext } from "./fixtures";
import { DEMO, isPhone, signIn, skipEnglishOnPhoneInBlock } from "./helpers";

/**
 * Issue 15 screens 3 and 4: root's overview (figures, five charts drawn in the browser, right to left in Arabic) and
 * the audit log reached from it, filtered down to an entry this test caused (root's message to a new reader,
 * audited as notification.user). Readers and writers get the 403 view on both. English and Arabic, desktop and phone.
 */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function rootToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/Authentication/Login", { data: { username: DEMO.root.username, password: DEMO.root.password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** A new reader whom root sends a message: one notification.user row in the audit log, naming the reader. */
async function auditedMessage(request: APIRequestContext): Promise<{ username: string }> {
  const username = unique("ov_");
  const created = await request.post("/api/test/create-user", { data: { fullName: "Overview Reader", username, password: "Strong#Pass1", role: 0 } });
  expect(created.status(), await created.text()).toBe(200);
  const userId = ((await created.json()) as { data: { id: number } }).data.id;
  const sent = await request.post("/api/Notification/SendNotificationToUser", {
    headers: { Authorization: `Bearer ${await rootToken(request)}` },
    data: { userId, message: `Audit me ${username}`, type: 1 },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return { username };
}

const LANGS = [
  { lang: "en", prefix: "", dir: "ltr", heading: "Site overview", audit: "Audit log", actionLabel: "Notification to a user", apply: "Apply filters", forbidden: "403", roleAction: "Role changed", roleChange: "role: Writer → Reader" },
  { lang: "ar", prefix: "/ar", dir: "rtl", heading: "نظرة عامة على الموقع", audit: "سجل التدقيق", actionLabel: "إشعار إلى مستخدم", apply: "تطبيق", forbidden: "403", roleAction: "تغيير الدور", roleChange: "role: كاتب → قارئ" },
] as const;

for (const L of LANGS) {
  test.describe(`overview and audit log (${L.lang})`, () => {
    skipEnglishOnPhoneInBlock(L.lang === "en");
    test("root sees the figures and the charts, opens the audit log and finds the entry it caused", async ({ page, request }) => {
      const { username } = await auditedMessage(request);
      await signIn(page, "root", L.prefix);
      await page.goto(`${L.prefix}/dashboard/overview`);
      await expect(page.locator("html")).toHaveAttribute("dir", L.dir);
      await expect(page.getByRole("heading", { level: 2, name: L.heading })).toBeVisible();

      // Figures from the demo content: accounts of every role, content by status, the review queue with its link.
      await expect(page.getByTestId("figure-accounts-total")).not.toBeEmpty();
      for (const role of ["reader", "writer", "staff", "admin", "root"]) await expect(page.locator(`[data-role="${role}"]`)).not.toBeEmpty();
      await expect(page.getByTestId("manga-by-status").locator("dd")).toHaveCount(3);
      await expect(page.getByTestId("chapters-by-status").locator("dd")).toHaveCount(3);
      await expect(page.getByTestId("review-queue-link")).toHaveAttribute("href", `${L.prefix}/dashboard/manga-approval`);
      await expect(page.getByTestId("figure-views-today-value")).not.toBeEmpty();
      await expect(page.getByTestId("figure-favorites-value")).not.toBeEmpty();

      // Five charts, each with a heading and a summary, drawn by recharts in the browser.
      for (const id of ["signups", "views", "top-views", "top-favorites", "chapters-per-week"]) {
        const card = page.getByTestId(`chart-${id}`);
        await expect(card.getByRole("heading", { level: 3 })).toBeVisible();
        await expect(card.getByTestId("chart-summary")).not.toBeEmpty();
        await expect(card.locator("[data-testid=chart-drawing] svg.recharts-surface").first()).toBeVisible();
      }
      // The numbers behind a chart, for anyone who cannot see it: 30 days in the sign-ups table.
      const signups = page.getByTestId("chart-signups");
      await signups.locator("summary").click();
      await expect(signups.locator("tbody tr")).toHaveCount(30);
      // Right to left: the top-10 titles sit on the right of the bars in Arabic, on the left in English.
      const topViews = page.getByTestId("chart-top-views");
      const yAxis = topViews.locator(".recharts-yAxis");
      await expect(yAxis).toBeVisible();
      const [axisBox, plotBox] = await Promise.all([yAxis.boundingBox(), topViews.locator(".recharts-bar-rectangles").boundingBox()]);
      expect(axisBox && plotBox).toBeTruthy();
      if (L.dir === "rtl") expect(axisBox!.x).toBeGreaterThan(plotBox!.x);
      else expect(axisBox!.x).toBeLessThan(plotBox!.x);
      // No horizontal overflow on phones.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);

      // To the audit log, filtered by action and actor; the entry names the reader.
      await page.getByTestId("audit-log-link").click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/dashboard/audit-log$`));
      await expect(page.getByRole("heading", { level: 2, name: L.audit })).toBeVisible();
      await page.locator("#audit-action").selectOption({ label: L.actionLabel });
      await page.locator("#audit-actor").fill("root");
      const today = new Date().toISOString().slice(0, 10);
      // The date in the page's language and order, never the browser's mm/dd/yyyy (issue 31, 6g).
      const [year, month, day] = today.split("-") as [string, string, string];
      await page.locator("#audit-from-year").selectOption(year);
      await page.locator("#audit-from-month").selectOption(month);
      await expect(page.locator("#audit-from-month option").nth(1)).toHaveText(L.dir === "rtl" ? "يناير" : "January");
      // A date only partly chosen is not applied, and says so.
      await page.getByRole("button", { name: L.apply }).click();
      await expect(page.getByTestId("audit-from-field")).toContainText(L.dir === "rtl" ? "اختر اليوم والشهر والسنة" : "Choose a day, a month and a year");
      await page.locator("#audit-from-day").selectOption(day);
      await page.getByRole("button", { name: L.apply }).click();
      await expect(page).toHaveURL(/action=notification\.user/);
      await expect(page).toHaveURL(/actor=root/);
      await expect(page).toHaveURL(new RegExp(`from=${today}`));
      const entries = page.getByTestId(isPhone() ? "audit-card" : "audit-row");
      const mine = entries.filter({ hasText: username });
      await expect(mine).toHaveCount(1);
      // The action in words, never its stored key (issue 31, 6f).
      await expect(mine.getByTestId("audit-action")).toHaveText(L.actionLabel);
      await expect(mine.getByTestId("audit-actor")).toHaveText("root");
      // Every listed entry is of the chosen action.
      for (const action of await entries.evaluateAll((els) => els.map((e) => e.getAttribute("data-action")))) expect(action).toBe("notification.user");
      // The details open to show the message.
      await mine.getByTestId("audit-details").locator("summary").click();
      await expect(mine.getByTestId("audit-details")).toContainText(`Audit me ${username}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    });

    test("the audit log names actions and roles in words and keeps usernames whole (issue 31, 6f)", async ({ page, request }) => {
      const username = unique("audit_role_change_");
      const created = await request.post("/api/test/create-user", { data: { fullName: "Audited Writer", username, password: "Strong#Pass1", role: 1 } });
      expect(created.status(), await created.text()).toBe(200);
      const userId = ((await created.json()) as { data: { id: number } }).data.id;
      const changed = await request.put("/api/User/UpdateUser", { headers: { Authorization: `Bearer ${await rootToken(request)}` }, data: { id: userId, role: 0 } });
      expect(changed.status(), await changed.text()).toBe(200);

      await signIn(page, "root", L.prefix);
      await page.goto(`${L.prefix}/dashboard/audit-log?action=user.role&actor=root`);
      const entries = page.getByTestId(isPhone() ? "audit-card" : "audit-row");
      const mine = entries.filter({ hasText: username });
      await expect(mine).toHaveCount(1);
      await expect(mine).toHaveAttribute("data-action", "user.role");
      await expect(mine.getByTestId("audit-action")).toHaveText(L.roleAction);
      await expect(mine).not.toContainText("user.role");
      const details = mine.getByTestId("audit-details");
      await expect(details.locator("summary")).toContainText(L.roleChange);
      // The actor's name on one line (a squeezed column broke it a letter a line).
      const lines = await mine.getByTestId("audit-actor").evaluate((el) => el.getClientRects().length);
      expect(lines).toBe(1);
      await details.locator("summary").click();
      await expect(details.locator("tbody tr")).toHaveCount(1);
      await expect(details.locator("tbody tr td").first()).toHaveText(L.roleChange.split(": ")[1]!.split(" → ")[0]!);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    });

    for (const who of ["reader", "writer"] as const) {
      test(`a ${who} gets the 403 view on the overview and the audit log`, async ({ page }) => {
        await signIn(page, who, L.prefix);
        for (const path of ["overview", "audit-log"]) {
          await page.goto(`${L.prefix}/dashboard/${path}`);
          await expect(page.getByTestId("forbidden")).toBeVisible();
          await expect(page.getByTestId("forbidden")).toContainText(L.forbidden);
          await expect(page.getByTestId("overview")).toHaveCount(0);
          await expect(page.getByTestId("audit-log")).toHaveCount(0);
        }
      });
    }
  });
}
