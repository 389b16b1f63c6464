import { expect, test, type APIRequestContext } from "./fixtures";
import { apiToken, DEMO, jpegBlob, SIGN_IN_WAIT_MS, signInAs, skipEnglishOnPhoneInBlock, TEST_PASSWORD, unique } from "./helpers";

/**
 * Issue 34, item 4: a reader follows a writer from the manga's page, sees the writer's public page, and is told (in the
 * page's language) when root accepts the writer's new manga; the writer page answers 404 for names that are not
 * writers. In both languages at desktop width and in Arabic at phone width (docs/decisions/020).
 */
async function createUser(request: APIRequestContext, prefix: string, role: 0 | 1): Promise<{ id: number; username: string }> {
  const username = unique(prefix);
  const res = await request.post("/api/test/create-user", { data: { fullName: "Follow Test", username, password: TEST_PASSWORD, role } });
  expect(res.status(), await res.text()).toBe(200);
  return { id: ((await res.json()) as { data: { id: number } }).data.id, username };
}

/** A manga submitted by `writer` and accepted by root, through the API: what publishing does for a follower. */
async function publishManga(request: APIRequestContext, writerName: string, title: string): Promise<number> {
  const writer = await apiToken(request, writerName, TEST_PASSWORD);
  const root = await apiToken(request, DEMO.root.username, DEMO.root.password);
  const form = new FormData();
  form.set("title", title);
  form.set("description", `A story by ${writerName}.`);
  form.append("genres", "Drama");
  form.set("coverImage", await jpegBlob([90, 60, 140]), "cover.jpg");
  const m = await request.post("/api/manga/SubmitManga", { headers: { authorization: `Bearer ${writer}` }, multipart: form });
  expect(m.status(), await m.text()).toBe(200);
  const mangaId = ((await m.json()) as { data: { id: number } }).data.id;
  const accepted = await request.post("/api/manga/StatusManga", { headers: { authorization: `Bearer ${root}` }, data: { mangaId, status: 1 } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return mangaId;
}

const LANGS = [
  {
    lang: "en", prefix: "", follow: "Follow", following: "Following", oneFollower: "1 follower", noFollowers: "No followers yet",
    notFound: "Writer not found", followedHeading: "Writers you follow", unfollow: "Unfollow", empty: "You do not follow any writer yet",
    notice: (author: string, title: string) => `New manga from ${author}, a writer you follow: "${title}"`,
  },
  {
    lang: "ar", prefix: "/ar", follow: "متابعة", following: "تتابعه", oneFollower: "متابع واحد", noFollowers: "لا متابعين بعد",
    notFound: "الكاتب غير موجود", followedHeading: "الكتّاب الذين تتابعهم", unfollow: "إلغاء المتابعة", empty: "لا تتابع أي كاتب بعد",
    notice: (author: string, title: string) => `مانجا جديدة من ${author}، كاتب تتابعه: «${title}»`,
  },
] as const;

for (const L of LANGS) {
  test.describe(`following writers (${L.lang})`, () => {
    skipEnglishOnPhoneInBlock(L.lang === "en");

    test("a visitor sees the writer page and is sent to sign in to follow; names that are not writers are a 404", async ({ page, request }) => {
      const writer = await createUser(request, "fw_w", 1);
      const reader = await createUser(request, "fw_r", 0);
      const title = unique(`Visitor tale ${L.lang} `);
      await publishManga(request, writer.username, title);

      const res = await page.goto(`${L.prefix}/writers/${writer.username}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(writer.username);
      await expect(page.getByTestId("follower-count")).toHaveText(L.noFollowers);
      await expect(page.getByTestId("writer-manga")).toContainText(title);
      await expect(page).toHaveTitle(new RegExp(writer.username));
      const follow = page.getByTestId("follow-button");
      await expect(follow).toHaveText(L.follow);
      await follow.click();
      await expect(page).toHaveURL((url) => url.pathname === `${L.prefix}/auth` && url.searchParams.get("type") === "login" && url.searchParams.get("next") === `/writers/${writer.username}`);
      // Signing in brings the visitor back to the writer's page, where the button is now the toggle.
      await page.locator("#login-username").fill(reader.username);
      await page.locator("#login-password").fill(TEST_PASSWORD);
      await page.locator("main form button[type=submit]").click();
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/writers/${writer.username}$`), { timeout: SIGN_IN_WAIT_MS });
      await expect(page.getByTestId("follow-button")).toHaveAttribute("aria-pressed", "false", { timeout: SIGN_IN_WAIT_MS });
      await expect(page.getByTestId("follow-button")).toHaveAccessibleName(L.lang === "en" ? `Follow ${writer.username}` : `متابعة ${writer.username}`);
      // By keyboard: the focus stays on the button through the change (the trial's finding).
      const toggle = page.getByTestId("follow-button");
      await expect(toggle).toBeEnabled({ timeout: SIGN_IN_WAIT_MS });
      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect(toggle).toHaveAttribute("aria-pressed", "true");
      await expect(toggle).toBeFocused();
      await expect(page.getByTestId("follower-count")).not.toHaveText(L.noFollowers);

      for (const name of [reader.username, unique("nobody_")]) {
        const missing = await page.goto(`${L.prefix}/writers/${name}`);
        expect(missing?.status(), name).toBe(404);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(L.notFound);
      }
    });

    test("a reader follows a writer from the manga's page, sees the writer page, and is told of the writer's new manga", async ({ page, request }) => {
      const writer = await createUser(request, "fw_w", 1);
      const reader = await createUser(request, "fw_r", 0);
      const first = unique(`First tale ${L.lang} `);
      const firstId = await publishManga(request, writer.username, first);

      await signInAs(page, reader.username, L.prefix);
      await page.goto(`${L.prefix}/dashboard/discovery/manga/${firstId}`);
      const follow = page.getByTestId("follow-button");
      await expect(follow).toHaveText(L.follow);
      // The signed-in button (loaded lazily, with the list of followed writers) replaces the sign-in link. On a cold
      // server the first calls of these routes load their code: as slow as a first sign-in (helpers.ts).
      await expect(follow).toHaveAttribute("aria-pressed", "false", { timeout: SIGN_IN_WAIT_MS });
      await expect(follow).toBeEnabled({ timeout: SIGN_IN_WAIT_MS });
      await follow.click();
      await expect(follow).toHaveAttribute("aria-pressed", "true");
      await expect(follow).toHaveText(L.following, { timeout: SIGN_IN_WAIT_MS });
      await expect(follow).not.toHaveAttribute("aria-busy", "true", { timeout: SIGN_IN_WAIT_MS });

      // "by {author}" opens the writer's page: the follower is counted, the button says so.
      await page.getByTestId("manga-author").getByRole("link", { name: writer.username }).click();
      await expect(page).toHaveURL(`${L.prefix}/writers/${writer.username}`);
      await expect(page.getByTestId("follower-count")).toHaveText(L.oneFollower);
      await expect(page.getByTestId("follow-button")).toHaveAttribute("aria-pressed", "true", { timeout: SIGN_IN_WAIT_MS });
      await expect(page.getByTestId("writer-manga")).toContainText(first);

      // The writer's next manga is accepted: the reader's bell has the notice, in the page's language.
      const second = unique(`Second tale ${L.lang} `);
      await publishManga(request, writer.username, second);
      await page.goto(`${L.prefix}/dashboard/favorites`);
      const bell = page.getByTestId("notifications-button");
      await expect(page.getByTestId("notifications-dot")).toBeVisible();
      await bell.click();
      // Names are isolated (U+2068 … U+2069) in the rendered text; the words are what a reader sees.
      const firstItem = page.getByTestId("notification-item").first();
      await expect.poll(async () => (await firstItem.textContent())?.replace(/[\u2068\u2069]/g, "")).toContain(L.notice(writer.username, second));

      // The favourites page lists the writer; unfollowing empties the list.
      const followed = page.getByTestId("followed-writers");
      await expect(followed.getByRole("heading", { name: L.followedHeading })).toBeVisible();
      await page.keyboard.press("Escape");
      const row = followed.getByTestId("followed-writer").filter({ hasText: writer.username });
      await expect(row).toContainText(L.oneFollower);
      await row.getByRole("button", { name: new RegExp(L.unfollow) }).click();
      await expect(followed.getByTestId("followed-writer")).toHaveCount(0);
      await expect(followed).toContainText(L.empty);
    });
  });
}
