import http from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { getDb } from "@/db/client";
import { Role } from "@/lib/enums";
import { signAccessToken, verifyAccessToken } from "@/server/auth/access-token";
import { createTestUser, type TestUser } from "@/server/auth/testing";
import type { RouteKey } from "@/server/core/access-table";
import type { RouteHandler } from "@/server/http/route";
import { jsonRequest, noParams } from "@/server/http/test-helpers";
import { handleNotificationUpgrade, isNotificationSocketRequest, NOTIFICATION_SOCKET_PATH, closeNotificationSockets } from "@/server/realtime/upgrade";
import { POST as ChangePassword } from "./ChangePassword/route";
import { POST as DeleteMe } from "./DeleteMe/route";
import { POST as Login } from "./Login/route";
import { POST as Logout } from "./Logout/route";
import { POST as RefreshToken } from "./RefreshToken/route";
import { GET as Me } from "./Me/route";
import { POST as RevokeSession } from "./Sessions/Revoke/route";
import { POST as RevokeOthers } from "./Sessions/RevokeOthers/route";
import { PUT as UpdateUser } from "../User/UpdateUser/route";

/**
 * Issue 19, item 6: after Logout the session's access token still read /Me and opened a notification socket until it
 * expired (15 minutes). Now every authenticated request and socket checks, in the account's query, that the token's
 * sign-in (its `sid`, the refresh token family) is not revoked: the old token is refused at once after Logout, revoking
 * that session or the others, a password change, a ban and a deletion.
 */
const ROUTES = {
  "POST /api/Authentication/Login": Login,
  "POST /api/Authentication/Logout": Logout,
  "POST /api/Authentication/RefreshToken": RefreshToken,
  "GET /api/Authentication/Me": Me,
  "POST /api/Authentication/Sessions/Revoke": RevokeSession,
  "POST /api/Authentication/Sessions/RevokeOthers": RevokeOthers,
  "POST /api/Authentication/ChangePassword": ChangePassword,
  "POST /api/Authentication/DeleteMe": DeleteMe,
  "PUT /api/User/UpdateUser": UpdateUser,
} satisfies Partial<Record<RouteKey, RouteHandler>>;

let ip = 0;
async function call(key: keyof typeof ROUTES, opts: { body?: unknown; token?: string } = {}) {
  const headers = { "x-forwarded-for": `10.6.${Math.floor(++ip / 250)}.${ip % 250}` };
  const res = await ROUTES[key](jsonRequest(key, { ...opts, headers }), noParams);
  return { status: res.status, body: await res.json() };
}

interface Session {
  accessToken: string;
  refreshToken: string;
  sid: string;
}
async function signIn(user: TestUser, password = user.password): Promise<Session> {
  const res = await call("POST /api/Authentication/Login", { body: { username: user.username, password } });
  expect(res.status).toBe(200);
  const { accessToken, refreshToken } = res.body.data as { accessToken: string; refreshToken: string };
  const sid = (await verifyAccessToken(accessToken))?.sid;
  expect(sid).toMatch(/^[0-9a-f-]{36}$/);
  return { accessToken, refreshToken, sid: sid! };
}

let server: http.Server;
let socketBase: string;
beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on("upgrade", (req: http.IncomingMessage, socket, head: Buffer) => {
    if (isNotificationSocketRequest(req)) void handleNotificationUpgrade(req, socket, head);
    else socket.destroy();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  socketBase = `ws://127.0.0.1:${(server.address() as AddressInfo).port}${NOTIFICATION_SOCKET_PATH}`;
});
afterAll(async () => {
  await closeNotificationSockets();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Whether a notification socket opens with this token ("open"), or the handshake's refusal status. */
async function socketWith(token: string): Promise<"open" | number> {
  const ws = new WebSocket(`${socketBase}?accesstoken=${encodeURIComponent(token)}`);
  ws.on("error", () => undefined);
  const outcome = await Promise.race([
    once(ws, "open").then(() => "open" as const),
    once(ws, "unexpected-response").then(([, res]) => (res as http.IncomingMessage).statusCode ?? 0),
  ]);
  ws.terminate();
  return outcome;
}

async function expectLive(session: Session) {
  expect((await call("GET /api/Authentication/Me", { token: session.accessToken })).status).toBe(200);
  expect(await socketWith(session.accessToken)).toBe("open");
}
async function expectRefused(session: Session, socketStatus = 401) {
  const me = await call("GET /api/Authentication/Me", { token: session.accessToken });
  expect(me.status).toBe(401);
  expect(me.body).toMatchObject({ statusCode: 401 });
  expect(await socketWith(session.accessToken)).toBe(socketStatus);
}

describe("a revoked sign-in's access token is refused at once", () => {
  it("after Logout (the user's other sign-in goes on)", async () => {
    const user = await createTestUser(await getDb());
    const [phone, laptop] = [await signIn(user), await signIn(user)];
    await expectLive(phone);
    expect((await call("POST /api/Authentication/Logout", { body: { refreshToken: phone.refreshToken }, token: phone.accessToken })).status).toBe(200);
    await expectRefused(phone);
    await expectLive(laptop);
  });

  it("after Logout with only the bearer token (issue 27, item 11: body {} ends the token's own sign-in)", async () => {
    const user = await createTestUser(await getDb());
    const [phone, laptop] = [await signIn(user), await signIn(user)];
    const res = await call("POST /api/Authentication/Logout", { body: {}, token: phone.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("You have been signed out.");
    await expectRefused(phone);
    // The sign-in's refresh token is revoked with it, and the other device goes on.
    expect((await call("POST /api/Authentication/RefreshToken", { body: { refreshToken: phone.refreshToken } })).status).toBe(401);
    await expectLive(laptop);
    // A token that names no sign-in (no sid) with no refresh token: it is not told that it was signed out.
    const { token } = await signAccessToken({ userId: user.id, role: Role.reader });
    const nothing = await call("POST /api/Authentication/Logout", { body: {}, token });
    expect([nothing.status, nothing.body.message]).toEqual([200, "No sign-in was found to sign out."]);
  });

  it("after revoking that session, or the others", async () => {
    const user = await createTestUser(await getDb());
    const [a, b, c] = [await signIn(user), await signIn(user), await signIn(user)];
    expect((await call("POST /api/Authentication/Sessions/Revoke", { body: { sessionId: b.sid }, token: a.accessToken })).status).toBe(200);
    await expectRefused(b);
    await expectLive(a);
    expect((await call("POST /api/Authentication/Sessions/RevokeOthers", { token: a.accessToken })).status).toBe(200);
    await expectRefused(c);
    await expectLive(a);
  });

  it("after a password change (the other sign-ins; the one that changed it goes on)", async () => {
    const user = await createTestUser(await getDb());
    const [mine, other] = [await signIn(user), await signIn(user)];
    const res = await call("POST /api/Authentication/ChangePassword", {
      body: { currentPassword: user.password, newPassword: "Another#456", confirmPassword: "Another#456" },
      token: mine.accessToken,
    });
    expect(res.status).toBe(200);
    await expectRefused(other);
    await expectLive(mine);
  });

  it("after a ban and after a deletion", async () => {
    const db = await getDb();
    const root = await createTestUser(db, { role: Role.root });
    const rootSession = await signIn(root);
    const banned = await createTestUser(db);
    const bannedSession = await signIn(banned);
    await expectLive(bannedSession);
    expect((await call("PUT /api/User/UpdateUser", { body: { id: banned.id, isBanned: true }, token: rootSession.accessToken })).status).toBe(200);
    expect((await call("GET /api/Authentication/Me", { token: bannedSession.accessToken })).status).toBe(401);
    expect(await socketWith(bannedSession.accessToken)).toBe(403);

    const leaving = await createTestUser(db);
    const leavingSession = await signIn(leaving);
    expect((await call("POST /api/Authentication/DeleteMe", { body: { password: leaving.password }, token: leavingSession.accessToken })).status).toBe(200);
    expect((await call("GET /api/Authentication/Me", { token: leavingSession.accessToken })).status).toBe(401);
    expect(await socketWith(leavingSession.accessToken)).toBe(403);
  });
});
