import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { adImpressionDays, adImpressionMonths, adImpressions, auditLog, chapters, ledgerEntries, manga, notifications, subscriptions, transactions, users } from "@/db/schema";
import { PremiumPlan, Role, Status, TransactionStatus } from "@/lib/enums";
import { POST as recordImpressionRoute } from "@/app/api/chapter/RecordImpression/route";
import { GET as earningsRoute } from "@/app/api/Monetization/Earnings/route";
import { POST as requestPayoutRoute } from "@/app/api/Monetization/RequestPayout/route";
import { GET as monthsRoute } from "@/app/api/Monetization/Months/route";
import { POST as closeMonthRoute } from "@/app/api/Monetization/CloseMonth/route";
import { GET as payoutsRoute } from "@/app/api/Monetization/Payouts/route";
import { POST as resolvePayoutRoute } from "@/app/api/Monetization/ResolvePayout/route";
import { POST as settingsRoute } from "@/app/api/Monetization/Settings/route";
import { POST as updateSelfRoute } from "@/app/api/Authentication/UpdateSelf/route";
import { GET as myTransactionsRoute } from "@/app/api/Authentication/Me/Transactions/route";
import { jsonRequest, tokenFor } from "@/server/http/test-helpers";
import { closeMonthSchema, parseAmountMinor } from "@/lib/validation/monetization";
import { newViewerId, VIEWER_COOKIE } from "@/server/chapters/viewer-cookie";
import { creatorPool, splitPool } from "./shares";
import { ledgerBalance, verifyBalances } from "./ledger";

/**
 * Creators' monetisation (issue 16 §3) on a real database through the route handlers: impressions counted exactly
 * under concurrency, a month closed once with shares adding up to exactly 60% of the income (rounding rule of
 * ./shares.ts), the payout request below the threshold refused, the payouts queue's transitions, and every balance
 * equal to the sum of its ledger entries after each kind of write.
 */
let db: Db;
const tag = `${Date.now().toString(36)}m`;
type Name = "reader" | "plus" | "w1" | "w2" | "w3" | "gone" | "root" | "staff";
const u = {} as Record<Name, { id: number; role: Role }>;
let chapter1 = 0;
let chapter2 = 0;
let chapter3 = 0;
let chapterGone = 0;
let lockedChapter = 0;

type Body = { statusCode: number; message: string; data: Record<string, unknown> & { errors?: Record<string, string[]>; items?: Array<Record<string, unknown>> } };
type Route = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Who = Name | "visitor";

async function call(route: Route, key: string, who: Who, opts: { body?: unknown; query?: string; headers?: Record<string, string> } = {}) {
  const token = who === "visitor" ? undefined : await tokenFor(u[who].role, u[who].id);
  const res = await route(jsonRequest(key, { token, body: opts.body, query: opts.query, headers: opts.headers }), { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
}
const impression = (who: Who, chapterId: number, position: unknown, headers?: Record<string, string>) =>
  call(recordImpressionRoute, "POST /api/chapter/RecordImpression", who, { body: { chapterId, position }, headers });
const closeMonth = (who: Who, body: unknown) => call(closeMonthRoute, "POST /api/Monetization/CloseMonth", who, { body });
const requestPayout = (who: Who) => call(requestPayoutRoute, "POST /api/Monetization/RequestPayout", who, { body: {} });
const resolvePayout = (who: Who, body: unknown) => call(resolvePayoutRoute, "POST /api/Monetization/ResolvePayout", who, { body });
const earnings = (who: Who) => call(earningsRoute, "GET /api/Monetization/Earnings", who);
const setPayoutEmail = (who: Who, payoutEmail: unknown) => call(updateSelfRoute, "POST /api/Authentication/UpdateSelf", who, { body: { payoutEmail } });

/** Impressions written straight to the per-day table for a past month (what RecordImpression keeps). */
async function seedImpressions(chapterId: number, day: string, impressions: number) {
  await db
    .insert(adImpressionDays)
    .values({ chapterId, day, impressions })
    .onConflictDoUpdate({ target: [adImpressionDays.chapterId, adImpressionDays.day], set: { impressions: sql`${adImpressionDays.impressions} + ${impressions}` } });
  await db.execute(sql`
    insert into ad_impression_months (month, user_id, impressions)
    select date_trunc('month', ${day}::date)::date, m.author_id, ${impressions} from chapters c join manga m on m.id = c.manga_id where c.id = ${chapterId}
    on conflict (month, user_id) do update set impressions = ad_impression_months.impressions + excluded.impressions`);
}

async function expectBalancesMatchLedger() {
  expect(await verifyBalances(db)).toEqual([]);
}

beforeAll(async () => {
  db = await getDb();
  const names: Name[] = ["reader", "plus", "w1", "w2", "w3", "gone", "root", "staff"];
  const roleOf = (n: Name) => (n === "root" ? Role.root : n === "staff" ? Role.staff : n.startsWith("w") || n === "gone" ? Role.writer : Role.reader);
  const rows = await db
    .insert(users)
    .values(names.map((n) => ({ username: `${n}_${tag}`, email: `${n}_${tag}@example.test`, fullName: n, role: roleOf(n) })))
    .returning({ id: users.id });
  names.forEach((n, i) => (u[n] = { id: rows[i]!.id, role: roleOf(n) }));
  await db.insert(subscriptions).values({ userId: u.plus.id, plan: PremiumPlan.PremiumPlus, durationDays: 30, endsAt: new Date(Date.now() + 86_400_000 * 10) });
  const mangaRows = await db
    .insert(manga)
    .values(
      (["w1", "w2", "w3", "gone"] as const).map((w) => ({ title: `Money ${w} ${tag}`, description: "-", authorId: u[w].id, status: Status.Accepted, searchText: `money ${w} ${tag}` })),
    )
    .returning({ id: manga.id });
  const ch = await db
    .insert(chapters)
    .values([
      { mangaId: mangaRows[0]!.id, title: "One", number: 1, status: Status.Accepted },
      { mangaId: mangaRows[1]!.id, title: "Two", number: 1, status: Status.Accepted },
      { mangaId: mangaRows[2]!.id, title: "Three", number: 1, status: Status.Accepted },
      { mangaId: mangaRows[3]!.id, title: "Gone", number: 1, status: Status.Accepted },
      { mangaId: mangaRows[0]!.id, title: "Locked", number: 2, status: Status.Accepted, isPremium: true },
    ])
    .returning({ id: chapters.id });
  [chapter1, chapter2, chapter3, chapterGone, lockedChapter] = ch.map((r) => r.id) as [number, number, number, number, number];
  // An account deleted since (a tombstone): its impressions take no part in a month's sharing.
  await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, u.gone.id));
});

describe("shares (the rounding rule)", () => {
  it("takes 60% of the income rounded down to the cent", () => {
    expect(creatorPool(100_001, 60)).toBe(60_000);
    expect(creatorPool(1, 60)).toBe(0);
    expect(creatorPool(10_000_000_000, 60)).toBe(6_000_000_000);
  });

  it("adds up to exactly the pool, each writer within a cent of the exact share, leftovers to the largest remainders", () => {
    const shares = splitPool(100, [
      { userId: 3, impressions: 1 },
      { userId: 1, impressions: 1 },
      { userId: 2, impressions: 1 },
    ]);
    // 100 / 3 = 33.33…: one cent left, equal remainders and impressions: the lowest user id takes it.
    expect([shares.get(1), shares.get(2), shares.get(3)]).toEqual([34, 33, 33]);
    const big = splitPool(6_000_000_000, [
      { userId: 7, impressions: 999_999_937 },
      { userId: 8, impressions: 3 },
      { userId: 9, impressions: 123_456_789 },
    ]);
    expect([...big.values()].reduce((a, b) => a + b, 0)).toBe(6_000_000_000);
    const total = 999_999_937 + 3 + 123_456_789;
    for (const [id, imp] of [[7, 999_999_937], [8, 3], [9, 123_456_789]] as const) {
      expect(Math.abs(big.get(id)! - (6_000_000_000 * imp) / total)).toBeLessThan(1);
    }
    // The order rows arrive in does not matter.
    const again = splitPool(6_000_000_000, [
      { userId: 9, impressions: 123_456_789 },
      { userId: 8, impressions: 3 },
      { userId: 7, impressions: 999_999_937 },
    ]);
    expect(again).toEqual(big);
  });

  it("parses amounts into minor units without floating point", () => {
    expect(parseAmountMinor("1234.56")).toBe(123_456);
    expect(parseAmountMinor("0.1")).toBe(10);
    expect(parseAmountMinor(19.99)).toBe(1_999);
    for (const bad of ["1.234", "-5", "1e3", "0x10", "", " ", "12,50", null, true, [1]]) expect(parseAmountMinor(bad)).toBeNull();
    // What an Arabic keyboard types: Arabic-Indic (or Eastern Arabic-Indic) digits and the Arabic decimal separator.
    expect(parseAmountMinor("١٢٥٠٫٥٠")).toBe(125_050);
    expect(parseAmountMinor("۱۲.۵")).toBe(1_250);
  });

  it("tells a too large amount from a malformed one", () => {
    const t = (key: string) => key;
    const issue = (income: string) => closeMonthSchema(t as never, new Date("2026-11-25T00:00:00Z")).safeParse({ month: "2026-10", income }).error?.issues[0]?.message;
    expect(issue("99999999999999999")).toBe("amountTooLarge");
    expect(issue("100000000.01")).toBe("amountTooLarge");
    expect(issue("12.345")).toBe("amountInvalid");
    expect(issue("١٠٠٠")).toBeUndefined();
  });
});

describe("RecordImpression", () => {
  it("counts one impression per viewer per chapter per position, exactly, under concurrency", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => impression("reader", chapter1, "start")));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.counted === true)).toHaveLength(1);
    expect((await impression("reader", chapter1, "mid")).body.data.counted).toBe(true);
    expect((await impression("reader", chapter1, 2)).body.data.counted).toBe(true);
    expect((await impression("reader", chapter1, "end")).body.data.counted).toBe(false);
    const [row] = await db.select({ n: sql<number>`sum(impressions)::int` }).from(adImpressionDays).where(eq(adImpressionDays.chapterId, chapter1));
    expect(row?.n).toBe(3);
    const [month] = await db.select({ n: sql<number>`sum(impressions)::int` }).from(adImpressionMonths).where(eq(adImpressionMonths.userId, u.w1.id));
    expect(month?.n).toBe(3);
  });

  it("counts an anonymous visitor by the viewer cookie it sets", async () => {
    const first = await impression("visitor", chapter2, "start");
    expect(first.body.data.counted).toBe(true);
    const cookie = first.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(cookie).toMatch(/=/);
    expect((await impression("visitor", chapter2, "start", { cookie })).body.data.counted).toBe(false);
  });

  it("counts 40 cookie-less impressions from one address once per position whatever their User-Agent (issue 27, item 4)", async () => {
    const sum = async () => {
      const [row] = await db.select({ n: sql<number>`coalesce(sum(impressions), 0)::int` }).from(adImpressionDays).where(eq(adImpressionDays.chapterId, chapter3));
      return Number(row?.n ?? 0);
    };
    const before = await sum();
    const counted = [];
    for (let i = 0; i < 40; i++) {
      const res = await impression("visitor", chapter3, "start", { "x-forwarded-for": "10.77.0.1", "user-agent": `Agent/${i}` });
      expect(res.status).toBe(200);
      counted.push(res.body.data.counted);
    }
    expect(counted.filter(Boolean)).toHaveLength(1);
    expect((await sum()) - before).toBe(1);
    // One /64 is one address.
    expect((await impression("visitor", chapter3, "mid", { "x-forwarded-for": "2001:db8:77::1", "user-agent": "A" })).body.data.counted).toBe(true);
    expect((await impression("visitor", chapter3, "mid", { "x-forwarded-for": "2001:db8:77:0:1::9", "user-agent": "B" })).body.data.counted).toBe(false);
    expect((await sum()) - before).toBe(2);
    // Readers with distinct signed cookies behind one address still count one by one.
    const cookies = Array.from({ length: 5 }, () => `${VIEWER_COOKIE}=${newViewerId()}`);
    for (const cookie of cookies) expect((await impression("visitor", chapter3, "end", { "x-forwarded-for": "10.77.0.1", cookie })).body.data.counted).toBe(true);
    expect((await sum()) - before).toBe(7);
  });

  it("does not count the author, root, a PremiumPlus reader or a paywalled chapter", async () => {
    expect((await impression("w1", chapter1, "start")).body.data.counted).toBe(false);
    expect((await impression("root", chapter1, "start")).body.data.counted).toBe(false);
    expect((await impression("plus", chapter1, "start")).body.data.counted).toBe(false);
    expect((await impression("reader", lockedChapter, "start")).body.data.counted).toBe(false);
    const rows = await db.select().from(adImpressions).where(eq(adImpressions.chapterId, lockedChapter));
    expect(rows).toHaveLength(0);
  });

  it("refuses bad input with 422 and an unknown chapter with 404", async () => {
    expect((await impression("reader", chapter1, "middle")).status).toBe(422);
    expect((await impression("reader", chapter1, 3)).status).toBe(422);
    expect((await impression("reader", 0, "start")).status).toBe(422);
    expect((await impression("reader", 2_000_000_000, "start")).status).toBe(404);
  });
});

describe("closing a month", () => {
  const MONTH = "2025-03";
  beforeAll(async () => {
    await seedImpressions(chapter1, "2025-03-02", 500);
    await seedImpressions(chapter1, "2025-03-31", 499);
    await seedImpressions(chapter2, "2025-03-15", 1);
    await seedImpressions(chapter3, "2025-03-20", 250);
    await seedImpressions(chapterGone, "2025-03-20", 10_000);
    // Outside the month: not counted.
    await seedImpressions(chapter3, "2025-04-01", 77);
    await seedImpressions(chapter3, "2025-02-28", 77);
  });

  it("is root's: a writer, staff and a visitor are refused", async () => {
    expect((await closeMonth("w1", { month: MONTH, income: "10" })).status).toBe(403);
    expect((await closeMonth("staff", { month: MONTH, income: "10" })).status).toBe(403);
    expect((await closeMonth("visitor", { month: MONTH, income: "10" })).status).toBe(401);
  });

  it("refuses bad input with field errors and writes nothing", async () => {
    const current = new Date().toISOString().slice(0, 7);
    for (const body of [
      { month: MONTH, income: "12.345" },
      { month: MONTH, income: "-1" },
      { month: MONTH, income: "0" },
      { month: MONTH, income: 1e20 },
      { month: "2025-13", income: "10" },
      { month: "March", income: "10" },
      { month: current, income: "10" },
      {},
    ]) {
      const res = await closeMonth("root", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.data.errors ?? {}).length).toBeGreaterThan(0);
    }
    const ar = await call(closeMonthRoute, "POST /api/Monetization/CloseMonth", "root", { body: { month: current, income: "10" }, headers: { "accept-language": "ar" } });
    expect(ar.body.data.errors?.month?.[0]).toMatch(/[\u0600-\u06FF]/);
    expect(await db.select().from(ledgerEntries)).toHaveLength(0);
  });

  it("credits writers exactly 60% of the income by impressions, once, and tells them", async () => {
    // 1,000.01 → pool floor(100001 × 0.6) = 60,000 cents; impressions 999 / 1 / 250 (the deleted writer's 10,000 left out).
    const res = await closeMonth("root", { month: MONTH, income: "1000.01" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ month: MONTH, incomeMinor: 100_001, poolMinor: 60_000, impressions: 1_250, writers: 3 });
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, "share"));
    expect(entries.reduce((s, e) => s + e.amountMinor, 0)).toBe(60_000);
    const by = new Map(entries.map((e) => [e.userId, e]));
    // 60000 × 999/1250 = 47952, × 1/1250 = 48, × 250/1250 = 12000: exact, nothing left over.
    expect(by.get(u.w1.id)).toMatchObject({ amountMinor: 47_952, impressions: 999, month: "2025-03-01" });
    expect(by.get(u.w2.id)).toMatchObject({ amountMinor: 48, impressions: 1 });
    expect(by.get(u.w3.id)).toMatchObject({ amountMinor: 12_000, impressions: 250 });
    expect(by.has(u.gone.id)).toBe(false);
    expect(await ledgerBalance(db, u.w1.id)).toBe(47_952);
    await expectBalancesMatchLedger();
    const told = await db.select().from(notifications).where(eq(notifications.userId, u.w1.id));
    expect(told.some((n) => n.message.includes("$479.52") && n.link === "/dashboard/monetization")).toBe(true);
    const [audited] = await db.select().from(auditLog).where(and(eq(auditLog.action, "monetization.month.close"), eq(auditLog.targetId, MONTH)));
    expect(audited?.actorId).toBe(u.root.id);
  });

  it("cannot close a month twice, even at the same time", async () => {
    const again = await closeMonth("root", { month: MONTH, income: "5000" });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(MONTH);
    await seedImpressions(chapter2, "2025-05-10", 3);
    const both = await Promise.all([closeMonth("root", { month: "2025-05", income: "7.77" }), closeMonth("root", { month: "2025-05", income: "7.77" })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const may = await db.select().from(ledgerEntries).where(eq(ledgerEntries.month, "2025-05-01"));
    expect(may).toHaveLength(1);
    expect(may[0]!.amountMinor).toBe(466); // floor(777 × 0.6) = 466, one writer takes it all
    await expectBalancesMatchLedger();
  });

  it("refuses a month without impressions (nobody could be credited) and leaves it open", async () => {
    const res = await closeMonth("root", { month: "2024-01", income: "100" });
    expect(res.status).toBe(409);
    const months = await call(monthsRoute, "GET /api/Monetization/Months", "root");
    expect(months.status).toBe(200);
    const list = months.body.data as unknown as Array<{ month: string; closed: unknown; impressions: number }>;
    expect(list.find((m) => m.month === "2025-03")).toMatchObject({ impressions: 1_250, closed: { incomeMinor: 100_001, poolMinor: 60_000 } });
    expect(list.some((m) => m.month === "2024-01")).toBe(false);
    // An ended month older than a year that was never closed is still listed, so it can be shared.
    await seedImpressions(chapter3, "2024-06-10", 5);
    const again = (await call(monthsRoute, "GET /api/Monetization/Months", "root")).body.data as unknown as Array<{ month: string; ended: boolean; closed: unknown; impressions: number }>;
    expect(again.find((m) => m.month === "2024-06")).toMatchObject({ ended: true, closed: null, impressions: 5 });
  });

  it("the shared schema knows which months have ended", () => {
    const t = (k: string) => k;
    const now = new Date("2026-03-15T12:00:00Z");
    expect(closeMonthSchema(t, now).safeParse({ month: "2026-02", income: "1" }).success).toBe(true);
    expect(closeMonthSchema(t, now).safeParse({ month: "2026-03", income: "1" }).success).toBe(false);
  });
});

describe("payouts", () => {
  it("a payout e-mail is validated and kept on the account", async () => {
    expect((await setPayoutEmail("w1", "not-an-email")).status).toBe(422);
    const ok = await setPayoutEmail("w1", "w1-pay@example.test");
    expect(ok.status).toBe(200);
    expect(ok.body.data.payoutEmail).toBe("w1-pay@example.test");
  });

  it("refuses a request below the threshold or without an e-mail, and changes nothing", async () => {
    const below = await requestPayout("w2"); // 0.48 + 4.66
    expect(below.status).toBe(422);
    await setPayoutEmail("w2", "w2-pay@example.test");
    const stillBelow = await requestPayout("w2");
    expect(stillBelow.status).toBe(422);
    expect(stillBelow.body.message).toMatch(/\$50\.00/);
    await setPayoutEmail("w3", "");
    const noEmail = await requestPayout("w3"); // 120.00, but no address
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.data.errors?.payoutEmail).toBeDefined();
    expect(await db.select().from(transactions).where(eq(transactions.method, "payout"))).toHaveLength(0);
    expect((await requestPayout("reader")).status).toBe(403);
  });

  it("root sets the threshold; writers cannot", async () => {
    expect((await call(settingsRoute, "POST /api/Monetization/Settings", "w1", { body: { threshold: "1.00" } })).status).toBe(403);
    expect((await call(settingsRoute, "POST /api/Monetization/Settings", "root", { body: { threshold: "0.50" } })).status).toBe(422);
    const set = await call(settingsRoute, "POST /api/Monetization/Settings", "root", { body: { threshold: "100.00" } });
    expect(set.status).toBe(200);
    expect(set.body.data.payoutThresholdMinor).toBe(10_000);
    const e = await earnings("w1");
    expect(e.body.data).toMatchObject({ thresholdMinor: 10_000, balanceMinor: 47_952, canRequestPayout: true, creatorSharePercent: 60 });
  });

  it("a request reserves the whole balance as a pending transaction; root marks it paid with the reference", async () => {
    const req = await requestPayout("w1");
    expect(req.status).toBe(200);
    expect(req.body.data).toMatchObject({ method: "payout", amount: 479.52, status: TransactionStatus.Pending, referenceId: "", payoutEmail: "w1-pay@example.test" });
    expect(await ledgerBalance(db, u.w1.id)).toBe(0);
    await expectBalancesMatchLedger();
    expect((await requestPayout("w1")).status).toBe(409);
    const mine = await call(myTransactionsRoute, "GET /api/Authentication/Me/Transactions", "w1");
    expect(JSON.stringify(mine.body.data)).toContain("payout");

    const queue = await call(payoutsRoute, "GET /api/Monetization/Payouts", "root");
    expect(queue.body.data.items?.map((i) => i.username)).toContain(`w1_${tag}`);
    expect((await call(payoutsRoute, "GET /api/Monetization/Payouts", "w1")).status).toBe(403);

    const id = req.body.data.id;
    expect((await resolvePayout("root", { transactionId: id, outcome: "paid" })).status).toBe(422);
    expect((await resolvePayout("w1", { transactionId: id, outcome: "paid", referenceId: "X" })).status).toBe(403);
    const paid = await resolvePayout("root", { transactionId: id, outcome: "paid", referenceId: "PT-2025-0042" });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: TransactionStatus.Completed, referenceId: "PT-2025-0042" });
    expect((await resolvePayout("root", { transactionId: id, outcome: "failed", note: "late" })).status).toBe(409);
    expect(await ledgerBalance(db, u.w1.id)).toBe(0);
    const settled = await call(payoutsRoute, "GET /api/Monetization/Payouts", "root", { query: "status=settled" });
    expect(settled.body.data.items?.[0]).toMatchObject({ id, status: TransactionStatus.Completed });
    await expectBalancesMatchLedger();
  });

  it("a failed payout gives the money back to the balance", async () => {
    await setPayoutEmail("w3", "w3-pay@example.test");
    await call(settingsRoute, "POST /api/Monetization/Settings", "root", { body: { threshold: "50" } });
    const req = await requestPayout("w3");
    expect(req.status).toBe(200);
    expect(await ledgerBalance(db, u.w3.id)).toBe(0);
    const failed = await resolvePayout("root", { transactionId: req.body.data.id, outcome: "failed", note: "The address is not registered with the service." });
    expect(failed.status).toBe(200);
    expect(failed.body.data.status).toBe(TransactionStatus.Failed);
    expect(await ledgerBalance(db, u.w3.id)).toBe(12_000);
    const kinds = (await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, u.w3.id))).map((e) => e.kind).sort();
    expect(kinds).toEqual(["payout", "payout_return", "share"]);
    await expectBalancesMatchLedger();
    expect((await resolvePayout("root", { transactionId: 2_000_000_000, outcome: "paid", referenceId: "x" })).status).toBe(404);
    expect((await resolvePayout("root", { transactionId: "0x10", outcome: "paid", referenceId: "x" })).status).toBe(422);
    expect((await resolvePayout("root", { transactionId: req.body.data.id, outcome: "paid", referenceId: "a\u0000b" })).status).toBe(422);
  });

  it("concurrent requests reserve the money once", async () => {
    const both = await Promise.all([requestPayout("w3"), requestPayout("w3"), requestPayout("w3")]);
    expect(both.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await ledgerBalance(db, u.w3.id)).toBe(0);
    await expectBalancesMatchLedger();
  });
});

describe("the writer's earnings", () => {
  it("shows statements, months, chapters and payouts of the caller only", async () => {
    const res = await earnings("w1");
    expect(res.status).toBe(200);
    const data = res.body.data as unknown as {
      statements: Array<{ month: string; impressions: number; monthImpressions: number; sharePercent: number; amountMinor: number }>;
      chapters: Array<{ chapterId: number; impressions: number; earnedMinor: number }>;
      payouts: Array<{ status: number }>;
      months: Array<{ month: string }>;
    };
    expect(data.statements).toEqual([expect.objectContaining({ month: "2025-03", impressions: 999, monthImpressions: 1_250, sharePercent: 79.92, amountMinor: 47_952 })]);
    expect(data.chapters.find((c) => c.chapterId === chapter1)).toMatchObject({ earnedMinor: 47_952 });
    expect(data.payouts.map((p) => p.status)).toEqual([TransactionStatus.Completed]);
    expect(data.months).toHaveLength(12);
    expect((await earnings("reader")).status).toBe(403);
  });
});
