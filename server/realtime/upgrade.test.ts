import http from "node:http";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { WebSocket } from "ws";
import { getDb } from "@/db/client";
import { refreshTokens, users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { env } from "@/server/env";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from "@/server/auth/access-token";
import { getBus, PostgresBus, type Bus } from "@/server/core/bus";
import { closeUserSockets, followSocketCloses } from "./close-user-sockets";
import { allSockets, addSocket, closeUser, MAX_BUFFERED_BYTES, MAX_SOCKETS_PER_USER, sendToUser, socketCount } from "./registry";
import { closeNotificationSockets, handleNotificationUpgrade, heartbeat, isNotificationSocketRequest, NOTIFICATION_SOCKET_PATH } from "./upgrade";

/** The account check, passed through; a test may hold it (the database slower than the opens arriving). */
const accountCheck = vi.hoisted(() => ({ hold: null as Promise<void> | null, held: 0 }));
vi.mock("@/server/auth/account-standing", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/server/auth/account-standing")>();
  return {
    ...real,
    accountStanding: async (...args: Parameters<typeof real.accountStanding>) => {
      if (accountCheck.hold) {
        accountCheck.held++;
        await accountCheck.hold;
      }
      return real.accountStanding(...args);
    },
  };
});

/** The socket upgrade on a plain node:http server (starting Next here would be heavy and beside the point). */
let server: http.Server;
let base: string;

beforeAll(async () => {
  // The upgrade checks the account (a banned or deleted one is refused): accounts 1–40 exist.
  const db = await getDb();
  await db
    .insert(users)
    .overridingSystemValue()
    .values(Array.from({ length: 40 }, (_, i) => ({ id: i + 1, username: `upgrade_${i + 1}`, email: `upgrade_${i + 1}@example.test`, fullName: `Upgrade ${i + 1}` })));
  await db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), 40)`);
  server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on("upgrade", (req: http.IncomingMessage, socket, head: Buffer) => {
    if (isNotificationSocketRequest(req)) void handleNotificationUpgrade(req, socket, head);
    else socket.destroy();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}${NOTIFICATION_SOCKET_PATH}`;
});

afterAll(async () => {
  await closeNotificationSockets();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A live sign-in of the account: one unrevoked refresh token in a new family; its id is the access token's sid. */
async function liveFamily(userId: number): Promise<string> {
  const familyId = randomUUID();
  const later = new Date(Date.now() + 60 * 60 * 1000);
  await (await getDb()).insert(refreshTokens).values({ userId, tokenHash: randomUUID(), familyId, expiresAt: later, familyExpiresAt: later });
  return familyId;
}

const tokenFor = async (userId: number, role: Role = Role.reader) => (await signAccessToken({ userId, role })).token;
const urlWith = (token?: string) => (token === undefined ? base : `${base}?accesstoken=${encodeURIComponent(token)}`);

/** The HTTP status a refused handshake answered with. */
async function refusedWith(url: string, options?: ConstructorParameters<typeof WebSocket>[2]): Promise<number> {
  const ws = new WebSocket(url, options);
  ws.on("error", () => undefined);
  const [, res] = (await once(ws, "unexpected-response")) as [unknown, http.IncomingMessage];
  ws.terminate();
  return res.statusCode ?? 0;
}

async function connect(userId: number, options?: ConstructorParameters<typeof WebSocket>[2]): Promise<WebSocket> {
  const ws = new WebSocket(urlWith(await tokenFor(userId)), options);
  await once(ws, "open");
  return ws;
}

function serverSide(userId: number): WebSocket {
  const found = [...allSockets()].find(([id]) => id === userId)?.[1];
  if (!found) throw new Error(`no socket for user ${userId}`);
  return found;
}

describe("notification socket upgrade", () => {
  it("refuses a request without a token with 401", async () => {
    expect(await refusedWith(urlWith())).toBe(401);
    expect(await refusedWith(urlWith(""))).toBe(401);
  });

  it("refuses an invalid or expired token with 401", async () => {
    expect(await refusedWith(urlWith("not-a-token"))).toBe(401);
    const expired = (await signAccessToken({ userId: 1, role: Role.reader }, new Date(Date.now() - 20 * 60 * 1000))).token;
    expect(await refusedWith(urlWith(expired))).toBe(401);
  });

  it("refuses a foreign Origin with 403 and accepts the site's own", async () => {
    const token = await tokenFor(2);
    expect(await refusedWith(urlWith(token), { origin: "https://evil.example" })).toBe(403);
    const ws = new WebSocket(urlWith(token), { origin: env.allowedOrigins[0] });
    await once(ws, "open");
    ws.close();
    await once(ws, "close");
    // A page of the very host the request came to (the site reached by another name than SITE_URL) is its own.
    const sameHost = new WebSocket(urlWith(token), { origin: `http://${new URL(urlWith(token)).host}` });
    await once(sameHost, "open");
    sameHost.close();
    await once(sameHost, "close");
    expect(await refusedWith(urlWith(token), { origin: `http://${new URL(urlWith(token)).hostname}:1` })).toBe(403);
  });

  it("opens for a valid token and delivers JSON sent to that user only", async () => {
    const mine = await connect(3);
    const other = await connect(4);
    expect(socketCount(3)).toBe(1);
    const otherMessages: unknown[] = [];
    other.on("message", (data) => otherMessages.push(data));

    const received = once(mine, "message");
    const payload = { id: 1, message: "Chapter approved", type: 2, isRead: false, createdAt: "2025-01-01T00:00:00Z" };
    expect(sendToUser(3, payload)).toBe(1);
    const [data] = (await received) as [Buffer];
    expect(JSON.parse(data.toString())).toEqual(payload);
    expect(sendToUser(999, payload)).toBe(0);

    // A round trip on the other socket proves nothing was queued for it before.
    const echo = once(other, "message");
    sendToUser(4, { probe: true });
    const [probe] = (await echo) as [Buffer];
    expect(JSON.parse(probe.toString())).toEqual({ probe: true });
    expect(otherMessages).toHaveLength(1);
    mine.close();
    other.close();
    await Promise.all([once(mine, "close"), once(other, "close")]);
  });

  it("closeUser closes every socket of the user with 1000 and unregisters them", async () => {
    const a = await connect(5);
    const b = await connect(5);
    expect(socketCount(5)).toBe(2);
    const serverClosed = [...allSockets()].filter(([id]) => id === 5).map(([, ws]) => once(ws, "close"));
    const closes = Promise.all([once(a, "close"), once(b, "close")]);
    closeUser(5);
    const [[codeA], [codeB]] = (await closes) as [[number], [number]];
    expect([codeA, codeB]).toEqual([1000, 1000]);
    await Promise.all(serverClosed);
    expect(socketCount(5)).toBe(0);
  });

  it("terminates a peer that stops answering pings and keeps one that answers", async () => {
    const dead = await connect(6, { autoPong: false });
    const live = await connect(7);
    const livePong = once(serverSide(7), "pong");
    const deadPing = once(dead, "ping");
    heartbeat();
    await Promise.all([livePong, deadPing]);
    const deadClosed = once(dead, "close");
    heartbeat();
    const [code] = (await deadClosed) as [number];
    expect(code).toBe(1006);
    expect(live.readyState).toBe(WebSocket.OPEN);
    live.close();
    await once(live, "close");
  });

  it("closes a client that sends more than 64 KiB in a message (1009)", async () => {
    const ws = await connect(8);
    const closed = once(ws, "close");
    ws.send("x".repeat(64 * 1024 + 1));
    const [code] = (await closed) as [number];
    expect(code).toBe(1009);
  });

  it("drops a client more than 1 MiB behind instead of buffering more", () => {
    const terminate = vi.fn();
    const send = vi.fn();
    const slow = { readyState: 1, bufferedAmount: MAX_BUFFERED_BYTES + 1, terminate, send, once: vi.fn(), close: vi.fn() };
    addSocket(9, slow as unknown as WebSocket);
    expect(sendToUser(9, { hello: true })).toBe(0);
    expect(terminate).toHaveBeenCalledOnce();
    expect(send).not.toHaveBeenCalled();
  });

  it("closes a socket with 1008 when its token expires, so the client reconnects with a fresh one", async () => {
    // A token that has about a second and a half left.
    const { token, expiresAt } = await signAccessToken({ userId: 11, role: Role.reader }, new Date(Date.now() - (ACCESS_TOKEN_TTL_SECONDS - 2) * 1000 + 500));
    const ws = new WebSocket(urlWith(token));
    await once(ws, "open");
    expect(socketCount(11)).toBe(1);
    const [code, reason] = (await once(ws, "close")) as [number, Buffer];
    expect(code).toBe(1008);
    expect(reason.toString()).toBe("Token expired");
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt.getTime() - 50);
    await expect.poll(() => socketCount(11)).toBe(0);
  });

  it("a socket whose token is far from expiring stays open, and its timer goes when it closes", async () => {
    const ws = await connect(12);
    // A round trip to the server (ping answered by pong) instead of waiting a fixed time: the socket is still served.
    ws.ping();
    await once(ws, "pong");
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
    const [code] = (await once(ws, "close")) as [number];
    expect(code).toBe(1005);
  });

  it("refuses a banned or deleted account with 403 even with a valid token", async () => {
    const db = await getDb();
    await db.update(users).set({ banned: true }).where(eq(users.id, 13));
    expect(await refusedWith(urlWith(await tokenFor(13)))).toBe(403);
    await db.delete(users).where(eq(users.id, 14));
    expect(await refusedWith(urlWith(await tokenFor(14)))).toBe(403);
    expect(await refusedWith(urlWith(await tokenFor(100_000)))).toBe(403);
  });

  it("the heartbeat drops a peer more than 1 MiB behind", async () => {
    const ws = await connect(15);
    Object.defineProperty(serverSide(15), "bufferedAmount", { get: () => MAX_BUFFERED_BYTES + 1 });
    const closed = once(ws, "close");
    heartbeat();
    const [code] = (await closed) as [number];
    expect(code).toBe(1006);
    await expect.poll(() => socketCount(15)).toBe(0);
  });

  it("closeUserSockets closes every socket of the user on every process (the manga_sockets bus channel), and no one else's", async () => {
    // On Postgres a second listener stands for another process that serves the sockets; on PGlite the one in-process bus.
    const url = process.env.TEST_DATABASE_URL;
    let other: Bus = await getBus();
    if (url) {
      const handle = await (await import("@/db/client")).getDbHandle();
      const databaseUrl = (handle.raw as { options: { connectionString: string } }).options.connectionString;
      const listener = new PostgresBus({ url: databaseUrl, db: handle.db });
      await listener.whenListening();
      other = listener;
    }
    const stop = followSocketCloses(other);
    try {
      const [a, b, bystander] = [await connect(16), await connect(16), await connect(17)];
      const closes = Promise.all([once(a, "close"), once(b, "close")]);
      await closeUserSockets(16, 1000, "Account closed");
      const [[codeA, reasonA], [codeB]] = (await closes) as [[number, Buffer], [number]];
      expect([codeA, codeB]).toEqual([1000, 1000]);
      expect(reasonA.toString()).toBe("Account closed");
      await expect.poll(() => socketCount(16)).toBe(0);
      expect(bystander.readyState).toBe(WebSocket.OPEN);
      // A code a client may not be sent falls back to 1008 rather than throwing.
      const bystanderClosed = once(bystander, "close");
      await closeUserSockets(17, 1006, "x".repeat(300));
      const [code] = (await bystanderClosed) as [number];
      expect(code).toBe(1008);
    } finally {
      stop();
      if (url) await other.close();
    }
  });

  it("a logout closes that sign-in's sockets only (the token's sid), on every process", async () => {
    // Two live sign-ins (refresh token families) of account 16.
    const [phoneSid, laptopSid] = await Promise.all([liveFamily(16), liveFamily(16)]);
    const open = async (sid: string) => {
      const ws = new WebSocket(urlWith((await signAccessToken({ userId: 16, role: Role.reader, sid })).token));
      await once(ws, "open");
      return ws;
    };
    const stop = followSocketCloses(await getBus());
    try {
      const [phone, laptop] = [await open(phoneSid), await open(laptopSid)];
      const closed = once(phone, "close");
      await closeUserSockets(16, 1000, "Signed out", phoneSid);
      const [code] = (await closed) as [number];
      expect(code).toBe(1000);
      await expect.poll(() => socketCount(16)).toBe(1);
      expect(laptop.readyState).toBe(WebSocket.OPEN);
      laptop.close();
      await once(laptop, "close");
    } finally {
      stop();
    }
  });

  it("many opens at once with one token open at most MAX_SOCKETS_PER_USER sockets; the rest are refused with 429", async () => {
    const userId = 12;
    const token = await tokenFor(userId);
    const attempts = 200;
    // The account check is held until every open has either reached it or been refused, as when the database is slower
    // than the opens arrive: the cap must count opens still in flight.
    let release!: () => void;
    accountCheck.hold = new Promise<void>((resolve) => (release = resolve));
    accountCheck.held = 0;
    let refused = 0;
    const pending = Array.from({ length: attempts }, async () => {
      const ws = new WebSocket(urlWith(token));
      ws.on("error", () => undefined);
      return Promise.race([
        once(ws, "open").then(() => ({ ws, status: 101 })),
        once(ws, "unexpected-response").then(([, res]) => {
          refused++;
          return { ws, status: (res as http.IncomingMessage).statusCode ?? 0 };
        }),
      ]);
    });
    try {
      await vi.waitFor(() => expect(accountCheck.held + refused).toBe(attempts), { timeout: 20_000 });
    } finally {
      accountCheck.hold = null;
      release();
    }
    const outcomes = await Promise.all(pending);
    const opened = outcomes.filter((o) => o.status === 101);
    expect(opened.length).toBe(MAX_SOCKETS_PER_USER);
    expect(outcomes.filter((o) => o.status === 429)).toHaveLength(attempts - MAX_SOCKETS_PER_USER);
    expect(socketCount(userId)).toBe(MAX_SOCKETS_PER_USER);
    // A closed one frees its place for the next open.
    const first = opened[0]!.ws;
    first.close();
    await once(first, "close");
    await vi.waitFor(() => expect(socketCount(userId)).toBe(MAX_SOCKETS_PER_USER - 1));
    const again = await connect(userId);
    expect(socketCount(userId)).toBe(MAX_SOCKETS_PER_USER);
    for (const o of outcomes) o.ws.terminate();
    again.terminate();
    await vi.waitFor(() => expect(socketCount(userId)).toBe(0));
  });

  it("closes open sockets with 1001 on shutdown", async () => {
    const ws = await connect(10);
    const closed = once(ws, "close");
    await closeNotificationSockets();
    const [code] = (await closed) as [number];
    expect(code).toBe(1001);
  });
});
