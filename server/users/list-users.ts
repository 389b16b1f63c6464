import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paged, type Paged } from "@/lib/paged";
import { foldSearchText } from "@/lib/search-fold";
import { DEFAULT_USER_LIST_PARAMS, UserSortBy, type UserListParams, type UserRow } from "@/lib/validation/users";
import type { Role } from "@/lib/enums";
import type { Executor } from "@/server/core/unit-of-work";
import { selectUserRows } from "./user-rows";

/** Sort keys over bare `users` columns; lower() of the name and address, so their unique lower() indexes order them. */
const SORT_KEYS: Record<UserSortBy, string> = {
  [UserSortBy.CreatedDate]: "created_at",
  [UserSortBy.Username]: "lower(username)",
  [UserSortBy.Email]: "lower(email)",
  [UserSortBy.Role]: "role",
  [UserSortBy.LastLogin]: "last_login",
  [UserSortBy.Balance]: "balance",
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter of a list: never a deleted account; the folded term in search_text (trigram index); the roles. */
export function userListWhere(params: Pick<UserListParams, "searchTerm" | "roles">): SQL {
  const parts: SQL[] = [sql`deleted_at is null`];
  const term = foldSearchText(params.searchTerm ?? "");
  if (term) parts.push(sql`search_text like ${`%${escapeLike(term)}%`}`);
  if (params.roles.length === 1) parts.push(sql`role = ${params.roles[0]}`);
  else if (params.roles.length > 1) parts.push(sql`role in (${sql.join(params.roles.map((r) => sql`${r}`), sql`, `)})`);
  return sql.join(parts, sql` and `);
}

/** The order of a list: the key in the direction asked (never-signed-in users last either way), then id the same way. */
export function userListOrder(params: Pick<UserListParams, "userSortBy" | "sortDirection">): SQL {
  const dir = params.sortDirection === "asc" ? sql.raw("asc") : sql.raw("desc");
  const key = sql.raw(SORT_KEYS[params.userSortBy] ?? SORT_KEYS[UserSortBy.CreatedDate]);
  const nulls = params.userSortBy === UserSortBy.LastLogin ? sql.raw(" nulls last") : sql``;
  return sql`${key} ${dir}${nulls}, id ${dir}`;
}

export type ListUsersOptions = { db: Db | Executor; now?: Date } & Partial<Omit<UserListParams, "userSortBy" | "roles">> & {
  userSortBy?: number;
  roles?: readonly number[];
};

/**
 * Root's user list (GET /api/User/PaginatedUser and the user-management page): deleted accounts never appear; search
 * over username, full name and e-mail folded (case, accents, Arabic letter variants and marks) through
 * users.search_text's trigram index; roles; sort by created date (default, newest first), username, e-mail, role, last
 * sign-in or balance, ties broken by id. Two statements: the page with its aggregates (./user-rows.ts) and the count.
 */
export async function listUsers(opts: ListUsersOptions): Promise<Paged<UserRow>> {
  const { db, now = new Date(), userSortBy, roles, ...given } = opts;
  const params: UserListParams = {
    ...DEFAULT_USER_LIST_PARAMS,
    ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)),
    // Plain numbers are accepted (a page's own URL parsing); values outside the enums are ignored, never an error.
    userSortBy: userSortBy !== undefined && Object.hasOwn(SORT_KEYS, userSortBy) ? (userSortBy as UserSortBy) : DEFAULT_USER_LIST_PARAMS.userSortBy,
    roles: [...new Set((roles ?? []).filter((r): r is Role => Number.isInteger(r) && r >= 0 && r <= 4))].sort((a, b) => a - b),
  };
  const page = Math.max(1, Math.trunc(params.page));
  const pageSize = Math.min(100, Math.max(1, Math.trunc(params.pageSize)));
  const where = userListWhere(params);
  const offset = (page - 1) * pageSize;
  const [items, total] = await Promise.all([
    selectUserRows(db, { where, order: userListOrder(params), limit: pageSize, offset, now, source: userListSource(params, where, pageSize + offset) }),
    countUsers(db, params, where),
  ]);
  return paged(items, page, pageSize, total);
}

/**
 * Newest sign-ins first with the never-signed-in last: the last_login index (ascending, nulls last) read backwards gives
 * nulls first, so the page is taken from the two halves, each in index order, and merged (about 1 ms at 100k users
 * instead of sorting them all). Every other order reads `users` directly.
 */
function userListSource(params: UserListParams, where: SQL, upTo: number): SQL | undefined {
  if (params.userSortBy !== UserSortBy.LastLogin || params.sortDirection !== "desc") return undefined;
  return sql`(
    (select * from users where ${where} and last_login is not null order by last_login desc, id desc limit ${upTo})
    union all
    (select * from users where ${where} and last_login is null order by id desc limit ${upTo})
  ) as users`;
}

/**
 * Counting 100,000 rows costs more than the page itself (a scan: deleted rows must be skipped), so each filter's count
 * is kept for COUNT_TTL_MS in this process; this process's user writes (create, update, delete) forget them at once,
 * sign-ups and other processes' writes show within the TTL.
 */
const COUNT_TTL_MS = 10_000;
const COUNT_KEYS_MAX = 500;
const KEY = Symbol.for("manga.users.counts");
const counts: Map<string, { n: number; at: number }> = ((globalThis as Record<symbol, unknown>)[KEY] ??= new Map()) as Map<string, { n: number; at: number }>;

export function forgetUserCounts(): void {
  counts.clear();
}

async function countUsers(db: Db | Executor, params: UserListParams, where: SQL): Promise<number> {
  const key = `${params.roles.join(",")}|${foldSearchText(params.searchTerm ?? "")}`;
  const hit = counts.get(key);
  if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.n;
  const counted = await db.execute(sql`select count(*)::int as n from users where ${where}`);
  const n = Number((counted.rows[0] as { n?: unknown } | undefined)?.n ?? 0);
  if (counts.size >= COUNT_KEYS_MAX) counts.clear();
  counts.set(key, { n, at: Date.now() });
  return n;
}
