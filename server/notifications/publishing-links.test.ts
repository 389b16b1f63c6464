import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { favorites, notifications, users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { recipientLocale, renderNotification } from "./catalogue";
import { addChapter, decideChapter, decideManga, makeUsers, submitManga } from "@/tests/fixtures/publishing-kit";

/** Every publishing notification links to what it is about (docs/decisions/014), in each recipient's language. */
describe("links of publishing notifications", () => {
  it("roots get the review page, the author the editor, favouriters the reader of the first new chapter", async () => {
    const db = await getDb();
    const who = await makeUsers(db, "links", { writer: { role: Role.writer }, root: { role: Role.root }, fan: { role: Role.reader, locale: "ar" } });
    // Each message as its recipient reads it (users.locale: the fan's is Arabic).
    const inbox = async (userId: number) =>
      (
        await db
          .select({ message: notifications.message, kind: notifications.kind, params: notifications.params, link: notifications.link, searchText: notifications.searchText, locale: users.locale })
          .from(notifications)
          .innerJoin(users, eq(users.id, notifications.userId))
          .where(eq(notifications.userId, userId))
          .orderBy(asc(notifications.id))
      ).map((n) => ({ message: renderNotification(n, recipientLocale(n.locale)), link: n.link, searchText: n.searchText }));

    const mangaId = await submitManga(who.writer.token, "Linked Tale");
    expect(await inbox(who.root.id)).toEqual([expect.objectContaining({ link: `/dashboard/manga-approval/${mangaId}` })]);
    expect((await decideManga(who.root.token, mangaId, 1)).status).toBe(200);
    expect((await inbox(who.writer.id)).map((n) => n.link)).toEqual([`/dashboard/manga-approval/editor/${mangaId}`]);

    await db.insert(favorites).values({ userId: who.fan.id, mangaId });
    const first = await addChapter(who.writer.token, mangaId, "Chapter One");
    const second = await addChapter(who.writer.token, mangaId, "Chapter Two");
    expect((await inbox(who.root.id)).slice(1).map((n) => n.link)).toEqual([`/dashboard/manga-approval/${mangaId}`, `/dashboard/manga-approval/${mangaId}`]);
    expect((await decideChapter(who.root.token, second, 1)).status).toBe(200);
    expect((await decideChapter(who.root.token, first, 2, "Blurry pages")).status).toBe(200);
    const authorLinks = (await inbox(who.writer.id)).map((n) => n.link);
    expect(authorLinks.slice(1)).toEqual([`/dashboard/manga-approval/editor/${mangaId}`, `/dashboard/manga-approval/editor/${mangaId}`]);

    const fan = await inbox(who.fan.id);
    expect(fan).toEqual([{ message: "فصل جديد من «\u2068Linked Tale\u2069»: \u2068Chapter Two\u2069", link: `/manga-reader/${mangaId}/${second}`, searchText: expect.stringContaining("فصل جديد") }]);
  });
});
