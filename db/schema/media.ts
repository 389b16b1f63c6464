import { index, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./types";

/**
 * Content-addressed image store: the id is the SHA-256 of the stored (re-encoded) bytes,
 * so identical images are stored once and every instance can serve them.
 */
export const media = pgTable(
  "media",
  {
    id: text().primaryKey(),
    mime: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    size: integer().notNull(),
    /** What the bytes are for (cover, banner, page, avatar…), for housekeeping. */
    kind: smallint().notNull().default(0),
    bytes: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.createdAt)],
);
