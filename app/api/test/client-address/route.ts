import { defineRoute } from "@/server/http/route";
import { clientIp } from "@/server/core/client-ip";
import { assertTestRoutesEnabled } from "../enabled";

/**
 * GET /api/test/client-address — the client address this request counts under (server/core/client-ip.ts) and the
 * process that served it (test-only, see ../enabled.ts): the load-balancer test checks that behind nginx the app sees
 * the real client, whatever X-Forwarded-For the client forged, and which process nginx sent each request to.
 */
export const GET = defineRoute({
  key: "GET /api/test/client-address",
  guard: assertTestRoutesEnabled,
  handler: ({ req }) => {
    return Promise.resolve({ address: clientIp(req), pid: process.pid });
  },
});
