/**
 * `npm run db:backup -- [--out FILE]`: a custom-format dump of DATABASE_URL (default file
 * backups/<database>-<time>.dump), and the bucket's objects it refers to in FILE.bucket.json (scripts/backup/backup.ts).
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { backupDatabase, pgEnv } from "./backup";

const url = process.env.DATABASE_URL;
const args = process.argv.slice(2);
const at = args.indexOf("--out");
try {
  if (!url) throw new Error("set DATABASE_URL to the PostgreSQL database to back up (the embedded PGlite folder is copied while the site is stopped)");
  const file = at >= 0 && args[at + 1] ? args[at + 1]! : path.join("backups", `${pgEnv(url).PGDATABASE}-${new Date().toISOString().replace(/[:.]/g, "-")}.dump`);
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const { bucketObjects } = await backupDatabase(url, file);
  console.log(`[backup] ${file}${bucketObjects ? ` (+ ${file}.bucket.json: ${bucketObjects} objects in the media bucket)` : ""}`);
} catch (err) {
  console.error("[backup] failed:", err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
