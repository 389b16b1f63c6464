import { and, asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { emailOutbox, favorites, notificationPreferences, notifications, users } from "@/db/schema";
import { NotificationType, Role } from "@/lib/enums";
import { GET as getPreferences, PUT as putPreferences } from "@/app/api/Notification/Preferences/route";
import { POST as sendToUser } from "@/app/api/Notification/SendNotificationToUser/route";
import { env } from "@/server/env";
import { addChapter, decideChapter, decideManga, jsonRequest, makeUsers, send, submitManga } from "@/tests/fixtures/publishing-kit";
import { DEFAULT_PREFERENCES } from "./preferences";
import { sendDigests } from "./send-digests";

/** Notification preferences (issue 14, beyond the spec): the API, in-app and e-mail per kind, the daily digest. */
describe("notification preferences", () => {
  it("GET answers the defaults, PUT changes only what it is given, bad input is a 422, visitors a 401", async () => {
    const db = await getDb();
    const who = await makeUsers(db, "prefapi", { reader: { role: Role.reader } });
    const get = await send(getPreferences, jsonRequest("GET /api/Notification/Preferences", { token: who.reader.token }));
    expect(get.status).toBe(200);
    expect(get.body.data).toEqual(DEFAULT_PREFERENCES);

    const put = await send(putPreferences, jsonRequest("PUT /api/Notification/Preferences", { token: who.reader.token, body: { newChapterInApp: false, digest: true } }));
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ ...DEFAULT_PREFERENCES, newChapterInApp: false, digest: true });
    const again = await send(putPreferences, jsonRequest("PUT /api/Notification/Preferences", { token: who.reader.token, body: { reviewEmail: true } }));
    expect(again.body.data).toEqual({ ...DEFAULT_PREFERENCES, newChapterInApp: false, digest: true, reviewEmail: true });
    expect((await send(getPreferences, jsonRequest("GET /api/Notification/Preferences", { token: who.reader.token }))).body.data).toEqual(again.body.data);

    for (const body of [{ digest: "yes" }, { digest: 1 }, { unknown: true }]) {
      const bad = await send(putPreferences, jsonRequest("PUT /api/Notification/Preferences", { token: who.reader.token, body }));
      expect(bad.status).toBe(422);
    }
    expect((await send(getPreferences, jsonRequest("GET /api/Notification/Preferences"))).status).toBe(401);
    expect((await send(putPreferences, jsonRequest("PUT /api/Notification/Preferences", { body: { digest: true } }))).status).toBe(401);
  });

  it("a favouriter who turned new chapters off in-app gets no row, the others do; e-mail goes out when turned on", async () => {
    const db = await getDb();
    const who = await makeUsers(db, "prefpub", {
      writer: { role: Role.writer },
      root: { role: Role.root },
      fan: { role: Role.reader },
      quiet: { role: Role.reader, locale: "ar" },
    });
    await db.update(users).set({ emailVerified: true }).where(inArray(users.id, [who.writer.id, who.root.id]));
    const put = (token: string, body: Record<string, boolean>) => send(putPreferences, jsonRequest("PUT /api/Notification/Preferences", { token, body }));
    expect((await put(who.quiet.token, { newChapterInApp: false })).status).toBe(200);
    expect((await put(who.writer.token, { reviewEmail: true })).status).toBe(200);
    expect((await put(who.root.token, { submissionsInApp: false, submissionsEmail: true })).status).toBe(200);

    const mangaId = await submitManga(who.writer.token, "Quiet Tale");
    expect(await db.select().from(notifications).where(eq(notifications.userId, who.root.id))).toEqual([]);
    const rootMail = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "prefpub_root@example.test"));
    expect(rootMail).toHaveLength(1);
    expect(rootMail[0]!.text).toContain(`${env.siteUrl}/dashboard/manga-approval/${mangaId}`);

    expect((await decideManga(who.root.token, mangaId, 1)).status).toBe(200);
    const writerMail = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "prefpub_writer@example.test"));
    expect(writerMail).toEqual([expect.objectContaining({ subject: 'Your manga "Quiet Tale" was accepted.', text: `Your manga "Quiet Tale" was accepted.\n\n${env.siteUrl}/dashboard/manga-approval/editor/${mangaId}` })]);
    expect(await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, who.writer.id))).toHaveLength(1);

    await db.insert(favorites).values([{ userId: who.fan.id, mangaId }, { userId: who.quiet.id, mangaId }]);
    const chapterId = await addChapter(who.writer.token, mangaId, "Chapter One");
    expect((await decideChapter(who.root.token, chapterId, 1)).status).toBe(200);
    const inbox = (userId: number) => db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, userId));
    expect(await inbox(who.fan.id)).toEqual([{ message: 'New chapter of "Quiet Tale": Chapter One' }]);
    expect(await inbox(who.quiet.id)).toEqual([]);
    // Nobody who did not ask gets mail.
    expect(await db.select().from(emailOutbox).where(inArray(emailOutbox.to, ["prefpub_fan@example.test", "prefpub_quiet@example.test"]))).toEqual([]);
  });

  it("root's message is e-mailed to a user who turned announcements' e-mail on", async () => {
    const db = await getDb();
    const who = await makeUsers(db, "prefmsg", { root: { role: Role.root }, on: { role: Role.reader, locale: "ar" }, off: { role: Role.reader } });
    await db.update(users).set({ emailVerified: true }).where(inArray(users.id, [who.on.id, who.off.id]));
    await db.insert(notificationPreferences).values({ userId: who.on.id, announcementsEmail: true });
    for (const target of [who.on, who.off]) {
      const res = await send(sendToUser, jsonRequest("POST /api/Notification/SendNotificationToUser", { token: who.root.token, body: { userId: target.id, message: "Hello there", type: 1 } }));
      expect(res.status).toBe(200);
    }
    const mails = await db.select().from(emailOutbox).where(inArray(emailOutbox.to, ["prefmsg_on@example.test", "prefmsg_off@example.test"]));
    expect(mails).toEqual([expect.objectContaining({ to: "prefmsg_on@example.test", subject: "رسالة من مانجا نوفا", text: `Hello there\n\n${env.siteUrl}/ar/dashboard/notifications` })]);
  });

  it("the digest goes once per window, in the user's language, only with unread items, and concurrent runs send once", async () => {
    const db = await getDb();
    const who = await makeUsers(db, "digest", {
      en: { role: Role.reader },
      ar: { role: Role.reader, locale: "ar" },
      allRead: { role: Role.reader },
      old: { role: Role.reader },
      off: { role: Role.reader },
    });
    const all = Object.values(who).map((u) => u.id);
    await db.update(users).set({ emailVerified: true }).where(inArray(users.id, all));
    await db.insert(notificationPreferences).values(all.filter((id) => id !== who.off.id).map((userId) => ({ userId, digest: true })));
    const note = (userId: number, message: string, extra: { isRead?: boolean; createdAt?: Date; link?: string } = {}) => ({ userId, message, type: NotificationType.Info, ...extra });
    await db.insert(notifications).values([
      note(who.en.id, "First news", { link: "/manga-reader/1/2" }),
      note(who.en.id, "Already read", { isRead: true }),
      note(who.en.id, "Second news"),
      note(who.ar.id, "خبر جديد"),
      note(who.allRead.id, "Read news", { isRead: true }),
      note(who.old.id, "Old news", { createdAt: new Date(Date.now() - 30 * 3600 * 1000) }),
      note(who.off.id, "Unwanted digest"),
    ]);
    const outbox = () =>
      db.select({ to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text }).from(emailOutbox).where(inArray(emailOutbox.to, Object.keys(who).map((n) => `digest_${n.toLowerCase()}@example.test`))).orderBy(asc(emailOutbox.id));

    await Promise.all([sendDigests({ db }), sendDigests({ db })]);
    const mails = await outbox();
    expect(mails.map((m) => m.to).sort()).toEqual(["digest_ar@example.test", "digest_en@example.test"]);
    const en = mails.find((m) => m.to === "digest_en@example.test")!;
    expect(en.subject).toBe("Your unread notifications — MangaNova");
    expect(en.text).toContain("You have 2 unread notifications");
    expect(en.text).toContain(`• First news\n  ${env.siteUrl}/manga-reader/1/2`);
    expect(en.text).toContain("• Second news");
    expect(en.text).not.toContain("Already read");
    const ar = mails.find((m) => m.to === "digest_ar@example.test")!;
    expect(ar.subject).toBe("إشعاراتك غير المقروءة — مانجا نوفا");
    expect(ar.text).toContain(`• خبر جديد\n  ${env.siteUrl}/ar/dashboard/notifications`);

    // Within the window nothing more goes out, even with new unread items.
    await db.insert(notifications).values(note(who.en.id, "Third news"));
    expect(await sendDigests({ db })).toEqual({ sent: 0 });
    expect(await outbox()).toHaveLength(2);

    // After 20 hours the next digest goes, once, however many processes run it at the same time.
    await db.update(notificationPreferences).set({ digestSentAt: new Date(Date.now() - 21 * 3600 * 1000) }).where(eq(notificationPreferences.userId, who.en.id));
    const runs = await Promise.all([sendDigests({ db }), sendDigests({ db }), sendDigests({ db })]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    const after = await outbox();
    expect(after).toHaveLength(3);
    expect(after[2]!.text).toContain("You have 3 unread notifications");
    const [claimed] = await db.select({ at: notificationPreferences.digestSentAt }).from(notificationPreferences).where(and(eq(notificationPreferences.userId, who.old.id)));
    expect(claimed!.at).toBeNull();
  });
});
