import { defineRoute } from "@/server/http/route";
import { liveness } from "@/server/health/liveness";

/** Liveness: 200 while the process answers, whatever the database does (docs/decisions/026). */
export const GET = defineRoute({
  key: "GET /api/health/live",
  handler: () => liveness(),
});
