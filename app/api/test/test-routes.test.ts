import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { emailOutbox, users } from "@/db/schema";
import { jsonRequest, noParams } from "@/server/http/test-helpers";
import { POST as mustSelectRole } from "./must-select-role/route";
import { POST as notify } from "./notify/route";
import { GET as outbox } from "./outbox/route";
import { POST as renameManga } from "./rename-manga/route";
import { POST as createUser } from "./create-user/route";
import { POST as seedEarnings } from "./seed-earnings/route";

const ORIGINAL = process.env.E2E_TEST_ROUTES;
afterEach(() => {
  if (ORIGINAL === undefined) delete process.env.E2E_TEST_ROUTES;
  else process.env.E2E_TEST_ROUTES = ORIGINAL;
});

describe("/api/test/* (browser-test helpers)", () => {
  it("do not exist unless E2E_TEST_ROUTES=1", async () => {
    delete process.env.E2E_TEST_ROUTES;
    const a = await outbox(jsonRequest("GET /api/test/outbox", { query: "to=a@example.com" }), noParams);
    expect(a.status).toBe(404);
    const b = await mustSelectRole(jsonRequest("POST /api/test/must-select-role", { body: { username: "x" } }), noParams);
    expect(b.status).toBe(404);
    expect((await notify(jsonRequest("POST /api/test/notify", { body: { username: "x", message: "m" } }), noParams)).status).toBe(404);
    expect((await renameManga(jsonRequest("POST /api/test/rename-manga", { body: { mangaId: 1, title: "t" } }), noParams)).status).toBe(404);
    expect((await createUser(jsonRequest("POST /api/test/create-user", { body: { username: "xyz", password: "Secret1!" } }), noParams)).status).toBe(404);
    expect((await seedEarnings(jsonRequest("POST /api/test/seed-earnings", { body: { username: "xyz", impressions: 5 } }), noParams)).status).toBe(404);
    // Not even bad input reveals them.
    expect((await outbox(jsonRequest("GET /api/test/outbox"), noParams)).status).toBe(404);
    expect((await mustSelectRole(jsonRequest("POST /api/test/must-select-role", { raw: "{" }), noParams)).status).toBe(404);
  });

  it("read the outbox and flag an account when enabled", async () => {
    process.env.E2E_TEST_ROUTES = "1";
    const db = await getDb();
    await db.insert(emailOutbox).values([
      { to: "Reader@Example.com", subject: "Verify", text: "http://x/auth/verify-email?token=abc" },
      { to: "other@example.com", subject: "Other", text: "-" },
    ]);
    const res = await outbox(jsonRequest("GET /api/test/outbox", { query: "to=reader@example.com" }), noParams);
    const body = (await res.json()) as { data: Array<{ subject: string; text: string }> };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]?.text).toContain("token=abc");

    await db.insert(users).values({ username: "Migrated", email: "migrated@example.com", fullName: "M", role: 1 });
    const flagged = await mustSelectRole(jsonRequest("POST /api/test/must-select-role", { body: { username: "migrated" } }), noParams);
    expect((await flagged.json()).data).toMatchObject({ mustSelectRole: true });
    const missing = await mustSelectRole(jsonRequest("POST /api/test/must-select-role", { body: { username: "nobody" } }), noParams);
    expect(missing.status).toBe(404);
    expect((await outbox(jsonRequest("GET /api/test/outbox"), noParams)).status).toBe(422);

    const created = await createUser(jsonRequest("POST /api/test/create-user", { body: { username: "tester_one", password: "Secret1!" } }), noParams);
    expect(created.status).toBe(200);
    expect((await created.json()).data).toMatchObject({ username: "tester_one" });
  });
});
