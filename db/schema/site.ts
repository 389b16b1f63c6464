import { sql } from "drizzle-orm";
import {
  boolean, check, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/** Stored per user: a global announcement is fanned out to one row per user (docs/decisions). */
export const notifications = pgTable(
  "notifications",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    message: text().notNull(),
    type: smallint().notNull().default(1),
    isRead: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A site path the notification is about (`/dashboard/manga-approval/editor/12`, `/manga-reader/5/9`); null: none. */
    link: text(),
    /**
     * The message folded for search (lib/search-fold.ts): for a kind row, its renders in every language (so a search in
     * either finds it); null on rows written without it (then lower(message) is searched).
     */
    searchText: text(),
    /**
     * What happened (server/notifications/catalogue.ts: `mangaAccepted`, `payoutPaid`, …), rendered in the reader's
     * language when read (docs/decisions/014, issue 28); null: a person's free text, shown as written (`message`).
     */
    kind: text(),
    /** The kind's parameters as they were (ids, titles, amounts in minor units, names, reason codes); null for free text. */
    params: jsonb(),
    /** The language free text was written in ('en' | 'ar'); null on kind rows (and on old rows not yet migrated). */
    lang: text(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.isRead} = false`),
    // Rows from before kinds (migration 0017) not yet classified by the start-up backfill: empty once it has run.
    index("notifications_unclassified_idx").on(t.id).where(sql`${t.kind} is null and ${t.lang} is null`),
    check("notifications_type_check", sql`${t.type} between 1 and 4`),
    check("notifications_lang_check", sql`${t.lang} is null or ${t.lang} in ('en', 'ar')`),
  ],
);

/** Editable page settings by key: `landing` and `discovery` (see server/settings). */
export const siteSettings = pgTable("site_settings", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    /** 0 Premium, 1 PremiumPlus. */
    plan: smallint().notNull(),
    durationDays: integer().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.endsAt), check("subscriptions_plan_check", sql`${t.plan} between 0 and 1`)],
);

export const transactions = pgTable(
  "transactions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    method: text().notNull(),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    status: smallint().notNull().default(0),
    referenceId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A payout request (method "payout", issue 16): the address it goes to, and who settled it when. */
    payoutEmail: text(),
    processedAt: timestamp({ withTimezone: true }),
    processedBy: integer().references(() => users.id, { onDelete: "set null" }),
    note: text(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    // Root's payouts queue (pending first, oldest first) and "one open request per writer".
    index("transactions_payout_queue_idx").on(t.status, t.createdAt).where(sql`${t.method} = 'payout'`),
    uniqueIndex("transactions_one_pending_payout_idx").on(t.userId).where(sql`${t.method} = 'payout' and ${t.status} = 0`),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    details: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.targetType, t.targetId),
    // The audit log's filters by action and by actor, newest first (server/admin/list-audit-log.ts).
    index().on(t.action, t.createdAt),
    index().on(t.actorId, t.createdAt),
  ],
);

/** Mail kept when no SMTP server is configured (and always, for the record): tests and the demo read it. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The unsent ones, for the metrics' outbox backlog (counted at every scrape: the table keeps every mail).
  (t) => [index().on(t.to, t.createdAt), index("email_outbox_unsent_index").on(t.createdAt).where(sql`${t.sentAt} is null`)],
);

/**
 * What a user wants to be told, and how (issue 14, beyond the spec; docs/decisions/014): one row per user who changed
 * something (no row: the defaults, everything in-app, no e-mail, no digest). Root's messages and announcements are
 * always shown in-app; only their e-mail can be switched. `digestSentAt` is claimed by the digest sender
 * (server/notifications/send-digests.ts) with one UPDATE, so of several processes only one sends.
 */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: integer().primaryKey().references(() => users.id, { onDelete: "cascade" }),
  reviewInApp: boolean().notNull().default(true),
  reviewEmail: boolean().notNull().default(false),
  newChapterInApp: boolean().notNull().default(true),
  submissionsInApp: boolean().notNull().default(true),
  submissionsEmail: boolean().notNull().default(false),
  announcementsEmail: boolean().notNull().default(false),
  /** A followed writer's new manga (issue 34): in-app by default, e-mail when asked. */
  followedWriterInApp: boolean().notNull().default(true),
  followedWriterEmail: boolean().notNull().default(false),
  digest: boolean().notNull().default(false),
  digestSentAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The reader's settings on the account (issue 32, items 4 and 5; docs/decisions/009): one row per user who saved any
 * (no row: the defaults, or what the browser had). `settings` is the document server/account/reader-settings.ts
 * validates and caps (key bindings, touch, the browser-wide reading settings and the most recent 200 series').
 */
export const readerSettings = pgTable("reader_settings", {
  userId: integer().primaryKey().references(() => users.id, { onDelete: "cascade" }),
  settings: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
