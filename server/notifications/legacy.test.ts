import { asc, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { notifications, users } from "@/db/schema";
import { formatMoney, formatMonth } from "@/lib/money";
import { renderNotification } from "./catalogue";
import { backfillNotificationKinds, classifyLegacyNotification } from "./legacy";

/** The old catalogues' Arabic isolates (publishing and monetization wrapped every value in them; reports did not). */
const iso = (s: string) => `\u2068${s}\u2069`;

describe("old notification rows (migration 0017)", () => {
  it("a text the old catalogues wrote, in either language, becomes its kind with the params read back", () => {
    expect(classifyLegacyNotification({ message: 'Your manga "Moon Tale" was accepted.', link: "/dashboard/manga-approval/editor/12" })).toEqual({
      kind: "mangaAccepted",
      params: { mangaId: 12, title: "Moon Tale" },
    });
    expect(classifyLegacyNotification({ message: `تم رفض الفصل «${iso("الفصل الأول")}» من «${iso("Moon Tale")}»: ${iso("صفحات ناقصة")}`, link: "/dashboard/manga-approval/editor/7" })).toEqual({
      kind: "chapterRejected",
      params: { mangaId: 7, title: "Moon Tale", chapter: "الفصل الأول", note: "صفحات ناقصة" },
    });
    expect(classifyLegacyNotification({ message: `3 فصول جديدة من «${iso("Moon Tale")}»`, link: "/manga-reader/5/9" })).toEqual({ kind: "newChapters", params: { mangaId: 5, title: "Moon Tale", count: 3 } });
    expect(classifyLegacyNotification({ message: 'New chapter waiting for review: "Ch 2" of "Moon Tale" by mika', link: null })).toEqual({
      kind: "reviewChapter",
      params: { title: "Moon Tale", chapter: "Ch 2", author: "mika" },
    });
    // Money: the amount, month and count as they were formatted, read back to minor units and a month key.
    const amount = (l: "en" | "ar") => formatMoney(123_456, "USD", l);
    expect(classifyLegacyNotification({ message: `Your share of ${formatMonth("2026-10", "en")}'s advertising income: ${amount("en")} for 12,345 impressions. It is in your balance.` })).toEqual({
      kind: "shareCredited",
      params: { amountMinor: 123_456, currency: "USD", month: "2026-10", impressions: 12_345 },
    });
    expect(classifyLegacyNotification({ message: `حصتك من دخل إعلانات ${iso(formatMonth("2026-10", "ar"))}: ${iso(amount("ar"))} مقابل ${iso("12,345")} ظهورًا. أُضيفت إلى رصيدك.` })).toEqual({
      kind: "shareCredited",
      params: { amountMinor: 123_456, currency: "USD", month: "2026-10", impressions: 12_345 },
    });
    expect(classifyLegacyNotification({ message: `أُرسلت دفعتك البالغة ${iso(formatMoney(5000, "USD", "ar"))} إلى ${iso("mika@example.test")}. مرجع التحويل: ${iso("TX-9")}.` })).toEqual({
      kind: "payoutPaid",
      params: { amountMinor: 5000, currency: "USD", email: "mika@example.test", reference: "TX-9" },
    });
    // Reports: the target and the reason's words back to the report's titles and reason code.
    expect(classifyLegacyNotification({ message: 'New report about the chapter "Ch 1" of "Moon Tale": wrong or broken content. It is in the reports queue.' })).toEqual({
      kind: "newReport",
      params: { mangaTitle: "Moon Tale", chapterTitle: "Ch 1", reason: 2 },
    });
    expect(classifyLegacyNotification({ message: "تمت مراجعة بلاغك عن «Moon Tale»: حُذف المحتوى. شكرًا لمساعدتك." })).toEqual({
      kind: "reportDeleted",
      params: { mangaTitle: "Moon Tale", chapterTitle: null },
    });
  });

  it("anything else becomes free text in the language its letters are in", () => {
    expect(classifyLegacyNotification({ message: "Premium plans are coming soon. Stay tuned!" })).toEqual({ lang: "en" });
    expect(classifyLegacyNotification({ message: "خطط بريميوم قادمة قريبًا، ترقبوها!" })).toEqual({ lang: "ar" });
    // Close to a template but not one (the reason is not one of the four): free text, not a wrong kind.
    expect(classifyLegacyNotification({ message: 'New report about "Moon Tale": because. It is in the reports queue.' })).toEqual({ lang: "en" });
  });

  it("the start-up backfill turns stored rows into kinds (readable in the other language, searchable in both) and free text, once", async () => {
    const db = await getDb();
    const [user] = await db.insert(users).values({ username: "legacy_reader", email: "legacy_reader@example.test", fullName: "Legacy", locale: "ar" }).returning({ id: users.id });
    const rows = await db
      .insert(notifications)
      .values([
        { userId: user!.id, message: `تم قبول المانجا الخاصة بك «${iso("Moon Tale")}».`, link: "/dashboard/manga-approval/editor/3", type: 2, searchText: "old" },
        { userId: user!.id, message: 'Your report about "Moon Tale" was reviewed: no action was needed. Thank you for helping.', type: 1 },
        { userId: user!.id, message: "A message from root", type: 1 },
        { userId: user!.id, message: "رسالة من الإدارة", type: 1 },
      ])
      .returning({ id: notifications.id });
    const ids = rows.map((r) => r.id);
    expect(await backfillNotificationKinds(db)).toEqual({ kinds: 2, freeText: 2 });
    const after = await db.select().from(notifications).where(inArray(notifications.id, ids)).orderBy(asc(notifications.id));
    expect(after.map((r) => [r.kind, r.lang])).toEqual([
      ["mangaAccepted", null],
      ["reportDismissed", null],
      [null, "en"],
      [null, "ar"],
    ]);
    expect(after[0]!.params).toEqual({ mangaId: 3, title: "Moon Tale" });
    // The Arabic-born row reads in English now, its stored message is the English render, and it is found in both.
    expect(renderNotification(after[0]!, "en")).toBe('Your manga "Moon Tale" was accepted.');
    expect(after[0]!.message).toBe('Your manga "Moon Tale" was accepted.');
    expect(after[0]!.searchText).toContain("your manga");
    expect(after[0]!.searchText).toContain("تم قبول");
    expect(renderNotification(after[1]!, "ar")).toBe("تمت مراجعة بلاغك عن «\u2068Moon Tale\u2069»: لم يلزم اتخاذ أي إجراء. شكرًا لمساعدتك.");
    // Free text keeps its words.
    expect(after.slice(2).map((r) => r.message)).toEqual(["A message from root", "رسالة من الإدارة"]);
    expect(after[2]!.searchText).toBe("a message from root");
    // Nothing is left to do.
    expect(await backfillNotificationKinds(db)).toEqual({ kinds: 0, freeText: 0 });
  });
});
