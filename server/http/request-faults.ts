import { AsyncLocalStorage } from "node:async_hooks";
import type http from "node:http";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "@/server/core/database-unavailable";
import { apiMessage, localeOf } from "@/server/core/messages";
import { markNotFound, markUnavailable, REQUEST_FAULTS_KEY, type RequestFaults } from "./request-faults-mark";

/**
 * A page whose render failed because the database is away answers 503 with Retry-After (docs/decisions/019, Faults),
 * so a load balancer or crawler sees "come back soon", not "this page is broken". Next renders its error page with
 * status 500 and reports the error to `onRequestError` (instrumentation.ts), which marks this request's scope; when
 * the 500 is written, it becomes a 503. API routes answer their own 503 envelope (server/http/errors.ts).
 *
 * The scope lives on globalThis so Next's bundled instrumentation reaches the custom server's AsyncLocalStorage.
 */
type G = typeof globalThis & { [REQUEST_FAULTS_KEY]?: AsyncLocalStorage<RequestFaults> };

function storage(): AsyncLocalStorage<RequestFaults> {
  const g = globalThis as G;
  return (g[REQUEST_FAULTS_KEY] ??= new AsyncLocalStorage<RequestFaults>());
}

/** Runs `serve` (Next's handler) in a scope that turns its 500 into a 503 when the database was the cause. */
export function serveWithFaults(res: http.ServerResponse, serve: () => Promise<void>): Promise<void> {
  const faults: RequestFaults = { databaseUnavailable: false };
  const writeHead = res.writeHead;
  // Node's implicit head (res.end without writeHead) goes through writeHead too.
  res.writeHead = function (this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    // A page that rendered its own not-found content (markNotFound). Not a client navigation's payload (`RSC: 1`):
    // Next's router would answer a non-2xx one with a full page load, rendering it twice.
    if (statusCode === 200 && faults.notFound && this.req?.headers.rsc !== "1") {
      statusCode = 404;
      this.statusCode = 404;
    }
    if (statusCode === 500 && faults.databaseUnavailable) {
      statusCode = 503;
      this.statusCode = 503;
      if (!this.headersSent) {
        this.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
        this.setHeader("Cache-Control", "no-store");
      }
    }
    return (writeHead as (...args: unknown[]) => http.ServerResponse).call(this, statusCode, ...rest);
  } as typeof res.writeHead;
  return storage().run(faults, serve);
}

export { markNotFound, markUnavailable };

/**
 * The custom server's last resort for a request whose handler threw: an API path gets the envelope (503 when the
 * database is away, else 500), a page a plain answer; a response already under way is cut.
 */
export function answerFailure(req: http.IncomingMessage, res: http.ServerResponse, err: unknown): void {
  const down = isDatabaseUnavailable(err);
  if (!down) console.error("[server] request failed:", err);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const status = down ? 503 : 500;
  const headers: http.OutgoingHttpHeaders = { "Cache-Control": "no-store" };
  if (down) headers["Retry-After"] = String(RETRY_AFTER_SECONDS);
  if ((req.url ?? "").startsWith("/api/")) {
    const locale = localeOf(req);
    const message = apiMessage(locale, down ? "serviceUnavailable" : "internal");
    const code = down ? "serviceUnavailable" : "internal";
    res.writeHead(status, { ...headers, "Content-Type": "application/json" }).end(JSON.stringify({ statusCode: status, message, data: { code, message } }));
    return;
  }
  res.writeHead(status, { ...headers, "Content-Type": "text/plain; charset=utf-8" }).end(down ? "503 Service Unavailable" : "500 Internal Server Error");
}
