import { defineRoute } from "@/server/http/route";
import { checkReadiness } from "@/server/health/check-readiness";
import { notReady } from "@/server/http/errors";

/** Readiness: 200 when the database, its migrations and the bus are in order, else the 503 envelope (docs/decisions/026). */
export const GET = defineRoute({
  key: "GET /api/health/ready",
  handler: async ({ ctx }) => {
    const readiness = await checkReadiness();
    if (!readiness.ready) return notReady(ctx.locale, readiness.checks);
    return { status: "ok", checks: readiness.checks };
  },
});
