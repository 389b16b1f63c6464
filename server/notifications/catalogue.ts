import { isLocale, locales, type Locale } from "@/i18n/routing";
import { isolate } from "@/lib/bidi";
import ar from "@/messages/ar.json";
import en from "@/messages/en.json";
import { reviewNoteIn } from "@/lib/review-notes";
import { formatMoney, formatMonth } from "@/lib/money";
import { foldSearchText } from "@/lib/search-fold";

/**
 * Every notification the site writes by itself, as what happened (a kind and its parameters), with its texts in both
 * languages, rendered when it is read in the reader's language (docs/decisions/014, issue 28): the list, the dropdown,
 * the socket push and the digest each render the stored row. Root's and writers' own messages are not here: they are
 * stored as written, with their language (`lang`).
 *
 * A kind's params are what the event was about as it was then (ids, titles, amounts in minor units, names, reason
 * codes), never a text in one language, so a row reads the same in either. No "server-only": db/client.ts (run by plain
 * Node scripts) migrates old rows with it (./legacy.ts).
 */

/** The reports' reasons (spec §3 ReportReason 0–3) as the notices name them. */
export const REPORT_REASONS = {
  en: ["copyright infringement", "inappropriate content", "wrong or broken content", "something else"],
  ar: ["انتهاك حقوق النشر", "محتوى غير لائق", "محتوى خاطئ أو معطوب", "سبب آخر"],
} as const satisfies Record<Locale, readonly string[]>;

/** What a report is about, as its notices name it: «title», or «chapter» of «title». */
export interface ReportTarget {
  mangaTitle: string;
  chapterTitle: string | null;
}

/** An amount in minor units (cents) and its currency, formatted in the reader's language when rendered. */
interface Money {
  amountMinor: number;
  currency: string;
}

/** Each kind's parameters. `mangaId` is absent only on rows migrated from before kinds whose link named no manga. */
export interface KindParams {
  mangaAccepted: { mangaId?: number; title: string };
  mangaRejected: { mangaId?: number; title: string; note: string };
  chapterAccepted: { mangaId?: number; title: string; chapter: string };
  chapterRejected: { mangaId?: number; title: string; chapter: string; note: string };
  chapterReady: { mangaId?: number; title: string; chapter: string };
  /** `reason`: the ingest error's code (server/publishing: `pdfEncrypted`, …). */
  chapterFailed: { mangaId?: number; title: string; chapter: string; reason: string };
  newChapter: { mangaId?: number; title: string; chapter: string };
  newChapters: { mangaId?: number; title: string; count: number };
  reviewManga: { mangaId?: number; title: string; author: string };
  reviewChapter: { mangaId?: number; title: string; chapter: string; author: string };
  editedManga: { mangaId?: number; title: string; author: string };
  /** `month`: "2026-10". */
  shareCredited: Money & { month: string; impressions: number };
  payoutRequested: Money & { name: string; email: string };
  payoutPaid: Money & { email: string; reference: string };
  payoutFailed: Money & { note: string };
  /** `reason`: ReportReason 0–3. */
  newReport: ReportTarget & { reason: number };
  reportDismissed: ReportTarget;
  reportHidden: ReportTarget;
  reportDeleted: ReportTarget;
  /** A writer the reader follows published a new manga (issue 34): root accepted it for the first time. */
  followedWriterNewManga: { mangaId?: number; title: string; author: string };
}
export type NotificationKind = keyof KindParams;

/** A kind with its params, as a writer gives it to publishNotification. */
export type KindNotice = { [K in NotificationKind]: { kind: K; params: KindParams[K] } }[NotificationKind];

/**
 * The texts (the exact wording each module had before, docs/decisions/013, 016, 021). `{name}` is filled from the
 * kind's display values below.
 */
export const TEXTS = {
  mangaAccepted: { en: 'Your manga "{title}" was accepted.', ar: "تم قبول المانجا الخاصة بك «{title}»." },
  mangaRejected: { en: 'Your manga "{title}" was rejected: {note}', ar: "تم رفض المانجا الخاصة بك «{title}»: {note}" },
  chapterAccepted: { en: 'Your chapter "{chapter}" of "{title}" was accepted.', ar: "تم قبول الفصل «{chapter}» من «{title}»." },
  chapterRejected: { en: 'Your chapter "{chapter}" of "{title}" was rejected: {note}', ar: "تم رفض الفصل «{chapter}» من «{title}»: {note}" },
  chapterReady: { en: 'The pages of "{chapter}" ({title}) are ready.', ar: "صفحات الفصل «{chapter}» \u200f({title}) جاهزة." },
  chapterFailed: { en: 'The pages of "{chapter}" ({title}) could not be processed: {reason}', ar: "تعذرت معالجة صفحات الفصل «{chapter}» \u200f({title}): {reason}" },
  newChapter: { en: 'New chapter of "{title}": {chapter}', ar: "فصل جديد من «{title}»: {chapter}" },
  // Arabic counts agree with their noun (two: the dual; 3-10: plural; 11-99: singular accusative; 100+: singular),
  // so the Arabic {count} is the whole counted phrase (arabicCount below).
  newChapters: { en: '{count} new chapters of "{title}"', ar: "{count} من «{title}»" },
  reviewManga: { en: 'New manga waiting for review: "{title}" by {author}', ar: "مانجا جديدة بانتظار المراجعة: «{title}» من {author}" },
  reviewChapter: { en: 'New chapter waiting for review: "{chapter}" of "{title}" by {author}', ar: "فصل جديد بانتظار المراجعة: «{chapter}» من «{title}» من {author}" },
  editedManga: { en: '{author} edited the accepted manga "{title}".', ar: "عدّل {author} المانجا المقبولة «{title}»." },
  shareCredited: {
    en: "Your share of {month}'s advertising income: {amount} for {impressions} impressions. It is in your balance.",
    ar: "حصتك من دخل إعلانات {month}: {amount} مقابل {impressions}. أُضيفت إلى رصيدك.",
  },
  payoutRequested: { en: "New payout request from {name}: {amount} to {email}.", ar: "طلب سحب جديد من {name}: {amount} إلى {email}." },
  payoutPaid: {
    en: "Your payout of {amount} was sent to {email}. Transfer reference: {reference}.",
    ar: "أُرسلت دفعتك البالغة {amount} إلى {email}. مرجع التحويل: {reference}.",
  },
  payoutFailed: {
    en: "Your payout of {amount} could not be made: {note}. The amount is back in your balance.",
    ar: "تعذّر إرسال دفعتك البالغة {amount}: {note}. أُعيد المبلغ إلى رصيدك.",
  },
  newReport: { en: "New report about {target}: {reason}. It is in the reports queue.", ar: "بلاغ جديد عن {target}: {reason}. البلاغ في قائمة البلاغات." },
  reportDismissed: {
    en: "Your report about {target} was reviewed: no action was needed. Thank you for helping.",
    ar: "تمت مراجعة بلاغك عن {target}: لم يلزم اتخاذ أي إجراء. شكرًا لمساعدتك.",
  },
  reportHidden: {
    en: "Your report about {target} was reviewed: the content was taken down. Thank you for helping.",
    ar: "تمت مراجعة بلاغك عن {target}: أُزيل المحتوى من العرض. شكرًا لمساعدتك.",
  },
  reportDeleted: {
    en: "Your report about {target} was reviewed: the content was deleted. Thank you for helping.",
    ar: "تمت مراجعة بلاغك عن {target}: حُذف المحتوى. شكرًا لمساعدتك.",
  },
  followedWriterNewManga: { en: 'New manga from {author}, a writer you follow: "{title}"', ar: "مانجا جديدة من {author}، كاتب تتابعه: «{title}»" },
} as const satisfies Record<NotificationKind, Record<Locale, string>>;

export const NOTIFICATION_KINDS = Object.keys(TEXTS) as NotificationKind[];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === "string" && Object.hasOwn(TEXTS, value);
}

/** A stored language value (users.locale, a row's lang) as a Locale: English unless it is a supported one. */
export function recipientLocale(value: string | null | undefined): Locale {
  return isLocale(value) ? value : "en";
}

/** Right-to-left letters (Hebrew, Arabic and their presentation forms). */
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
/**
 * A person's words or a name (any script), isolated where the bidi algorithm needs it (search folds the marks away):
 * always in the right-to-left texts, and in the English ones when they hold right-to-left letters (an Arabic title or
 * note in an English sentence), so a Latin name in English stays plain text.
 */
const name = (value: string, locale: Locale) => (locale === "ar" || RTL.test(value) ? isolate(value) : value);

/**
 * A rejection's note in the reader's language: a note that is exactly one of the review desk's templates is that
 * template in `locale`; root's own words stay as written (lib/review-notes.ts, issue 28 item 5).
 */
const renderNote = (note: string, locale: Locale): string => reviewNoteIn(note, locale);

export function targetText(target: ReportTarget, locale: Locale): string {
  const title = name(target.mangaTitle, locale);
  if (target.chapterTitle === null || target.chapterTitle === undefined) return locale === "ar" ? `«${title}»` : `"${title}"`;
  const chapter = name(target.chapterTitle, locale);
  return locale === "ar" ? `الفصل «${chapter}» من «${title}»` : `the chapter "${chapter}" of "${title}"`;
}

const money = (p: Money, locale: Locale) => formatMoney(p.amountMinor, p.currency, locale);
const count = (n: number, locale: Locale) => new Intl.NumberFormat(locale).format(n);

/** An Arabic counted phrase in each plural form (CLDR: zero, one, two, few, many, other); `#` is the number. */
type ArabicForms = Record<Intl.LDMLPluralRule, string>;
const arabicPlural = new Intl.PluralRules("ar");
const arabicCount = (n: number, forms: ArabicForms) => forms[arabicPlural.select(n)].replace("#", count(n, "ar"));
const NEW_CHAPTERS_AR: ArabicForms = { zero: "# فصل جديد", one: "فصل جديد واحد", two: "فصلان جديدان", few: "# فصول جديدة", many: "# فصلًا جديدًا", other: "# فصل جديد" };
const IMPRESSIONS_AR: ArabicForms = { zero: "# ظهور", one: "ظهور واحد", two: "ظهورين", few: "# ظهورات", many: "# ظهورًا", other: "# ظهور" };

/** A failed chapter's reason: the ingest error's code, shown as the editor shows it (messages management.ingestErrors). */
const INGEST_REASONS = { en: en.management.ingestErrors, ar: ar.management.ingestErrors } as const;
const ingestReason = (code: string, locale: Locale) => (INGEST_REASONS[locale] as Record<string, string>)[code] ?? INGEST_REASONS[locale].unknown;

type Display<K extends NotificationKind> = (p: KindParams[K], locale: Locale) => Record<string, string | number>;
const titles = (p: { title: string; chapter?: string; author?: string }, locale: Locale) => ({
  title: name(p.title, locale),
  ...(p.chapter !== undefined ? { chapter: name(p.chapter, locale) } : {}),
  ...(p.author !== undefined ? { author: name(p.author, locale) } : {}),
});

/** Each kind's params as the values its texts show in one language (formatted, isolated where a name may be Latin). */
const DISPLAY: { [K in NotificationKind]: Display<K> } = {
  mangaAccepted: titles,
  mangaRejected: (p, l) => ({ ...titles(p, l), note: name(renderNote(p.note, l), l) }),
  chapterAccepted: titles,
  chapterRejected: (p, l) => ({ ...titles(p, l), note: name(renderNote(p.note, l), l) }),
  chapterReady: titles,
  chapterFailed: (p, l) => ({ ...titles(p, l), reason: ingestReason(p.reason, l) }),
  newChapter: titles,
  newChapters: (p, l) => ({ ...titles(p, l), count: l === "ar" ? arabicCount(p.count, NEW_CHAPTERS_AR) : p.count }),
  reviewManga: titles,
  reviewChapter: titles,
  editedManga: titles,
  shareCredited: (p, l) => ({ month: name(formatMonth(p.month, l), l), amount: name(money(p, l), l), impressions: l === "ar" ? arabicCount(p.impressions, IMPRESSIONS_AR) : count(p.impressions, l) }),
  payoutRequested: (p, l) => ({ name: name(p.name, l), amount: name(money(p, l), l), email: name(p.email, l) }),
  payoutPaid: (p, l) => ({ amount: name(money(p, l), l), email: name(p.email, l), reference: name(p.reference, l) }),
  payoutFailed: (p, l) => ({ amount: name(money(p, l), l), note: name(p.note, l) }),
  newReport: (p, l) => ({ target: targetText(p, l), reason: REPORT_REASONS[l][p.reason] ?? "" }),
  reportDismissed: (p, l) => ({ target: targetText(p, l) }),
  reportHidden: (p, l) => ({ target: targetText(p, l) }),
  reportDeleted: (p, l) => ({ target: targetText(p, l) }),
  followedWriterNewManga: titles,
};

/** What a notification may carry (the API's limit on a message, NOTIFICATION_MESSAGE_MAX): longer renders are cut. */
const MAX_LENGTH = 1000;

/** One kind's text in one language. */
export function noticeText<K extends NotificationKind>(kind: K, locale: Locale, params: KindParams[K]): string {
  const values = DISPLAY[kind](params, locale);
  const text = TEXTS[kind][locale].replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}

/** The stored fields renderNotification reads. */
export interface RenderableRow {
  message: string;
  kind: string | null;
  params: unknown;
}

/**
 * The text a reader sees: a kind row rendered in `locale`, free text as written. A row whose kind this build does not
 * know (or whose params do not fit) shows its stored message, which holds the English render.
 */
export function renderNotification(row: RenderableRow, locale: Locale): string {
  if (!isNotificationKind(row.kind) || typeof row.params !== "object" || row.params === null) return row.message;
  try {
    return noticeText(row.kind, locale, row.params as never);
  } catch {
    return row.message;
  }
}

/** The language a reader sees a row in: the reader's for a kind row, the written one for free text (null: unknown). */
export function languageOf(row: { kind: string | null; lang: string | null }, locale: Locale): Locale | null {
  if (isNotificationKind(row.kind)) return locale;
  return isLocale(row.lang) ? row.lang : null;
}

/** What a kind row stores for search: its renders in every language, folded (a term never spans two: a line break). */
export function kindSearchText(notice: KindNotice): string {
  return locales.map((l) => foldSearchText(noticeText(notice.kind, l, notice.params as never))).join("\n");
}

const ARABIC_LETTER = /[\u0621-\u064A\u0671-\u06D3\u06FA-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFC]/gu;
const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/g;

/**
 * The language a person's text is in: Arabic when Arabic letters are present and at least as many as Latin ones (an
 * Arabic sentence naming a Latin title stays Arabic), else English.
 */
export function detectLanguage(text: string): Locale {
  const arabic = text.match(ARABIC_LETTER)?.length ?? 0;
  if (arabic === 0) return "en";
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  return arabic >= latin ? "ar" : "en";
}
