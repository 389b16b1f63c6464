import type http from "node:http";
import type { Duplex } from "node:stream";
import { ROUTE_KEYS } from "@/server/core/access-table";
import { apiMessage, localeOf } from "@/server/core/messages";
import type { Envelope } from "./envelope";
import { env } from "@/server/env";
import { remembered } from "@/lib/remembered";
import { rawSecurityHeaderLines } from "./security-headers";

/**
 * Envelope answers the custom server gives before Next sees a request (issue 19, item 10):
 * - a method an API path does not take: 405 with the envelope and `Allow` (Next answered 405 with an empty body);
 * - a request Node's HTTP parser refuses (headers over the limit: 431; anything else malformed: 400), which never
 *   reaches a handler: the envelope as the answer, then the connection closes.
 * The methods of each path come from the access table (server/core/access-table.ts), which every route is defined from.
 */
const PATHS: ReadonlyArray<{ pattern: RegExp; methods: string[] }> = (() => {
  const byPath = new Map<string, Set<string>>();
  for (const key of ROUTE_KEYS) {
    const [method = "", path = ""] = key.split(" ");
    const methods = byPath.get(path) ?? new Set<string>();
    methods.add(method);
    if (method === "GET") methods.add("HEAD");
    byPath.set(path, methods);
  }
  return [...byPath].map(([path, methods]) => ({
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}/?$`),
    methods: [...methods, "OPTIONS"],
  }));
})();

/**
 * The methods an API path takes (OPTIONS included), or undefined for a path that is not in the access table. Every API
 * call asks, and testing each of the table's patterns in turn cost more than some routes' own work (issue 30, item 1),
 * so the answers for the paths seen lately are remembered.
 */
export const allowedMethods: (pathname: string) => string[] | undefined = remembered((pathname) => PATHS.find((p) => p.pattern.test(pathname))?.methods, {
  max: 2_000,
  maxKeyLength: 200,
});

/** Answers a method the path does not take with the 405 envelope (true when it did). */
export function refuseWrongMethod(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const url = req.url ?? "/";
  if (!url.startsWith("/api/")) return false;
  const query = url.indexOf("?");
  const methods = allowedMethods(query < 0 ? url : url.slice(0, query));
  const method = req.method ?? "GET";
  if (!methods || methods.includes(method)) return false;
  const locale = localeOf(req);
  const message = apiMessage(locale, "methodNotAllowed");
  const body: Envelope = { statusCode: 405, message, data: { code: "methodNotAllowed", message } };
  req.resume();
  res.writeHead(405, { "Content-Type": "application/json", Allow: methods.join(", "), "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
  return true;
}

/** The server's `clientError` listener: the envelope for a request the parser refused, then the connection closes. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, key] = err.code === "HPE_HEADER_OVERFLOW"
    ? ([431, "Request Header Fields Too Large", "headersTooLarge"] as const)
    : ([400, "Bad Request", "badRequest"] as const);
  // The headers were not read, so the language is not known: English.
  const message = apiMessage("en", key);
  const body = JSON.stringify({ statusCode: status, message, data: { code: key, message } } satisfies Envelope);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\n${rawSecurityHeaderLines({ siteUrl: env.siteUrl })}Connection: close\r\n\r\n${body}`,
  );
}
