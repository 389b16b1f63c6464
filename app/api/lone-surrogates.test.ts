import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { auditLog, chapters, manga, notifications, siteSettings, users } from "@/db/schema";
import { Role, Status } from "@/lib/enums";
import { PUT as updateMangaRoute } from "@/app/api/manga/UpdateManga/route";
import { PUT as updateChapterRoute } from "@/app/api/chapter/UpdateChapter/route";
import { PUT as updateUserRoute } from "@/app/api/User/UpdateUser/route";
import { POST as saveLandingRoute } from "@/app/api/SiteSettings/SaveLandingPageSettings/route";
import { POST as sendToUserRoute } from "@/app/api/Notification/SendNotificationToUser/route";
import { hasControlCharacters, hasLoneSurrogate } from "@/lib/validation/text";
import { createTestUser } from "@/server/auth/testing";
import type { RouteHandler } from "@/server/http/route";
import { jsonRequest, tokenFor } from "@/server/http/test-helpers";

/**
 * Issue 27, item 8: a lone UTF-16 surrogate (`"\ud800"` in JSON) answered 500 on eight fields. The API now refuses one
 * in any JSON string or key, query value, path segment or form field before a handler runs (server/http/nul-guard.ts),
 * with a field error in the request's language, and changes nothing; the shared text rule refuses it too.
 */
const LONE = "a\ud800b";
let db: Db;
let token: string;
let mangaId = 0;
let chapterId = 0;
let userId = 0;

beforeAll(async () => {
  db = await getDb();
  const root = await createTestUser(db, { role: Role.root });
  token = await tokenFor(Role.root, root.id);
  const writer = await createTestUser(db, { role: Role.writer });
  userId = writer.id;
  const [m] = await db.insert(manga).values({ title: "Surrogate safe", description: "Fine", authorId: writer.id, status: Status.Accepted, searchText: "surrogate safe" }).returning({ id: manga.id });
  mangaId = m!.id;
  const [c] = await db.insert(chapters).values({ mangaId, title: "One", number: 1, status: Status.Accepted }).returning({ id: chapters.id });
  chapterId = c!.id;
});

async function snapshot() {
  const [m] = await db.select({ title: manga.title, description: manga.description, updatedAt: manga.updatedAt }).from(manga).where(eq(manga.id, mangaId));
  const [c] = await db.select({ title: chapters.title }).from(chapters).where(eq(chapters.id, chapterId));
  const [u] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return {
    manga: m,
    chapter: c,
    user: u,
    settings: await db.select().from(siteSettings).orderBy(siteSettings.key),
    notifications: (await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId))).length,
    audit: (await db.select({ id: auditLog.id }).from(auditLog)).length,
  };
}

type Case = [string, RouteHandler, string, () => Record<string, unknown>, string];
const CASES: Case[] = [
  ["UpdateManga title", updateMangaRoute, "PUT /api/manga/UpdateManga", () => ({ id: mangaId, title: LONE }), "title"],
  ["UpdateManga description", updateMangaRoute, "PUT /api/manga/UpdateManga", () => ({ id: mangaId, description: LONE }), "description"],
  ["UpdateChapter title", updateChapterRoute, "PUT /api/chapter/UpdateChapter", () => ({ chapterId, title: LONE }), "title"],
  ["UpdateUser fullName", updateUserRoute, "PUT /api/User/UpdateUser", () => ({ id: userId, fullName: LONE }), "fullName"],
  ["landing title", saveLandingRoute, "POST /api/SiteSettings/SaveLandingPageSettings", () => ({ title: LONE }), "title"],
  ["landing description", saveLandingRoute, "POST /api/SiteSettings/SaveLandingPageSettings", () => ({ description: { en: "Fine", ar: LONE } }), "description.ar"],
  ["landing cta", saveLandingRoute, "POST /api/SiteSettings/SaveLandingPageSettings", () => ({ cta: LONE }), "cta"],
  ["SendNotificationToUser message", sendToUserRoute, "POST /api/Notification/SendNotificationToUser", () => ({ userId, message: LONE, type: 1 }), "message"],
];

describe("a lone UTF-16 surrogate (issue 27, item 8)", () => {
  it("is 422 with a field error in English and Arabic on each of the eight fields, and changes nothing", async () => {
    const before = await snapshot();
    for (const [name, handler, key, body, field] of CASES) {
      for (const locale of ["en", "ar"] as const) {
        const req = jsonRequest(key, { token, body: body(), headers: { "accept-language": locale } });
        const res = await handler(req, { params: Promise.resolve({}) });
        const answer = (await res.json()) as { statusCode: number; data: { code?: string; errors?: Record<string, string[]> } };
        expect({ name, locale, status: res.status, statusCode: answer.statusCode, code: answer.data.code }).toEqual({ name, locale, status: 422, statusCode: 422, code: "validationFailed" });
        expect({ name, locale, errors: answer.data.errors }).toEqual({
          name,
          locale,
          errors: { [field]: [locale === "en" ? "This text contains a broken character (a lone UTF-16 surrogate). Type or paste it again." : "يحتوي هذا النص على محرف تالف (نصف زوج UTF-16 منفرد). اكتبه أو الصقه من جديد."] },
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  // A query value is percent-encoded UTF-8, which cannot carry a lone surrogate (URLSearchParams decodes it as U+FFFD).
  it("is refused in a key and a nested value too, a form field never fails; a well-formed pair (an emoji) is fine", async () => {
    const update = (body: Record<string, unknown>) => updateUserRoute(jsonRequest("PUT /api/User/UpdateUser", { token, body }), { params: Promise.resolve({}) });
    expect((await update({ id: userId, [LONE]: "x" })).status).toBe(422);
    expect((await update({ id: userId, nested: { deeper: ["ok", LONE] } })).status).toBe(422);
    const form = new FormData();
    form.set("id", String(mangaId));
    form.set("title", "\udc00 low half first");
    const req = new Request("http://localhost/api/manga/UpdateManga", { method: "PUT", headers: { authorization: `Bearer ${token}` }, body: form });
    // Form fields arrive as UTF-8 bytes, which cannot hold a lone surrogate: the decoder makes it U+FFFD, never a 500.
    expect([200, 422]).toContain((await updateMangaRoute(req, { params: Promise.resolve({}) })).status);
    const emoji = await update({ id: userId, fullName: "Reader \ud83d\ude00" });
    expect(emoji.status).toBe(200);
    const [u] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
    expect(u?.fullName).toBe("Reader \ud83d\ude00");
  });

  it("is one rule in the shared text schema (forms refuse it before sending)", () => {
    for (const s of ["\ud800", "a\udbffb", "\udc00", "x\ude00", "\ud83d"]) expect({ s, lone: hasLoneSurrogate(s) }).toEqual({ s, lone: true });
    for (const s of ["", "plain", "\ud83d\ude00", "سلام", "\u{10ffff}"]) expect({ s, lone: hasLoneSurrogate(s) }).toEqual({ s, lone: false });
    expect(hasControlCharacters("a\ud800b")).toBe(true);
    expect(hasControlCharacters("a\ud800b", "multiLine")).toBe(true);
    expect(hasControlCharacters("a\ud83d\ude00b")).toBe(false);
  });
});
