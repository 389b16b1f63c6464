import { desc, sql } from "drizzle-orm";
import { z } from "zod";
import { emailOutbox } from "@/db/schema";
import { defineRoute } from "@/server/http/route";
import { assertTestRoutesEnabled } from "../enabled";

const Query = z.object({ to: z.string().trim().min(3).max(254) });

/**
 * GET /api/test/outbox?to= — the newest mails written to the outbox for an address (test-only, see
 * ../enabled.ts). The browser tests read verification and reset links from here, through the server's
 * own database, so they work on PGlite (one process) as well as on Postgres.
 */
export const GET = defineRoute({
  key: "GET /api/test/outbox",
  guard: assertTestRoutesEnabled,
  query: Query,
  handler: async ({ query: { to }, ctx }) => {
    const db = await ctx.db;
    return db
      .select({ id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text, createdAt: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.to}) = ${to.toLowerCase()}`)
      .orderBy(desc(emailOutbox.id))
      .limit(10);
  },
});
