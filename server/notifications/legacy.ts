import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import { locales, type Locale } from "@/i18n/routing";
import { foldSearchText } from "@/lib/search-fold";
import { MONETIZATION } from "@/lib/validation/monetization";
import { detectLanguage, kindSearchText, noticeText, REPORT_REASONS, TEXTS, type KindNotice, type NotificationKind, type ReportTarget } from "./catalogue";
import { isRowId } from "@/lib/validation/numbers";

/**
 * Rows written before notifications were stored as kinds (migration 0017, issue 28): each held one text in its
 * recipient's language. A text the old catalogues wrote is recognised by its template, reversed into a pattern in each
 * language (`Your manga "(.+)" was accepted.`), and becomes that kind with the params read back from it (the manga's
 * id from the row's link); anything else (root's messages, the demo seed's texts) becomes free text with the language
 * its letters are in. No "server-only": db/client.ts (run by plain Node scripts) calls backfillNotificationKinds.
 */

type Captured = Record<string, string>;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A template as a pattern: every `{name}` a lazy capture, the rest literal, the whole text anchored. */
function patternOf(template: string): RegExp {
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name ? `(?<${name}>.+?)` : escapeRegex(part);
    })
    .join("");
  return new RegExp(`^${source}$`, "su");
}

/** "$1,234.56", "‏1,234.56 US$", "€5.00" → minor units and currency (the site's currency unless another symbol shows). */
function moneyOf(text: string): { amountMinor: number; currency: string } | null {
  const number = /\d[\d,]*(?:\.\d{1,2})?/.exec(text)?.[0];
  if (!number) return null;
  const [whole = "0", fraction = ""] = number.replace(/,/g, "").split(".");
  const amountMinor = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(amountMinor)) return null;
  const currency = text.includes("€") ? "EUR" : text.includes("£") ? "GBP" : MONETIZATION.currency;
  return { amountMinor, currency };
}

/** "October 2026" / "أكتوبر 2026" → "2026-10". */
function monthOf(text: string, locale: Locale): string | null {
  const year = /(\d{4})/.exec(text)?.[1];
  if (!year) return null;
  for (let m = 1; m <= 12; m++) {
    const label = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, m - 1, 1)));
    if (text.includes(label)) return `${year}-${String(m).padStart(2, "0")}`;
  }
  return null;
}

const integerOf = (text: string): number | null => {
  const digits = text.replace(/[^\d]/g, "");
  const n = Number(digits);
  return digits !== "" && Number.isSafeInteger(n) ? n : null;
};

/** "«t»", "الفصل «c» من «t»", `"t"`, `the chapter "c" of "t"` → the report's target. */
function targetOf(text: string, locale: Locale): ReportTarget | null {
  const chapter = locale === "ar" ? /^الفصل «(.+)» من «(.+)»$/su.exec(text) : /^the chapter "(.+)" of "(.+)"$/su.exec(text);
  if (chapter) return { chapterTitle: chapter[1]!, mangaTitle: chapter[2]! };
  const manga = locale === "ar" ? /^«(.+)»$/su.exec(text) : /^"(.+)"$/su.exec(text);
  return manga ? { mangaTitle: manga[1]!, chapterTitle: null } : null;
}

/** The params of a kind from what its pattern captured, or null when they do not read back. */
function paramsOf(kind: NotificationKind, c: Captured, locale: Locale, mangaId: number | undefined): KindNotice | null {
  const manga = mangaId === undefined ? {} : { mangaId };
  switch (kind) {
    case "mangaAccepted":
      return { kind, params: { ...manga, title: c.title! } };
    case "mangaRejected":
      return { kind, params: { ...manga, title: c.title!, note: c.note! } };
    case "chapterAccepted":
    case "chapterReady":
    case "newChapter":
      return { kind, params: { ...manga, title: c.title!, chapter: c.chapter! } };
    case "chapterRejected":
      return { kind, params: { ...manga, title: c.title!, chapter: c.chapter!, note: c.note! } };
    case "chapterFailed":
      return { kind, params: { ...manga, title: c.title!, chapter: c.chapter!, reason: c.reason! } };
    case "newChapters": {
      const count = integerOf(c.count!);
      return count === null ? null : { kind, params: { ...manga, title: c.title!, count } };
    }
    case "reviewManga":
    case "editedManga":
      return { kind, params: { ...manga, title: c.title!, author: c.author! } };
    case "reviewChapter":
      return { kind, params: { ...manga, title: c.title!, chapter: c.chapter!, author: c.author! } };
    case "shareCredited": {
      const money = moneyOf(c.amount!);
      const month = monthOf(c.month!, locale);
      const impressions = integerOf(c.impressions!);
      return money && month && impressions !== null ? { kind, params: { ...money, month, impressions } } : null;
    }
    case "payoutRequested": {
      const money = moneyOf(c.amount!);
      return money ? { kind, params: { ...money, name: c.name!, email: c.email! } } : null;
    }
    case "payoutPaid": {
      const money = moneyOf(c.amount!);
      return money ? { kind, params: { ...money, email: c.email!, reference: c.reference! } } : null;
    }
    case "payoutFailed": {
      const money = moneyOf(c.amount!);
      return money ? { kind, params: { ...money, note: c.note! } } : null;
    }
    case "newReport": {
      const target = targetOf(c.target!, locale);
      const reason = (REPORT_REASONS[locale] as readonly string[]).indexOf(c.reason!);
      return target && reason >= 0 ? { kind, params: { ...target, reason } } : null;
    }
    case "reportDismissed":
    case "reportHidden":
    case "reportDeleted": {
      const target = targetOf(c.target!, locale);
      return target ? { kind, params: target } : null;
    }
    // Written as a kind from the start (issue 34): no free-text row of it predates kinds.
    case "followedWriterNewManga":
      return null;
  }
}

const PATTERNS: Array<{ kind: NotificationKind; locale: Locale; pattern: RegExp }> = (Object.keys(TEXTS) as NotificationKind[]).flatMap((kind) =>
  locales.map((locale) => ({ kind, locale, pattern: patternOf(TEXTS[kind][locale]) })),
);

/** The manga a publishing link names (`/dashboard/manga-approval/editor/12`, `/manga-reader/5/9`, `/discovery/manga/5`). */
function mangaIdOfLink(link: string | null | undefined): number | undefined {
  const id = /^\/(?:dashboard\/manga-approval(?:\/editor)?|manga-reader|discovery\/manga)\/(\d{1,10})(?:\/|$)/.exec(link ?? "")?.[1];
  const n = Number(id);
  return id !== undefined && isRowId(n) ? n : undefined;
}

/** What an old row becomes: a kind with its params, or free text in the language its letters are in. */
export function classifyLegacyNotification(row: { message: string; link?: string | null }): KindNotice | { lang: Locale } {
  // The old Arabic texts isolated names (U+2068 … U+2069); the patterns match the text without them.
  const text = row.message.replace(/[\u2068\u2069]/g, "");
  for (const { kind, locale, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (!match?.groups) continue;
    const notice = paramsOf(kind, match.groups, locale, mangaIdOfLink(row.link));
    // A notice whose params read back to the very same text (the old Latin-digit formats); otherwise keep looking.
    if (notice && noticeText(notice.kind, locale, notice.params as never).replace(/[\u2068\u2069]/g, "") === text) return notice;
  }
  return { lang: detectLanguage(row.message) };
}

/** Rows classified per round. */
const BATCH = 1000;

/**
 * Classifies the rows from before kinds (kind and lang both null; the partial index `notifications_unclassified_idx`
 * keeps finding them cheap, and empty once done). Run after the migrations at every start (db/client.ts); with nothing
 * left it is one indexed look-up. Answers how many rows became kinds and how many free text.
 */
export async function backfillNotificationKinds(db: Db): Promise<{ kinds: number; freeText: number }> {
  let kinds = 0;
  let freeText = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: notifications.id, message: notifications.message, link: notifications.link })
      .from(notifications)
      .where(and(isNull(notifications.kind), isNull(notifications.lang), gt(notifications.id, after)))
      .orderBy(asc(notifications.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    for (const row of rows) {
      const found = classifyLegacyNotification(row);
      const set =
        "kind" in found
          ? { kind: found.kind, params: found.params, message: noticeText(found.kind, "en", found.params as never), searchText: kindSearchText(found) }
          : { lang: found.lang, searchText: sql`coalesce(${notifications.searchText}, ${foldSearchText(row.message)})` };
      if ("kind" in found) kinds++;
      else freeText++;
      await db.update(notifications).set(set).where(eq(notifications.id, row.id));
    }
  }
  return { kinds, freeText };
}
