import { describe, expect, it } from "vitest";
import type { AppNotification } from "./notification-model";
import { initialNotificationState, notificationReducer as reduce, type NotificationState } from "./notification-state";
import { toNotification } from "./notification-model";

const item = (id: number, isRead = false): AppNotification => ({ id, message: `m${id}`, type: 1, isRead, createdAt: "2030-01-01T00:00:00Z", link: null });

function loaded(items: AppNotification[], unreadCount?: number): NotificationState {
  return reduce(reduce(initialNotificationState, { type: "fetchStarted" }), {
    type: "fetched",
    items,
    pagination: { pageNumber: 1, pageSize: 10, totalPages: 1, totalRecords: items.length, totalDisplayRecords: items.length },
    unreadCount,
  });
}

describe("notification state (spec §3, §4)", () => {
  it("starts disconnected on page 1 of 10", () => {
    expect(initialNotificationState).toMatchObject({ notifications: [], unreadCount: 0, isConnected: false, connectionStatus: "disconnected", loading: false, error: null, searchTerm: "" });
    expect(initialNotificationState.pagination).toMatchObject({ pageNumber: 1, pageSize: 10 });
  });

  it("after a fetch the unread count is the unread items of the page, or the server's count when given", () => {
    const s = loaded([item(3), item(2, true), item(1)]);
    expect(s.loading).toBe(false);
    expect(s.unreadCount).toBe(2);
    expect(loaded([item(3)], 12).unreadCount).toBe(12);
  });

  it("a live one on a full page keeps the page at its size and moves the count of pages on", () => {
    const full = loaded(Array.from({ length: 10 }, (_, i) => item(20 - i)));
    expect(full.pagination.totalPages).toBe(1);
    const s = reduce(full, { type: "received", notification: item(99) });
    expect(s.notifications).toHaveLength(10);
    expect(s.notifications[0]?.id).toBe(99);
    expect(s.notifications.at(-1)?.id).toBe(12);
    expect(s.pagination).toMatchObject({ totalDisplayRecords: 11, totalPages: 2, hasNextPage: true, hasPreviousPage: false });
    // Deleting one brings the count of pages back.
    expect(reduce(s, { type: "removed", id: 99 }).pagination).toMatchObject({ totalDisplayRecords: 10, totalPages: 1, hasNextPage: false });
  });

  it("a list that failed to load shows the error alone; a failed action keeps the list", () => {
    const s = loaded([item(2), item(1)]);
    expect(reduce(s, { type: "failed", error: "Network error", clear: true })).toMatchObject({ notifications: [], error: "Network error" });
    expect(reduce(s, { type: "failed", error: "x" }).notifications).toHaveLength(2);
  });

  it("a new notification goes on top and raises the unread count and both totals", () => {
    const s = reduce(loaded([item(2), item(1, true)]), { type: "received", notification: item(9) });
    expect(s.notifications.map((n) => n.id)).toEqual([9, 2, 1]);
    expect(s.unreadCount).toBe(2);
    expect(s.pagination.totalRecords).toBe(3);
    expect(s.pagination.totalDisplayRecords).toBe(3);
    // The same one again (socket and reload racing) changes nothing.
    expect(reduce(s, { type: "received", notification: item(9) })).toBe(s);
    // A read one does not raise the unread count.
    expect(reduce(s, { type: "received", notification: item(10, true) }).unreadCount).toBe(2);
  });

  it("marking one read lowers the count by one, never below zero", () => {
    const s = loaded([item(2), item(1)]);
    const one = reduce(s, { type: "markedRead", id: 2 });
    expect(one.unreadCount).toBe(1);
    expect(one.notifications.find((n) => n.id === 2)?.isRead).toBe(true);
    // Marking it again does not lower the count twice.
    expect(reduce(one, { type: "markedRead", id: 2 }).unreadCount).toBe(1);
    const zero = reduce(reduce(initialNotificationState, { type: "unreadCount", count: 0 }), { type: "markedRead", id: 5 });
    expect(zero.unreadCount).toBe(0);
  });

  it("mark-all sets every item read and the count to zero", () => {
    const s = reduce(loaded([item(3), item(2), item(1, true)], 40), { type: "markedAllRead" });
    expect(s.unreadCount).toBe(0);
    expect(s.notifications.every((n) => n.isRead)).toBe(true);
  });

  it("clear empties the list and resets pagination to page 1, size 10", () => {
    const s = reduce(
      reduce(initialNotificationState, { type: "fetched", items: [item(1)], pagination: { pageNumber: 3, pageSize: 25, totalPages: 4, totalRecords: 80, totalDisplayRecords: 80, hasPreviousPage: true } }),
      { type: "clear" },
    );
    expect(s.notifications).toEqual([]);
    expect(s.pagination).toMatchObject({ pageNumber: 1, pageSize: 10, totalRecords: 0, hasPreviousPage: false });
  });

  it("deleting an unread one lowers the count and the totals", () => {
    const s = reduce(loaded([item(2), item(1, true)]), { type: "removed", id: 2 });
    expect(s.notifications.map((n) => n.id)).toEqual([1]);
    expect(s.unreadCount).toBe(0);
    expect(s.pagination.totalRecords).toBe(1);
  });

  it("keeps errors until cleared, tracks the connection and trims the search term", () => {
    let s = reduce(initialNotificationState, { type: "failed", error: "Failed to fetch notifications" });
    expect(s.error).toBe("Failed to fetch notifications");
    s = reduce(s, { type: "clearError" });
    expect(s.error).toBeNull();
    s = reduce(s, { type: "connection", status: "open" });
    expect(s.isConnected).toBe(true);
    s = reduce(s, { type: "connection", status: "closed" });
    expect(s).toMatchObject({ isConnected: false, connectionStatus: "closed" });
    expect(reduce(s, { type: "search", term: "  hello " }).searchTerm).toBe("hello");
  });
});

describe("toNotification", () => {
  it("reads lowercase and capitalised keys and keeps only site paths as links", () => {
    expect(toNotification({ id: 1, message: "a", type: 3, isRead: true, createdAt: "x", link: "/dashboard/favorites" })).toMatchObject({ id: 1, type: 3, isRead: true, link: "/dashboard/favorites" });
    expect(toNotification({ Id: 2, Message: "b", Type: 4, IsRead: false, CreatedAt: "y", Link: "https://evil.example" })).toMatchObject({ id: 2, type: 4, link: null });
    expect(toNotification({ id: 3, message: "c", link: "//evil.example" })?.link).toBeNull();
    expect(toNotification({ id: 3, message: "c", link: "javascript:alert(1)" })?.link).toBeNull();
    expect(toNotification({ message: "no id" })).toBeNull();
    expect(toNotification("text")).toBeNull();
  });
});
