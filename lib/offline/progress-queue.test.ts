import { describe, expect, it } from "vitest";
import { MAX_QUEUED, enqueue, flushQueue, outcomeOfFailure, parseQueue, type QueuedProgress, type SendOutcome } from "./progress-queue";

const entry = (chapterId: number, pageNumber: number, username = "reader", at = chapterId * 10 + pageNumber): QueuedProgress => ({ username, chapterId, pageNumber, at });

describe("progress read offline", () => {
  it("keeps the latest page per account and chapter", () => {
    let q = enqueue([], entry(1, 2));
    q = enqueue(q, entry(1, 5));
    q = enqueue(q, entry(1, 3, "other"));
    q = enqueue(q, entry(2, 1));
    expect(q.map((e) => [e.username, e.chapterId, e.pageNumber])).toEqual([["reader", 1, 5], ["other", 1, 3], ["reader", 2, 1]]);
  });

  it("keeps at most MAX_QUEUED entries, the newest", () => {
    let q: QueuedProgress[] = [];
    for (let i = 1; i <= MAX_QUEUED + 5; i++) q = enqueue(q, entry(i, 1));
    expect(q).toHaveLength(MAX_QUEUED);
    expect(q[0]?.chapterId).toBe(6);
  });

  it("reads back only well-formed entries", () => {
    const text = JSON.stringify([entry(1, 2), { ...entry(2, 1), pageNumber: 0 }, { ...entry(3, 1), username: "" }, { ...entry(4, 1), chapterId: 1.5 }, "x"]);
    expect(parseQueue(text)).toEqual([entry(1, 2)]);
    expect(parseQueue("{")).toEqual([]);
    expect(parseQueue(null)).toEqual([]);
  });

  it("sends the signed-in account's entries in order and keeps the others'", async () => {
    const sent: number[] = [];
    const left = await flushQueue([entry(1, 2), entry(2, 3, "other"), entry(3, 4)], "reader", async (e) => {
      sent.push(e.chapterId);
      return "sent";
    });
    expect(sent).toEqual([1, 3]);
    expect(left).toEqual([entry(2, 3, "other")]);
  });

  it("stops at the first that must wait and drops refused ones", async () => {
    const outcomes: Record<number, SendOutcome> = { 1: "drop", 2: "retry", 3: "sent" };
    const sent: number[] = [];
    const left = await flushQueue([entry(1, 1), entry(2, 1), entry(3, 1)], "reader", async (e) => {
      sent.push(e.chapterId);
      return outcomes[e.chapterId]!;
    });
    expect(sent).toEqual([1, 2]);
    expect(left).toEqual([entry(2, 1), entry(3, 1)]);
  });

  it("waits on no answer, a server fault, 401, 408 and 429, and drops other refusals", () => {
    expect(outcomeOfFailure({ kind: "FETCH_ERROR" })).toBe("retry");
    expect(outcomeOfFailure({ kind: "TIMEOUT_ERROR" })).toBe("retry");
    expect(outcomeOfFailure({})).toBe("retry");
    for (const status of [401, 408, 429, 500, 503]) expect(outcomeOfFailure({ kind: "HTTP", status }), String(status)).toBe("retry");
    for (const status of [400, 403, 404, 422]) expect(outcomeOfFailure({ kind: "HTTP", status }), String(status)).toBe("drop");
  });
});
