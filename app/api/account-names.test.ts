import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { usernameSkeleton } from "@/lib/validation/usernames";
import { backfillUsernameSkeletons } from "@/server/auth/username-skeletons";
import { createTestUser } from "@/server/auth/testing";
import { validationTranslator } from "@/server/auth/validation";
import type { RouteKey } from "@/server/core/access-table";
import type { RouteHandler } from "@/server/http/route";
import { jsonRequest, noParams, tokenFor } from "@/server/http/test-helpers";
import { POST as DeleteMe } from "./Authentication/DeleteMe/route";
import { POST as Register } from "./Authentication/Register/route";
import { POST as UpdateSelf } from "./Authentication/UpdateSelf/route";
import { POST as CreateUser } from "./User/CreateUser/route";
import { DELETE as DeleteUser } from "./User/DeleteUser/route";
import { PUT as UpdateUser } from "./User/UpdateUser/route";

/**
 * Issue 27, items 5 and 13 (accounts registered to attack the site):
 * - 5: registering `deleted-15` made user 15's DeleteMe and root's DeleteUser answer 500 (the tombstone's name collided
 *   with the unique index). The tombstone form is reserved everywhere a name is chosen, and tombstones are kept out of
 *   the unique indexes, so an account that already holds such a name cannot block a deletion either.
 * - 13: `ｒｏｏｔ` (fullwidth) and `Root.` were accepted beside `root`. Names are NFKC-normalised and trimmed of
 *   leading and trailing punctuation before the confusable skeleton, which is stored (username_skeleton) under a
 *   unique index instead of scanning every account.
 */
// The database opens and migrates once, under the hook's longer timeout, not inside the first test.
beforeAll(async () => {
  await getDb();
});

let ip = 0;
async function call(handler: RouteHandler, key: RouteKey, opts: { body: unknown; token?: string; locale?: "en" | "ar" }) {
  const headers: Record<string, string> = { "x-forwarded-for": `10.27.${Math.floor(++ip / 250)}.${ip % 250}` };
  if (opts.locale) headers["accept-language"] = opts.locale;
  const res = await handler(jsonRequest(key, { body: opts.body, token: opts.token, headers }), noParams);
  return { status: res.status, body: await res.json() };
}

let n = 0;
function registration(username: string) {
  n += 1;
  return { fullName: "Name Taker", username, email: `names_${process.pid}_${n}_${Math.random().toString(36).slice(2, 7)}@example.com`, password: "Secret#1", confirmPassword: "Secret#1", role: 0, dateOfBirth: "14/02/2000" };
}
const tag = () => `${process.pid}${Math.floor(Math.random() * 1e6)}`;

describe("tombstone names (item 5)", () => {
  it("are reserved at Register, UpdateSelf, CreateUser and UpdateUser (422 on username, in en and ar)", async () => {
    const db = await getDb();
    const victim = await createTestUser(db);
    const root = await createTestUser(db, { role: Role.root });
    const rootToken = await tokenFor(Role.root, root.id);
    const someone = await createTestUser(db);
    const token = await tokenFor(Role.reader, someone.id);
    const reserved = validationTranslator("en")("usernameReserved");
    for (const name of [`deleted-${victim.id}`, `Deleted-${victim.id}`, `ｄｅｌｅｔｅｄ-${victim.id}`, `deleted-999999`]) {
      const registered = await call(Register, "POST /api/Authentication/Register", { body: registration(name) });
      expect({ name, status: registered.status, errors: registered.body.data?.errors?.username }).toEqual({ name, status: 422, errors: [reserved] });
      const self = await call(UpdateSelf, "POST /api/Authentication/UpdateSelf", { body: { username: name }, token });
      expect({ name, status: self.status, errors: self.body.data?.errors?.username }).toEqual({ name, status: 422, errors: [reserved] });
      const created = await call(CreateUser, "POST /api/User/CreateUser", { body: { ...registration(name), role: Role.reader }, token: rootToken });
      expect({ name, status: created.status, errors: created.body.data?.errors?.username }).toEqual({ name, status: 422, errors: [reserved] });
      const updated = await call(UpdateUser, "PUT /api/User/UpdateUser", { body: { id: someone.id, username: name }, token: rootToken });
      expect({ name, status: updated.status, errors: updated.body.data?.errors?.username }).toEqual({ name, status: 422, errors: [reserved] });
    }
    const ar = await call(Register, "POST /api/Authentication/Register", { body: registration(`deleted-${victim.id}`), locale: "ar" });
    expect(ar.body.data.errors.username).toEqual([validationTranslator("ar")("usernameReserved")]);
    // Names that only start like it still register.
    expect((await call(Register, "POST /api/Authentication/Register", { body: registration(`deleted-fan_${tag()}`) })).status).toBe(200);
  });

  it("never block DeleteMe nor DeleteUser, even when a live account already holds the name (from before the fix)", async () => {
    const db = await getDb();
    const self = await createTestUser(db);
    const other = await createTestUser(db);
    // Accounts registered before the reservation: inserted directly, as Register would have made them.
    await createTestUser(db, { username: `deleted-${self.id}`, usernameSkeleton: usernameSkeleton(`deleted-${self.id}`) });
    await createTestUser(db, { username: `DELETED-${other.id}`, email: `deleted-${other.id}@deleted.invalid` });
    const root = await createTestUser(db, { role: Role.root });

    const me = await call(DeleteMe, "POST /api/Authentication/DeleteMe", { body: { password: self.password }, token: await tokenFor(Role.reader, self.id) });
    expect(me.status).toBe(200);
    const byRoot = await call(DeleteUser, "DELETE /api/User/DeleteUser", { body: { userId: other.id }, token: await tokenFor(Role.root, root.id) });
    expect(byRoot.status).toBe(200);
    const rows = await db.select({ id: users.id, username: users.username, deletedAt: users.deletedAt, skeleton: users.usernameSkeleton }).from(users).where(sql`${users.id} in (${self.id}, ${other.id})`);
    for (const row of rows) {
      expect(row.deletedAt).not.toBeNull();
      expect(row.username).toBe(`deleted-${row.id}`);
      expect(row.skeleton).toBeNull();
    }
  });
});

describe("look-alike usernames (item 13)", () => {
  it("normalise fullwidth letters, case and leading or trailing punctuation into one skeleton", () => {
    const forms = ["root", "ｒｏｏｔ", "Root.", "ROOT", "_root", "root-", ".Ｒｏｏｔ..", "rооt"];
    expect(new Set(forms.map(usernameSkeleton)).size).toBe(1);
    expect(usernameSkeleton("ro.ot")).not.toBe(usernameSkeleton("root"));
    expect(usernameSkeleton("root2")).not.toBe(usernameSkeleton("root"));
  });

  it("are refused beside an existing name at Register, UpdateSelf, CreateUser and UpdateUser (409 usernameConfusable)", async () => {
    const db = await getDb();
    const t = tag();
    const reg = await call(Register, "POST /api/Authentication/Register", { body: registration(`chief_${t}`) });
    expect(reg.status).toBe(200);
    const fullwidth = `ｃｈｉｅｆ_${t}`;
    const dotted = `Chief_${t}.`;
    for (const alike of [fullwidth, dotted, `-chief_${t}`]) {
      const res = await call(Register, "POST /api/Authentication/Register", { body: registration(alike) });
      expect({ alike, status: res.status, code: res.body.data?.code }).toEqual({ alike, status: 409, code: "usernameConfusable" });
    }
    const root = await createTestUser(db, { role: Role.root });
    const rootToken = await tokenFor(Role.root, root.id);
    const someone = await createTestUser(db);
    const token = await tokenFor(Role.reader, someone.id);
    const self = await call(UpdateSelf, "POST /api/Authentication/UpdateSelf", { body: { username: dotted }, token });
    expect([self.status, self.body.data.code]).toEqual([409, "usernameConfusable"]);
    const created = await call(CreateUser, "POST /api/User/CreateUser", { body: { ...registration(fullwidth), role: Role.reader }, token: rootToken });
    expect([created.status, created.body.data.code]).toEqual([409, "usernameConfusable"]);
    const updated = await call(UpdateUser, "PUT /api/User/UpdateUser", { body: { id: someone.id, username: fullwidth }, token: rootToken });
    expect([updated.status, updated.body.data.code]).toEqual([409, "usernameConfusable"]);

    // The stored skeleton follows each change of name: after UpdateSelf the old name's look-alikes are free again.
    const renamed = await call(UpdateSelf, "POST /api/Authentication/UpdateSelf", { body: { username: `other_${t}` }, token });
    expect(renamed.status).toBe(200);
    const [row] = await db.select({ skeleton: users.usernameSkeleton }).from(users).where(eq(users.id, someone.id));
    expect(row?.skeleton).toBe(usernameSkeleton(`other_${t}`));
    expect((await call(Register, "POST /api/Authentication/Register", { body: registration(`0ther_${t}`) })).body.data?.code).toBe("usernameConfusable");
    // One's own name in another form is not a conflict with oneself.
    expect((await call(UpdateSelf, "POST /api/Authentication/UpdateSelf", { body: { username: `OTHER_${t}` }, token })).status).toBe(200);
  });

  it("are kept apart by a unique index, which tombstones are not in", async () => {
    const db = await getDb();
    const t = tag();
    const skeleton = usernameSkeleton(`twin_${t}`);
    await createTestUser(db, { username: `twin_${t}`, usernameSkeleton: skeleton });
    await expect(createTestUser(db, { username: `twln_${t}`, usernameSkeleton: skeleton })).rejects.toThrow();
    await createTestUser(db, { username: `ghost_a_${t}`, deletedAt: new Date(), usernameSkeleton: null });
    await createTestUser(db, { username: `ghost_b_${t}`, deletedAt: new Date(), usernameSkeleton: null });
  });

  it("are backfilled for rows without a skeleton; a later duplicate keeps none and nothing fails", async () => {
    const db = await getDb();
    const t = tag();
    const first = await createTestUser(db, { username: `old_${t}`, usernameSkeleton: null });
    const second = await createTestUser(db, { username: `0ld_${t}`, usernameSkeleton: null });
    const gone = await createTestUser(db, { username: `gone_${t}`, usernameSkeleton: null, deletedAt: new Date() });
    await backfillUsernameSkeletons(db);
    const rows = await db.select({ id: users.id, skeleton: users.usernameSkeleton }).from(users).where(sql`${users.id} in (${first.id}, ${second.id}, ${gone.id})`);
    const byId = new Map(rows.map((r) => [r.id, r.skeleton]));
    expect(byId.get(first.id)).toBe(usernameSkeleton(`old_${t}`));
    expect(byId.get(second.id)).toBeNull();
    expect(byId.get(gone.id)).toBeNull();
    // The look-alike of the older one is still refused through the older one's skeleton.
    expect((await call(Register, "POST /api/Authentication/Register", { body: registration(`OLD_${t}.`) })).body.data?.code).toBe("usernameConfusable");
  });
});
