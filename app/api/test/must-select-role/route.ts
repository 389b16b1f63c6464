import { sql } from "drizzle-orm";
import { z } from "zod";
import { users } from "@/db/schema";
import { Role } from "@/lib/enums";
import { notFound } from "@/server/core/errors";
import { defineRoute } from "@/server/http/route";
import { assertTestRoutesEnabled } from "../enabled";

const Body = z.object({ username: z.string().trim().min(1).max(100) });

/**
 * POST /api/test/must-select-role { username } — turns an account the test registered into one that must
 * still choose its role (as an account migrated from the old identity provider would be), so the
 * must-select-role flow can be tested on any database. Test-only, see ../enabled.ts.
 */
export const POST = defineRoute({
  key: "POST /api/test/must-select-role",
  guard: assertTestRoutesEnabled,
  body: Body,
  handler: async ({ body: { username }, ctx }) => {
    const db = await ctx.db;
    const [row] = await db
      .update(users)
      .set({ mustSelectRole: true, role: Role.reader, dateOfBirth: null, updatedAt: new Date() })
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
      .returning({ id: users.id, mustSelectRole: users.mustSelectRole });
    if (!row) throw notFound("userNotFound");
    return row;
  },
});
