import { defineRoute } from "@/server/http/route";
import { parseUserListQuery } from "@/server/users/input";
import { listUsers } from "@/server/users/list-users";

/**
 * Spec §7 GET /User/PaginatedUser?page&pageSize&sortDirection&userSortBy&searchTerm&Filters.Role (root only): the paged
 * user rows of lib/validation/users.ts. Names in any case; Filters.Role repeated or comma-separated; a value that cannot
 * be understood (role 7, sort "x") is a 422 naming the parameter.
 */
export const GET = defineRoute({
  key: "GET /api/User/PaginatedUser",
  handler: async ({ req, ctx }) => {
    const params = parseUserListQuery(new URL(req.url).searchParams, ctx.locale);
    return listUsers({ db: await ctx.db, ...params });
  },
});
