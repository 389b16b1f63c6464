import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { formatWithOptions } from "node:util";
import pino, { type DestinationStream, type Logger } from "pino";

/**
 * THE logger (issue 33, item 1; docs/decisions/026). pino: one JSON line per event in production (stdout, pino's own
 * destination), human-readable in development when pino-pretty (a dev dependency) is installed, JSON otherwise.
 *
 *   import { log } from "@/server/core/log";
 *   log.warn({ chapterId }, "[chapter-jobs] job failed, will retry");
 *   log.error({ err }, "[api] unexpected error");     // `err`: the error with its cause chain and stack
 *
 * Every line written while serving a request carries its `requestId` (and `userId` once known), every line of a
 * background job or bus delivery its own id (`inScope`): AsyncLocalStorage, shared on globalThis by the custom server
 * and Next's bundled code, as is the logger itself. Secrets are removed before a line is written (REDACT, and error
 * messages lose the query parameters Drizzle puts in them).
 *
 * LOG_LEVEL (info; "silent" turns it off), LOG_PRETTY=0 keeps JSON in development. Tests log at "silent" unless LOG_LEVEL says.
 */
export interface LogScope {
  requestId: string;
  /** The signed-in user, once a route or page knows who asks; null: anonymous. */
  userId?: number | null;
  /** What runs without a request: a background job's or a bus channel's name. */
  job?: string;
}

/** Field paths never written (pino's redact): credentials, cookies, e-mail contents. */
export const REDACT = [
  "password", "newPassword", "confirmPassword", "Password", "ConfirmPassword", "currentPassword",
  "token", "accessToken", "refreshToken", "resetToken", "turnstileToken", "firebaseToken", "idToken", "secret",
  "authorization", "cookie", "set-cookie",
  "headers.authorization", "headers.cookie", 'headers["set-cookie"]',
  "body", "html", "text",
  "*.password", "*.newPassword", "*.confirmPassword", "*.token", "*.accessToken", "*.refreshToken", "*.cookie", "*.authorization",
  "*.body", "*.html", "*.text",
];

const SCOPE_KEY = Symbol.for("manga.log.scope");
const LOGGER_KEY = Symbol.for("manga.log.logger");
const REQUEST_LOGGER_KEY = Symbol.for("manga.log.requests");
const DESTINATION_KEY = Symbol.for("manga.log.destination");
type G = typeof globalThis & { [SCOPE_KEY]?: AsyncLocalStorage<LogScope>; [LOGGER_KEY]?: Logger; [REQUEST_LOGGER_KEY]?: Logger; [DESTINATION_KEY]?: DestinationStream };
const g = globalThis as G;

const scopes: AsyncLocalStorage<LogScope> = (g[SCOPE_KEY] ??= new AsyncLocalStorage<LogScope>());

/** The current request's or job's scope, if any. */
export function currentScope(): LogScope | undefined {
  return scopes.getStore();
}

/** Runs `fn` with `scope` on every line it logs (a request, a background job, a bus delivery). */
export function inScope<T>(scope: LogScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/** A fresh id for a request without a usable X-Request-Id, or for a job. */
export function newRequestId(): string {
  return randomUUID();
}

/** Records who asks, for the request's remaining lines and its request line (defineRoute, the session read). */
export function setScopeUser(userId: number | null): void {
  const scope = scopes.getStore();
  if (scope) scope.userId = userId;
}

/** Drizzle's failed-query message names the query's parameters (hashes, tokens, e-mail addresses): cut them. */
export function scrubMessage(message: string): string {
  const params = message.search(/\nparams: /);
  const cut = params < 0 ? message : `${message.slice(0, params)}\nparams: [redacted]`;
  // A mail server's refusal names the recipient ("550 … <someone@example.com>"), as can a driver's message.
  return cut.replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, "[e-mail]");
}

/**
 * An error with its cause chain, each link reduced to fields that hold no data: its type, message and stack (scrubbed
 * of query parameters) and a few codes. pino's errWithCause copies every enumerable property, and Drizzle's query
 * error carries `params` (e-mail addresses, password and token hashes) and PostgreSQL's `detail` the duplicate value.
 */
const ERROR_FIELDS = ["code", "errno", "syscall", "statusCode", "status", "routine", "constraint", "table", "column"] as const;

function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return depth === 0 ? err : typeof err === "object" ? "[non-error cause]" : err;
  const out: Record<string, unknown> = { type: err.constructor?.name ?? err.name, message: scrubMessage(err.message) };
  if (typeof err.stack === "string") out.stack = scrubMessage(err.stack);
  const fields = err as unknown as Record<string, unknown>;
  for (const field of ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === "string" || typeof value === "number") out[field] = value;
  }
  if (err.cause !== undefined && depth < 8) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

function defaultLevel(): string {
  if (process.env.LOG_LEVEL) return process.env.LOG_LEVEL;
  return process.env.NODE_ENV === "test" || process.env.VITEST ? "silent" : "info";
}

/** pino-pretty in development only, loaded if installed (never in production: it is a dev dependency). */
function prettyStream(): DestinationStream | undefined {
  if (process.env.NODE_ENV === "production" || process.env.LOG_PRETTY === "0") return undefined;
  try {
    const require = createRequire(import.meta.url);
    const pretty = require("pino-pretty") as (options: Record<string, unknown>) => DestinationStream;
    return pretty({ colorize: true, sync: true, translateTime: "HH:MM:ss.l", ignore: "pid,hostname" });
  } catch {
    return undefined;
  }
}

export function createLogger(destination?: DestinationStream, level = defaultLevel()): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT, censor: "[redacted]" },
      serializers: { err: (e: unknown) => serializeError(e), error: (e: unknown) => serializeError(e) },
      // The request's (or job's) id and user on every line, read from AsyncLocalStorage: no argument to pass around.
      mixin() {
        const scope = scopes.getStore();
        if (!scope) return {};
        return scope.job ? { requestId: scope.requestId, job: scope.job } : { requestId: scope.requestId, userId: scope.userId ?? "anonymous" };
      },
    },
    destination ?? sharedDestination(),
  );
}

/** The process's one destination (the logger and the request lines write to it). */
function sharedDestination(): DestinationStream {
  return (g[DESTINATION_KEY] ??= prettyStream() ?? stdoutDestination());
}

/**
 * The request lines' logger (server/http/request-log.ts): the same destination and level, without the redaction pass
 * and the scope mixin, which cost every API call a few microseconds (issue 30's bench): a request line's fields are
 * fixed and hold no secret (the route key has no query string), and it carries its request and user ids itself.
 */
export function createRequestLogger(destination?: DestinationStream, level = defaultLevel()): Logger {
  return pino(
    { level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } },
    destination ?? sharedDestination(),
  );
}

/**
 * stdout written asynchronously, in 4 kB writes: a synchronous write per line blocked the event loop whenever the
 * reader of the pipe (Docker, systemd, a supervisor) was behind, and a write per line cost the API a syscall per call
 * (issue 30's bench profile). A line waits at most FLUSH_MS for the buffer to fill; what is left is written
 * synchronously at exit.
 */
const FLUSH_MS = 250;

function stdoutDestination(): DestinationStream {
  // maxLength: a stdout that stops draining drops lines past 16 MB instead of growing the buffer without end.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096, maxLength: 16 * 1024 * 1024 });
  setInterval(() => {
    try {
      destination.flush();
    } catch {
      // Not open yet, or a write in progress that will take the buffer with it.
    }
  }, FLUSH_MS).unref();
  process.once("exit", () => {
    try {
      destination.flushSync();
    } catch {
      // Not open yet (nothing written): nothing to flush.
    }
  });
  return destination;
}

/** The process's logger (one per process, shared by the custom server and Next's bundle). */
export const log: Logger = (g[LOGGER_KEY] ??= createLogger());

/** Where request lines go: see createRequestLogger. */
export const requestLog: Logger = (g[REQUEST_LOGGER_KEY] ??= createRequestLogger());

/**
 * In production every line is JSON: what other code prints with console.* (Next's own render errors, libraries) goes
 * through the logger too, an Error among the arguments as `err` (stack and causes), with the request's id when printed
 * while serving one. Called by the custom server at start (server/main.ts); LOG_CONSOLE=keep leaves console alone.
 */
export function routeConsoleToLog(): void {
  if (process.env.LOG_CONSOLE === "keep" || (console as { [LOGGER_KEY]?: true })[LOGGER_KEY]) return;
  (console as { [LOGGER_KEY]?: true })[LOGGER_KEY] = true;
  const to = (level: "info" | "warn" | "error" | "debug") => (...args: unknown[]) => {
    const err = args.find((a) => a instanceof Error);
    const rest = err === undefined ? args : args.filter((a) => a !== err);
    // Without the terminal colours Next puts in its own lines.
    const message = formatWithOptions({ colors: false, depth: 4 }, ...rest).replace(/\u001b\[[0-9;]*m/g, "");
    if (err !== undefined) log[level]({ err }, message || (err as Error).message);
    else log[level](message);
  };
  console.log = to("info");
  console.info = to("info");
  console.warn = to("warn");
  console.error = to("error");
  console.debug = to("debug");
}
