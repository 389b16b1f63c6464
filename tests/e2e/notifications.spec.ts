import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { DEMO, signIn, skipEnglishOnPhoneInBlock } from "./helpers";

/**
 * Issue 14's screens: the bell's dropdown gets root's message live (toast, red dot, item on top) and marks everything
 * read; the notifications page lists, pages, searches, filters, marks read and deletes; root's composer writes to a
 * user found by username. English and Arabic, desktop and phone. Every test writes to an account of its own
 * (registered through the API), so tests running in parallel never see each other's notifications.
 */
const PASSWORD = "Strong#Pass1";

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function token(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post("/api/Authentication/Login", { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

async function userId(request: APIRequestContext, username: string, password: string): Promise<number> {
  const me = await request.get("/api/Authentication/Me", { headers: { Authorization: `Bearer ${await token(request, username, password)}` } });
  expect(me.status()).toBe(200);
  return ((await me.json()) as { data: { id: number } }).data.id;
}

/** A new reader account; answers its username and id. */
async function newReader(request: APIRequestContext): Promise<{ username: string; id: number }> {
  const username = unique("nt_");
  // A test route, not Register: every test registers from 127.0.0.1, and Register is limited per address.
  const res = await request.post("/api/test/create-user", { data: { fullName: "Notified Reader", username, password: PASSWORD, role: 0 } });
  expect(res.status(), await res.text()).toBe(200);
  return { username, id: ((await res.json()) as { data: { id: number } }).data.id };
}

async function rootSends(request: APIRequestContext, rootToken: string, userId: number, message: string, type = 1) {
  const res = await request.post("/api/Notification/SendNotificationToUser", { headers: { Authorization: `Bearer ${rootToken}` }, data: { userId, message, type } });
  expect(res.status(), await res.text()).toBe(200);
}

async function signInAs(page: Page, username: string, password: string, prefix: string) {
  await page.goto(`${prefix}/auth?type=login`);
  await page.locator("#login-username").fill(username);
  await page.locator("#login-password").fill(password);
  await page.locator("main form button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/discovery$`));
}

const LANGS = [
  {
    lang: "en", prefix: "", bell: "Notifications", down: "Live updates offline", markAll: "Mark all as read", unreadTab: "Unread", noUnread: "No unread notifications",
    search: "Search notifications", filter: "Show", unreadFilter: "Unread", markRead: "Mark as read", delete: "Delete", cancel: "Cancel", emptyFiltered: "No notifications match",
    pageOf: (p: number, t: number) => `Page ${p} of ${t}`, next: "Next", results: (n: number) => `${n} notifications`,
    composer: "Send a notification", recipient: "Username or user id", message: "Message", type: "Type", warning: "Warning",
    send: "Send notification", sentTo: "Notification sent to", notFound: "No account named", admins: "Message the administrators",
    prefNewChapter: "New chapters of your favourites: In-app", prefSaved: "Preferences saved",
  },
  {
    lang: "ar", prefix: "/ar", bell: "الإشعارات", down: "التحديثات المباشرة متوقفة", markAll: "تعليم الكل كمقروء", unreadTab: "غير المقروءة", noUnread: "لا توجد إشعارات غير مقروءة",
    search: "البحث في الإشعارات", filter: "عرض", unreadFilter: "غير مقروءة", markRead: "تعليم كمقروء", delete: "حذف", cancel: "إلغاء", emptyFiltered: "لا توجد إشعارات تطابق",
    pageOf: (p: number, t: number) => `الصفحة ${p} من ${t}`, next: "التالي", results: (n: number) => `${n} إشعار`,
    composer: "إرسال إشعار", recipient: "اسم المستخدم أو رقم الحساب", message: "الرسالة", type: "النوع", warning: "تنبيه",
    send: "إرسال الإشعار", sentTo: "أُرسل الإشعار إلى", notFound: "لا يوجد حساب باسم", admins: "مراسلة المشرفين",
    prefNewChapter: "الفصول الجديدة من مفضلاتك: داخل الموقع", prefSaved: "تم حفظ التفضيلات",
  },
] as const;

for (const L of LANGS) {
  test.describe(`notifications (${L.lang})`, () => {
    skipEnglishOnPhoneInBlock(L.lang === "en");
    test("a reader's dropdown receives root's message live, opens by keyboard and marks all read", async ({ page, request }) => {
      const reader = await newReader(request);
      const rootToken = await token(request, DEMO.root.username, DEMO.root.password);
      await signInAs(page, reader.username, PASSWORD, L.prefix);
      const bell = page.getByTestId("notifications-button");
      // The live connection is open before root writes.
      await expect(page.getByTestId("notifications")).toHaveAttribute("data-live", "open");
      await expect(page.getByTestId("live-status")).toHaveCount(0);

      const message = unique(`Live hello ${L.lang} `);
      await rootSends(request, rootToken, reader.id, message, 2);

      // A toast bottom-right, the red dot, and the item on top of the dropdown.
      const toast = page.getByTestId("notification-toast").filter({ hasText: message });
      await expect(toast).toBeVisible();
      const box = await toast.boundingBox();
      const viewport = page.viewportSize()!;
      expect(box!.y + box!.height).toBeGreaterThan(viewport.height / 2);
      await expect(page.getByTestId("notifications-dot")).toBeVisible();
      await expect(bell).toHaveAccessibleName(new RegExp(`^${L.bell}, `));

      // A second one arrives while the dropdown is open: it goes on top.
      await bell.click();
      await expect(bell).toHaveAttribute("aria-expanded", "true");
      const items = page.getByTestId("notification-item");
      await expect(items.first()).toContainText(message);
      const second = unique(`Second ${L.lang} `);
      await rootSends(request, rootToken, reader.id, second, 4);
      await expect(items.first()).toContainText(second);
      await expect(items.nth(1)).toContainText(message);
      await expect(items.first()).toHaveAttribute("data-read", "false");

      // Escape closes and gives the focus back to the bell; Enter opens it again.
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("notifications-panel")).toHaveCount(0);
      await expect(bell).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("notifications-panel")).toBeVisible();
      // Tabbing out of it (backwards from the bell) closes it too; Enter opens it again.
      await page.keyboard.press("Shift+Tab");
      await expect(page.getByTestId("notifications-panel")).toHaveCount(0);
      await bell.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("notifications-panel")).toBeVisible();

      // Mark all: each unread one, then the list again; the dot goes.
      await page.getByRole("button", { name: L.markAll }).click();
      await expect(page.getByTestId("notifications-dot")).toHaveCount(0);
      await expect(items.first()).toHaveAttribute("data-read", "true");
      await page.getByRole("tab", { name: L.unreadTab }).click();
      await expect(page.getByTestId("notifications-empty")).toHaveText(L.noUnread);
      await expect(page.getByRole("button", { name: L.markAll })).toBeDisabled();

      // The server agrees.
      const count = await request.get("/api/Notification/GetUnreadNotificationCount", { headers: { Authorization: `Bearer ${await token(request, reader.username, PASSWORD)}` } });
      expect(((await count.json()) as { data: number }).data).toBe(0);
    });

    test("when the live connection drops the bell says so, and it reconnects after a second", async ({ page, request }) => {
      // The first socket is closed by "the server" with 1011 (Playwright stands in the middle); the retry goes through.
      let sockets = 0;
      let dropFirst: () => Promise<void> = async () => undefined;
      await page.routeWebSocket(/GetNotificationWebSocket/, (ws) => {
        sockets += 1;
        ws.connectToServer();
        if (sockets === 1) dropFirst = () => ws.close({ code: 1011, reason: "test" });
      });
      const lines: string[] = [];
      page.on("console", (m) => m.type() === "warning" && lines.push(m.text()));
      await signIn(page, "reader", L.prefix);
      const live = page.getByTestId("notifications");
      await expect(live).toHaveAttribute("data-live", "open");
      await expect(page.getByTestId("live-status")).toHaveCount(0);

      await dropFirst();
      await expect(page.getByTestId("live-status")).toBeVisible();
      await expect(page.getByTestId("live-status")).toContainText(L.down);
      expect(lines.some((l) => l.includes("1011"))).toBe(true);
      // The retry 1 s later opens a new socket; the status line goes away and live messages arrive again.
      await expect(live).toHaveAttribute("data-live", "open");
      await expect(page.getByTestId("live-status")).toHaveCount(0);
      expect(sockets).toBe(2);
      const rootToken = await token(request, DEMO.root.username, DEMO.root.password);
      const readerId = await userId(request, DEMO.reader.username, DEMO.reader.password);
      const message = unique(`After reconnect ${L.lang} `);
      await rootSends(request, rootToken, readerId, message, 1);
      await expect(page.getByTestId("notification-toast").filter({ hasText: message })).toBeVisible();
    });

    test("the notifications page lists 10 a page, searches, filters, marks read and deletes", async ({ page, request }) => {
      const reader = await newReader(request);
      const rootToken = await token(request, DEMO.root.username, DEMO.root.password);
      const tag = unique("batch");
      // One that the search leaves out, so the searched count (12) differs from the whole list's (13).
      await rootSends(request, rootToken, reader.id, unique("Unrelated "), 1);
      for (let i = 1; i <= 11; i++) await rootSends(request, rootToken, reader.id, `${tag} item ${i}`, (i % 4) + 1);
      const needle = unique("needle");
      await rootSends(request, rootToken, reader.id, `${tag} ${needle}`, 3);

      await signInAs(page, reader.username, PASSWORD, L.prefix);
      await page.goto(`${L.prefix}/dashboard/notifications`);
      const rows = page.getByTestId("notification-row");
      const search = page.getByLabel(L.search);
      await expect(page.getByTestId("notifications-count")).toContainText(L.results(13));
      await search.fill(tag);
      await expect(page.getByTestId("notifications-count")).toContainText(L.results(12));
      await expect(rows).toHaveCount(10);
      await expect(rows.first()).toContainText(needle);
      await expect(page.getByTestId("notifications-page-of")).toHaveText(L.pageOf(1, 2));
      await page.getByRole("button", { name: L.next }).click();
      await expect(page.getByTestId("notifications-page-of")).toHaveText(L.pageOf(2, 2));
      await expect(rows).toHaveCount(2);
      await expect(rows.last()).toContainText(`${tag} item 1`);

      // Search by a word of one message (from page 1 again).
      await search.fill(needle);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(needle);
      await expect(page.getByTestId("notifications-page-of")).toHaveCount(0);

      // Mark it read, then delete it.
      await rows.first().getByRole("button", { name: L.markRead }).click();
      await expect(rows.first()).toHaveAttribute("data-read", "true");
      // Delete asks first: cancel keeps it, confirm removes it.
      await rows.first().getByRole("button", { name: L.delete }).click();
      const confirm = page.getByRole("dialog");
      await expect(confirm).toContainText(needle);
      await confirm.getByRole("button", { name: L.cancel }).click();
      await expect(confirm).toBeHidden();
      await expect(rows).toHaveCount(1);
      await rows.first().getByRole("button", { name: L.delete }).click();
      await confirm.getByRole("button", { name: L.delete }).click();
      await expect(page.getByTestId("notifications-page-empty")).toContainText(L.emptyFiltered);

      // Unread only: the 11 others; marking one read there leaves 10.
      await search.fill(tag);
      await page.getByRole("group", { name: L.filter }).getByText(L.unreadFilter, { exact: true }).click();
      await expect(page.getByTestId("notifications-count")).toContainText(L.results(11));
      await rows.first().getByRole("button", { name: L.markRead }).click();
      await expect(rows.first()).toHaveAttribute("data-read", "true");
      // Mark all read (one call): nothing unread is left, and the bell's dot is gone.
      await page.getByTestId("page-mark-all").click();
      await expect(page.getByTestId("notifications-dot")).toHaveCount(0);
      await expect(page.getByTestId("page-mark-all")).toBeDisabled();
      await page.getByLabel(L.search).fill(`${tag} item`);
      await expect(page.getByTestId("notifications-page-empty")).toContainText(L.emptyFiltered);
    });

    test("root's composer writes to a user found by username, with a type and a preview; writers message the administrators", async ({ page, request }) => {
      // The staff account: no other test counts its notifications (and registrations are rate limited per address).
      const reader = { username: DEMO.staff.username };
      const PASSWORD = DEMO.staff.password;
      await signInAs(page, DEMO.root.username, DEMO.root.password, L.prefix);
      await page.goto(`${L.prefix}/dashboard/notifications`);
      const composer = page.getByTestId("notification-composer");
      await expect(composer.getByRole("heading", { name: L.composer })).toBeVisible();

      const message = unique(`Composer ${L.lang} `);
      await composer.getByLabel(L.recipient).fill(`nobody_${reader.username}`);
      await composer.getByLabel(L.message, { exact: true }).fill(message);
      await composer.getByLabel(L.type).selectOption({ label: L.warning });
      // The preview shows the item as it will look: the message and the warning colour.
      await expect(page.getByTestId("composer-preview")).toContainText(message);
      await expect(page.getByTestId("composer-preview").locator("[data-tone=warning]")).toBeVisible();
      await composer.getByRole("button", { name: L.send }).click();
      await expect(composer).toContainText(L.notFound);

      await composer.getByLabel(L.recipient).fill(reader.username.toUpperCase());
      await composer.getByRole("button", { name: L.send }).click();
      await expect(page.getByText(`${L.sentTo} ${reader.username}`)).toBeVisible();

      const list = await request.get(`/api/Notification/PaginatedNotification?SearchTerm=${encodeURIComponent(message)}`, {
        headers: { Authorization: `Bearer ${await token(request, reader.username, PASSWORD)}` },
      });
      const items = ((await list.json()) as { data: { items: Array<{ message: string; type: number; isRead: boolean }> } }).data.items;
      expect(items).toEqual([expect.objectContaining({ message, type: 3, isRead: false })]);

      // A writer gets the "message the administrators" composer instead, and a reader none.
      await page.context().clearCookies();
      await signInAs(page, DEMO.writer.username, DEMO.writer.password, L.prefix);
      await page.goto(`${L.prefix}/dashboard/notifications`);
      await expect(page.getByRole("heading", { name: L.admins })).toBeVisible();
      await expect(page.getByLabel(L.recipient)).toHaveCount(0);
    });

    test("the preferences load on a full page load, and a switch saves and stays after a reload", async ({ page, request }) => {
      const reader = await newReader(request);
      await signInAs(page, reader.username, PASSWORD, L.prefix);
      // A full load of the page (the session's token arrives after the first render): the switches still load.
      await page.goto(`${L.prefix}/dashboard/notifications`);
      const prefs = page.getByTestId("notification-preferences");
      const newChapter = prefs.getByRole("checkbox", { name: L.prefNewChapter });
      await expect(newChapter).toBeChecked();
      await expect(newChapter).toBeEnabled();
      await expect(prefs.getByRole("alert")).toHaveCount(0);

      const digest = prefs.getByRole("switch");
      await expect(digest).not.toBeChecked();
      await digest.click();
      await expect(page.getByText(L.prefSaved)).toBeVisible();
      await newChapter.click();
      await expect(newChapter).not.toBeChecked();
      await expect(newChapter).toBeEnabled();

      await page.reload();
      await expect(prefs.getByRole("switch")).toBeChecked();
      await expect(prefs.getByRole("checkbox", { name: L.prefNewChapter })).not.toBeChecked();
      await expect(prefs.getByRole("alert")).toHaveCount(0);
    });
  });
}
