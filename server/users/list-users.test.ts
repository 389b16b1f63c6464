import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { subscriptions, transactions, users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { userSearchTextFor } from "@/lib/search-fold";
import { UserSortBy, userListQuerySchema, type UserListParams } from "@/lib/validation/users";
import { listUsers } from "./list-users";

/** listUsers on the file's own database (PGlite, or Postgres with TEST_DATABASE_URL). */
let db: Awaited<ReturnType<typeof getDb>>;
const now = new Date("2026-06-01T12:00:00Z");
const DAY = 86_400_000;

type Spec = { username: string; fullName: string; email?: string; role?: Role; balance?: string; lastLogin?: Date | null; createdAt?: Date; deleted?: boolean };
async function addUser(s: Spec): Promise<number> {
  const email = s.email ?? `${s.username}@example.test`;
  const [row] = await db
    .insert(users)
    .values({
      username: s.username,
      email,
      fullName: s.fullName,
      searchText: userSearchTextFor(s.username, s.fullName, email),
      role: s.role ?? Role.reader,
      balance: s.balance ?? "0",
      lastLogin: s.lastLogin ?? null,
      createdAt: s.createdAt ?? now,
      deletedAt: s.deleted ? now : null,
    })
    .returning({ id: users.id });
  return row!.id;
}

const list = (p: Partial<UserListParams>) => listUsers({ db, now, ...p });

// A group of users whose usernames all contain "srt", for the sort tests (letters only: every collation agrees).
const SORTED: Spec[] = [
  { username: "srtdelta", fullName: "Delta", email: "bravo@srt.test", role: Role.writer, balance: "50.00", lastLogin: new Date(now.getTime() - 3 * DAY), createdAt: new Date(now.getTime() - 5 * DAY) },
  { username: "srtalpha", fullName: "Alpha", email: "delta@srt.test", role: Role.root, balance: "10.50", lastLogin: null, createdAt: new Date(now.getTime() - 1 * DAY) },
  { username: "srtcharlie", fullName: "Charlie", email: "alpha@srt.test", role: Role.reader, balance: "99.99", lastLogin: new Date(now.getTime() - 1 * DAY), createdAt: new Date(now.getTime() - 9 * DAY) },
  { username: "srtbravo", fullName: "Bravo", email: "charlie@srt.test", role: Role.admin, balance: "0.00", lastLogin: new Date(now.getTime() - 7 * DAY), createdAt: new Date(now.getTime() - 3 * DAY) },
  { username: "srtecho", fullName: "Echo", email: "echo@srt.test", role: Role.writer, balance: "50.00", lastLogin: new Date(now.getTime() - 2 * DAY), createdAt: new Date(now.getTime() - 5 * DAY) },
];
const ids = new Map<string, number>();

beforeAll(async () => {
  db = await getDb();
  for (const s of SORTED) ids.set(s.username, await addUser(s));
  ids.set("ahmad", await addUser({ username: "fold_ahmad", fullName: "أحمد المُصطفى", email: "fold1@example.test" }));
  ids.set("jose", await addUser({ username: "fold_jose", fullName: "José Álvarez", email: "JOSE.Alvarez@Example.test" }));
  ids.set("pct", await addUser({ username: "fold_pct", fullName: "Fifty % off_sale", email: "fold3@example.test" }));
  ids.set("gone", await addUser({ username: "fold_gone", fullName: "أحمد deleted", email: "fold4@example.test", deleted: true }));
  for (let i = 0; i < 23; i++) await addUser({ username: `pgs${String(i).padStart(2, "0")}`, fullName: `Paging ${i}`, role: i % 2 ? Role.writer : Role.staff });
});

describe("search", () => {
  it("finds Arabic names however they are typed (hamza, marks) and never lists deleted accounts", async () => {
    const page = await list({ searchTerm: "احمد" });
    expect(page.items.map((u) => u.id)).toEqual([ids.get("ahmad")]);
    expect((await list({ searchTerm: "المصطفى" })).items.map((u) => u.id)).toEqual([ids.get("ahmad")]);
  });

  it("is case- and accent-insensitive over username, full name and e-mail", async () => {
    for (const term of ["JOSE", "alvarez", "josé.álvarez@example", "FOLD_JOSE"]) {
      expect((await list({ searchTerm: term })).items.map((u) => u.id), term).toEqual([ids.get("jose")]);
    }
  });

  it("treats % and _ as plain characters", async () => {
    expect((await list({ searchTerm: "% off_" })).items.map((u) => u.id)).toEqual([ids.get("pct")]);
    expect((await list({ searchTerm: "%" })).items.map((u) => u.id)).toEqual([ids.get("pct")]);
    expect((await list({ searchTerm: "fold_" })).items.map((u) => u.id).sort()).toEqual([ids.get("ahmad"), ids.get("jose"), ids.get("pct")].sort());
  });

  it("answers an empty page for no match", async () => {
    const page = await list({ searchTerm: "zzzz-nobody" });
    expect(page).toMatchObject({ items: [], totalRecords: 0, totalPages: 1, hasNextPage: false });
  });
});

describe("sort", () => {
  const cases: Array<[UserSortBy, (s: Spec) => string | number | null]> = [
    [UserSortBy.CreatedDate, (s) => s.createdAt!.getTime()],
    [UserSortBy.Username, (s) => s.username],
    [UserSortBy.Email, (s) => s.email!],
    [UserSortBy.Role, (s) => s.role!],
    [UserSortBy.LastLogin, (s) => s.lastLogin?.getTime() ?? null],
    [UserSortBy.Balance, (s) => Number(s.balance)],
  ];
  for (const [sortBy, key] of cases) {
    for (const dir of ["asc", "desc"] as const) {
      it(`by ${Object.keys(UserSortBy)[sortBy]} ${dir}, ties by id the same way (never-signed-in last)`, async () => {
        const expected = [...SORTED]
          .sort((a, b) => {
            const ka = key(a);
            const kb = key(b);
            if (ka === null || kb === null) return ka === kb ? 0 : ka === null ? 1 : -1;
            const c = ka < kb ? -1 : ka > kb ? 1 : ids.get(a.username)! - ids.get(b.username)!;
            return dir === "asc" ? c : -c;
          })
          .map((s) => s.username);
        const page = await list({ searchTerm: "srt", userSortBy: sortBy, sortDirection: dir, pageSize: 100 });
        expect(page.items.map((u) => u.username)).toEqual(expected);
      });
    }
  }

  it("pages through every order the same as one long page (the last-login-desc merge included)", async () => {
    for (const userSortBy of [UserSortBy.LastLogin, UserSortBy.Balance, UserSortBy.CreatedDate]) {
      for (const sortDirection of ["asc", "desc"] as const) {
        const whole = (await list({ searchTerm: "srt", userSortBy, sortDirection, pageSize: 100 })).items.map((u) => u.id);
        const pages = [];
        for (let page = 1; page <= 3; page++) pages.push(...(await list({ searchTerm: "srt", userSortBy, sortDirection, pageSize: 2, page })).items.map((u) => u.id));
        expect(pages, `${userSortBy} ${sortDirection}`).toEqual(whole);
      }
    }
  });

  it("defaults to created date, newest first", async () => {
    const page = await list({ searchTerm: "srt" });
    expect(page.items.map((u) => u.username)).toEqual((await list({ searchTerm: "srt", userSortBy: UserSortBy.CreatedDate, sortDirection: "desc" })).items.map((u) => u.username));
    expect(page.items[0]!.username).toBe("srtalpha");
  });

  it("accepts names and numbers for sort and direction in the query", () => {
    const q = userListQuerySchema.parse({ userSortBy: "LastLogin", sortDirection: "1" });
    expect(q).toMatchObject({ userSortBy: UserSortBy.LastLogin, sortDirection: "desc" });
    expect(userListQuerySchema.parse({ usersortby: "5", SortDirection: "ASC" })).toMatchObject({ userSortBy: 5, sortDirection: "asc" });
  });
});

describe("role filter and paging", () => {
  it("filters by one role and by several", async () => {
    const writers = await list({ searchTerm: "srt", roles: [Role.writer] });
    expect(writers.items.map((u) => u.username).sort()).toEqual(["srtdelta", "srtecho"]);
    const several = await list({ searchTerm: "srt", roles: [Role.root, Role.admin] });
    expect(several.items.map((u) => u.username).sort()).toEqual(["srtalpha", "srtbravo"]);
    expect(several.totalRecords).toBe(2);
  });

  it("reads Filters.Role repeated, comma-separated or by name, and refuses unknown roles", () => {
    expect(userListQuerySchema.parse(new URLSearchParams("Filters.Role=1&Filters.Role=3")).roles).toEqual([1, 3]);
    expect(userListQuerySchema.parse(new URLSearchParams("filters.role=4,2")).roles).toEqual([2, 4]);
    expect(userListQuerySchema.parse(new URLSearchParams("Filters[Role]=writer")).roles).toEqual([1]);
    expect(userListQuerySchema.safeParse(new URLSearchParams("Filters.Role=7")).success).toBe(false);
    expect(userListQuerySchema.safeParse(new URLSearchParams("Filters.Role=-1")).success).toBe(false);
  });

  it("pages with the spec's shape; pageSize is clamped to 1–100 and defaults to 10", async () => {
    const first = await list({ searchTerm: "pgs", userSortBy: UserSortBy.Username, sortDirection: "asc" });
    expect(first).toMatchObject({ pageNumber: 1, pageSize: 10, totalRecords: 23, totalDisplayRecords: 23, totalPages: 3, hasPreviousPage: false, hasNextPage: true });
    expect(first.items.map((u) => u.username)).toEqual(Array.from({ length: 10 }, (_, i) => `pgs${String(i).padStart(2, "0")}`));
    const third = await list({ searchTerm: "pgs", userSortBy: UserSortBy.Username, sortDirection: "asc", page: 3 });
    expect(third.items.map((u) => u.username)).toEqual(["pgs20", "pgs21", "pgs22"]);
    expect(third).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    expect(userListQuerySchema.parse({ pageSize: "0" }).pageSize).toBe(1);
    expect(userListQuerySchema.parse({ pageSize: "1000" }).pageSize).toBe(100);
    expect(userListQuerySchema.parse({}).pageSize).toBe(10);
    expect((await list({ searchTerm: "pgs", pageSize: 1000 })).items).toHaveLength(23);
  });
});

describe("rows", () => {
  it("carry transaction totals, the active subscription and the lock, never a hash or token", async () => {
    const id = await addUser({ username: "rowuser", fullName: "Row User" });
    await db.update(users).set({ passwordHash: "secret-hash", lockedUntil: new Date(now.getTime() + 60_000), failedLoginAttempts: 5 }).where(eq(users.id, id));
    await db.insert(transactions).values([
      { userId: id, method: "card", amount: "10.50", status: 1, referenceId: "a" },
      { userId: id, method: "card", amount: "4.25", status: 1, referenceId: "b" },
    ]);
    await db.insert(subscriptions).values([
      { userId: id, plan: 0, durationDays: 30, startsAt: new Date(now.getTime() - 40 * DAY), endsAt: new Date(now.getTime() - 10 * DAY) },
      { userId: id, plan: 1, durationDays: 30, startsAt: now, endsAt: new Date(now.getTime() + 12.5 * DAY) },
    ]);
    const [row] = (await list({ searchTerm: "rowuser" })).items;
    expect(row).toMatchObject({
      id,
      username: "rowuser",
      fullName: "Row User",
      role: Role.reader,
      balance: 0,
      isBanned: false,
      failedLoginAttempts: 5,
      isLocked: true,
      trusted: false,
      transactions: { count: 2, total: 14.75 },
      subscription: { type: 1, remainingDays: 13 },
      profileImageUrl: null,
    });
    expect(JSON.stringify(row)).not.toMatch(/secret-hash|passwordHash|token/i);
    const none = (await list({ searchTerm: "srtalpha" })).items[0]!;
    expect(none.subscription).toBeNull();
    expect(none.transactions).toEqual({ count: 0, total: 0 });
    expect(none.balance).toBe(10.5);
  });
});
