import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { auditLog, chapters, manga, users } from "@/db/schema";
import { Role, Status } from "@/lib/enums";
import { AppError } from "@/server/core/errors";
import { listAuditActions, listAuditLog, normaliseDay } from "./list-audit-log";

/** Root's audit log: filters by actor, action and UTC day range, paging, the names of targets, and access. */
let db: Db;
let root: { userId: number; role: 4 };
let u: { boss: number; helper: number; target: number };
let m: { id: number; chapterId: number };

beforeAll(async () => {
  db = await getDb();
  const made = await db
    .insert(users)
    .values([
      { username: "BigBoss", email: "boss@example.com", fullName: "Boss", role: Role.root },
      { username: "little_helper", email: "helper@example.com", fullName: "Helper", role: Role.root },
      { username: "troubled", email: "t@example.com", fullName: "Troubled Reader" },
    ])
    .returning({ id: users.id });
  u = { boss: made[0]!.id, helper: made[1]!.id, target: made[2]!.id };
  root = { userId: u.boss, role: Role.root };
  const [row] = await db.insert(manga).values({ title: "Moonlit Blade", status: Status.Accepted }).returning({ id: manga.id });
  const [chapter] = await db.insert(chapters).values({ mangaId: row!.id, number: 1, title: "Dawn", status: Status.Pending }).returning({ id: chapters.id });
  m = { id: row!.id, chapterId: chapter!.id };

  const entry = (actorId: number | null, action: string, targetType: string, targetId: string | null, createdAt: string, details: unknown = null) => ({
    actorId, action, targetType, targetId, details, createdAt: new Date(createdAt),
  });
  await db.insert(auditLog).values([
    entry(u.boss, "manga.accept", "manga", String(m.id), "2026-03-01T10:00:00Z", { note: null, previousStatus: 0 }),
    entry(u.boss, "chapter.reject", "chapter", String(m.chapterId), "2026-03-02T23:59:59Z", { mangaId: m.id, note: "Blurry" }),
    entry(u.helper, "notification.user", "user", String(u.target), "2026-03-03T00:00:00Z", { type: 2, message: "Hi" }),
    entry(null, "auth.lockout", "user", String(u.target), "2026-03-04T12:00:00Z", { failedLoginAttempts: 5 }),
    entry(u.helper, "manga.delete", "manga", "999999", "2026-03-05T08:00:00Z", { title: "Gone" }),
    entry(u.boss, "notification.global", "notification", null, "2026-03-06T08:00:00Z", { recipients: 3 }),
    ...Array.from({ length: 25 }, (_, i) => entry(u.helper, "user.trust", "user", String(u.target), `2026-02-${String(i + 1).padStart(2, "0")}T12:00:00Z`)),
  ]);
});

describe("listAuditLog", () => {
  it("lists newest first with actor names and target names, 20 a page by default", async () => {
    const page = await listAuditLog({ db, viewer: root });
    expect(page.totalRecords).toBe(31);
    expect(page.totalPages).toBe(2);
    expect(page.pageSize).toBe(20);
    expect(page.items).toHaveLength(20);
    const [first, second, third, fourth, fifth, sixth] = page.items;
    expect(first).toMatchObject({ action: "notification.global", actor: { id: u.boss, username: "BigBoss" }, target: { type: "notification", id: null, label: null } });
    expect(second).toMatchObject({ action: "manga.delete", target: { type: "manga", id: "999999", label: null, mangaId: null } });
    expect(third).toMatchObject({ action: "auth.lockout", actor: null, target: { type: "user", id: String(u.target), label: "troubled" } });
    expect(fourth).toMatchObject({ action: "notification.user", details: { type: 2, message: "Hi" } });
    expect(fifth).toMatchObject({ action: "chapter.reject", target: { type: "chapter", label: "Dawn", mangaId: m.id, chapterNumber: 1, mangaTitle: "Moonlit Blade" } });
    expect(sixth).toMatchObject({ action: "manga.accept", target: { type: "manga", label: "Moonlit Blade", mangaId: m.id }, createdAt: "2026-03-01T10:00:00.000Z" });

    const last = await listAuditLog({ db, viewer: root, page: 2 });
    expect(last.items).toHaveLength(11);
    expect(last.items.at(-1)?.createdAt).toBe("2026-02-01T12:00:00.000Z");
    // A page past the end answers the last page; nothing is repeated across pages.
    const beyond = await listAuditLog({ db, viewer: root, page: 99 });
    expect(beyond.page).toBe(2);
    const all = [...page.items, ...last.items].map((i) => i.id);
    expect(new Set(all).size).toBe(31);
  });

  it("filters by a part of the actor's username, in any case", async () => {
    const boss = await listAuditLog({ db, viewer: root, actor: "bigb" });
    expect(boss.totalRecords).toBe(3);
    expect(boss.items.every((i) => i.actor?.username === "BigBoss")).toBe(true);
    expect((await listAuditLog({ db, viewer: root, actor: "HELPER" })).totalRecords).toBe(27);
    expect((await listAuditLog({ db, viewer: root, actor: "nobody-like-this" })).totalRecords).toBe(0);
    // LIKE's wildcards are literal characters here.
    expect((await listAuditLog({ db, viewer: root, actor: "%" })).totalRecords).toBe(0);
    expect((await listAuditLog({ db, viewer: root, actor: "e_h" })).totalRecords).toBe(27);
    expect((await listAuditLog({ db, viewer: root, actor: "a_b" })).totalRecords).toBe(0);
  });

  it("filters by action", async () => {
    const trusts = await listAuditLog({ db, viewer: root, action: "user.trust", pageSize: 10 });
    expect(trusts.totalRecords).toBe(25);
    expect(trusts.totalPages).toBe(3);
    expect(trusts.items.every((i) => i.action === "user.trust")).toBe(true);
    expect((await listAuditLog({ db, viewer: root, action: "user.trust", actor: "boss" })).totalRecords).toBe(0);
    expect((await listAuditLog({ db, viewer: root, action: "no.such" })).items).toEqual([]);
  });

  it("filters by a range of UTC days, both ends included", async () => {
    const march2to3 = await listAuditLog({ db, viewer: root, from: "2026-03-02", to: "2026-03-03" });
    expect(march2to3.items.map((i) => i.action)).toEqual(["notification.user", "chapter.reject"]);
    expect((await listAuditLog({ db, viewer: root, from: "2026-03-04" })).totalRecords).toBe(3);
    expect((await listAuditLog({ db, viewer: root, to: "2026-02-10" })).totalRecords).toBe(10);
    // Reversed ends are swapped; nonsense dates are ignored.
    expect((await listAuditLog({ db, viewer: root, from: "2026-03-03", to: "2026-03-02" })).totalRecords).toBe(2);
    const ignored = await listAuditLog({ db, viewer: root, from: "2026-02-30", to: "yesterday" });
    expect(ignored.totalRecords).toBe(31);
    expect(ignored.filters).toMatchObject({ from: "", to: "" });
  });

  it("bounds the page size", async () => {
    expect((await listAuditLog({ db, viewer: root, pageSize: 1000 })).pageSize).toBe(100);
    expect((await listAuditLog({ db, viewer: root, pageSize: 0 })).pageSize).toBe(20);
    expect((await listAuditLog({ db, viewer: root, page: -3 })).page).toBe(1);
  });

  it("offers every action the log holds, sorted", async () => {
    expect(await listAuditActions({ db, viewer: root })).toEqual([
      "auth.lockout", "chapter.reject", "manga.accept", "manga.delete", "notification.global", "notification.user", "user.trust",
    ]);
  });

  it("is root's alone", async () => {
    for (const role of [Role.reader, Role.writer, Role.staff, Role.admin]) {
      for (const call of [listAuditLog({ db, viewer: { userId: u.target, role } }), listAuditActions({ db, viewer: { userId: u.target, role } })]) {
        const err = await call.catch((e: unknown) => e);
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).httpStatus).toBe(403);
      }
    }
    expect(((await listAuditLog({ db, viewer: null }).catch((e: unknown) => e)) as AppError).httpStatus).toBe(401);
  });
});

describe("normaliseDay", () => {
  it("keeps real calendar days only", () => {
    expect(normaliseDay("2026-02-28")).toBe("2026-02-28");
    expect(normaliseDay("2024-02-29")).toBe("2024-02-29");
    expect(normaliseDay("2026-02-29")).toBe("");
    expect(normaliseDay("2026-2-1")).toBe("");
    expect(normaliseDay(undefined)).toBe("");
  });
});
