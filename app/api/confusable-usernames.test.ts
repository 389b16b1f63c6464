import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { Role } from "@/lib/enums";
import { mixedScripts, usernameSkeleton } from "@/lib/validation/usernames";
import { createTestUser } from "@/server/auth/testing";
import { validationTranslator } from "@/server/auth/validation";
import { apiMessage } from "@/server/core/messages";
import type { RouteKey } from "@/server/core/access-table";
import type { RouteHandler } from "@/server/http/route";
import { jsonRequest, noParams, tokenFor } from "@/server/http/test-helpers";
import { POST as Register } from "./Authentication/Register/route";
import { POST as UpdateSelf } from "./Authentication/UpdateSelf/route";
import { POST as CreateUser } from "./User/CreateUser/route";
import { PUT as UpdateUser } from "./User/UpdateUser/route";

/**
 * Issue 19, item 8: `rооt` (Cyrillic о) was accepted beside `root`. Mixed-script usernames are refused (422, a field
 * error), and so is any whose TR39 confusable skeleton matches another account's (409 on the username field), at
 * Register, UpdateSelf, CreateUser and UpdateUser.
 */
let ip = 0;
async function call(handler: RouteHandler, key: RouteKey, opts: { body: unknown; token?: string; locale?: "en" | "ar" }) {
  const headers: Record<string, string> = { "x-forwarded-for": `10.8.${Math.floor(++ip / 250)}.${ip % 250}` };
  if (opts.locale) headers["accept-language"] = opts.locale;
  const res = await handler(jsonRequest(key, { body: opts.body, token: opts.token, headers }), noParams);
  return { status: res.status, body: await res.json() };
}

let n = 0;
function registration(username: string) {
  n += 1;
  return { fullName: "Look Alike", username, email: `alike_${process.pid}_${n}@example.com`, password: "Secret#1", confirmPassword: "Secret#1", role: 0, dateOfBirth: "14/02/2000" };
}
const tag = () => `${process.pid}${Math.floor(Math.random() * 1e6)}`;

describe("the skeleton and the script rule", () => {
  it("match what a reader cannot tell apart", () => {
    expect(new Set(["root", "rооt", "r00t", "ROOT", "rοοt"].map(usernameSkeleton)).size).toBe(1);
    expect(usernameSkeleton("admin")).toBe(usernameSkeleton("adrnin"));
    expect(usernameSkeleton("reader")).not.toBe(usernameSkeleton("writer"));
    for (const name of ["rооt", "аdmin", "pаypal_1"]) expect(mixedScripts(name)).toBe(true);
    for (const name of ["root", "Иван_2", "مانجا_1", "山田たろう", "yamada山田", "김민준", "writer.one@example.com", "Ölçü"]) expect({ name, mixed: mixedScripts(name) }).toEqual({ name, mixed: false });
  });
});

describe("confusable usernames are refused", () => {
  it("at Register: mixed scripts (422, in en and ar) and a look-alike of an existing account (409)", async () => {
    const db = await getDb();
    const t = tag();
    await createTestUser(db, { username: `boss_${t}` });
    const mixed = await call(Register, "POST /api/Authentication/Register", { body: registration(`bоss_${t}x`) });
    expect(mixed.status).toBe(422);
    expect(mixed.body.data.errors.username).toEqual([validationTranslator("en")("usernameMixedScripts")]);
    const mixedAr = await call(Register, "POST /api/Authentication/Register", { body: registration(`bоss_${t}x`), locale: "ar" });
    expect(mixedAr.body.data.errors.username).toEqual([validationTranslator("ar")("usernameMixedScripts")]);
    for (const alike of [`b0ss_${t}`, `BOSS_${t}`.replace("O", "0")]) {
      const res = await call(Register, "POST /api/Authentication/Register", { body: registration(alike) });
      expect({ alike, status: res.status, code: res.body.data.code }).toEqual({ alike, status: 409, code: "usernameConfusable" });
      expect(res.body.data.errors.username).toEqual([apiMessage("en", "usernameConfusable")]);
    }
    // A whole-Cyrillic name that reads as an existing Latin one.
    const digits = String(Date.now()).slice(-6);
    await createTestUser(db, { username: `xop_${digits}` });
    const cyrillic = await call(Register, "POST /api/Authentication/Register", { body: registration(`хор_${digits}`) });
    expect([cyrillic.status, cyrillic.body.data.code]).toEqual([409, "usernameConfusable"]);
    // Names that only differ (or are in another script without a look-alike) still register.
    expect((await call(Register, "POST /api/Authentication/Register", { body: registration(`bosses_${t}`) })).status).toBe(200);
    expect((await call(Register, "POST /api/Authentication/Register", { body: registration(`山田_${t}`) })).status).toBe(200);
  });

  it("at UpdateSelf, CreateUser and UpdateUser", async () => {
    const db = await getDb();
    const t = tag();
    const root = await createTestUser(db, { role: Role.root, username: `root_${t}` });
    const rootToken = await tokenFor(Role.root, root.id);
    const someone = await createTestUser(db);
    const token = await tokenFor(Role.reader, someone.id);

    const self = await call(UpdateSelf, "POST /api/Authentication/UpdateSelf", { body: { username: `r00t_${t}` }, token });
    expect([self.status, self.body.data.code]).toEqual([409, "usernameConfusable"]);
    const selfMixed = await call(UpdateSelf, "POST /api/Authentication/UpdateSelf", { body: { username: `rооt_${t}2` }, token });
    expect(selfMixed.status).toBe(422);
    // Keeping one's own name, or changing its case, is not a conflict with oneself.
    expect((await call(UpdateSelf, "POST /api/Authentication/UpdateSelf", { body: { username: someone.username.toUpperCase() }, token })).status).toBe(200);

    const created = await call(CreateUser, "POST /api/User/CreateUser", {
      body: { ...registration(`R0OT_${t}`), role: Role.reader },
      token: rootToken,
    });
    expect([created.status, created.body.data.code]).toEqual([409, "usernameConfusable"]);
    const updated = await call(UpdateUser, "PUT /api/User/UpdateUser", { body: { id: someone.id, username: `roo7_${t}`.replace("7", "t").replace("oo", "οο") }, token: rootToken });
    expect(updated.status).toBe(422);
    const updatedAlike = await call(UpdateUser, "PUT /api/User/UpdateUser", { body: { id: someone.id, username: `r0ot_${t}` }, token: rootToken });
    expect([updatedAlike.status, updatedAlike.body.data.code]).toEqual([409, "usernameConfusable"]);
  });
});
