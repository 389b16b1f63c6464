import { eq } from "drizzle-orm";
import { z } from "zod";
import { manga } from "@/db/schema";
import { notFound } from "@/server/core/errors";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { defineRoute } from "@/server/http/route";
import { changed } from "@/server/manga/changed";
import { assertTestRoutesEnabled } from "../enabled";

const Body = z.object({ mangaId: z.number().int().positive(), title: z.string().trim().min(1).max(200) });

/**
 * POST /api/test/rename-manga { mangaId, title } — a catalogue change made through one process (test-only, see
 * ../enabled.ts); the several-process test checks that another process's public landing page shows it.
 */
export const POST = defineRoute({
  key: "POST /api/test/rename-manga",
  guard: assertTestRoutesEnabled,
  body: Body,
  handler: async ({ body, ctx }) => {
    return runUnitOfWork(await ctx.db, async (uow) => {
      const [row] = await uow.tx.update(manga).set({ title: body.title }).where(eq(manga.id, body.mangaId)).returning({ id: manga.id });
      if (!row) throw notFound();
      changed(uow, { manga: row.id, catalogue: true });
      return row;
    });
  },
});
