/**
 * Reading progress made offline (issue 32, item 6): the reader's account saves are kept here while the network is
 * away and sent through the progress API (POST /api/chapter/SaveProgress) when it is back, for the account that read
 * them only. One entry per account and chapter (the latest page wins); localStorage, so a closed tab loses nothing.
 */

import { isRowId } from "@/lib/validation/numbers";

export const PROGRESS_QUEUE_KEY = "offlineProgressQueue";
/** At most this many entries are kept (the oldest go first). */
export const MAX_QUEUED = 200;

export interface QueuedProgress {
  username: string;
  chapterId: number;
  pageNumber: number;
  /** When it was read (unix ms). */
  at: number;
}

const isId = (v: unknown): v is number => typeof v === "number" && isRowId(v);

/** The queue of a stored JSON text; malformed entries are left out. */
export function parseQueue(text: string | null): QueuedProgress[] {
  if (!text) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.slice(-MAX_QUEUED).flatMap((item): QueuedProgress[] => {
    if (!item || typeof item !== "object") return [];
    const e = item as Record<string, unknown>;
    if (typeof e.username !== "string" || e.username.length === 0 || e.username.length > 100) return [];
    if (!isId(e.chapterId) || !isId(e.pageNumber) || e.pageNumber > 1_000_000 || typeof e.at !== "number") return [];
    return [{ username: e.username, chapterId: e.chapterId, pageNumber: e.pageNumber, at: e.at }];
  });
}

/** The queue with this entry in place of an older one for the same account and chapter. */
export function enqueue(queue: readonly QueuedProgress[], entry: QueuedProgress): QueuedProgress[] {
  return [...queue.filter((q) => !(q.username === entry.username && q.chapterId === entry.chapterId)), entry].slice(-MAX_QUEUED);
}

/** What sending one entry came to: sent, to be tried again later (network, server trouble), or refused for good. */
export type SendOutcome = "sent" | "retry" | "drop";

/**
 * Sends the entries of `username` in order, stopping at the first that must wait (the network is still away); returns
 * the queue left: other accounts' entries, and this account's that were not sent.
 */
export async function flushQueue(queue: readonly QueuedProgress[], username: string, send: (entry: QueuedProgress) => Promise<SendOutcome>): Promise<QueuedProgress[]> {
  const left: QueuedProgress[] = [];
  let waiting = false;
  for (const entry of queue) {
    if (entry.username !== username || waiting) {
      left.push(entry);
      continue;
    }
    const outcome = await send(entry);
    if (outcome === "retry") {
      waiting = true;
      left.push(entry);
    }
  }
  return left;
}

/** The outcome of an API failure: no answer or a server fault waits; a refusal (4xx but 401, 408, 429) is dropped. */
export function outcomeOfFailure(error: { kind?: string; status?: number }): SendOutcome {
  if (error.kind !== "HTTP" || error.status === undefined) return "retry";
  if (error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500) return "retry";
  return "drop";
}
