import { sql } from "drizzle-orm";
import { getDbHandle } from "@/db/client";
import { defineRoute } from "@/server/http/route";

/** Liveness and database check for load balancers and the start script. */
export const GET = defineRoute({
  key: "GET /api/health",
  handler: async () => {
    const { db, kind } = await getDbHandle();
    await db.execute(sql`select 1`);
    return { status: "ok", db: kind };
  },
});
