import { and, eq, isNull } from "drizzle-orm";
import { users } from "@/db/schema";
import { NotificationType, Role } from "@/lib/enums";
import type { UnitOfWork } from "@/server/core/unit-of-work";
import type { KindParams } from "@/server/notifications/catalogue";
import { publishNotificationsEach } from "@/server/notifications/publish-notification";

/** The page writers read their earnings on and root settles payouts on. */
export const MONETIZATION_PAGE = "/dashboard/monetization";

type MoneyKind = "shareCredited" | "payoutRequested" | "payoutPaid" | "payoutFailed";

/**
 * Tells each user what happened to their money (server/notifications/catalogue.ts holds the texts): amounts are stored
 * in minor units with their currency, and formatted in the reader's language when read. `params` may differ per user
 * (each writer's share). All the rows go in a few statements, however many writers a closed month credits.
 */
export async function notifyUsers<K extends MoneyKind>(
  uow: UnitOfWork,
  userIds: readonly number[],
  kind: K,
  params: (userId: number) => KindParams[K],
  type: NotificationType,
): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await publishNotificationsEach(
    uow,
    unique.map((userId) => ({ userId, kind, params: params(userId), type, link: MONETIZATION_PAGE }) as Parameters<typeof publishNotificationsEach>[1][number]),
  );
}

/** Every root who can act on a payout request (not banned, not deleted). */
export async function rootIds(uow: UnitOfWork): Promise<number[]> {
  const rows = await uow.tx.select({ id: users.id }).from(users).where(and(eq(users.role, Role.root), eq(users.banned, false), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}
