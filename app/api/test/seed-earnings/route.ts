import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { adImpressionDays, adImpressionMonths, chapters, manga, users } from "@/db/schema";
import { Status } from "@/lib/enums";
import { notFound } from "@/server/core/errors";
import { defineRoute } from "@/server/http/route";
import { assertTestRoutesEnabled } from "../enabled";

const Body = z.object({
  username: z.string().trim().min(1).max(50),
  impressions: z.number().int().min(1).max(1_000_000),
});

/**
 * POST /api/test/seed-earnings { username, impressions } — for a browser test of monetisation: an accepted manga with one
 * chapter by this writer and `impressions` sponsored-overlay impressions on it in a month of its own (the earliest month
 * since 2001 with no impressions and not closed, chosen under a lock so parallel tests never share one), so the test can
 * close that month through the real CloseMonth route. Test-only, see ../enabled.ts. Answers `{ month, mangaId, chapterId }`.
 */
export const POST = defineRoute({
  key: "POST /api/test/seed-earnings",
  guard: assertTestRoutesEnabled,
  body: Body,
  handler: async ({ body: input, ctx }) => {
    const db = await ctx.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, input.username)).limit(1);
    if (!user) throw notFound("userNotFound");
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
      const [free] = (
        await tx.execute<{ month: string }>(sql`
          select to_char(g, 'YYYY-MM') as month from generate_series('2001-01-01'::date, '2019-12-01'::date, interval '1 month') g
          where not exists (select 1 from ad_income_months a where a.month = g::date)
            and not exists (select 1 from ad_impression_months d where d.month = g::date)
          order by g limit 1`)
      ).rows;
      if (!free) throw notFound();
      const title = `Earnings ${input.username}`;
      const [m] = await tx
        .insert(manga)
        .values({ title, description: "A manga the monetisation browser test earns with.", authorId: user.id, status: Status.Accepted, searchText: title.toLowerCase() })
        .returning({ id: manga.id });
      const [c] = await tx.insert(chapters).values({ mangaId: m!.id, title: "Paid in Ink", number: 1, status: Status.Accepted }).returning({ id: chapters.id });
      await tx.insert(adImpressionDays).values({ chapterId: c!.id, day: `${free.month}-15`, impressions: input.impressions });
      await tx.insert(adImpressionMonths).values({ month: `${free.month}-01`, userId: user.id, impressions: input.impressions });
      return { month: free.month, mangaId: m!.id, chapterId: c!.id };
    });
  },
});
