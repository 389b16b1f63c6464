import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { chapters, manga } from "./manga";
import { users } from "./users";

/**
 * Views counted per manga per day (UTC), kept by RecordView in the same transaction as the view itself, so the
 * overview's "views per day" and "views today" read at most 30 × manga rows instead of scanning chapter_views
 * (issue 15: fast at 10M views).
 */
export const dailyViews = pgTable(
  "daily_views",
  {
    day: date({ mode: "string" }).notNull(),
    mangaId: integer().notNull().references(() => manga.id, { onDelete: "cascade" }),
    views: integer().notNull().default(0),
  },
  // (manga_id, day): one manga's views per day for its creator's analytics (issue 16 §4), a range of at most `days` rows.
  (t) => [primaryKey({ columns: [t.day, t.mangaId] }), index().on(t.mangaId, t.day)],
);

/**
 * A reader's report of a manga or a chapter (issue 15, beyond the spec). `chapterId` null: the report is about the
 * manga. Reason: 0 copyright, 1 inappropriate, 2 wrong content, 3 other. Status: 0 open, 1 dismissed, 2 content
 * hidden, 3 content deleted. One open report per user and target (the partial unique index).
 */
export const reports = pgTable(
  "reports",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer().references(() => users.id, { onDelete: "set null" }),
    mangaId: integer().notNull().references(() => manga.id, { onDelete: "cascade" }),
    chapterId: integer().references(() => chapters.id, { onDelete: "cascade" }),
    reason: smallint().notNull(),
    details: text(),
    status: smallint().notNull().default(0),
    resolvedBy: integer().references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reports_open_per_user_idx")
      .on(t.reporterId, t.mangaId, sql`coalesce(${t.chapterId}, 0)`)
      .where(sql`${t.status} = 0`),
    index().on(t.status, t.mangaId, t.chapterId),
    check("reports_reason_check", sql`${t.reason} between 0 and 3`),
    check("reports_status_check", sql`${t.status} between 0 and 3`),
  ],
);

/**
 * One sponsored-overlay impression (issue 16): one per viewer per chapter per trigger position, inserted with
 * ON CONFLICT DO NOTHING like chapter views, so concurrent calls count once. `viewerKey` as in chapter_views.
 */
export const adImpressions = pgTable(
  "ad_impressions",
  {
    chapterId: integer().notNull().references(() => chapters.id, { onDelete: "cascade" }),
    viewerKey: text().notNull(),
    position: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chapterId, t.viewerKey, t.position] }), index().on(t.createdAt)],
);

/**
 * Impressions counted per chapter per day (UTC), raised by RecordImpression in the same transaction as the impression
 * row, so closing a month and the writer's statements read days × chapters rows instead of scanning ad_impressions.
 */
export const adImpressionDays = pgTable(
  "ad_impression_days",
  {
    day: date({ mode: "string" }).notNull(),
    chapterId: integer().notNull().references(() => chapters.id, { onDelete: "cascade" }),
    impressions: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chapterId, t.day] }), index().on(t.day)],
);

/**
 * Impressions per writer per month (UTC), raised by RecordImpression in the same transaction: closing a month reads one
 * row per writer, and root's month list reads 12 × writers rows, instead of summing ad_impression_days (millions of
 * rows at scale; scripts/bench/monetization.ts). The writer is the chapter's author when the impression was counted.
 */
export const adImpressionMonths = pgTable(
  "ad_impression_months",
  {
    /** The first day of the month (UTC). */
    month: date({ mode: "string" }).notNull(),
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    impressions: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.userId] })],
);

/**
 * A month's net advertising income entered by root (issue 16), in integer minor units with its currency; closing the
 * month (closedAt) credits writers their share as ledger entries, once.
 */
export const adIncomeMonths = pgTable("ad_income_months", {
  /** The first day of the month (UTC). */
  month: date({ mode: "string" }).primaryKey(),
  incomeMinor: bigint({ mode: "number" }).notNull(),
  currency: text().notNull().default("USD"),
  impressions: integer().notNull().default(0),
  closedAt: timestamp({ withTimezone: true }),
  closedBy: integer().references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The writers' money (issue 16): append-only entries in integer minor units; a balance is the sum of its entries.
 * kind: "share" (a closed month's credit), "payout" (a request, negative), "payout_return" (a failed payout, positive).
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull().references(() => users.id, { onDelete: "restrict" }),
    amountMinor: bigint({ mode: "number" }).notNull(),
    currency: text().notNull().default("USD"),
    kind: text().notNull(),
    month: date({ mode: "string" }),
    impressions: integer(),
    transactionId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    uniqueIndex("ledger_share_once_idx").on(t.userId, t.month).where(sql`${t.kind} = 'share'`),
    check("ledger_entries_kind_check", sql`${t.kind} in ('share', 'payout', 'payout_return')`),
  ],
);
