import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { SignedInViewer } from "@/server/core/viewer";
import type { AccountSession } from "@/lib/account-sessions";
import { deviceLabel, deviceOf } from "./device";

export type { AccountSession };

/**
 * GET /api/Authentication/Sessions (issue 16): the caller's active sign-ins — refresh token families with a live
 * (unspent, unrevoked, unexpired) token — newest use first; `currentSid` marks the one asking. One grouped read over
 * the user's rows (refresh_tokens is indexed by user).
 */
export async function listSessions(opts: { db: Db; viewer: SignedInViewer; currentSid?: string | null; now?: Date }): Promise<AccountSession[]> {
  const now = (opts.now ?? new Date()).toISOString();
  const result = await opts.db.execute<{
    family_id: string;
    created_at: string | Date;
    last_used_at: string | Date;
    expires_at: string | Date;
    user_agent: string | null;
    tokens: number | string;
  }>(sql`
    select family_id::text as family_id,
           min(created_at) as created_at,
           max(created_at) as last_used_at,
           max(family_expires_at) as expires_at,
           (array_agg(user_agent order by created_at desc, id desc))[1] as user_agent,
           count(*)::int as tokens
      from refresh_tokens
     where user_id = ${opts.viewer.userId}
       and family_expires_at > ${now}::timestamptz
     group by family_id
    having bool_or(revoked_at is null and used_at is null and expires_at > ${now}::timestamptz)
     order by max(created_at) desc, family_id
     limit 100`);
  const current = opts.currentSid?.toLowerCase() ?? null;
  return result.rows.map((row) => {
    const info = deviceOf(row.user_agent);
    return {
      id: row.family_id,
      current: row.family_id === current,
      ...info,
      device: deviceLabel(info),
      createdAt: new Date(row.created_at).toISOString(),
      lastUsedAt: new Date(row.last_used_at).toISOString(),
      expiresAt: new Date(row.expires_at).toISOString(),
      rotations: Math.max(0, Number(row.tokens) - 1),
    };
  });
}
