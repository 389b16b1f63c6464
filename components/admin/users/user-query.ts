import { ROLE_NAMES, type Role } from "@/lib/enums";
import { UserSortBy } from "@/lib/validation/users";

/**
 * The user-management page's state, all of it in the URL (issue 15, screen 1) so reload, back and a shared link show
 * the same list: `q` (search), `sort` and `dir` (column and direction), `roles` (a comma list of role numbers) and
 * `page`. Defaults are left out of the URL. Shared by the server page (parsing) and the client islands (links).
 */
export const SORT_KEYS = ["created", "username", "email", "role", "lastLogin", "balance"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = "asc" | "desc";

/** The API's `userSortBy` number of each sort key (issue 15: 0 CreatedDate … 5 Balance). */
export const USER_SORT_BY: Record<SortKey, UserSortBy> = {
  created: UserSortBy.CreatedDate,
  username: UserSortBy.Username,
  email: UserSortBy.Email,
  role: UserSortBy.Role,
  lastLogin: UserSortBy.LastLogin,
  balance: UserSortBy.Balance,
};

/** Direction a column starts in when first clicked: names A→Z, dates, roles and money highest first. */
export const FIRST_DIR: Record<SortKey, SortDir> = { created: "desc", username: "asc", email: "asc", role: "desc", lastLogin: "desc", balance: "desc" };

export const DEFAULT_SORT: SortKey = "created";
export const DEFAULT_DIR: SortDir = "desc";
export const USERS_PAGE_SIZE = 20;
export const SEARCH_MAX = 100;
export const ALL_ROLES = ROLE_NAMES.map((_, i) => i as Role);

export interface UserQuery {
  q: string;
  sort: SortKey;
  dir: SortDir;
  roles: Role[];
  page: number;
}

type Raw = Record<string, string | string[] | undefined> | URLSearchParams;

function one(raw: Raw, name: string): string | undefined {
  if (raw instanceof URLSearchParams) return raw.get(name) ?? undefined;
  const value = raw[name];
  return Array.isArray(value) ? value[0] : value;
}

function isSortKey(value: string | undefined): value is SortKey {
  return (SORT_KEYS as readonly string[]).includes(value ?? "");
}

/** The page's state from its search parameters; anything unknown falls back to the default. */
export function parseUserQuery(raw: Raw): UserQuery {
  const q = (one(raw, "q") ?? "").trim().slice(0, SEARCH_MAX);
  const rawSort = one(raw, "sort");
  const sort = isSortKey(rawSort) ? rawSort : DEFAULT_SORT;
  const rawDir = one(raw, "dir");
  const dir: SortDir = rawDir === "asc" || rawDir === "desc" ? rawDir : sort === DEFAULT_SORT ? DEFAULT_DIR : FIRST_DIR[sort];
  const roles = [...new Set((one(raw, "roles") ?? "").split(",").filter((part) => part.trim() !== "").map(Number).filter(isRoleNumber))].sort((a, b) => a - b);
  const pageNumber = Math.floor(Number(one(raw, "page") ?? 1));
  const page = Number.isFinite(pageNumber) && pageNumber >= 1 ? Math.min(pageNumber, 100_000) : 1;
  return { q, sort, dir, roles: roles.length === ALL_ROLES.length ? [] : roles, page };
}

function isRoleNumber(n: number): n is Role {
  return Number.isInteger(n) && n >= 0 && n < ROLE_NAMES.length;
}

/** The page's URL for a state (defaults left out; `page` 1 left out). */
export function userQueryHref(query: Partial<UserQuery>): string {
  const params = new URLSearchParams();
  const q = query.q?.trim();
  if (q) params.set("q", q);
  const sort = query.sort ?? DEFAULT_SORT;
  const dir = query.dir ?? (sort === DEFAULT_SORT ? DEFAULT_DIR : FIRST_DIR[sort]);
  if (sort !== DEFAULT_SORT || dir !== DEFAULT_DIR) {
    params.set("sort", sort);
    params.set("dir", dir);
  }
  if (query.roles?.length && query.roles.length < ALL_ROLES.length) params.set("roles", [...query.roles].sort((a, b) => a - b).join(","));
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const qs = params.toString();
  return qs ? `/dashboard/user-management?${qs}` : "/dashboard/user-management";
}

/** Where clicking a column header goes: the same column flips its direction, another one starts in its own; page 1. */
export function sortHref(query: UserQuery, key: SortKey): string {
  const dir: SortDir = query.sort === key ? (query.dir === "asc" ? "desc" : "asc") : FIRST_DIR[key];
  return userQueryHref({ ...query, sort: key, dir, page: 1 });
}
