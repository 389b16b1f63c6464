import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { subscriptions } from "@/db/schema";

export interface MySubscription {
  id: number;
  /** Spec §3 "type": 0 Premium, 1 PremiumPlus. */
  type: number;
  /** Days bought. */
  duration: number;
  /** Whole days left (0 once ended or cancelled). */
  remainingDays: number;
  startsAt: string;
  endsAt: string;
  cancelledAt: string | null;
  active: boolean;
  /** Where it stands now: running, not yet started, past its end, or ended early by root. */
  status: "active" | "upcoming" | "ended" | "cancelled";
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/Authentication/Me/Subscriptions: the caller's subscriptions, newest first (spec §3 "type, duration,
 * remaining days", with start and end dates). Root grants, extends and ends them (UpdateUser `subscription`).
 */
export async function listMySubscriptions(opts: { db: Db; userId: number; now?: Date }): Promise<MySubscription[]> {
  const now = opts.now ?? new Date();
  const rows = await opts.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, opts.userId))
    .orderBy(desc(subscriptions.startsAt), desc(subscriptions.id))
    .limit(100);
  return rows.map((r) => {
    const active = !r.cancelledAt && r.startsAt <= now && r.endsAt > now;
    const from = r.startsAt > now ? r.startsAt : now;
    const remainingDays = r.cancelledAt ? 0 : Math.max(0, Math.ceil((r.endsAt.getTime() - from.getTime()) / DAY_MS));
    return {
      id: r.id,
      type: r.plan,
      duration: r.durationDays,
      remainingDays,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      cancelledAt: r.cancelledAt?.toISOString() ?? null,
      active,
      status: r.cancelledAt ? "cancelled" : active ? "active" : r.startsAt > now ? "upcoming" : "ended",
    };
  });
}

/** The subscription that decides what the user gets now: the best running plan (PremiumPlus first), else none. */
export function currentSubscription(list: readonly MySubscription[]): MySubscription | null {
  const running = list.filter((s) => s.active);
  running.sort((a, b) => b.type - a.type || Date.parse(b.endsAt) - Date.parse(a.endsAt));
  return running[0] ?? null;
}
