import type http from "node:http";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { constants as zlibConstants, gzip, type InputType, type ZlibOptions } from "node:zlib";
import { localeOf } from "@/server/core/messages";
import { admitRead, admittedRequests, hasCredential, type ReadAdmission } from "./anonymous-reads";
import { getMangaById, paginatedManga } from "./catalogue-routes";
import { toResponse } from "./errors";
import { paginatedNotification, unreadNotificationCountRoute } from "./notification-routes";
import { paginatedChapterImagePages, recordViewRoute, toggleFavoriteRoute } from "./reader-routes";
import { authenticate, JSON_NO_STORE, type DefinedRoute, type RouteAnswer, type RouteHandler } from "./route";
import { nodeApiRequest } from "./api-request";
import { acceptsGzip } from "./accept-encoding";

/**
 * Hot API routes served by the custom server itself (production only, see server/main.ts), without Next's router: for
 * a catalogue read, the bell's unread count or a reader's page turn, Next's request pipeline costs more CPU than the
 * route does (issues 4, 14 and 18).
 * The handlers are the ones the route files re-export (./catalogue-routes.ts, ./reader-routes.ts: one definition, one
 * code path); only GET and HEAD of these reads and POST of the reader's two writes go this way. Every other method
 * (405, OPTIONS) and every other path is left to Next, so those answers are unchanged. A read runs as an ApiRequest over
 * Node's own request (./api-request.ts) and its success is written from the envelope's text: no web Request, Headers or
 * Response is built for it (issue 30, item 1). A web Request handed to a handler (or a write's) is what Next would hand
 * it: the same headers (X-Forwarded-For already recorded), a `http://localhost:<port>` origin, the body as a stream
 * (writes) or none (reads).
 */
const DIRECT_ROUTES: ReadonlyMap<string, DefinedRoute> = new Map([
  ["/api/manga/PaginatedManga", paginatedManga],
  ["/api/manga/GetMangaById", getMangaById],
  ["/api/chapter/PaginatedChapterImagePages", paginatedChapterImagePages],
  ["/api/Notification/PaginatedNotification", paginatedNotification],
  ["/api/Notification/GetUnreadNotificationCount", unreadNotificationCountRoute],
]);

/**
 * The reader's writes (a view, the heart): POST with a JSON body, handed to the handler as the request's stream, so the
 * route reads and caps it as it does under Next (415, 413 without reading on, 400 for broken JSON).
 */
const DIRECT_WRITES: ReadonlyMap<string, RouteHandler> = new Map([
  ["/api/chapter/RecordView", recordViewRoute],
  ["/api/manga/ToggleFavorite", toggleFavoriteRoute],
]);

const NO_PARAMS = { params: Promise.resolve({}) };

/** Serves the request when it is one of the direct routes (resolving when answered); undefined leaves it to Next. */
export function serveDirectly(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> | undefined {
  const url = req.url ?? "";
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  if (req.method === "POST") {
    const handler = DIRECT_WRITES.get(path);
    return handler && serveWrite(handler, req, res);
  }
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const route = DIRECT_ROUTES.get(path);
  return route && serve(route, req, res);
}

async function serveWrite(handler: RouteHandler, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  await write(await handler(toWebRequest(req, true), NO_PARAMS), req, res);
}

/**
 * Runs the route and writes its answer in one piece (status, headers and body in a single write). The read is
 * admitted first (./anonymous-reads.ts: the 429 envelope costs no handler): a verified token's on its account's budget,
 * any other on its address's (a credential that does not verify too, before its 401); it holds its slot until its
 * answer, compression included, is written.
 */
async function serve(route: DefinedRoute, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  // No body is read on these routes; drain whatever a client sent so the connection can be reused.
  req.resume();
  const request = nodeApiRequest(req);
  let web: Request | undefined;
  const webRequest = () => (web ??= toWebRequest(req));
  let admission: ReadAdmission | undefined;
  try {
    // Verifying the token is an HMAC over a few hundred bytes; the account's check (a query) is the handler's, after.
    const userId = hasCredential(req.headers.authorization) ? ((await authenticate(request)).user?.userId ?? null) : null;
    admission = await admitRead(request, userId);
  } catch (err) {
    return write(noStore(toResponse(err, localeOf(request), "direct")), req, res);
  }
  admittedRequests.add(request);
  try {
    await writeAnswer(await route.answer(request, NO_PARAMS, webRequest), req, res, admission);
  } finally {
    admission?.release();
  }
}

/** A route's answer: the success envelope's text as it is, any other answer as its Response. */
async function writeAnswer(answer: RouteAnswer, req: http.IncomingMessage, res: http.ServerResponse, charge?: ReadAdmission): Promise<void> {
  if (answer instanceof Response) return write(answer, req, res, charge);
  const body = Buffer.from(answer.json);
  if (charge) charge.limits.chargeAnswer(charge.subject, body.byteLength);
  await send(200, { ...JSON_NO_STORE }, body, req, res);
}

/** Writes the Response; `charge` (an admitted read) pays for the answer's size. */
async function write(response: Response, req: http.IncomingMessage, res: http.ServerResponse, charge?: ReadAdmission): Promise<void> {
  const headers: http.OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const body: Buffer | undefined = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  if (charge && response.ok && body) charge.limits.chargeAnswer(charge.subject, body.byteLength);
  await send(response.status, headers, body, req, res);
}

/** Status, headers and body in one write: gzipped as Next's compression would, none for HEAD. */
async function send(status: number, headers: http.OutgoingHttpHeaders, body: Buffer | undefined, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (body && isCompressible(headers)) {
    // What Next's compression does for its own responses: gzip from 1 KB when the client accepts it.
    headers.vary = headers.vary ? `${String(headers.vary)}, Accept-Encoding` : "Accept-Encoding";
    if (body.byteLength >= COMPRESSION_THRESHOLD && req.method !== "HEAD" && acceptsGzip(req.headers["accept-encoding"])) {
      body = await gzipAsync(body, body.byteLength >= HUFFMAN_ONLY_FROM ? HUFFMAN_ONLY : {});
      headers["content-encoding"] = "gzip";
    }
  }
  if (body) headers["content-length"] = body.byteLength;
  res.writeHead(status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

function noStore(response: Response): Response {
  response.headers.set("Cache-Control", "no-store");
  return response;
}

function toWebRequest(req: http.IncomingMessage, withBody = false): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const url = `http://localhost:${req.socket.localPort ?? 80}${req.url ?? "/"}`;
  if (!withBody) return new Request(url, { method: req.method, headers });
  // What the route does not read (a body refused by its size or type) is discarded by Node once the answer is sent.
  return new Request(url, { method: req.method, headers, body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" } as RequestInit);
}

const COMPRESSION_THRESHOLD = 1024;
/**
 * Answers this large carry base64 images (a list's covers): base64 has no repeats for LZ77 to find, and Huffman coding
 * alone gets the same ~76% in a third to a fifth of the CPU (measured on 450 kB of covers: 8.9 ms against 24.7 ms).
 */
const HUFFMAN_ONLY_FROM = 128 * 1024;
const HUFFMAN_ONLY: ZlibOptions = { level: 1, strategy: zlibConstants.Z_HUFFMAN_ONLY };
const gzipAsync = promisify<InputType, ZlibOptions, Buffer>(gzip);

function isCompressible(headers: http.OutgoingHttpHeaders): boolean {
  const type = String(headers["content-type"] ?? "");
  return /^(?:application\/(?:[\w.+-]*\+)?json|text\/)/i.test(type) && !headers["content-encoding"] && !/\bno-transform\b/i.test(String(headers["cache-control"] ?? ""));
}
