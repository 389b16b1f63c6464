import { defineRoute } from "@/server/http/route";
import { listQuery } from "@/server/reports/input";
import { listReports } from "@/server/reports/list-reports";

/** GET /api/Report/PaginatedReport?page&pageSize&status=open|resolved (root): reports grouped by target, paged (spec §3 shape). */
export const GET = defineRoute({
  key: "GET /api/Report/PaginatedReport",
  query: listQuery,
  handler: async ({ ctx, query }) => listReports({ db: await ctx.db, state: query.status, page: query.page, pageSize: query.pageSize }),
});
