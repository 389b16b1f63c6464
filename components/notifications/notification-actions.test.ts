import { describe, expect, it, vi } from "vitest";
import type { AppNotification } from "./notification-model";
import { liveDownAfter, markEachUnread, needsFreshToken } from "./notification-actions";
import type { ListQuery } from "./notifications-api";

const item = (id: number, isRead = false): AppNotification => ({ id, message: `m${id}`, type: 1, isRead, createdAt: "2030-01-01T00:00:00Z", link: null });
const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp }))}.s`;

describe("needsFreshToken", () => {
  const now = 1_000_000_000;
  it("asks for one after a close by policy", () => expect(needsFreshToken(jwt(now / 1000 + 3600), true, now)).toBe(true));
  it("asks for one when the token expires within 15 s", () => expect(needsFreshToken(jwt(now / 1000 + 10), false, now)).toBe(true));
  it("keeps a token with time left, or one whose expiry cannot be read", () => {
    expect(needsFreshToken(jwt(now / 1000 + 60), false, now)).toBe(false);
    expect(needsFreshToken("not-a-jwt", false, now)).toBe(false);
  });
});

describe("liveDownAfter", () => {
  it("is down only after a close, back up when open or left; connecting changes nothing", () => {
    expect(liveDownAfter("closed")).toBe(true);
    expect(liveDownAfter("open")).toBe(false);
    expect(liveDownAfter("disconnected")).toBe(false);
    expect(liveDownAfter("connecting")).toBeNull();
  });
});

describe("markEachUnread", () => {
  it("marks each unread one of the first page, 4 at a time, and stops when a round is short", async () => {
    const list = vi.fn(async (_query: ListQuery) => ({ items: [1, 2, 3, 4, 5].map((id) => item(id, id === 3)), pagination: {} }));
    const marked: number[] = [];
    await markEachUnread(list, async (id) => void marked.push(id));
    expect(list).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledWith({ page: 1, pageSize: 100, isRead: false });
    expect(marked).toEqual([1, 2, 4, 5]);
  });

  it("goes on while a round is full, at most 10 rounds", async () => {
    let next = 0;
    const list = vi.fn(async () => ({ items: Array.from({ length: 100 }, () => item(++next)), pagination: {} }));
    const markRead = vi.fn(async () => undefined);
    await markEachUnread(list, markRead);
    expect(list).toHaveBeenCalledTimes(10);
    expect(markRead).toHaveBeenCalledTimes(1000);
  });

  it("stops when nothing is unread and passes failures on", async () => {
    const markRead = vi.fn(async () => undefined);
    await markEachUnread(async () => ({ items: [item(1, true)], pagination: {} }), markRead);
    expect(markRead).not.toHaveBeenCalled();
    await expect(markEachUnread(async () => ({ items: [item(1)], pagination: {} }), async () => Promise.reject(new Error("x")))).rejects.toThrow("x");
  });
});
