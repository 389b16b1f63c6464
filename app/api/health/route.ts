import { sql } from "drizzle-orm";
import { getDbHandle } from "@/db/client";
import { defineRoute } from "@/server/http/route";
import { sharedCheck } from "@/server/health/shared-check";

/** One `select 1` per second for the process, whoever asks (server/health/shared-check.ts). */
const databaseCheck = sharedCheck(async () => {
  const { db, kind } = await getDbHandle();
  await db.execute(sql`select 1`);
  return kind;
});

/** Liveness and database check for load balancers and the start script. */
export const GET = defineRoute({
  key: "GET /api/health",
  handler: async () => {
    return { status: "ok", db: await databaseCheck() };
  },
});
