/**
 * `npm run db:restore -- --from FILE --to URL`: restores a dump of db:backup into the new, empty database at URL
 * (create it first: `createdb`), in one transaction, then prints each table's row count. Point DATABASE_URL at it
 * afterwards; the site applies any newer migrations on start.
 */
import { restoreDatabase, tableChecksums } from "./backup";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
try {
  const from = option("from");
  const to = option("to");
  if (!from || !to) throw new Error("usage: npm run db:restore -- --from FILE --to postgresql://…/new_database");
  await restoreDatabase(from, to);
  const tables = await tableChecksums(to);
  for (const [name, { rows }] of Object.entries(tables)) console.log(`[restore] ${name}: ${rows} rows`);
} catch (err) {
  console.error("[restore] failed:", err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
