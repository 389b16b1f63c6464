import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLiveConnection, type SocketLike } from "./live-connection";
import type { ConnectionStatus } from "./notification-state";
import { closeLine, createReconnectScheduler, retryDelay, socketUrl } from "./reconnect";

describe("retryDelay", () => {
  it("doubles from 1 s and stops at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20, 1000].map((n) => retryDelay(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000]);
  });
});

describe("createReconnectScheduler (fake timers)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs each retry after 1, 2, 4 … 30 s while the connection keeps failing", () => {
    const scheduler = createReconnectScheduler();
    const runs: number[] = [];
    const start = Date.now();
    const fail = () => {
      runs.push(Date.now() - start);
      if (runs.length < 8) scheduler.schedule(fail);
    };
    scheduler.schedule(fail);
    vi.advanceTimersByTime(999);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([1000]);
    vi.advanceTimersByTime(200_000);
    // 1, +2, +4, +8, +16, +30, +30, +30 seconds
    expect(runs).toEqual([1000, 3000, 7000, 15000, 31000, 61000, 91000, 121000]);
  });

  it("keeps only one retry pending", () => {
    const scheduler = createReconnectScheduler();
    const run = vi.fn();
    expect(scheduler.schedule(run)).toBe(1000);
    expect(scheduler.schedule(run)).toBeNull();
    expect(scheduler.schedule(run)).toBeNull();
    expect(scheduler.pending).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(scheduler.pending).toBe(false);
    // The refused calls did not count as attempts: the next one waits 2 s.
    expect(scheduler.schedule(run)).toBe(2000);
  });

  it("starts again at 1 s after the connection opened", () => {
    const scheduler = createReconnectScheduler();
    scheduler.schedule(() => undefined);
    vi.runAllTimers();
    scheduler.schedule(() => undefined);
    vi.runAllTimers();
    expect(scheduler.attempts).toBe(2);
    scheduler.reset();
    expect(scheduler.schedule(() => undefined)).toBe(1000);
  });

  it("cancel drops the pending retry", () => {
    const scheduler = createReconnectScheduler();
    const run = vi.fn();
    scheduler.schedule(run);
    scheduler.cancel();
    expect(scheduler.pending).toBe(false);
    vi.advanceTimersByTime(120_000);
    expect(run).not.toHaveBeenCalled();
  });
});

describe("close lines and the socket URL", () => {
  it("names the spec §8 codes", () => {
    expect(closeLine(1000)).toMatch(/normally/);
    expect(closeLine(1006)).toMatch(/abnormal/);
    expect(closeLine(1008)).toMatch(/policy/);
    expect(closeLine(1011)).toMatch(/server/);
    expect(closeLine(4001)).toMatch(/unknown.*4001/);
  });
  it("uses ws:// on http and wss:// on https", () => {
    expect(socketUrl({ protocol: "http:", host: "localhost:3000" }, "a b")).toBe("ws://localhost:3000/api/Notification/GetNotificationWebSocket?accesstoken=a%20b");
    expect(socketUrl({ protocol: "https:", host: "manga.example" }, "t")).toBe("wss://manga.example/api/Notification/GetNotificationWebSocket?accesstoken=t");
  });
});

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closedWith: number | undefined;
  constructor(readonly url: string) {}
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
}

describe("createLiveConnection (fake timers, fake socket)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(token: string | null = "tok", getToken?: (request: { fresh: boolean }) => Promise<string | null>) {
    const sockets: FakeSocket[] = [];
    const statuses: ConnectionStatus[] = [];
    const received: unknown[] = [];
    const log = { info: vi.fn(), warn: vi.fn() };
    const connection = createLiveConnection({
      getToken: getToken ?? (async () => token),
      urlFor: (t) => `ws://test/?accesstoken=${t}`,
      onStatus: (s) => statuses.push(s),
      onNotification: (n) => received.push(n),
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      log,
    });
    return { connection, sockets, statuses, received, log };
  }
  const flush = () => vi.advanceTimersByTimeAsync(0);

  it("makes no connection without an access token", async () => {
    const { connection, sockets, statuses } = setup(null);
    connection.start();
    await flush();
    expect(sockets).toHaveLength(0);
    expect(statuses).toEqual(["disconnected"]);
  });

  it("connects, delivers notifications with either key casing, and retries after 1, 2, 4 s until it opens", async () => {
    const { connection, sockets, statuses, received, log } = setup();
    connection.start();
    await flush();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe("ws://test/?accesstoken=tok");
    sockets[0]!.open();
    expect(statuses).toEqual(["connecting", "open"]);
    sockets[0]!.onmessage?.({ data: JSON.stringify({ Id: 7, Message: "Hi", Type: 2, IsRead: false, CreatedAt: "2030-01-01T00:00:00Z" }) });
    sockets[0]!.onmessage?.({ data: "not json" });
    expect(received).toEqual([{ id: 7, message: "Hi", type: 2, isRead: false, createdAt: "2030-01-01T00:00:00Z", link: null }]);

    sockets[0]!.serverClose(1006);
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/1006/));
    expect(statuses.at(-1)).toBe("closed");
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.serverClose(1011);
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    sockets[2]!.serverClose(1008);
    await vi.advanceTimersByTimeAsync(4000);
    expect(sockets).toHaveLength(4);
    // Open resets the counter: the next failure waits 1 s again.
    sockets[3]!.open();
    sockets[3]!.serverClose(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(5);
  });

  it("after a close by policy (1008) asks for a fresh token, and makes no socket when the session has ended", async () => {
    const requests: boolean[] = [];
    let sessionEnded = false;
    const { connection, sockets, statuses } = setup("tok", async ({ fresh }) => {
      requests.push(fresh);
      return fresh ? (sessionEnded ? null : "new") : "tok";
    });
    connection.start();
    await flush();
    sockets[0]!.open();
    // A dropped network keeps the token; a close by policy (expiry) takes a new one.
    sockets[0]!.serverClose(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets[1]!.url).toBe("ws://test/?accesstoken=tok");
    sockets[1]!.open();
    sockets[1]!.serverClose(1008);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets[2]!.url).toBe("ws://test/?accesstoken=new");
    expect(requests).toEqual([false, false, true]);
    // The session was revoked (deletion, ban, sign-out elsewhere): no refused handshake, just disconnected.
    sockets[2]!.open();
    sessionEnded = true;
    sockets[2]!.serverClose(1008);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(3);
    expect(statuses.at(-1)).toBe("disconnected");
  });

  it("does not retry after a normal close (1000)", async () => {
    const { connection, sockets, log } = setup();
    connection.start();
    await flush();
    sockets[0]!.open();
    sockets[0]!.serverClose(1000);
    expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/normally/));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
  });

  it("leaving closes with 1000 and cancels the pending retry", async () => {
    const { connection, sockets, statuses } = setup();
    connection.start();
    await flush();
    sockets[0]!.open();
    sockets[0]!.serverClose(1006);
    connection.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe("disconnected");

    connection.start();
    await flush();
    sockets[1]!.open();
    connection.stop();
    expect(sockets[1]!.closedWith).toBe(1000);
  });

  it("a socket still connecting when the user leaves is closed with 1000 once it opens", async () => {
    const { connection, sockets, statuses } = setup();
    connection.start();
    await flush();
    connection.stop();
    expect(sockets[0]!.closedWith).toBeUndefined();
    sockets[0]!.open();
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(statuses).not.toContain("open");
  });
});
