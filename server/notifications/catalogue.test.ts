import ar from "@/messages/ar.json";
import en from "@/messages/en.json";
import { describe, expect, it } from "vitest";
import { locales } from "@/i18n/routing";
import { detectLanguage, kindSearchText, NOTIFICATION_KINDS, noticeText, renderNotification, TEXTS, type KindNotice, type KindParams, type NotificationKind } from "./catalogue";

/** One example of every kind's params (a Latin title, so the Arabic texts isolate it). */
const EXAMPLES: { [K in NotificationKind]: KindParams[K] } = {
  mangaAccepted: { mangaId: 1, title: "Moon Tale" },
  mangaRejected: { mangaId: 1, title: "Moon Tale", note: "Blurry cover" },
  chapterAccepted: { mangaId: 1, title: "Moon Tale", chapter: "Chapter 1" },
  chapterRejected: { mangaId: 1, title: "Moon Tale", chapter: "Chapter 1", note: "Pages missing" },
  chapterReady: { mangaId: 1, title: "Moon Tale", chapter: "Chapter 1" },
  chapterFailed: { mangaId: 1, title: "Moon Tale", chapter: "Chapter 1", reason: "pdfEncrypted" },
  newChapter: { mangaId: 1, title: "Moon Tale", chapter: "Chapter 2" },
  newChapters: { mangaId: 1, title: "Moon Tale", count: 3 },
  reviewManga: { mangaId: 1, title: "Moon Tale", author: "mika" },
  reviewChapter: { mangaId: 1, title: "Moon Tale", chapter: "Chapter 1", author: "mika" },
  editedManga: { mangaId: 1, title: "Moon Tale", author: "mika" },
  shareCredited: { month: "2026-10", amountMinor: 123_456, currency: "USD", impressions: 12_345 },
  payoutRequested: { name: "mika", amountMinor: 5_000, currency: "USD", email: "mika@example.test" },
  payoutPaid: { amountMinor: 5_000, currency: "USD", email: "mika@example.test", reference: "TX-9" },
  payoutFailed: { amountMinor: 5_000, currency: "USD", note: "Address bounced" },
  newReport: { mangaTitle: "Moon Tale", chapterTitle: "Chapter 1", reason: 2 },
  reportDismissed: { mangaTitle: "Moon Tale", chapterTitle: null },
  reportHidden: { mangaTitle: "Moon Tale", chapterTitle: "Chapter 1" },
  reportDeleted: { mangaTitle: "Moon Tale", chapterTitle: null },
  followedWriterNewManga: { mangaId: 1, title: "Moon Tale", author: "mika" },
};
const ARABIC = /[\u0600-\u06FF]/;

describe("the notification catalogue", () => {
  it("has every kind in both languages, each rendering with no placeholder left, Arabic in Arabic and names isolated", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    for (const kind of NOTIFICATION_KINDS) {
      expect(Object.keys(TEXTS[kind]).sort(), kind).toEqual([...locales].sort());
      for (const locale of locales) {
        const text = noticeText(kind, locale, EXAMPLES[kind] as never);
        expect(text, `${kind} ${locale}`).not.toMatch(/\{\w+\}/);
        expect(ARABIC.test(text), `${kind} ${locale}`).toBe(locale === "ar");
      }
      // Every placeholder of one language is in the other (the same facts told in both).
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(TEXTS[kind].ar), kind).toEqual(names(TEXTS[kind].en));
    }
    expect(noticeText("mangaAccepted", "ar", EXAMPLES.mangaAccepted)).toBe("تم قبول المانجا الخاصة بك «\u2068Moon Tale\u2069».");
    expect(noticeText("newReport", "ar", EXAMPLES.newReport)).toBe("بلاغ جديد عن الفصل «\u2068Chapter 1\u2069» من «\u2068Moon Tale\u2069»: محتوى خاطئ أو معطوب. البلاغ في قائمة البلاغات.");
  });

  it("keeps the wording each module wrote, with amounts and months in the reader's language", () => {
    expect(noticeText("mangaRejected", "en", EXAMPLES.mangaRejected)).toBe('Your manga "Moon Tale" was rejected: Blurry cover');
    expect(noticeText("newChapters", "en", EXAMPLES.newChapters)).toBe('3 new chapters of "Moon Tale"');
    expect(noticeText("shareCredited", "en", EXAMPLES.shareCredited)).toBe("Your share of October 2026's advertising income: $1,234.56 for 12,345 impressions. It is in your balance.");
    expect(noticeText("shareCredited", "ar", EXAMPLES.shareCredited)).toContain("أكتوبر 2026");
    expect(noticeText("reportDismissed", "en", EXAMPLES.reportDismissed)).toBe('Your report about "Moon Tale" was reviewed: no action was needed. Thank you for helping.');
  });

  it("renders a rejection whose note is one of the review desk's templates in the reader's language", () => {
    const params = { mangaId: 1, title: "Moon Tale", note: en.approval.decision.templateText.policy };
    expect(noticeText("mangaRejected", "ar", params)).toContain(ar.approval.decision.templateText.policy);
    expect(noticeText("mangaRejected", "en", { ...params, note: ar.approval.decision.templateText.policy })).toContain(en.approval.decision.templateText.policy);
  });

  it("isolates right-to-left words in an English text (a Latin one stays plain)", () => {
    expect(noticeText("mangaRejected", "en", { mangaId: 1, title: "جارتي", note: "Blurry" })).toBe('Your manga "\u2068جارتي\u2069" was rejected: Blurry');
  });

  it("counts in Arabic with the noun's plural forms, and names a failed chapter's reason as the editor does", () => {
    const chapters = (count: number) => noticeText("newChapters", "ar", { title: "T", count });
    expect(chapters(2)).toBe("فصلان جديدان من «\u2068T\u2069»");
    expect(chapters(3)).toBe("3 فصول جديدة من «\u2068T\u2069»");
    expect(chapters(11)).toBe("11 فصلًا جديدًا من «\u2068T\u2069»");
    expect(chapters(100)).toBe("100 فصل جديد من «\u2068T\u2069»");
    expect(noticeText("shareCredited", "ar", { ...EXAMPLES.shareCredited, impressions: 5 })).toContain("مقابل 5 ظهورات.");
    const failed = { title: "T", chapter: "C", reason: "ENCRYPTED" };
    expect(noticeText("chapterFailed", "en", failed)).toBe('The pages of "C" (T) could not be processed: the PDF is protected by a password');
    expect(noticeText("chapterFailed", "ar", failed)).toContain(ar.management.ingestErrors.ENCRYPTED);
    expect(noticeText("chapterFailed", "en", { ...failed, reason: "somethingNew" })).toContain(en.management.ingestErrors.unknown);
  });

  it("cuts a text at 1,000 characters", () => {
    const text = noticeText("mangaRejected", "en", { title: "T", note: "x".repeat(2000) });
    expect(text).toHaveLength(1000);
    expect(text.endsWith("…")).toBe(true);
  });

  it("renders a row in the asked language; free text, an unknown kind or params that do not fit show the stored message", () => {
    const row = { kind: "mangaAccepted", params: EXAMPLES.mangaAccepted, message: 'Your manga "Moon Tale" was accepted.' };
    expect(renderNotification(row, "ar")).toBe("تم قبول المانجا الخاصة بك «\u2068Moon Tale\u2069».");
    expect(renderNotification(row, "en")).toBe('Your manga "Moon Tale" was accepted.');
    expect(renderNotification({ kind: null, params: null, message: "مرحبا" }, "en")).toBe("مرحبا");
    expect(renderNotification({ kind: "fromTheFuture", params: {}, message: "Stored" }, "ar")).toBe("Stored");
    expect(renderNotification({ kind: "shareCredited", params: { month: "x" }, message: "Stored" }, "ar")).toBe("Stored");
  });

  it("stores for search the folded renders of both languages", () => {
    const text = kindSearchText({ kind: "mangaAccepted", params: EXAMPLES.mangaAccepted } satisfies KindNotice);
    expect(text).toContain("your manga \"moon tale\" was accepted.");
    expect(text).toContain("تم قبول المانجا");
    expect(text.split("\n")).toHaveLength(2);
  });

  it("tells the language of a person's text by its letters", () => {
    expect(detectLanguage("Welcome aboard")).toBe("en");
    expect(detectLanguage("أهلًا بك في الموقع")).toBe("ar");
    expect(detectLanguage("اقرأ «Moon Tale» الآن")).toBe("ar");
    expect(detectLanguage("The new chapter of «القمر» is out today")).toBe("en");
    expect(detectLanguage("12345 !!")).toBe("en");
  });
});
