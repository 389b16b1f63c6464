import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { readerSettings, rateLimits } from "@/db/schema";
import { Role } from "@/lib/enums";
import { GET as getRoute, PUT as putRoute } from "@/app/api/Authentication/Me/ReaderSettings/route";
import { RATE_RULES, rateKey } from "@/server/core/rate-limit";
import { jsonRequest, makeUsers, send } from "@/tests/fixtures/publishing-kit";
import { MAX_SERIES } from "./reader-settings";

const PATH = "/api/Authentication/Me/ReaderSettings";

const doc = {
  prefs: { view: "vertical", allSeries: false },
  series: { "12": { view: "double", coverAlone: false, shift: true, direction: 0, at: 1_790_000_000_000 } },
  keys: { "next.ltr": ["d"], "previous.ltr": ["a"], goToPage: ["j"] },
  touch: { tapZones: false, swipe: true, swipeSensitivity: "high" },
};

/** The reader's settings on the account (issue 32, items 4 and 5; ADR 009). */
describe("reader settings on the account", () => {
  it("visitors get 401; a reader reads null, saves a document and reads it back; another account is apart", async () => {
    const db = await getDb();
    const who = await makeUsers(db, "rdset", { a: { role: Role.reader }, b: { role: Role.writer } });
    expect((await send(getRoute, jsonRequest(`GET ${PATH}`))).status).toBe(401);
    const anonymous = await send(putRoute, jsonRequest(`PUT ${PATH}`, { body: doc }));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ statusCode: 401 });

    const empty = await send(getRoute, jsonRequest(`GET ${PATH}`, { token: who.a.token }));
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ settings: null, updatedAt: null });

    const put = await send(putRoute, jsonRequest(`PUT ${PATH}`, { token: who.a.token, body: doc }));
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ settings: doc });
    const read = await send(getRoute, jsonRequest(`GET ${PATH}`, { token: who.a.token }));
    expect(read.body.data).toMatchObject({ settings: doc, updatedAt: expect.any(String) });
    // A later save replaces the document; parts left out read as empty.
    await send(putRoute, jsonRequest(`PUT ${PATH}`, { token: who.a.token, body: { keys: { zoomIn: ["i", "+"] } } }));
    expect((await send(getRoute, jsonRequest(`GET ${PATH}`, { token: who.a.token }))).body.data).toMatchObject({ settings: { prefs: {}, series: {}, keys: { zoomIn: ["i", "+"] }, touch: {} } });
    expect((await send(getRoute, jsonRequest(`GET ${PATH}`, { token: who.b.token }))).body.data).toEqual({ settings: null, updatedAt: null });
  });

  it("bad input is the envelope's 422 (or 413 over the byte cap) and stores nothing", async () => {
    const db = await getDb();
    const who = await makeUsers(db, "rdbad", { a: { role: Role.reader } });
    const series = Object.fromEntries(Array.from({ length: MAX_SERIES + 1 }, (_, i) => [String(i + 1), { view: "single" }]));
    const bad: unknown[] = [
      { keys: { "next.ltr": ["Escape"] } }, // reserved
      { keys: { "next.ltr": ["a", "b", "c", "d"] } }, // more than 3 keys
      { keys: { "next.ltr": [] } },
      { keys: { jump: ["j"] } }, // not a binding
      { keys: { goToPage: ["x".repeat(25)] } },
      { touch: { swipeSensitivity: "extreme" } },
      { touch: { tapZones: "yes" } },
      { prefs: { view: "spiral" } },
      { prefs: { dataSaver: true } }, // the device's, not the account's
      { series: { abc: { view: "single" } } },
      { series: { "5": { view: "single", colour: "red" } } },
      { series }, // past the cap
      { other: true },
      [],
      "settings",
    ];
    for (const body of bad) {
      const res = await send(putRoute, jsonRequest(`PUT ${PATH}`, { token: who.a.token, body }));
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body).toMatchObject({ statusCode: 422, data: { code: "validationFailed" } });
    }
    const huge = { series: Object.fromEntries(Array.from({ length: 150 }, (_, i) => [String(i + 1), { view: "single", fit: "width", direction: 1, coverAlone: true, shift: false, at: 1_790_000_000_000 + i }])), prefs: {}, keys: {}, touch: {} };
    const big = await send(putRoute, jsonRequest(`PUT ${PATH}`, { token: who.a.token, headers: { "content-type": "application/json" }, raw: JSON.stringify({ ...huge, padding: "x".repeat(40_000) }) }));
    expect(big.status).toBe(413);
    expect(await db.select().from(readerSettings).where(eq(readerSettings.userId, who.a.id))).toEqual([]);
    // The cap itself is fine.
    const full = Object.fromEntries(Array.from({ length: MAX_SERIES }, (_, i) => [String(i + 1), { view: "single", fit: "width", direction: 1, coverAlone: true, shift: false, at: 1_790_000_000_000 + i }]));
    expect((await send(putRoute, jsonRequest(`PUT ${PATH}`, { token: who.a.token, body: { series: full } }))).status).toBe(200);
  });

  it("saves are rate-limited per account (429 past the rule, nothing stored)", async () => {
    const db = await getDb();
    const who = await makeUsers(db, "rdrate", { a: { role: Role.reader } });
    const key = rateKey(RATE_RULES.readerSettingsUser, `u:${who.a.id}`);
    await db.insert(rateLimits).values({ key, windowStart: new Date(), count: RATE_RULES.readerSettingsUser.limit });
    const res = await send(putRoute, jsonRequest(`PUT ${PATH}`, { token: who.a.token, body: doc }));
    expect(res.status).toBe(429);
    expect(await db.select().from(readerSettings).where(eq(readerSettings.userId, who.a.id))).toEqual([]);
  });
});
