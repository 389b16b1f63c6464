import http from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { Role } from "@/db/schema/enums";
import { env } from "@/server/env";
import { signAccessToken } from "@/server/auth/access-token";
import { allSockets, addSocket, closeUser, MAX_BUFFERED_BYTES, sendToUser, socketCount } from "./registry";
import { closeNotificationSockets, handleNotificationUpgrade, heartbeat, isNotificationSocketRequest, NOTIFICATION_SOCKET_PATH } from "./upgrade";

/** The socket upgrade on a plain node:http server (starting Next here would be heavy and beside the point). */
let server: http.Server;
let base: string;

beforeAll(async () => {
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

  it("closes open sockets with 1001 on shutdown", async () => {
    const ws = await connect(10);
    const closed = once(ws, "close");
    await closeNotificationSockets();
    const [code] = (await closed) as [number];
    expect(code).toBe(1001);
  });
});
