import { z } from "zod";
import { id } from "@/lib/validation/numbers";
import { PremiumPlan, Role, ROLE_NAMES } from "@/lib/enums";
import { ACCOUNT_LIMITS, registerSchema, type Translate, type ValidationKey } from "@/lib/validation/auth";
import { hasControlCharacters } from "@/lib/validation/text";

/**
 * Root's user management (issue 15, spec §3 user list parameters, §7 /User): the list's query, the row it answers,
 * and the CreateUser / UpdateUser / DeleteUser payloads, shared by the user-management screen and the /api/User routes
 * (server/users). Plain zod, no server imports: client code may import this file.
 *
 * Texts: every schema factory takes a translate function over UserValidationKey, which is the account forms'
 * ValidationKey (messages/{en,ar}.json `validation`) plus the few keys below (the server's texts for those are
 * server/core/messages.ts `user.*`; a client form supplies its own, e.g. from its page's namespace).
 */
export const USER_VALIDATION_KEYS = [
  "roleInvalid", "userIdInvalid", "booleanExpected", "subscriptionTypeInvalid", "subscriptionDurationRange",
  "controlCharacters", "pageInvalid", "sortInvalid", "directionInvalid",
] as const;
export type UserOnlyValidationKey = (typeof USER_VALIDATION_KEYS)[number];
export type UserValidationKey = ValidationKey | UserOnlyValidationKey;
export type UserTranslate = (key: UserValidationKey) => string;

/** userSortBy of GET /api/User/PaginatedUser (numbers, or these names in any case). */
export const UserSortBy = { CreatedDate: 0, Username: 1, Email: 2, Role: 3, LastLogin: 4, Balance: 5 } as const;
export type UserSortBy = (typeof UserSortBy)[keyof typeof UserSortBy];

export type SortDirection = "asc" | "desc";

export const USER_PAGE_SIZE = { default: 10, max: 100 } as const;
/** Longest grant or extension of a subscription, in days (ten years). */
export const SUBSCRIPTION_MAX_DAYS = 3650;
/** Longest search term honoured (longer input is cut, never refused). */
export const USER_SEARCH_MAX = 100;

/**
 * One row of the user list (and the answer of CreateUser / UpdateUser). Never a password hash or a token.
 * Dates are ISO 8601 strings; `isLocked` is `lockedUntil > now`; `transactions.total` sums completed and pending
 * amounts alike (every row of the user's transactions); `subscription` is the active one (endsAt > now, not
 * cancelled) with whole days left, rounded up.
 */
export interface UserRow {
  id: number;
  username: string;
  fullName: string;
  email: string;
  role: Role;
  balance: number;
  emailVerified: boolean;
  isBanned: boolean;
  failedLoginAttempts: number;
  lastLogin: string | null;
  isLocked: boolean;
  trusted: boolean;
  transactions: { count: number; total: number };
  subscription: { type: PremiumPlan; remainingDays: number } | null;
  createdAt: string;
  profileImageUrl: string | null;
}

/** What listUsers takes (parsed), whether from the URL of the page or the API. */
export interface UserListParams {
  page: number;
  pageSize: number;
  userSortBy: UserSortBy;
  sortDirection: SortDirection;
  searchTerm: string;
  /** Empty: every role. */
  roles: Role[];
}

export const DEFAULT_USER_LIST_PARAMS: UserListParams = {
  page: 1,
  pageSize: USER_PAGE_SIZE.default,
  userSortBy: UserSortBy.CreatedDate,
  sortDirection: "desc",
  searchTerm: "",
  roles: [],
};

// ---------------------------------------------------------------------------------------------------------------
// The list's query (URL search params of the page and of GET /api/User/PaginatedUser)

/** Lower-case spellings → canonical parameter name (ASP.NET-like binding, as the catalogue's query-params.ts). */
const PARAM_ALIASES: Record<string, keyof RawUserQuery> = {
  page: "page",
  pagenumber: "page",
  pagesize: "pageSize",
  sortdirection: "sortDirection",
  direction: "sortDirection",
  sortorder: "sortDirection",
  usersortby: "userSortBy",
  sortby: "userSortBy",
  searchterm: "searchTerm",
  search: "searchTerm",
  q: "searchTerm",
  "filters.role": "roles",
  "filters.roles": "roles",
  role: "roles",
  roles: "roles",
};

interface RawUserQuery {
  page?: string;
  pageSize?: string;
  sortDirection?: string;
  userSortBy?: string;
  searchTerm?: string;
  roles?: string[];
}

/** `Filters[Role][]`, `filters.role[0]`, `Role` … → the canonical name, or undefined for names we do not know. */
function canonicalName(raw: string): keyof RawUserQuery | undefined {
  const k = raw.trim().toLowerCase().replace(/\[\d*\]/g, "").replace(/\[([^\]]+)\]/g, ".$1").replace(/\.+$/, "");
  return PARAM_ALIASES[k];
}

/**
 * A query object (URLSearchParams, Next's searchParams `{ name: string | string[] }`, or a plain record) → canonical
 * names with empty values dropped; scalars take their first value, the role list keeps every value, comma lists split.
 */
export function normalizeUserQuery(value: unknown): RawUserQuery {
  const entries: [string, unknown][] =
    value instanceof URLSearchParams ? [...value.entries()] : typeof value === "object" && value !== null ? Object.entries(value) : [];
  const out: RawUserQuery = {};
  for (const [name, v] of entries) {
    const key = canonicalName(name);
    if (!key) continue;
    const values = (Array.isArray(v) ? v : [v])
      .filter((x): x is string | number => typeof x === "string" || typeof x === "number")
      .map(String);
    if (key === "roles") {
      const list = values.flatMap((x) => x.split(",")).map((x) => x.trim()).filter((x) => x !== "");
      if (list.length) (out.roles ??= []).push(...list);
    } else {
      const first = values.map((x) => x.trim()).find((x) => x !== "");
      if (first !== undefined && out[key] === undefined) out[key] = first;
    }
  }
  return out;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const CONTROL = /[\u0000-\u001F\u007F]/g;

const SORT_NAMES = new Map<string, UserSortBy>(Object.entries(UserSortBy).map(([k, v]) => [k.toLowerCase(), v]));
const ROLE_BY_NAME = new Map<string, Role>(ROLE_NAMES.map((name, i) => [name, i as Role]));

/** "0"…"5" or a sort name in any case ("lastLogin", "last_login", "LASTLOGIN"). */
export function userSortByOf(value: string): UserSortBy | undefined {
  const named = SORT_NAMES.get(value.toLowerCase().replace(/[^a-z]/g, ""));
  if (named !== undefined) return named;
  return /^\d+$/.test(value) && Number(value) <= 5 ? (Number(value) as UserSortBy) : undefined;
}

/** "0"/"asc"/"ascending" or "1"/"desc"/"descending", any case. */
export function sortDirectionOf(value: string): SortDirection | undefined {
  const s = value.toLowerCase();
  if (s === "asc" || s === "ascending" || s === "0") return "asc";
  if (s === "desc" || s === "descending" || s === "1") return "desc";
  return undefined;
}

/** "0"…"4" or a role name ("reader", "Root"). */
export function roleOf(value: string): Role | undefined {
  const named = ROLE_BY_NAME.get(value.toLowerCase());
  if (named !== undefined) return named;
  return /^[0-4]$/.test(value) ? (Number(value) as Role) : undefined;
}

/**
 * The list query: page (1…100000, clamped), pageSize (1…100, clamped; default 10), sortDirection, userSortBy
 * (default CreatedDate desc), searchTerm (control characters → spaces, trimmed, cut to 100), Filters.Role (one or
 * several, repeated or comma-separated, numbers 0–4 or names). What cannot be understood (a role 7, a sort "x", a
 * page "abc") is an issue on that field: the API answers 422, the page falls back to the default for it.
 */
export function userListQuerySchemaFor(t: (key: "pageInvalid" | "sortInvalid" | "directionInvalid" | "roleInvalid") => string) {
  return z.preprocess(
    normalizeUserQuery,
    z
      .object({
        page: z.string().optional(),
        pageSize: z.string().optional(),
        sortDirection: z.string().optional(),
        userSortBy: z.string().optional(),
        searchTerm: z.string().optional(),
        roles: z.array(z.string()).optional(),
      })
      .transform((raw, ctx): UserListParams => {
        const int = (field: string, v: string | undefined, fallback: number, min: number, max: number) => {
          if (v === undefined) return fallback;
          if (!/^[+-]?\d{1,12}$/.test(v)) {
            ctx.addIssue({ code: "custom", path: [field], message: t("pageInvalid") });
            return fallback;
          }
          return clamp(Number(v), min, max);
        };
        const page = int("page", raw.page, 1, 1, 100_000);
        const pageSize = int("pageSize", raw.pageSize, USER_PAGE_SIZE.default, 1, USER_PAGE_SIZE.max);
        let userSortBy: UserSortBy = UserSortBy.CreatedDate;
        if (raw.userSortBy !== undefined) {
          const s = userSortByOf(raw.userSortBy);
          if (s === undefined) ctx.addIssue({ code: "custom", path: ["userSortBy"], message: t("sortInvalid") });
          else userSortBy = s;
        }
        let sortDirection: SortDirection = "desc";
        if (raw.sortDirection !== undefined) {
          const d = sortDirectionOf(raw.sortDirection);
          if (d === undefined) ctx.addIssue({ code: "custom", path: ["sortDirection"], message: t("directionInvalid") });
          else sortDirection = d;
        }
        const roles: Role[] = [];
        for (const r of raw.roles ?? []) {
          const role = roleOf(r);
          if (role === undefined) ctx.addIssue({ code: "custom", path: ["Filters.Role"], message: t("roleInvalid") });
          else if (!roles.includes(role)) roles.push(role);
        }
        const searchTerm = (raw.searchTerm ?? "").replace(CONTROL, " ").trim().slice(0, USER_SEARCH_MAX);
        return { page, pageSize, userSortBy, sortDirection, searchTerm, roles: roles.sort((a, b) => a - b) };
      }),
  );
}

const ENGLISH_QUERY_TEXTS = {
  pageInvalid: "This must be a whole number.",
  sortInvalid: "Sort by 0 CreatedDate, 1 Username, 2 Email, 3 Role, 4 LastLogin or 5 Balance.",
  directionInvalid: "The sort direction must be 0 (asc) or 1 (desc).",
  roleInvalid: "Choose a role: 0 reader, 1 writer, 2 staff, 3 admin or 4 root.",
} as const;
/** The list query with English texts (the API uses userListQuerySchemaFor with the request's language). */
export const userListQuerySchema = userListQuerySchemaFor((key) => ENGLISH_QUERY_TEXTS[key]);

/** The page's reading of its URL: like the API, but anything invalid falls back to the defaults instead of failing. */
export function userListParamsFromUrl(searchParams: unknown): UserListParams {
  const result = userListQuerySchema.safeParse(searchParams);
  if (result.success) return result.data;
  // Parse field by field so one bad value does not lose the others.
  const raw = normalizeUserQuery(searchParams);
  const keep: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(raw)) {
    const one = userListQuerySchema.safeParse({ [k === "roles" ? "Filters.Role" : k]: v });
    if (one.success) keep[k === "roles" ? "Filters.Role" : k] = v as string | string[];
  }
  const again = userListQuerySchema.safeParse(keep);
  return again.success ? again.data : { ...DEFAULT_USER_LIST_PARAMS };
}

/** URL search params for a list state (defaults left out), as the page keeps them and the API reads them. */
export function userListSearchParams(params: Partial<UserListParams>): URLSearchParams {
  const p = { ...DEFAULT_USER_LIST_PARAMS, ...params };
  const out = new URLSearchParams();
  if (p.page !== 1) out.set("page", String(p.page));
  if (p.pageSize !== USER_PAGE_SIZE.default) out.set("pageSize", String(p.pageSize));
  if (p.userSortBy !== UserSortBy.CreatedDate) out.set("userSortBy", String(p.userSortBy));
  if (p.sortDirection !== "desc") out.set("sortDirection", p.sortDirection);
  if (p.searchTerm) out.set("searchTerm", p.searchTerm);
  for (const r of p.roles) out.append("Filters.Role", String(r));
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Writes

function roleField(t: UserTranslate) {
  return z.union(
    [z.literal(Role.reader), z.literal(Role.writer), z.literal(Role.staff), z.literal(Role.admin), z.literal(Role.root)],
    { error: t("roleInvalid") },
  );
}

/** The field schemas of the registration payload (registerSchema is object → refine → transform: take its object). */
type TextField = z.ZodType<string, unknown>;
interface RegisterFields {
  fullName: TextField;
  username: TextField;
  password: TextField;
  confirmPassword: TextField;
  dateOfBirth: TextField;
}
function registerFields(t: UserTranslate): RegisterFields {
  let schema: z.core.$ZodType = registerSchema(t as Translate);
  while (schema instanceof z.ZodPipe) schema = schema.in;
  if (!(schema instanceof z.ZodObject)) throw new Error("registerSchema is not an object schema");
  return schema.shape as unknown as RegisterFields;
}

/** Control characters (tab, newline, NUL…) are refused in names: they break lists and cannot all reach PostgreSQL. */
function noControl<T extends z.ZodType>(t: UserTranslate, field: T) {
  return z
    .unknown()
    .superRefine((v, ctx) => {
      if (typeof v === "string" && hasControlCharacters(v)) ctx.addIssue({ code: "custom", message: t("controlCharacters"), abort: true });
    })
    .pipe(field);
}

const booleanField = (t: UserTranslate) => z.boolean({ error: t("booleanExpected") });
const userIdField = (t: UserTranslate) =>
  id(t("userIdInvalid"));

/**
 * POST /api/User/CreateUser: the registration payload (fullName, username, email, password, confirmPassword,
 * dateOfBirth dd/MM/yyyy) with any role 0–4. The writer's consent statements are the writer's own and are not asked of
 * root; dateOfBirth is optional here (root may not know it). The account is created e-mail-verified.
 */
export function createUserSchema(t: UserTranslate) {
  const shape = registerFields(t);
  return z
    .object({
      fullName: noControl(t, shape.fullName),
      username: noControl(t, shape.username),
      email: z.unknown().optional(),
      password: shape.password,
      confirmPassword: shape.confirmPassword,
      role: roleField(t),
      dateOfBirth: z.union([z.literal(""), z.null(), shape.dateOfBirth]).optional(),
    })
    .superRefine((raw, ctx) => {
      const data = raw as Record<string, unknown>;
      const username = data.username;
      const usernameIsEmail = typeof username === "string" && username.includes("@") && username.includes(".");
      if (!usernameIsEmail) {
        const email = data.email;
        const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
        if (typeof email !== "string" || email.trim() === "") ctx.addIssue({ code: "custom", path: ["email"], message: t("emailRequired") });
        else if (email.trim().length > ACCOUNT_LIMITS.emailMax || !EMAIL.test(email.trim())) {
          ctx.addIssue({ code: "custom", path: ["email"], message: t("emailInvalid") });
        }
      }
      if (typeof data.password === "string" && data.confirmPassword !== data.password) {
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: t("passwordsDoNotMatch") });
      }
    }, { when: (p) => typeof p.value === "object" && p.value !== null })
    .transform(({ email, dateOfBirth, ...data }) => {
      const usernameIsEmail = data.username.includes("@") && data.username.includes(".");
      return {
        ...data,
        email: usernameIsEmail ? data.username : String(email ?? "").trim(),
        dateOfBirth: typeof dateOfBirth === "string" && dateOfBirth !== "" ? dateOfBirth : null,
      };
    });
}
export type CreateUserInput = z.input<ReturnType<typeof createUserSchema>>;
export type CreateUserPayload = z.output<ReturnType<typeof createUserSchema>>;

/** `{ type: 0 Premium | 1 PremiumPlus, durationDays: 1…3650 }` grants or extends; `null` ends the active one. */
export function subscriptionChangeSchema(t: UserTranslate) {
  return z
    .object({
      type: z.union([z.literal(PremiumPlan.Premium), z.literal(PremiumPlan.PremiumPlus)], { error: t("subscriptionTypeInvalid") }),
      durationDays: z
        .number({ error: t("subscriptionDurationRange") })
        .int({ error: t("subscriptionDurationRange") })
        .min(1, { error: t("subscriptionDurationRange") })
        .max(SUBSCRIPTION_MAX_DAYS, { error: t("subscriptionDurationRange") }),
    })
    .nullable();
}

/**
 * PUT /api/User/UpdateUser: `id` plus any of the fields. `unlock: true` clears the failed sign-in count and the lock;
 * `trusted` is publishing's trusted writer flag; `subscription` as subscriptionChangeSchema. Omitted fields are kept.
 */
export function updateUserSchema(t: UserTranslate) {
  const register = registerFields(t);
  return z.object({
    id: userIdField(t),
    fullName: noControl(t, register.fullName).optional(),
    username: noControl(t, register.username).optional(),
    email: z
      .string({ error: t("emailRequired") })
      .trim()
      .min(1, { error: t("emailRequired") })
      .max(ACCOUNT_LIMITS.emailMax, { error: t("emailInvalid") })
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: t("emailInvalid") })
      .optional(),
    role: roleField(t).optional(),
    isBanned: booleanField(t).optional(),
    emailVerified: booleanField(t).optional(),
    unlock: booleanField(t).optional(),
    trusted: booleanField(t).optional(),
    subscription: subscriptionChangeSchema(t).optional(),
  });
}
export type UpdateUserInput = z.input<ReturnType<typeof updateUserSchema>>;
export type UpdateUserPayload = z.output<ReturnType<typeof updateUserSchema>> & {
  fullName?: string;
  username?: string;
};

/** DELETE /api/User/DeleteUser: `{ userId }` in the body or the query. */
export function deleteUserSchema(t: UserTranslate) {
  return z.object({ userId: userIdField(t) });
}
export type DeleteUserPayload = z.output<ReturnType<typeof deleteUserSchema>>;
