/**
 * npm run user:create-root — creates a verified root (role 4) account on the configured database
 * (DATABASE_URL, else the embedded PGlite in ./data).
 *
 *   npm run user:create-root                                   asks for everything (password hidden)
 *   ROOT_PASSWORD=… npm run user:create-root -- --username owner --email owner@example.com --name "Site Owner"
 */
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { closeDb, databaseConfig, getDb } from "../db/client";
import { CreateRootError, createRootUser, ROOT_PASSWORD_MIN } from "../server/auth/create-root-user";

const { values } = parseArgs({
  options: {
    username: { type: "string" },
    email: { type: "string" },
    name: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
  strict: true,
});

if (values.help) {
  console.log("Usage: npm run user:create-root [-- --username NAME --email ADDRESS --name \"FULL NAME\"]");
  console.log(`The password is asked for (hidden), or read from ROOT_PASSWORD; at least ${ROOT_PASSWORD_MIN} characters,`);
  console.log("with an uppercase letter and a non-alphanumeric character.");
  process.exit(0);
}

const interactive = process.stdin.isTTY === true;
/** Piped answers (one per line) are read up front: readline would drop lines that arrive before their question. */
const piped: string[] = interactive ? [] : await readPipedLines();

async function readPipedLines(): Promise<string[]> {
  if (values.username && values.email && values.name && process.env.ROOT_PASSWORD) return [];
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/);
}

/** Echo is muted while the password is typed. */
let muted = false;
const output = new Writable({
  write(chunk: Buffer, _encoding, done) {
    if (!muted) process.stdout.write(chunk);
    done();
  },
});
const rl = interactive ? createInterface({ input: process.stdin, output, terminal: true }) : null;

async function ask(question: string, hidden = false): Promise<string> {
  if (!rl) {
    process.stdout.write(`${question}\n`);
    return (piped.shift() ?? "").trim();
  }
  const answer = rl.question(question);
  muted = hidden;
  try {
    return (await answer).trim();
  } finally {
    if (muted) process.stdout.write("\n");
    muted = false;
  }
}

const { kind } = databaseConfig();
try {
  console.log(`Creating a root account on ${kind === "pg" ? "PostgreSQL (DATABASE_URL)" : "the embedded PGlite database"}.`);
  const username = values.username ?? (await ask("Username: "));
  const email = values.email ?? (await ask("E-mail: "));
  const fullName = values.name ?? (await ask("Full name: "));
  let password = process.env.ROOT_PASSWORD ?? "";
  if (!password) {
    password = await ask("Password: ", true);
    const again = await ask("Password again: ", true);
    if (again !== password) throw new CreateRootError(["password: the two passwords differ"]);
  }
  const user = await createRootUser({ db: await getDb(), username, email, fullName, password });
  console.log(`Root account created: #${user.id} ${user.username} <${user.email}>. Sign in at /auth.`);
} catch (err) {
  if (err instanceof CreateRootError) {
    console.error("Not created:");
    for (const problem of err.problems) console.error(`  - ${problem}`);
  } else {
    console.error("Not created:", err instanceof Error ? err.message : err);
  }
  process.exitCode = 1;
} finally {
  rl?.close();
  await closeDb();
}
