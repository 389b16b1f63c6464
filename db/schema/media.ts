import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./types";

/**
 * Content-addressed image store: the id is the SHA-256 of the stored (re-encoded) bytes,
 * so identical images are stored once and every instance can serve them. The bytes are in `bytes` or, with
 * MEDIA_STORE=s3, in an object-storage bucket (docs/decisions/019).
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
    /**
     * Where the bytes are kept (MediaStore, server/media/kind.ts): 0 here in `bytes`, 1 in the object-storage bucket
     * under the id (server/media/object-store.ts), in which case `bytes` is null.
     */
    store: smallint().notNull().default(0),
    bytes: bytea(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.createdAt), check("media_bytes_in_store", sql`(${t.store} = 0) = (${t.bytes} is not null)`)],
);

/**
 * Smaller copies of a stored image, made once on first request: WebP for responsive `srcset`s (`/media/{id}?w=320`,
 * server/media/variants.ts) and the JPEG card a list's base64 `coverImage` carries (server/media/card-jpeg.ts).
 * A variant is itself content-addressed media; this row only remembers which one it is.
 */
export const mediaVariants = pgTable(
  "media_variants",
  {
    sourceId: text().notNull().references(() => media.id, { onDelete: "cascade" }),
    width: integer().notNull(),
    /** "webp" (srcset copies) or "jpeg" (list cards). */
    format: text().notNull().default("webp"),
    mediaId: text().notNull().references(() => media.id),
  },
  (t) => [
    primaryKey({ columns: [t.sourceId, t.width, t.format] }),
    // A copy is itself media: the media collector's anti-join and the foreign key's check when a media row is deleted
    // look rows up by it (issue 33, item 4; source_id is the primary key's first column).
    index().on(t.mediaId),
  ],
);
