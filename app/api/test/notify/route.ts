import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "@/db/schema";
import { notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { defineRoute } from "@/server/http/route";
import { publishNotification } from "@/server/notifications/publish-notification";
import { assertTestRoutesEnabled } from "../enabled";

const Body = z.object({ username: z.string().trim().min(1).max(100), message: z.string().trim().min(1).max(1000) });

/**
 * POST /api/test/notify { username, message } — publishes an info notification to one account through the real
 * use-case path (test-only, see ../enabled.ts), so the several-process test can check delivery on another process.
 */
export const POST = defineRoute({
  key: "POST /api/test/notify",
  guard: assertTestRoutesEnabled,
  body: Body,
  handler: async ({ body, ctx }) => {
    const db = await ctx.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, body.username)).limit(1);
    if (!user) throw notFound();
    const ids = await runUnitOfWork(db, (uow) => publishNotification(uow, { to: [user.id], message: body.message, type: 1 }));
    return { ids };
  },
});
