import { sql, type SQL } from "drizzle-orm";
import type { PremiumPlan, Role } from "@/lib/enums";
import { mediaUrl } from "@/lib/media-url";
import type { UserRow } from "@/lib/validation/users";
import type { Executor } from "@/server/core/unit-of-work";

/**
 * The rows of root's user list (lib/validation/users.ts UserRow) in one statement: the page of users is chosen first
 * (filter, order, limit and offset on `users` alone, so the sort and search indexes decide it), then each of its rows
 * gets its transaction count and sum and its active subscription through LATERAL sub-selects by user id (indexed:
 * transactions (user_id, created_at), subscriptions (user_id, ends_at)). No query per row, and never a password hash
 * or a token.
 *
 * `where` and `order` use bare column names of `users` (they are read inside the page's sub-select and again, for the
 * final order, on its output); `source` replaces the table with a sub-select of its rows named `users`.
 */
export async function selectUserRows(
  db: Executor,
  opts: { where: SQL; order: SQL; limit: number; offset?: number; now: Date; source?: SQL },
): Promise<UserRow[]> {
  const now = opts.now.toISOString();
  const result = await db.execute(sql`
    select u.id, u.username, u.full_name, u.email, u.role, u.balance::float8 as balance, u.email_verified, u.banned,
      u.failed_login_attempts, u.last_login, coalesce(u.locked_until > ${now}::timestamptz, false) as is_locked, u.trusted,
      t.count as tx_count, t.total as tx_total, s.plan as sub_plan, s.ends_at as sub_ends_at, u.created_at, u.profile_image_id
    from (
      select id, username, full_name, email, role, balance, email_verified, banned, failed_login_attempts, last_login,
        locked_until, trusted, created_at, profile_image_id
      from ${opts.source ?? sql`users`} where ${opts.where} order by ${opts.order} limit ${opts.limit} offset ${opts.offset ?? 0}
    ) u
    left join lateral (
      select count(*)::int as count, coalesce(sum(x.amount), 0)::float8 as total from transactions x where x.user_id = u.id
    ) t on true
    left join lateral (
      select s.plan, s.ends_at from subscriptions s
      where s.user_id = u.id and s.ends_at > ${now}::timestamptz and s.cancelled_at is null
      order by s.ends_at desc limit 1
    ) s on true
    order by ${opts.order}`);
  return (result.rows as Record<string, unknown>[]).map((r) => toUserRow(r, opts.now));
}

const DAY_MS = 24 * 60 * 60 * 1000;

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return d.toISOString();
}

function toUserRow(r: Record<string, unknown>, now: Date): UserRow {
  const endsAt = r.sub_ends_at === null || r.sub_ends_at === undefined ? null : new Date(iso(r.sub_ends_at)!);
  return {
    id: Number(r.id),
    username: String(r.username),
    fullName: String(r.full_name),
    email: String(r.email),
    role: Number(r.role) as Role,
    balance: Number(r.balance),
    emailVerified: Boolean(r.email_verified),
    isBanned: Boolean(r.banned),
    failedLoginAttempts: Number(r.failed_login_attempts),
    lastLogin: iso(r.last_login),
    isLocked: Boolean(r.is_locked),
    trusted: Boolean(r.trusted),
    transactions: { count: Number(r.tx_count ?? 0), total: Number(r.tx_total ?? 0) },
    subscription:
      endsAt === null
        ? null
        : { type: Number(r.sub_plan) as PremiumPlan, remainingDays: Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS)) },
    createdAt: iso(r.created_at)!,
    profileImageUrl: mediaUrl(r.profile_image_id as string | null),
  };
}

/** One listed (not deleted) user's row, or null. */
export async function getUserRow(db: Executor, id: number, now = new Date()): Promise<UserRow | null> {
  const [row] = await selectUserRows(db, { where: sql`id = ${id} and deleted_at is null`, order: sql`id`, limit: 1, now });
  return row ?? null;
}
