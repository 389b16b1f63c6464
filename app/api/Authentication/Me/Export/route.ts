import { exportMyData } from "@/server/account/export-my-data";
import { defineRoute } from "@/server/http/route";

/**
 * Issue 16: "download my data" — the caller's data as a JSON file (`Content-Disposition: attachment`), not wrapped in
 * the envelope: profile, favourites, reading progress, notifications, transactions, subscriptions, ledger, sessions.
 */
export const GET = defineRoute({
  key: "GET /api/Authentication/Me/Export",
  handler: async ({ user, ctx }) => {
    const now = new Date();
    const data = await exportMyData({ db: await ctx.db, viewer: ctx.viewer, currentSid: user.sid, now });
    const name = `manganova-data-${data.profile.id}-${now.toISOString().slice(0, 10)}.json`;
    return new Response(`${JSON.stringify(data, null, 2)}\n`, {
      status: 200,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});
