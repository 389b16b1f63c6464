/**
 * `npm start`: builds once if needed, prepares the database (migrations; demo content on an empty
 * embedded database, or on an empty DATABASE_URL database with SEED_DEMO=1), then serves (server/main.ts).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

Object.assign(process.env, { NODE_ENV: "production" });
const root = process.cwd();

function buildIfNeeded(): void {
  if (fs.existsSync(path.join(root, ".next", "BUILD_ID"))) return;
  console.log("[start] no production build found: running next build…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
    stdio: "inherit",
    env: process.env,
  });
  if (result.status !== 0) {
    console.error("[start] next build failed");
    process.exit(result.status ?? 1);
  }
}

/** Embedded mode keeps its signing secret in data/auth-secret (created once, mode 600) so sessions survive restarts. */
function ensureAuthSecret(): void {
  if (process.env.AUTH_SECRET || process.env.NEXTAUTH_SECRET) return;
  if (process.env.DATABASE_URL) {
    console.error("[start] AUTH_SECRET must be set when DATABASE_URL is (e.g. `openssl rand -hex 32`).");
    process.exit(1);
  }
  const file = path.join(root, "data", "auth-secret");
  let secret = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : "";
  if (secret.length < 32) {
    secret = randomBytes(32).toString("hex");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    fs.chmodSync(file, 0o600);
  }
  process.env.AUTH_SECRET = secret;
  process.env.NEXTAUTH_SECRET ??= secret;
}

interface DemoAccount {
  role: string | number;
  username: string;
  email: string;
  password: string;
}
type SeedDemo = (db: unknown, options: { log: (message: string) => void }) => Promise<{ accounts: DemoAccount[] }>;

/** The demo seed (scripts/seed), loaded at run time so this script does not depend on it to compile. */
async function loadSeedDemo(): Promise<SeedDemo> {
  const mod: unknown = await import(new URL("./seed/index.ts", import.meta.url).href);
  const seedDemo = typeof mod === "object" && mod !== null && "seedDemo" in mod ? mod.seedDemo : undefined;
  if (typeof seedDemo !== "function") throw new Error("scripts/seed does not export seedDemo()");
  return seedDemo as SeedDemo;
}

function printAccounts(accounts: DemoAccount[]): void {
  const rows = accounts.map((a) => [String(a.role), a.username, a.email, a.password]);
  const head = ["role", "username", "email", "password"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) => `  │ ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" │ ")} │`;
  const rule = (l: string, m: string, r: string) => `  ${l}${widths.map((w) => "─".repeat(w + 2)).join(m)}${r}`;
  console.log(["", "  Demo accounts (local demo only; sign in with username or e-mail):",
    rule("┌", "┬", "┐"), line(head), rule("├", "┼", "┤"), ...rows.map(line), rule("└", "┴", "┘"), ""].join("\n"));
}

buildIfNeeded();
ensureAuthSecret();

const { getDbHandle, isEmpty } = await import("../db/client");
const { waitForDatabase } = await import("../server/core/wait-for-database");
// The database may not be up yet (a host's reboot, compose starting everything at once): wait for it (ADR 026).
const handle = await waitForDatabase(getDbHandle);
const wantSeed = handle.kind === "pglite" || process.env.SEED_DEMO === "1";
if (wantSeed && (await isEmpty(handle.db))) {
  console.log("[start] empty database: adding demo content…");
  const seedDemo = await loadSeedDemo();
  const { accounts } = await seedDemo(handle.db, { log: (message) => console.log(`[seed] ${message}`) });
  printAccounts(accounts);
}

const { startServer, closeOnSignals } = await import("../server/main");
const running = await startServer({ dev: false });
closeOnSignals(running.close);
