import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/db/client";
import { chapters, favorites, manga, notifications, rateLimits, readingProgress, refreshTokens, subscriptions, transactions, users } from "@/db/schema";
import { PremiumPlan, ReadingDirection, Role, Status } from "@/lib/enums";
import { LOCALE_COOKIE } from "@/i18n/routing";
import { PDF_MAX_BYTES } from "@/lib/constants";
import { isAdFree, PLAN_BENEFITS } from "@/lib/premium";
import { READER } from "@/lib/reader-constants";
import { arrowStep } from "@/components/reader/reader-utils";
import { ACCOUNT_LIMITS } from "@/lib/validation/auth";
import ar from "@/messages/ar.json";
import en from "@/messages/en.json";
import { deleteMyAccount } from "@/server/account/delete-my-account";
import { AUTH_POLICY } from "@/server/auth/policy";
import { createTestUser } from "@/server/auth/testing";
import { pruneRateLimits } from "@/server/core/rate-limit";
import { resolveChapterAccess } from "@/server/chapters/chapter-access";
import { buildReaderWorld } from "@/server/chapters/testing/fixtures";
import { viewerCookieHeader } from "@/server/chapters/viewer-cookie";
import { DEFAULT_SUPPORT_EMAIL, env } from "@/server/env";
import { getPublicManga } from "@/server/manga/get-manga";
import { IMAGE_MAX_BYTES } from "@/server/media/errors";
import { getStaticPage, staticPageLocales, SUPPORT_EMAIL_SLOT, type ContentBlock, type Locale, type StaticPageKey } from "./static-pages";

/**
 * Issue 28, item 4: the FAQ and the legal pages say what the product does. Each factual statement that code decides is
 * pinned here to that code, in both languages: change the behaviour and this fails until the text follows.
 */
const ADDRESS = "help@manga.test";
const messages = { en, ar } as const;
const MB = 1024 * 1024;

const blockText = (blocks: readonly ContentBlock[]) => blocks.map((b) => (b.type === "p" ? b.text : b.items.join("\n"))).join("\n");

function faqAnswer(locale: Locale, id: string): string {
  const item = getStaticPage("faq", locale, ADDRESS).groups.flatMap((g) => g.items).find((i) => i.id === id);
  if (!item) throw new Error(`no FAQ item ${id}`);
  return blockText(item.answer);
}

function section(page: "terms" | "privacy", locale: Locale, id: string): string {
  const found = getStaticPage(page, locale, ADDRESS).sections.find((s) => s.id === id);
  if (!found) throw new Error(`no ${page} section ${id}`);
  return blockText(found.body);
}

function pageText(page: StaticPageKey, locale: Locale): string {
  const content = getStaticPage(page, locale, ADDRESS);
  return content.kind === "faq"
    ? content.groups.flatMap((g) => g.items.map((i) => `${i.question}\n${blockText(i.answer)}`)).join("\n")
    : content.sections.map((s) => `${s.heading}\n${blockText(s.body)}`).join("\n");
}

describe("the support address", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is the configured one on every page in both languages, and no other address is named", () => {
    for (const page of ["faq", "terms", "privacy"] as const) {
      for (const locale of staticPageLocales) {
        const text = pageText(page, locale);
        expect(text).toContain(ADDRESS);
        expect(text).not.toContain(SUPPORT_EMAIL_SLOT);
        const addresses = text.match(/[^\s@«»()]+@[^\s@«»(),;]+[^\s@«»(),;.]/g) ?? [];
        expect(new Set(addresses)).toEqual(new Set([ADDRESS]));
      }
    }
  });

  it("comes from SUPPORT_EMAIL, with the demo's default when unset or not an address", () => {
    vi.stubEnv("SUPPORT_EMAIL", " help@manga-site.org ");
    expect(env.supportEmail).toBe("help@manga-site.org");
    vi.stubEnv("SUPPORT_EMAIL", "");
    expect(env.supportEmail).toBe(DEFAULT_SUPPORT_EMAIL);
    vi.stubEnv("SUPPORT_EMAIL", "Support <help@manga-site.org>");
    expect(env.supportEmail).toBe(DEFAULT_SUPPORT_EMAIL);
    expect(DEFAULT_SUPPORT_EMAIL).not.toMatch(/\.example$/);
  });
});

describe("statements pinned to constants", () => {
  it.each(staticPageLocales)("%s: upload caps, password rule, link life, sign-in lockout, view counting, cookies", (locale) => {
    expect(faqAnswer(locale, "creators-formats")).toContain(`${PDF_MAX_BYTES / MB}`);
    expect(faqAnswer(locale, "creators-formats")).toContain(`${IMAGE_MAX_BYTES / MB}`);
    for (const format of ["JPEG", "PNG", "WebP", "GIF"]) expect(faqAnswer(locale, "creators-formats")).toContain(format);
    expect(faqAnswer(locale, "account-create")).toContain(`${ACCOUNT_LIMITS.passwordMin}`);
    expect(faqAnswer(locale, "account-password")).toContain(`${AUTH_POLICY.resetPasswordTtlMs / 60_000}`);
    expect(section("privacy", locale, "retention")).toContain(`${AUTH_POLICY.resetPasswordTtlMs / 60_000}`);
    // The lockout keeps one address out of one account; the account itself is not locked (server/auth/policy.ts).
    const security = section("privacy", locale, "security");
    expect(security).toContain(`${AUTH_POLICY.lockAfterFailures}`);
    expect(security).toContain(`${AUTH_POLICY.lockMs / 60_000}`);
    expect(security).not.toMatch(locale === "en" ? /lock an account/ : /قفل الحساب/);
    expect(faqAnswer(locale, "creators-earnings")).toContain(`${READER.recordViewAfterMs / 1000}`);
    expect(faqAnswer(locale, "reading-reader")).toContain(`${READER.breakpoints.mobile}`);
    // Arrow keys follow the manga's reading direction: in a right-to-left one the left arrow goes forward.
    expect(arrowStep("ArrowLeft", ReadingDirection.RightToLeft)).toBe(1);
    expect(faqAnswer(locale, "reading-reader")).toMatch(locale === "en" ? /right-to-left manga, the left arrow goes forward/ : /اليمين إلى اليسار ينقلك السهم الأيسر إلى الصفحة التالية/);
    // "a little under a minute" of blackout.
    expect(READER.blackoutMs).toBeGreaterThanOrEqual(45_000);
    expect(READER.blackoutMs).toBeLessThan(60_000);
    // The language cookie and the visitor cookie both last a year, as the cookie list says.
    const cookies = section("privacy", locale, "cookies");
    expect(LOCALE_COOKIE.maxAge).toBe(365 * 24 * 3600);
    expect(viewerCookieHeader("v", false)).toContain(`Max-Age=${365 * 24 * 3600}`);
    expect(cookies).toMatch(locale === "en" ? /Visitor cookie: .*one year/ : /ملف الزائر: .*عام واحد/);
  });

  it.each(staticPageLocales)("%s: a trusted writer's new chapters skip the review queue, as the review desk says", (locale) => {
    // messages approval.detail.trusted is what root reads when trusting a writer (server/publishing/chapter-jobs.ts).
    expect(en.approval.detail.trusted).toMatch(/accepted on upload/);
    expect(faqAnswer(locale, "creators-approval")).toMatch(locale === "en" ? /trusted, which are accepted on upload/ : /موثوقين، إذ تُقبل فور رفعها/);
    expect(section("terms", locale, "review")).toMatch(locale === "en" ? /trusted, which are accepted on upload/ : /موثوقين، إذ تُقبل فور رفعها/);
  });

  it.each(staticPageLocales)("%s: what each premium plan gives, and that premium chapters need one", (locale) => {
    expect(PLAN_BENEFITS[PremiumPlan.Premium]).toContain("premiumChapters");
    expect(PLAN_BENEFITS[PremiumPlan.PremiumPlus]).toEqual(expect.arrayContaining(["premiumChapters", "noAds"]));
    expect(isAdFree(PremiumPlan.PremiumPlus)).toBe(true);
    expect(isAdFree(PremiumPlan.Premium)).toBe(false);
    // Sponsored messages: not for PremiumPlus subscribers (the plan's name as the dashboard writes it in each language).
    const plus = locale === "en" ? "PremiumPlus" : "بريميوم بلس";
    expect(faqAnswer(locale, "reading-sponsored")).toContain(plus);
    expect(faqAnswer(locale, "premium-plans")).toContain(plus);
    expect(faqAnswer(locale, "premium-plans")).toMatch(locale === "en" ? /sponsored messages/ : /الرسائل الإعلانية/);
    expect(faqAnswer(locale, "premium-free")).toMatch(locale === "en" ? /lock/ : /قفلًا/);
  });
});

describe("statements pinned to behaviour", () => {
  let db: Db;
  beforeAll(async () => {
    db = await getDb();
  });

  it("reading without an account: visitors read public chapters in the reader, premium ones need a plan, the preview's button asks them to sign in", async () => {
    const world = await buildReaderWorld(db);
    expect((await resolveChapterAccess({ db, chapterId: world.chapters.public, viewer: null })).kind).toBe("ok");
    expect((await resolveChapterAccess({ db, chapterId: world.chapters.premium, viewer: null })).kind).toBe("premium");
    expect((await resolveChapterAccess({ db, chapterId: world.chapters.premium, viewer: { userId: world.users.premium.id, role: Role.reader } })).kind).toBe("ok");
    for (const locale of staticPageLocales) {
      const answer = faqAnswer(locale, "reading-without-account");
      // Names the preview's read button by its label, and says it leads to sign-in (spec §2, §6).
      expect(answer).toContain(messages[locale].preview.read);
      expect(answer).toMatch(locale === "en" ? /sign-in page/ : /صفحة تسجيل الدخول/);
      expect(answer).toMatch(locale === "en" ? /opens in the reader without an account/ : /يُفتح في القارئ دون حساب/);
      expect(answer).toContain(locale === "en" ? "Premium" : "بريميوم");
      expect(answer).not.toMatch(locale === "en" ? /^No\./ : /^لا\./);
    }
  });

  it("security records: sessions last 30 days from sign-in, request counters go about a day after their window", async () => {
    expect(AUTH_POLICY.refreshFamilyTtlMs).toBe(30 * 24 * 3600 * 1000);
    const now = new Date();
    const tag = `facts-${now.getTime()}-${Math.random().toString(36).slice(2, 7)}`;
    await db.insert(rateLimits).values([
      { key: `${tag}-old`, windowStart: new Date(now.getTime() - 25 * 3600 * 1000), count: 3 },
      { key: `${tag}-recent`, windowStart: new Date(now.getTime() - 23 * 3600 * 1000), count: 3 },
    ]);
    await pruneRateLimits(db, now);
    const left = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).filter((k) => k.startsWith(tag));
    expect(left).toEqual([`${tag}-recent`]);
    for (const locale of staticPageLocales) {
      const retention = section("privacy", locale, "retention");
      expect(retention).toContain(`${AUTH_POLICY.refreshFamilyTtlMs / (24 * 3600 * 1000)}`);
      expect(retention).toMatch(locale === "en" ? /about a day after their time window ends/ : /بعد نحو يوم من انتهاء فترتها الزمنية/);
      expect(retention).not.toContain("90");
    }
  });

  it("account deletion: self-service with the password, the manga stay under “Deleted user”, the listed data goes", async () => {
    const writer = await createTestUser(db, { role: Role.writer, dateOfBirth: "1990-04-02", payoutEmail: "pay@manga.test" });
    const [work] = await db.insert(manga).values({ title: `Kept ${writer.id}`, description: "d", authorId: writer.id, status: Status.Accepted }).returning({ id: manga.id });
    const [chapter] = await db.insert(chapters).values({ mangaId: work!.id, title: "One", number: 1, status: Status.Accepted }).returning({ id: chapters.id });
    await db.insert(favorites).values({ userId: writer.id, mangaId: work!.id });
    await db.insert(readingProgress).values({ userId: writer.id, mangaId: work!.id, chapterId: chapter!.id, pageNumber: 3 });
    await db.insert(notifications).values({ userId: writer.id, message: "hello" });
    await db.insert(transactions).values({ userId: writer.id, method: "paypal", amount: "4.00", status: 1, referenceId: `facts-${writer.id}` });
    const now = new Date();
    await db.insert(subscriptions).values({ userId: writer.id, plan: PremiumPlan.Premium, durationDays: 30, startsAt: new Date(now.getTime() - 86_400_000), endsAt: new Date(now.getTime() + 86_400_000) });

    await deleteMyAccount({ db, viewer: { userId: writer.id, role: Role.writer }, password: writer.password, locale: "en" });

    const [row] = await db.select().from(users).where(eq(users.id, writer.id));
    expect(row?.deletedAt).toBeTruthy();
    expect(row).toMatchObject({ fullName: "", passwordHash: null, dateOfBirth: null, payoutEmail: null, profileImageId: null });
    expect(row?.email).not.toBe(writer.email);
    expect(row?.username).not.toBe(writer.username);
    expect(await db.select().from(favorites).where(eq(favorites.userId, writer.id))).toHaveLength(0);
    expect(await db.select().from(readingProgress).where(eq(readingProgress.userId, writer.id))).toHaveLength(0);
    expect(await db.select().from(notifications).where(eq(notifications.userId, writer.id))).toHaveLength(0);
    expect(await db.select().from(refreshTokens).where(eq(refreshTokens.userId, writer.id))).toHaveLength(0);
    // Money records keep their owner (ending the subscription may add one of its own).
    expect(await db.select().from(transactions).where(eq(transactions.referenceId, `facts-${writer.id}`))).toMatchObject([{ userId: writer.id }]);
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, writer.id));
    expect(sub === undefined || sub.cancelledAt !== null || sub.endsAt <= new Date()).toBe(true);
    const shown = await getPublicManga({ db, id: work!.id });
    expect(shown?.user.username).toBeNull();

    for (const locale of staticPageLocales) {
      const answer = faqAnswer(locale, "account-delete");
      const t = messages[locale];
      // The page's fallback for a deleted author, the profile's button, and the export next to it.
      expect(answer).toContain(t.manga.unknownAuthor);
      expect(answer).toContain(t.profile.delete.button);
      expect(answer).toContain(t.profile.data.download);
      expect(answer).toMatch(locale === "en" ? /password/ : /كلمة المرور/);
      // Not by an e-mail request, and nothing about removing the manga with the account.
      expect(answer).not.toContain(ADDRESS);
      expect(answer).not.toMatch(locale === "en" ? /removed together with your account/ : /تُحذف أعمالك المنشورة مع حسابك/);
      for (const text of [section("terms", locale, "termination"), section("terms", locale, "your-content"), section("privacy", locale, "retention")]) {
        expect(text).toContain(t.manga.unknownAuthor);
      }
      expect(section("privacy", locale, "rights")).toContain(t.profile.data.download);
      expect(section("privacy", locale, "rights")).toContain(t.profile.delete.button);
    }
  });
});
