import { sql } from "drizzle-orm";
import {
  boolean, check, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid,
} from "drizzle-orm/pg-core";
import { media } from "./media";

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    email: text().notNull(),
    fullName: text().notNull(),
    /** argon2id hash; null for accounts that can only sign in through a migration path. */
    passwordHash: text(),
    role: smallint().notNull().default(0),
    mustSelectRole: boolean().notNull().default(false),
    dateOfBirth: date({ mode: "string" }),
    profileImageId: text().references(() => media.id),
    emailVerified: boolean().notNull().default(false),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    banned: boolean().notNull().default(false),
    failedLoginAttempts: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    lastLogin: timestamp({ withTimezone: true }),
    balance: numeric({ precision: 12, scale: 2 }).notNull().default("0"),
    payoutEmail: text(),
    /** When a writer accepted the terms, privacy policy, age and content-safety statements. */
    consentsAcceptedAt: timestamp({ withTimezone: true }),
    locale: text().notNull().default("en"),
    /** The theme the user chose on their profile: "system", "light" or "dark" (issue 16). */
    theme: text().notNull().default("system"),
    /** A writer root trusts: their chapters are accepted on upload (publishing, docs/decisions/013). */
    trusted: boolean().notNull().default(false),
    /**
     * Username, full name and e-mail folded for root's user search (lib/search-fold.ts, userSearchTextFor); every
     * write of those fields stores it. Rows from before migration 0007 carry a lower-cased copy.
     */
    searchText: text(),
    /**
     * A deleted account (issue 15, docs/decisions/015): the row stays as an anonymised tombstone so the writer's
     * manga keep an author and money records (transactions) keep their owner; it cannot sign in and is listed nowhere.
     */
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * The username's confusable skeleton (lib/validation/usernames.ts usernameSkeleton: NFKC, edge punctuation dropped,
     * TR39 prototypes, lower case), unique among accounts that have one (issue 27, item 13): every write of a username
     * stores it; tombstones have none. Rows from before migration 0016 get theirs at the next start
     * (server/auth/username-skeletons.ts); a later look-alike of an older account keeps none.
     */
    usernameSkeleton: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Unique among live accounts only: a tombstone's `deleted-<id>` and `deleted-<id>@deleted.invalid` never collide
    // with an account that took such a name before it was reserved (issue 27, item 5). The plain indexes serve the
    // look-ups and sorts by lower(name) that do not say `deleted_at is null` (sign-in, recipients, root's user list).
    uniqueIndex("users_live_username_lower_idx").on(sql`lower(${t.username})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex("users_live_email_lower_idx").on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    index("users_username_lower_idx").on(sql`lower(${t.username})`),
    index("users_email_lower_idx").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_skeleton_idx").on(t.usernameSkeleton).where(sql`${t.usernameSkeleton} is not null`),
    index().on(t.role),
    // The overview's accounts by role count live accounts only: an index-only count (docs/decisions/015).
    index("users_live_role_idx").on(t.role).where(sql`${t.deletedAt} is null`),
    // The media collector's anti-join and the foreign key's check when a media row is deleted (issue 33, item 4):
    // without it each deleted image reads the whole table. Most accounts have no picture, hence partial.
    index("users_profile_image_id_index").on(t.profileImageId).where(sql`${t.profileImageId} is not null`),
    index().on(t.createdAt),
    // A catalogue page looks up each row's author name (server/manga/list-manga.ts): an index-only look-up, which
    // PostgreSQL prefers to scanning a few hundred users once per row.
    index("users_id_username_idx").on(t.id, t.username),
    index("users_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index().on(t.lastLogin),
    index().on(t.balance),
    check("users_role_check", sql`${t.role} between 0 and 4`),
  ],
);

/**
 * Who follows which writer (issue 34, item 4): one row per pair (the primary key keeps a follow once, however many
 * requests race), the writer's followers through their index (the count on the writer's page, the fan-out when a new
 * manga of theirs comes out). Both sides go with a deleted account (the tombstone deletes them; a hard delete cascades).
 */
export const follows = pgTable(
  "follows",
  {
    followerId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    writerId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.writerId] }),
    index().on(t.writerId),
    check("follows_not_self_check", sql`${t.followerId} <> ${t.writerId}`),
  ],
);

/** Opaque rotating refresh tokens, stored only as SHA-256 hashes, grouped in families for reuse detection. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    familyId: uuid().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** The family's absolute end, carried over on rotation. */
    familyExpiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    /** The browser or client that signed in (its User-Agent, cut to 300 characters), for the sessions list (issue 16). */
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId), index().on(t.familyId)],
);

/** Single-use e-mail verification and password reset tokens (hashed). */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    kind: smallint().notNull(),
    tokenHash: text().notNull().unique(),
    /** ChangeEmail tokens: the address the account moves to when the link is opened (issue 27, item 6). */
    newEmail: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.kind)],
);

/** Fixed-window counters for rate limits, shared by every app process through the database. */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull().default(0),
});
