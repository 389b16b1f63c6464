import { defineRoute } from "@/server/http/route";
import { checkDatabase, checkReadiness } from "@/server/health/check-readiness";
import { notReady } from "@/server/http/errors";
import { sharedCheck } from "@/server/health/shared-check";

/** One database check per second for the process, whoever asks (server/health/shared-check.ts); the bus each time. */
const database = sharedCheck(() => checkDatabase());

/** Readiness: 200 when the database, its migrations and the bus are in order, else the 503 envelope (docs/decisions/026). */
export const GET = defineRoute({
  key: "GET /api/health/ready",
  handler: async ({ ctx }) => {
    const { ready, checks } = await checkReadiness({ database });
    if (!ready) return notReady(ctx.locale, checks);
    return { status: "ok", checks };
  },
});
