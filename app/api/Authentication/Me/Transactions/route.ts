import { listMyTransactions } from "@/server/auth/my-transactions";
import { defineRoute } from "@/server/http/route";

/** The caller's transactions (spec §3: method, amount, status, createdAt, referenceId). */
export const GET = defineRoute({
  key: "GET /api/Authentication/Me/Transactions",
  handler: async ({ ctx }) => listMyTransactions({ db: await ctx.db, userId: ctx.viewer.userId }),
});
