import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { media, users } from "@/db/schema";
import { mediaUrl } from "@/lib/media-url";
import { ACCOUNT_THEMES, type AccountTheme } from "@/lib/validation/auth";
import { fillBucketBytes } from "@/server/media/object-store";
import type { CurrentUser, ImageFormat } from "./types";

function accountTheme(value: string | undefined): AccountTheme {
  return (ACCOUNT_THEMES as readonly string[]).includes(value ?? "") ? (value as AccountTheme) : "system";
}

/**
 * GET /api/Authentication/Me: the signed-in user (spec §3), or null when the account no longer exists
 * or is banned (the caller then answers 401 and the client signs out). One query; the profile image's
 * bytes are read only for `imageFormat: "base64"` (the spec's default).
 */
export async function getCurrentUser(opts: { db: Db; userId: number; imageFormat?: ImageFormat }): Promise<CurrentUser | null> {
  const withBytes = (opts.imageFormat ?? "base64") === "base64";
  const base = {
    id: users.id,
    username: users.username,
    fullName: users.fullName,
    email: users.email,
    role: users.role,
    mustSelectRole: users.mustSelectRole,
    emailVerified: users.emailVerified,
    banned: users.banned,
    profileImageId: users.profileImageId,
    theme: users.theme,
    payoutEmail: users.payoutEmail,
  };
  const [row] = await opts.db
    .select({ ...base, bytes: withBytes ? media.bytes : sql<null>`null`, store: withBytes ? media.store : sql<null>`null` })
    .from(users)
    .leftJoin(media, withBytes ? eq(media.id, users.profileImageId) : sql`false`)
    .where(eq(users.id, opts.userId))
    .limit(1);
  if (!row || row.banned) return null;
  await fillBucketBytes([row], (r) => r.profileImageId);
  const bytes = row.bytes ? Buffer.from(row.bytes) : null;
  return toCurrentUser(row, bytes);
}

export interface UserRowForCurrent {
  id: number;
  username: string;
  fullName: string;
  email: string;
  role: number;
  mustSelectRole: boolean;
  emailVerified: boolean;
  profileImageId: string | null;
  /** users.theme; rows read without it count as "system". */
  theme?: string;
  payoutEmail?: string | null;
}

export function toCurrentUser(row: UserRowForCurrent, imageBytes: Buffer | null = null): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    role: row.role,
    mustSelectRole: row.mustSelectRole,
    emailVerified: row.emailVerified,
    profileImage: imageBytes ? imageBytes.toString("base64") : null,
    profileImageUrl: mediaUrl(row.profileImageId),
    theme: accountTheme(row.theme),
    payoutEmail: row.payoutEmail ?? null,
  };
}
