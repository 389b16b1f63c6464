import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLog, chapters, emailOutbox, manga, notifications, refreshTokens, reports, siteSettings, users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { loginSchema, registerSchema, updateSelfSchema } from "@/lib/validation/auth";
import { hasControlCharacters } from "@/lib/validation/text";
import { login } from "@/server/auth/login";
import { createTestUser } from "@/server/auth/testing";
import { validationTranslator } from "@/server/auth/validation";
import { ROUTE_KEYS, type RouteKey } from "@/server/core/access-table";
import type { RouteHandler } from "@/server/http/route";
import { jsonRequest, tokenFor } from "@/server/http/test-helpers";

/**
 * Issue 19, item 2: a NUL character (U+0000) answered 500 on five routes (PostgreSQL refuses it in text). Every route
 * of the access table now answers 422 with a field error to a NUL in its query, and every route that takes text
 * answers 422 to a NUL in any body field (JSON or form); nothing is written.
 */
const modules = import.meta.glob<Record<string, RouteHandler>>("./**/route.ts");

/** The route file of a key: `GET /api/chapter/GetChapter/{chapterid}` → ./chapter/GetChapter/[chapterid]/route.ts. */
async function handlerOf(key: RouteKey): Promise<RouteHandler | undefined> {
  const [method = "", path = ""] = key.split(" ");
  const file = `.${path.slice("/api".length).replace(/\{(\w+)\}/g, "[$1]")}/route.ts`;
  const load = modules[file];
  return load ? (await load())[method] : undefined;
}

/** Routes that read no body at all (nothing in one reaches them); every other write route takes text. */
const NO_BODY = new Set<RouteKey>([
  "POST /api/Authentication/Logout",
  "POST /api/Authentication/Sessions/RevokeOthers",
  "POST /api/Notification/MarkAllNotificationsAsRead",
]);
/** Not route files: the socket is an upgrade (server/realtime), the test helpers answer 404 outside the browser tests. */
const ROUTES = ROUTE_KEYS.filter((key) => !key.includes("/api/test/") && !key.endsWith("GetNotificationWebSocket"));
const WRITES = ROUTES.filter((key) => !key.startsWith("GET ") && !NO_BODY.has(key));

const NUL = "a\u0000b";
/** Every text field name the API's bodies use, each with a NUL. */
const TEXT_FIELDS = [
  "username", "email", "password", "fullName", "toemail", "token", "confirmPassword", "currentPassword", "newPassword",
  "dateOfBirth", "profileImage", "title", "description", "message", "details", "note", "searchTerm", "genres", "id",
  "mangaId", "chapterId", "userId", "status", "reason", "action", "locale", "theme", "sessionId",
];
const nulBody = Object.fromEntries(TEXT_FIELDS.map((name) => [name, NUL]));

let ip = 0;
const freshIp = () => `10.19.${Math.floor(++ip / 250)}.${ip % 250}`;

async function rowCounts() {
  const db = await getDb();
  const tables = { auditLog, chapters, emailOutbox, manga, notifications, refreshTokens, reports, siteSettings, users };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [name, (await db.select({ n: count() }).from(table))[0]?.n] as const),
  );
  return Object.fromEntries(entries);
}

async function rootToken(): Promise<string> {
  const root = await createTestUser(await getDb(), { role: Role.root });
  return tokenFor(Role.root, root.id);
}

describe("a NUL character never reaches the database", () => {
  it("finds a route file for every route of the access table", async () => {
    for (const key of ROUTES) expect({ key, found: Boolean(await handlerOf(key)) }).toEqual({ key, found: true });
  });

  it("answers 422 with a field error to a NUL in the query of every route, in English and Arabic", async () => {
    const token = await rootToken();
    const before = await rowCounts();
    for (const key of ROUTES) {
      const handler = (await handlerOf(key))!;
      for (const locale of ["en", "ar"] as const) {
        const req = jsonRequest(key, { token, query: "searchTerm=a%00b&id=1", headers: { "accept-language": locale, "x-forwarded-for": freshIp() } });
        const res = await handler(req, { params: Promise.resolve({ chapterid: "1" }) });
        const body = await res.json();
        expect({ key, locale, status: res.status }).toEqual({ key, locale, status: 422 });
        expect(body.statusCode).toBe(422);
        expect(body.data.errors.searchTerm).toEqual([locale === "en" ? "This must not contain control characters (such as the NUL character)." : "يجب ألا يحتوي هذا الحقل على محارف تحكّم (مثل المحرف NUL)."]);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("answers 422 to a NUL in a path segment", async () => {
    const handler = (await handlerOf("GET /api/chapter/GetChapter/{chapterid}"))!;
    const res = await handler(jsonRequest("GET /api/chapter/GetChapter/{chapterid}"), { params: Promise.resolve({ chapterid: "1\u0000" }) });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).data.errors)).toEqual(["chapterid"]);
  });

  it("answers 422 to a NUL in any JSON body field of every route that takes text, and writes nothing", async () => {
    const token = await rootToken();
    const before = await rowCounts();
    for (const key of WRITES) {
      const handler = (await handlerOf(key))!;
      const res = await handler(jsonRequest(key, { token, body: nulBody, headers: { "x-forwarded-for": freshIp() } }), { params: Promise.resolve({}) });
      expect({ key, status: res.status }).toEqual({ key, status: 422 });
      expect((await res.json()).statusCode).toBe(422);
    }
    // Nested values and keys count too.
    const update = (await handlerOf("POST /api/Authentication/UpdateSelf"))!;
    for (const body of [{ fullName: ["x", { deep: NUL }] }, { [NUL]: "x" }]) {
      const res = await update(jsonRequest("POST /api/Authentication/UpdateSelf", { token, body }), { params: Promise.resolve({}) });
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("answers 422 to a NUL in a form field (uploads)", async () => {
    const token = await rootToken();
    const before = await rowCounts();
    for (const key of ["POST /api/manga/SubmitManga", "POST /api/chapter/SubmitChapter", "POST /api/SiteSettings/SaveLandingPageSettings"] as const) {
      const form = new FormData();
      form.set("title", NUL);
      form.set("description", "fine");
      const req = new Request(`http://localhost${key.split(" ")[1]}`, { method: key.split(" ")[0], headers: { authorization: `Bearer ${token}` }, body: form });
      const res = await (await handlerOf(key))!(req, { params: Promise.resolve({}) });
      expect({ key, status: res.status }).toEqual({ key, status: 422 });
      expect((await res.json()).data.errors.title).toHaveLength(1);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("answers the issue's five cases with 422 (they were 500)", async () => {
    const db = await getDb();
    const me = await createTestUser(db);
    const token = await tokenFor(Role.reader, me.id);
    const cases: Array<[RouteKey, unknown, string | undefined]> = [
      ["POST /api/Authentication/Login", { username: "nosuch\u0000fz", password: "x" }, undefined],
      ["POST /api/Authentication/Register", { fullName: "A", username: `u${Date.now()}`, email: "a\u0000b@example.com", password: "Secret#1", confirmPassword: "Secret#1", role: 0, dateOfBirth: "01/01/2000" }, undefined],
      ["POST /api/Email/SendVerifyEmail", { toemail: "a\u0000b@example.com" }, undefined],
      ["POST /api/Authentication/UpdateSelf", { fullName: "a\u0000b" }, token],
      ["POST /api/Authentication/UpdateSelf", { email: "a\u0000b@example.com" }, token],
    ];
    for (const [key, body, auth] of cases) {
      const res = await (await handlerOf(key))!(jsonRequest(key, { body, token: auth, headers: { "x-forwarded-for": freshIp() } }), { params: Promise.resolve({}) });
      expect({ key, status: res.status }).toEqual({ key, status: 422 });
    }
  });
});

describe("the browser's sign-in (next-auth calls login() without the API's schema)", () => {
  it("treats an identifier with a control character as an unknown account (401, not 500)", async () => {
    const db = await getDb();
    for (const username of ["nosuch\u0000fz", "a\u0000b@example.com"]) {
      await expect(login({ db, username, password: "x", ip: freshIp() })).rejects.toMatchObject({ httpStatus: 401, messageKey: "invalidCredentials" });
    }
  });
});

describe("the shared schemas refuse control characters", () => {
  const en = validationTranslator("en");
  const ar = validationTranslator("ar");
  const errorsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

  it("classifies single-line and multi-line text", () => {
    for (const c of ["\u0000", "\t", "\n", "\r", "\u001b", "\u007f", "\u0085", "\u009b"]) expect(hasControlCharacters(`a${c}b`)).toBe(true);
    for (const c of ["\t", "\n", "\r"]) expect(hasControlCharacters(`a${c}b`, "multiLine")).toBe(false);
    for (const c of ["\u0000", "\u0007", "\u001b", "\u007f", "\u009b"]) expect(hasControlCharacters(`a${c}b`, "multiLine")).toBe(true);
    expect(hasControlCharacters("سلام ✓ \u200f")).toBe(false);
  });

  it("gives a field error in the caller's language (login, register, profile)", () => {
    expect(errorsOf(loginSchema(en).safeParse({ username: "a\tb", password: "x" }))).toEqual({ username: en("controlCharacters") });
    expect(errorsOf(loginSchema(ar).safeParse({ email: "a\u0001b@x.co", password: "x" }))).toEqual({ email: ar("controlCharacters") });
    expect(ar("controlCharacters")).toMatch(/[\u0600-\u06FF]/);
    const register = registerSchema(en).safeParse({
      fullName: "A\nB", username: "ok_name", email: "a@b.co", password: "Secret#1", confirmPassword: "Secret#1", role: 0, dateOfBirth: "01/01/2000",
    });
    expect(errorsOf(register)).toEqual({ fullName: en("controlCharacters") });
    expect(errorsOf(updateSelfSchema(en).safeParse({ username: "x\u007f" }))).toEqual({ username: en("controlCharacters") });
  });
});

describe("control characters beyond NUL in publishing, review, settings and notification texts", () => {
  const BEL = "a\u0007b";
  const ESC = "a\u001bb";

  it("answers 422 naming the field, in the request's language, and writes nothing", async () => {
    const token = await rootToken();
    const before = await rowCounts();
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [name, value] of Object.entries(fields)) f.set(name, value);
      return f;
    };
    const cases: Array<[RouteKey, () => BodyInit, string, Record<string, string>]> = [
      ["POST /api/manga/SubmitManga", () => form({ title: BEL, description: "fine", genres: "Action" }), "title", {}],
      ["POST /api/manga/SubmitManga", () => form({ title: "Fine", description: ESC, genres: "Action" }), "description", {}],
      ["PUT /api/manga/UpdateManga", () => form({ id: "1", title: `x${"\u009b"}` }), "title", {}],
      ["POST /api/chapter/SubmitChapter", () => form({ mangaId: "1", title: BEL }), "title", {}],
      ["POST /api/manga/StatusManga", () => form({ mangaId: "1", status: "2", note: ESC }), "note", {}],
      ["POST /api/SiteSettings/SaveLandingPageSettings", () => form({ title: BEL }), "title", {}],
      ["POST /api/Notification/SendGlobalNotification", () => JSON.stringify({ message: ESC, type: 1 }), "message", { "content-type": "application/json" }],
    ];
    for (const [key, body, field, headers] of cases) {
      for (const locale of ["en", "ar"] as const) {
        const req = new Request(`http://localhost${key.split(" ")[1]}`, { method: key.split(" ")[0], headers: { authorization: `Bearer ${token}`, "accept-language": locale, ...headers }, body: body() });
        const res = await (await handlerOf(key))!(req, { params: Promise.resolve({}) });
        const answer = await res.json();
        expect({ key, field, locale, status: res.status }).toEqual({ key, field, locale, status: 422 });
        const message = answer.data.errors[field]?.[0] as string | undefined;
        expect({ key, field, message: Boolean(message) }).toEqual({ key, field, message: true });
        if (locale === "ar") expect(message).toMatch(/[\u0600-\u06FF]/);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("keeps line breaks and tabs where text is multi-line", async () => {
    const { mangaFormSchema, publishingTranslator } = await import("@/lib/validation/publishing");
    const { decisionSchema } = await import("@/lib/validation/review");
    const t = publishingTranslator({});
    expect(mangaFormSchema(t).safeParse({ title: "Fine", description: "One\r\n\tTwo", genres: ["Action"] }).success).toBe(true);
    expect(mangaFormSchema(t).safeParse({ title: "Fine\tTitle", genres: ["Action"] }).success).toBe(false);
    expect(decisionSchema("reject", (k) => k).safeParse({ note: "Line one\nLine two" }).success).toBe(true);
  });
});
