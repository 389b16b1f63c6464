import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as saveLandingRoute } from "@/app/api/SiteSettings/SaveLandingPageSettings/route";
import { POST as saveDiscoveryRoute } from "@/app/api/SiteSettings/SaveDiscoveryPage/route";
import { GET as landingRoute } from "@/app/api/SiteSettings/GetLandingPageSettings/route";
import { GET as discoveryRoute } from "@/app/api/SiteSettings/GetDiscoveryPageSettings/route";
import { getDb, type Db } from "@/db/client";
import { auditLog, manga, media, siteSettings } from "@/db/schema";
import { Role, Status } from "@/lib/enums";
import { catalogueGeneration } from "@/server/manga/changed";
import { coverJpeg, decideManga, formOf, formRequest, jpegPart, jsonRequest, makeUsers, send, submitManga, type Route } from "@/tests/fixtures/publishing-kit";
import { SITE_SETTINGS_LIMITS } from "@/lib/validation/site-settings";
import { getLandingSettings } from "./get-page-settings";
import { SETTINGS_KEYS, type DiscoverySettingsValue, type LandingSettingsValue } from "./types";

/**
 * The two settings saves (issue 15; docs/decisions/015) through their route handlers: root only, JSON or multipart,
 * per-language hero texts answered per locale, banner sniffed and re-encoded as an 8:3 JPEG (omitted: kept), the
 * featured manga accepted, one audit row per save with before/after, and bad input answered with the envelope and
 * nothing changed.
 */
let db: Db;
let u: Awaited<ReturnType<typeof accounts>>;
const ids = { accepted: 0, other: 0, pending: 0 };

const accounts = (d: Db) =>
  makeUsers(d, "set", {
    writer: { role: Role.writer },
    reader: { role: Role.reader },
    staff: { role: Role.staff },
    admin: { role: Role.admin },
    root: { role: Role.root },
  });

beforeAll(async () => {
  db = await getDb();
  u = await accounts(db);
  ids.accepted = await submitManga(u.writer.token, "Featured Saga");
  ids.other = await submitManga(u.writer.token, "Second Saga");
  ids.pending = await submitManga(u.writer.token, "Waiting Saga");
  expect((await decideManga(u.root.token, ids.accepted, 1)).status).toBe(200);
  expect((await decideManga(u.root.token, ids.other, 1)).status).toBe(200);
});

const LANDING = "POST /api/SiteSettings/SaveLandingPageSettings";
const DISCOVERY = "POST /api/SiteSettings/SaveDiscoveryPage";

const saveJson = (route: Route, key: string, body: unknown, token = u.root.token, headers: Record<string, string> = {}) =>
  send(route, jsonRequest(key, { body, token, headers }));

async function row(key: string) {
  const [r] = await db.select().from(siteSettings).where(eq(siteSettings.key, key));
  return r;
}

/** Everything a refused save must leave as it was. */
async function state() {
  const settings = await db.select({ key: siteSettings.key, value: siteSettings.value, at: siteSettings.updatedAt }).from(siteSettings).orderBy(siteSettings.key);
  const audits = await db.select({ id: auditLog.id }).from(auditLog);
  const mediaCount = await db.$count(media);
  return JSON.stringify({ settings, audits: audits.length, mediaCount });
}

const get = async (route: Route, headers: Record<string, string> = {}, query = "imageFormat=url") => {
  const res = await route(new Request(`http://localhost/api/SiteSettings/x?${query}`, { headers }));
  return ((await res.json()) as { data: Record<string, unknown> }).data;
};

/** A wide photo-like image that is not 8:3, to see the re-encode crop it. */
const wideImage = () =>
  sharp({ create: { width: 900, height: 500, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();

describe("SiteSettings saves: access", () => {
  const calls: Array<[string, Route, string]> = [
    ["SaveLandingPageSettings", saveLandingRoute, LANDING],
    ["SaveDiscoveryPage", saveDiscoveryRoute, DISCOVERY],
  ];
  for (const [name, route, key] of calls) {
    it(`${name}: visitor 401; reader, writer, staff, admin 403; nothing changes`, async () => {
      const before = await state();
      expect((await send(route, jsonRequest(key, { body: { mangaId: ids.accepted } }))).status).toBe(401);
      for (const who of ["reader", "writer", "staff", "admin"] as const) {
        const answer = await saveJson(route, key, { mangaId: ids.accepted, title: "Hacked" }, u[who].token);
        expect(answer.status, who).toBe(403);
        expect(answer.body.statusCode).not.toBe(1);
      }
      expect(await state()).toBe(before);
    });
  }
});

describe("SiteSettings saves: landing", () => {
  it("root saves per-language texts, a featured manga and a base64 banner in one audited transaction", async () => {
    const generation = catalogueGeneration();
    const banner = (await wideImage()).toString("base64");
    const answer = await saveJson(saveLandingRoute, LANDING, {
      title: { en: "  Welcome to the night market  ", ar: "أهلاً بك في سوق الليل" },
      description: { en: "Stories that glow.", ar: "قصص تتوهج." },
      cta: { en: "Go", ar: "Go" },
      mangaId: ids.accepted,
      banner: `data:image/png;base64,${banner}`,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.statusCode).toBe(1);
    expect(answer.body.data).toMatchObject({
      title: "Welcome to the night market", description: "Stories that glow.", cta: "Go",
      manga: { id: ids.accepted, title: "Featured Saga" },
      translations: { en: { title: "Welcome to the night market", cta: "Go" }, ar: { title: "أهلاً بك في سوق الليل", description: "قصص تتوهج.", cta: "Go" } },
    });
    expect(answer.body.data).not.toHaveProperty("banner");
    // The public pages' generation moved: / and /ar read fresh at once.
    expect(catalogueGeneration()).toBeGreaterThan(generation);

    const saved = (await row(SETTINGS_KEYS.landing))!;
    expect(saved.updatedBy).toBe(u.root.id);
    const value = saved.value as LandingSettingsValue;
    expect(value.bannerImageId).toMatch(/^[0-9a-f]{64}$/);
    const [stored] = await db.select().from(media).where(eq(media.id, value.bannerImageId!));
    expect(stored).toMatchObject({ mime: "image/jpeg", width: 1600, height: 600 });
    expect((await sharp(stored!.bytes!).metadata()).format).toBe("jpeg");

    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "settings.landing.save")).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorId: u.root.id, targetType: "settings", targetId: "landing" });
    expect(entry!.details).toMatchObject({ before: null, after: { title: "Welcome to the night market", mangaId: ids.accepted, bannerImageId: value.bannerImageId, ar: { title: "أهلاً بك في سوق الليل" } } });
  });

  it("GetLandingPageSettings answers each language's own texts, plus both as translations", async () => {
    const en = await get(landingRoute);
    expect(en).toMatchObject({ title: "Welcome to the night market", description: "Stories that glow.", cta: "Go", translations: { ar: { title: "أهلاً بك في سوق الليل" } } });
    expect(en.bannerUrl).toMatch(/^\/media\/[0-9a-f]{64}$/);
    const ar = await get(landingRoute, { "accept-language": "ar" });
    expect(ar).toMatchObject({ title: "أهلاً بك في سوق الليل", description: "قصص تتوهج.", cta: "Go", manga: { id: ids.accepted } });
    const withBase64 = await get(landingRoute, { "x-locale": "ar" }, "");
    expect(typeof withBase64.banner).toBe("string");
    expect(Buffer.from(String(withBase64.banner), "base64").subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it("a save without a banner keeps the current one while the featured manga stays; one language's text can change alone (multipart)", async () => {
    const before = (await row(SETTINGS_KEYS.landing))!.value as LandingSettingsValue;
    const answer = await send(saveLandingRoute, formRequest(LANDING, formOf({ "title.ar": "عنوان جديد", mangaId: String(ids.accepted) }), { token: u.root.token }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = (await row(SETTINGS_KEYS.landing))!.value as LandingSettingsValue;
    expect(after.bannerImageId).toBe(before.bannerImageId);
    expect(after).toMatchObject({ title: "Welcome to the night market", mangaId: ids.accepted, ar: { title: "عنوان جديد", description: "قصص تتوهج." } });
  });

  it("a new banner as a multipart file replaces the old one, and the old image is removed when nothing uses it", async () => {
    const old = ((await row(SETTINGS_KEYS.landing))!.value as LandingSettingsValue).bannerImageId!;
    const answer = await send(saveLandingRoute, formRequest(LANDING, formOf({ banner: jpegPart(await coverJpeg(3)) }), { token: u.root.token }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const now = ((await row(SETTINGS_KEYS.landing))!.value as LandingSettingsValue).bannerImageId;
    expect(now).not.toBe(old);
    expect(await db.$count(media, eq(media.id, old))).toBe(0);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "settings.landing.save")).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.details).toMatchObject({ before: { bannerImageId: old }, after: { bannerImageId: now } });
    // The old banner and its width copies.
    expect((entry!.details as { removedMedia: number }).removedMedia).toBeGreaterThanOrEqual(1);
  });

  it("another featured manga without a new banner drops the previous manga's banner: / and /ar show the new manga's cover (issue 31, 6a)", async () => {
    const old = ((await row(SETTINGS_KEYS.landing))!.value as LandingSettingsValue).bannerImageId!;
    expect(old).toBeTruthy();
    const generation = catalogueGeneration();
    const answer = await send(saveLandingRoute, formRequest(LANDING, formOf({ mangaId: String(ids.other) }), { token: u.root.token }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ bannerUrl: null, manga: { id: ids.other, title: "Second Saga" } });
    expect(((await row(SETTINGS_KEYS.landing))!.value as LandingSettingsValue)).toMatchObject({ bannerImageId: null, mangaId: ids.other });
    // The previous manga's artwork is gone, not merely hidden.
    expect(await db.$count(media, eq(media.id, old))).toBe(0);
    expect(catalogueGeneration()).toBeGreaterThan(generation);
    // What the landing page draws, in both languages: the new title over its own cover (FeaturedBannerView's fallback).
    const [cover] = await db.select({ coverImageId: manga.coverImageId }).from(manga).where(eq(manga.id, ids.other));
    for (const locale of ["en", "ar"] as const) {
      const shown = await getLandingSettings({ db, locale });
      expect(shown).toMatchObject({ bannerUrl: null, manga: { id: ids.other, title: "Second Saga", coverImageUrl: `/media/${cover!.coverImageId}` } });
    }
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "settings.landing.save")).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.details).toMatchObject({ before: { bannerImageId: old, mangaId: ids.accepted }, after: { bannerImageId: null, mangaId: ids.other } });

    // A new manga with its own banner in the same save keeps that banner.
    const both = await send(saveLandingRoute, formRequest(LANDING, formOf({ mangaId: String(ids.accepted), banner: jpegPart(await coverJpeg(4)) }), { token: u.root.token }));
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    const value = (await row(SETTINGS_KEYS.landing))!.value as LandingSettingsValue;
    expect(value).toMatchObject({ mangaId: ids.accepted, bannerImageId: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(both.body.data).toMatchObject({ bannerUrl: `/media/${value.bannerImageId}`, manga: { id: ids.accepted } });
    // Back to the state the next tests expect.
    await send(saveLandingRoute, formRequest(LANDING, formOf({ mangaId: String(ids.other) }), { token: u.root.token }));
  });

  it("refuses bad input with the envelope on the field and changes nothing", async () => {
    const before = await state();
    const cases: Array<{ body: Record<string, unknown>; status: number; field: string; locale?: string; text?: RegExp }> = [
      { body: { title: "x".repeat(5000) }, status: 422, field: "title", text: new RegExp(`${SITE_SETTINGS_LIMITS.titleMax}`) },
      { body: { title: { en: "ok", ar: "ب".repeat(SITE_SETTINGS_LIMITS.titleMax + 1) } }, status: 422, field: "title.ar", locale: "ar", text: /حرف/ },
      { body: { description: "d".repeat(SITE_SETTINGS_LIMITS.descriptionMax + 1) }, status: 422, field: "description" },
      { body: { cta: { en: "c".repeat(SITE_SETTINGS_LIMITS.ctaMax + 1) } }, status: 422, field: "cta.en" },
      { body: { title: 42 }, status: 422, field: "title" },
      { body: { banner: "%%%not base64%%%", title: "fine" }, status: 422, field: "banner", text: /base64/ },
      { body: { banner: "data:image/png,rawtext" }, status: 422, field: "banner" },
      { body: { banner: Buffer.from("just some words, not a picture").toString("base64") }, status: 422, field: "banner", text: /JPEG, PNG, WebP or GIF/ },
      { body: { banner: Buffer.from("just some words").toString("base64") }, status: 422, field: "banner", locale: "ar", text: /ليس صورة/ },
      { body: { banner: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]).toString("base64") }, status: 422, field: "banner", text: /damaged/ },
      { body: { mangaId: 999_999 }, status: 404, field: "mangaId", text: /not found/ },
      { body: { mangaId: ids.pending, title: "would change" }, status: 422, field: "mangaId", text: /accepted/ },
      { body: { mangaId: "abc" }, status: 422, field: "mangaId" },
      { body: { mangaId: -3 }, status: 422, field: "mangaId" },
    ];
    for (const c of cases) {
      const answer = await saveJson(saveLandingRoute, LANDING, c.body, u.root.token, c.locale ? { "x-locale": c.locale } : {});
      const label = JSON.stringify(c.body).slice(0, 80);
      expect(answer.status, label).toBe(c.status);
      expect(answer.body.statusCode, label).not.toBe(1);
      const messages = answer.body.data.errors?.[c.field];
      expect(messages, `${label}: ${JSON.stringify(answer.body.data)}`).toBeDefined();
      if (c.text) expect(messages!.join(" "), label).toMatch(c.text);
    }
    expect(await state()).toBe(before);
  });

  it("an empty or omitted mangaId: empty string clears, omitted keeps", async () => {
    await saveJson(saveLandingRoute, LANDING, { cta: { en: "Browse" } });
    expect(((await row(SETTINGS_KEYS.landing))!.value as LandingSettingsValue).mangaId).toBe(ids.other);
    await saveJson(saveLandingRoute, LANDING, { mangaId: null });
    expect(((await row(SETTINGS_KEYS.landing))!.value as LandingSettingsValue).mangaId).toBeNull();
    expect((await get(landingRoute)).manga).toBeNull();
  });
});

describe("SiteSettings saves: a plain string is the request's language only (issue 28)", () => {
  const stored = async () => (await row(SETTINGS_KEYS.landing))!.value as LandingSettingsValue;
  const BOTH = {
    title: { en: "Night market", ar: "سوق الليل" },
    description: { en: "Stories that glow.", ar: "قصص تتوهج." },
    cta: { en: "Browse", ar: "تصفّح" },
  };

  it("landing: plain strings with Accept-Language ar change the Arabic texts, the English ones stay", async () => {
    expect((await saveJson(saveLandingRoute, LANDING, BOTH)).status).toBe(200);
    const answer = await saveJson(saveLandingRoute, LANDING, { title: "سوق الفجر", description: "قصص جديدة.", cta: "اقرأ الآن" }, u.root.token, { "accept-language": "ar,en;q=0.8" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      title: "سوق الفجر",
      translations: { en: { title: "Night market", description: "Stories that glow.", cta: "Browse" }, ar: { title: "سوق الفجر", description: "قصص جديدة.", cta: "اقرأ الآن" } },
    });
    expect(await stored()).toMatchObject({ title: "Night market", description: "Stories that glow.", cta: "Browse", ar: { title: "سوق الفجر", description: "قصص جديدة.", cta: "اقرأ الآن" } });
    expect(await get(landingRoute)).toMatchObject({ title: "Night market", cta: "Browse" });
    expect(await get(landingRoute, { "accept-language": "ar" })).toMatchObject({ title: "سوق الفجر", cta: "اقرأ الآن" });
  });

  it("landing: a plain string in an English request (or one naming no language) changes the English text, the Arabic one stays", async () => {
    expect((await saveJson(saveLandingRoute, LANDING, BOTH)).status).toBe(200);
    expect((await saveJson(saveLandingRoute, LANDING, { title: "Dawn market" }, u.root.token, { "accept-language": "en-GB" })).status).toBe(200);
    expect(await stored()).toMatchObject({ title: "Dawn market", description: "Stories that glow.", ar: { title: "سوق الليل", description: "قصص تتوهج." } });
    expect((await saveJson(saveLandingRoute, LANDING, { cta: "Start reading" })).status).toBe(200);
    expect(await stored()).toMatchObject({ title: "Dawn market", cta: "Start reading", ar: { title: "سوق الليل", cta: "تصفّح" } });
  });

  it("landing: the request's language is the API's (x-locale, then the language cookie, then Accept-Language), in JSON and multipart", async () => {
    expect((await saveJson(saveLandingRoute, LANDING, BOTH)).status).toBe(200);
    // x-locale wins over Accept-Language.
    expect((await saveJson(saveLandingRoute, LANDING, { title: "عنوان بالترويسة" }, u.root.token, { "x-locale": "ar", "accept-language": "en" })).status).toBe(200);
    expect(await stored()).toMatchObject({ title: "Night market", ar: { title: "عنوان بالترويسة" } });
    // A plain multipart field and the language cookie.
    const form = await send(saveLandingRoute, formRequest(LANDING, formOf({ description: "وصف من نموذج" }), { token: u.root.token, headers: { cookie: "NEXT_LOCALE=ar" } }));
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(await stored()).toMatchObject({ description: "Stories that glow.", ar: { title: "عنوان بالترويسة", description: "وصف من نموذج" } });
    // An empty plain string empties only that language's text (its page shows its default there).
    expect((await saveJson(saveLandingRoute, LANDING, { cta: "" }, u.root.token, { "x-locale": "ar" })).status).toBe(200);
    expect(await stored()).toMatchObject({ cta: "Browse", ar: { cta: "" } });
  });

  it("landing: the { en, ar } form changes both languages; one language alone changes only it", async () => {
    expect((await saveJson(saveLandingRoute, LANDING, { title: "سيُستبدل" }, u.root.token, { "accept-language": "ar" })).status).toBe(200);
    const both = await saveJson(saveLandingRoute, LANDING, { title: { en: "Both changed", ar: "تغيّر الاثنان" } }, u.root.token, { "accept-language": "ar" });
    expect(both.status).toBe(200);
    expect(await stored()).toMatchObject({ title: "Both changed", ar: { title: "تغيّر الاثنان" } });
    expect((await saveJson(saveLandingRoute, LANDING, { title: { ar: "العربية وحدها" } })).status).toBe(200);
    expect(await stored()).toMatchObject({ title: "Both changed", ar: { title: "العربية وحدها" } });
  });

  it("a value saved before the Arabic texts existed keeps showing its texts in Arabic after an English plain-string save", async () => {
    await db.update(siteSettings).set({ value: { title: "Old title", description: "Old words", cta: "Old", bannerImageId: null, mangaId: null } }).where(eq(siteSettings.key, SETTINGS_KEYS.landing));
    expect((await saveJson(saveLandingRoute, LANDING, { title: "New English title" }, u.root.token, { "accept-language": "en" })).status).toBe(200);
    expect(await stored()).toMatchObject({ title: "New English title", ar: { title: "Old title", description: "Old words", cta: "Old" } });
  });
});

describe("SiteSettings saves: discovery", () => {
  it("root saves the featured manga and banner; omitted banner kept; GET answers them", async () => {
    const first = await saveJson(saveDiscoveryRoute, DISCOVERY, { mangaId: ids.accepted, banner: (await coverJpeg(5)).toString("base64") });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ manga: { id: ids.accepted, title: "Featured Saga" } });
    const value = (await row(SETTINGS_KEYS.discovery))!.value as DiscoverySettingsValue;
    expect(value.bannerImageId).toMatch(/^[0-9a-f]{64}$/);

    const same = await send(saveDiscoveryRoute, formRequest(DISCOVERY, formOf({ mangaId: String(ids.accepted) }), { token: u.root.token }));
    expect(same.status).toBe(200);
    expect((await row(SETTINGS_KEYS.discovery))!.value).toEqual({ bannerImageId: value.bannerImageId, mangaId: ids.accepted });
    expect(await get(discoveryRoute)).toMatchObject({ bannerUrl: `/media/${value.bannerImageId}`, manga: { id: ids.accepted, title: "Featured Saga" } });

    // Another manga without a banner of its own: the previous manga's banner goes, its cover shows (issue 31, 6a).
    const second = await send(saveDiscoveryRoute, formRequest(DISCOVERY, formOf({ mangaId: String(ids.other) }), { token: u.root.token }));
    expect(second.status).toBe(200);
    expect((await row(SETTINGS_KEYS.discovery))!.value).toEqual({ bannerImageId: null, mangaId: ids.other });
    expect(await get(discoveryRoute)).toMatchObject({ bannerUrl: null, manga: { id: ids.other, title: "Second Saga" } });
    expect(await db.$count(media, eq(media.id, value.bannerImageId!))).toBe(0);
    expect(await db.$count(auditLog, and(eq(auditLog.action, "settings.discovery.save"), eq(auditLog.actorId, u.root.id)))).toBe(3);
  });

  it("refuses a pending manga, broken base64 and a non-image, changing nothing", async () => {
    const before = await state();
    for (const [body, field] of [
      [{ mangaId: ids.pending }, "mangaId"],
      [{ banner: "@@@@" }, "banner"],
      [{ banner: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>").toString("base64") }, "banner"],
    ] as const) {
      const answer = await saveJson(saveDiscoveryRoute, DISCOVERY, body);
      expect(answer.status).toBe(422);
      expect(answer.body.data.errors?.[field]).toBeDefined();
    }
    const file = await send(saveDiscoveryRoute, formRequest(DISCOVERY, formOf({ banner: { bytes: new TextEncoder().encode("%PDF-1.4 no"), type: "image/jpeg", name: "b.jpg" } }), { token: u.root.token }));
    expect(file.status).toBe(422);
    expect(file.body.data.errors?.banner?.[0]).toMatch(/JPEG, PNG, WebP or GIF/);
    expect(await state()).toBe(before);
  });

  it("a featured manga that stops being public drops out of the answer", async () => {
    await db.update(manga).set({ status: Status.Rejected }).where(eq(manga.id, ids.other));
    expect((await get(discoveryRoute)).manga).toBeNull();
  });

  it("discovery: it stores no text, so a save in Arabic with texts in it changes neither language of anything", async () => {
    const landingBefore = (await row(SETTINGS_KEYS.landing))!.value;
    const before = (await row(SETTINGS_KEYS.discovery))!.value as DiscoverySettingsValue;
    const answer = await saveJson(saveDiscoveryRoute, DISCOVERY, { mangaId: ids.accepted, title: "عنوان", description: "وصف" }, u.root.token, { "accept-language": "ar" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await row(SETTINGS_KEYS.discovery))!.value).toEqual({ bannerImageId: before.bannerImageId, mangaId: ids.accepted });
    expect(answer.body.data).toMatchObject({ manga: { id: ids.accepted, title: "Featured Saga" } });
    expect((await row(SETTINGS_KEYS.landing))!.value).toEqual(landingBefore);
  });
});
