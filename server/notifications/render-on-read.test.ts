import type { IncomingMessage } from "node:http";
import { asc, eq, inArray } from "drizzle-orm";
import type { WebSocket } from "ws";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { emailOutbox, notificationPreferences, notifications, users } from "@/db/schema";
import { NotificationType, Role } from "@/lib/enums";
import { GET as paginated } from "@/app/api/Notification/PaginatedNotification/route";
import { POST as markRead } from "@/app/api/Notification/MarkNotificationAsRead/route";
import { POST as sendToUser } from "@/app/api/Notification/SendNotificationToUser/route";
import { GET as myNotifications } from "@/app/api/Authentication/Me/Notifications/route";
import { getBus } from "@/server/core/bus";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { startNotificationDelivery } from "@/server/realtime/deliver-notifications";
import { addSocket, removeSocket } from "@/server/realtime/registry";
import { jsonRequest, makeUsers, send } from "@/tests/fixtures/publishing-kit";
import { publishNotification } from "./publish-notification";
import { sendDigests } from "./send-digests";
import { localeOf } from "@/server/core/messages";

/**
 * Issue 28 item 1: what the site wrote is stored as a kind and read in the reader's current language (the request's,
 * the socket's, users.locale for the digest); a person's text stays as written and says which language it is in.
 */
type Item = { id: number; message: string; lang: string | null; link: string | null };
type Page = { items: Item[]; totalRecords: number };

const EN = 'Your manga "Moon Tale" was accepted.';
const AR = "تم قبول المانجا الخاصة بك «\u2068Moon Tale\u2069».";

let db: Awaited<ReturnType<typeof getDb>>;
let u: Record<"en" | "ar" | "root", { id: number; token: string }>;

const tell = (userId: number) =>
  runUnitOfWork(db, (uow) => publishNotification(uow, { to: [userId], kind: "mangaAccepted", params: { mangaId: 4, title: "Moon Tale" }, type: NotificationType.Success, link: "/dashboard/manga-approval/editor/4" }));
const list = async (token: string, headers: Record<string, string>, query = "") =>
  (await send(paginated, jsonRequest("GET /api/Notification/PaginatedNotification", { token, headers, query }))).body.data as Page;

beforeAll(async () => {
  db = await getDb();
  u = await makeUsers(db, "rendered", { en: { role: Role.reader, locale: "en" }, ar: { role: Role.reader, locale: "ar" }, root: { role: Role.root } });
});

describe("a kind notification is read in the reader's language", () => {
  it("the list and the unread dropdown follow x-locale, then the language cookie, then Accept-Language, whatever users.locale says", async () => {
    await tell(u.en.id);
    expect((await list(u.en.token, { "x-locale": "ar" })).items[0]).toMatchObject({ message: AR, lang: "ar", link: "/dashboard/manga-approval/editor/4" });
    expect((await list(u.en.token, { "x-locale": "en" })).items[0]).toMatchObject({ message: EN, lang: "en" });
    expect((await list(u.en.token, { cookie: "NEXT_LOCALE=ar", "accept-language": "en" })).items[0]).toMatchObject({ message: AR, lang: "ar" });
    expect((await list(u.en.token, { "accept-language": "ar-EG,ar;q=0.9" })).items[0]).toMatchObject({ message: AR });
    // The dropdown's call: unread only, a short page.
    const dropdown = await list(u.en.token, { "x-locale": "ar" }, "Page=1&PageSize=5&IsRead=false");
    expect(dropdown.items.map((i) => i.message)).toEqual([AR]);
    // Marking it read answers it in the request's language too; so does Me/Notifications.
    const marked = await send(markRead, jsonRequest("POST /api/Notification/MarkNotificationAsRead", { token: u.en.token, headers: { "x-locale": "ar" }, body: { notificationId: dropdown.items[0]!.id } }));
    expect(marked.body.data).toMatchObject({ message: AR, isRead: true, lang: "ar" });
    const mine = await send(myNotifications, jsonRequest("GET /api/Authentication/Me/Notifications", { token: u.en.token, headers: { "x-locale": "ar" } }));
    expect((mine.body.data as unknown as Item[])[0]).toMatchObject({ message: AR });
    // An Arabic account reading the English site sees English.
    await tell(u.ar.id);
    expect((await list(u.ar.token, { "x-locale": "en" })).items[0]).toMatchObject({ message: EN, lang: "en" });
  });

  it("search finds a row by its text in either language", async () => {
    // The English account's row searched in Arabic (folded: without the hamza's seat and with أ typed as ا), and back.
    expect((await list(u.en.token, { "x-locale": "en" }, `SearchTerm=${encodeURIComponent("تم قبول المانجا")}`)).items.map((i) => i.message)).toEqual([EN]);
    expect((await list(u.ar.token, { "x-locale": "ar" }, "SearchTerm=was%20ACCEPTED")).items.map((i) => i.message)).toEqual([AR]);
    expect((await list(u.en.token, { "x-locale": "en" }, `SearchTerm=${encodeURIComponent("تم رفض")}`)).totalRecords).toBe(0);
  });

  it("root's free text stays as written and reports its language, in whatever language it is listed", async () => {
    const res = await send(sendToUser, jsonRequest("POST /api/Notification/SendNotificationToUser", { token: u.root.token, headers: { "x-locale": "en" }, body: { userId: u.en.id, message: "أهلًا بك في مانجا نوفا", type: 1 } }));
    expect(res.body.data).toMatchObject({ message: "أهلًا بك في مانجا نوفا", lang: "ar" });
    expect((await list(u.en.token, { "x-locale": "en" })).items[0]).toMatchObject({ message: "أهلًا بك في مانجا نوفا", lang: "ar" });
    await send(sendToUser, jsonRequest("POST /api/Notification/SendNotificationToUser", { token: u.root.token, headers: { "x-locale": "ar" }, body: { userId: u.en.id, message: "Scheduled maintenance tonight", type: 3 } }));
    expect((await list(u.en.token, { "x-locale": "ar" })).items[0]).toMatchObject({ message: "Scheduled maintenance tonight", lang: "en" });
    // Searched as written.
    expect((await list(u.en.token, { "x-locale": "ar" }, "SearchTerm=maintenance")).items.map((i) => i.message)).toEqual(["Scheduled maintenance tonight"]);
  });
});

describe("the live push", () => {
  it("is rendered in each socket's language", async () => {
    const [reader] = await db.insert(users).values({ username: "rendered_live", email: "rendered_live@example.test", fullName: "Live", locale: "en" }).returning({ id: users.id });
    const sockets = (["en", "ar", undefined] as const).map((locale) => {
      const received: Item[] = [];
      const ws = { readyState: 1, bufferedAmount: 0, send: (text: string) => received.push(JSON.parse(text) as Item), once: () => undefined, close: () => undefined, terminate: () => undefined } as unknown as WebSocket;
      addSocket(reader!.id, ws, undefined, locale);
      return { ws, received };
    });
    const stop = await startNotificationDelivery({ db, bus: await getBus() });
    try {
      await tell(reader!.id);
      await expect.poll(() => sockets.map((s) => s.received.map((m) => [m.message, m.lang]))).toEqual([[[EN, "en"]], [[AR, "ar"]], [[EN, "en"]]]);
    } finally {
      for (const s of sockets) removeSocket(reader!.id, s.ws);
      stop();
    }
  });

  it("takes the socket's language from the upgrade: the language cookie first, then Accept-Language", () => {
    const req = (headers: Record<string, string | string[]>) => ({ headers }) as unknown as IncomingMessage;
    expect(localeOf(req({ cookie: "theme=dark; NEXT_LOCALE=ar", "accept-language": "en-US" }))).toBe("ar");
    expect(localeOf(req({ cookie: "NEXT_LOCALE=en", "accept-language": "ar" }))).toBe("en");
    expect(localeOf(req({ "accept-language": "ar-SA,ar;q=0.9" }))).toBe("ar");
    expect(localeOf(req({}))).toBe("en");
  });
});

describe("the daily digest", () => {
  it("renders each notification in users.locale", async () => {
    const who = await makeUsers(db, "rendered_digest", { en: { role: Role.reader, locale: "en" }, ar: { role: Role.reader, locale: "ar" } });
    const ids = [who.en.id, who.ar.id];
    await db.update(users).set({ emailVerified: true }).where(inArray(users.id, ids));
    await db.insert(notificationPreferences).values(ids.map((userId) => ({ userId, digest: true })));
    for (const id of ids) await tell(id);
    await sendDigests({ db });
    const mails = await db.select({ to: emailOutbox.to, text: emailOutbox.text }).from(emailOutbox).where(inArray(emailOutbox.to, ["rendered_digest_en@example.test", "rendered_digest_ar@example.test"])).orderBy(asc(emailOutbox.to));
    expect(mails).toHaveLength(2);
    expect(mails.find((m) => m.to.includes("_ar@"))!.text).toContain(`• ${AR}`);
    expect(mails.find((m) => m.to.includes("_en@"))!.text).toContain(`• ${EN}`);
    // Stored once, language-free: the row itself holds the kind and its params.
    const [row] = await db.select().from(notifications).where(eq(notifications.userId, who.ar.id));
    expect(row).toMatchObject({ kind: "mangaAccepted", params: { mangaId: 4, title: "Moon Tale" }, lang: null, message: EN });
  });
});
