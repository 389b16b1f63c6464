import { eq, sql } from "drizzle-orm";
import { manga } from "@/db/schema";
import { searchTextFor } from "@/lib/search-fold";
import type { UnitOfWork } from "@/server/core/unit-of-work";
import { changed } from "./changed";

const list = (values: readonly (number | string)[], type: "int" | "text") => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::${sql.raw(type)}[]`;

/**
 * An author's name changed (a new username, or the account deleted): every manga of theirs gets its search text again,
 * in one statement, and their public pages (which show the name) are refreshed after the commit.
 */
export async function authorRenamed(uow: UnitOfWork, authorId: number, name: string): Promise<void> {
  const rows = await uow.tx.select({ id: manga.id, title: manga.title, description: manga.description }).from(manga).where(eq(manga.authorId, authorId));
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  const texts = rows.map((r) => searchTextFor(r.title, r.description, name));
  await uow.tx.execute(sql`
    update ${manga} set search_text = renamed.text
    from unnest(${list(ids, "int")}, ${list(texts, "text")}) as renamed(id, text)
    where ${manga.id} = renamed.id`);
  changed(uow, { manga: ids, catalogue: true });
}
