import { eq } from "drizzle-orm";
import { z } from "zod";
import { subscriptions, users } from "@/db/schema";
import { notFound } from "@/server/core/errors";
import { defineRoute } from "@/server/http/route";
import { assertTestRoutesEnabled } from "../enabled";

const Body = z.object({
  username: z.string().trim().min(1).max(50),
  type: z.union([z.literal(0), z.literal(1)]),
  days: z.number().int().min(1).max(3650).default(30),
});

/**
 * POST /api/test/grant-subscription { username, type, days? } — a running subscription (0 Premium, 1 PremiumPlus)
 * from now for `days` days, written straight to the table for a browser test (root's real way is UpdateUser's
 * `subscription`, issue 15). Test-only, see ../enabled.ts. Answers the subscription's id and end.
 */
export const POST = defineRoute({
  key: "POST /api/test/grant-subscription",
  guard: assertTestRoutesEnabled,
  body: Body,
  handler: async ({ body: input, ctx }) => {
    const db = await ctx.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, input.username)).limit(1);
    if (!user) throw notFound("userNotFound");
    const startsAt = new Date();
    const endsAt = new Date(startsAt.getTime() + input.days * 24 * 60 * 60 * 1000);
    const [row] = await db
      .insert(subscriptions)
      .values({ userId: user.id, plan: input.type, durationDays: input.days, startsAt, endsAt })
      .returning({ id: subscriptions.id, endsAt: subscriptions.endsAt });
    return row;
  },
});
