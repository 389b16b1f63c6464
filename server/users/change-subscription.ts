import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { subscriptions, transactions } from "@/db/schema";
import { TransactionStatus } from "@/lib/enums";
import type { PremiumPlan } from "@/lib/enums";
import { audit } from "@/server/core/audit";
import type { Tx } from "@/server/core/unit-of-work";

const DAY_MS = 24 * 60 * 60 * 1000;

export type SubscriptionChange = { type: PremiumPlan; durationDays: number } | null;

interface SubscriptionState {
  id: number;
  type: number;
  endsAt: string;
}

/**
 * Root grants, extends or ends a user's subscription (UpdateUser's `subscription`), inside the caller's transaction:
 * - `{ type, durationDays }` with an active subscription of that type: it lasts durationDays longer (`extend`);
 * - with an active one of the other type: that one ends now and a new one starts (`end`, then `grant`);
 * - with none: a new one from now (`grant`);
 * - `null`: the active ones end now (endsAt and cancelledAt = now; `end`); nothing active, nothing happens.
 * Each step writes a transactions row (method grant/extend/end, amount 0, status Completed, referenceId `sub:<id>`)
 * and an audit row `user.subscription.<step>` with before/after. Returns whether anything changed.
 */
export async function changeSubscription(
  tx: Tx,
  opts: { actorId: number; userId: number; change: SubscriptionChange; now: Date },
): Promise<boolean> {
  const { actorId, userId, change, now } = opts;
  const active = await tx
    .select({ id: subscriptions.id, plan: subscriptions.plan, endsAt: subscriptions.endsAt, durationDays: subscriptions.durationDays })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), gt(subscriptions.endsAt, now), isNull(subscriptions.cancelledAt)))
    .orderBy(subscriptions.endsAt)
    .for("update");

  const record = async (step: "grant" | "extend" | "end", id: number, before: SubscriptionState | null, after: SubscriptionState | null) => {
    await tx.insert(transactions).values({ userId, method: step, amount: "0", status: TransactionStatus.Completed, referenceId: `sub:${id}`, createdAt: now });
    await audit(tx, { actorId, action: `user.subscription.${step}`, subject: { type: "user", id: userId }, details: { subscriptionId: id, before, after } });
  };
  const state = (s: { id: number; plan: number; endsAt: Date }): SubscriptionState => ({ id: s.id, type: s.plan, endsAt: s.endsAt.toISOString() });

  const same = change ? active.filter((s) => s.plan === change.type) : [];
  const toEnd = change ? active.filter((s) => s.plan !== change.type) : active;
  for (const s of toEnd) {
    await tx.update(subscriptions).set({ endsAt: now, cancelledAt: now }).where(eq(subscriptions.id, s.id));
    await record("end", s.id, state(s), { ...state(s), endsAt: now.toISOString() });
  }
  if (!change) return toEnd.length > 0;

  const current = same.at(-1);
  if (current) {
    const endsAt = new Date(current.endsAt.getTime() + change.durationDays * DAY_MS);
    await tx
      .update(subscriptions)
      .set({ endsAt, durationDays: sql`${subscriptions.durationDays} + ${change.durationDays}` })
      .where(eq(subscriptions.id, current.id));
    await record("extend", current.id, state(current), { ...state(current), endsAt: endsAt.toISOString() });
    return true;
  }
  const endsAt = new Date(now.getTime() + change.durationDays * DAY_MS);
  const [created] = await tx
    .insert(subscriptions)
    .values({ userId, plan: change.type, durationDays: change.durationDays, startsAt: now, endsAt, createdAt: now })
    .returning({ id: subscriptions.id, plan: subscriptions.plan, endsAt: subscriptions.endsAt });
  if (!created) throw new Error("subscriptions insert returned no row");
  await record("grant", created.id, null, state(created));
  return true;
}
