import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { closeDb, getDbHandle, type Db } from "@/db/client";
import { closeBus, getBus } from "@/server/core/bus";
import { waitForDatabase } from "@/server/core/wait-for-database";
import { followCatalogueChanges } from "./manga/changed";
import { startChapterJobRunner } from "./publishing/chapter-jobs";
import { startReleaseTimer } from "./publishing/release-chapters";
import { startRatingFolder } from "./ratings/fold-matured";
import { startDigestTimer } from "./notifications/send-digests";
import { startMediaCollector } from "./media/collect-media";
import "./chapters/ingest/page-copies";
import { startNotificationDelivery } from "./realtime/deliver-notifications";
import { env } from "@/server/env";
import { setClientAddress } from "./core/client-ip";
import { answerClientError, refuseWrongMethod } from "./http/method-guard";
import { closeAfterEarlyAnswer } from "./http/early-answer";
import { createPageCache, type PageCache } from "./http/page-cache";
import { answerFailure, serveWithFaults } from "./http/request-faults";
import { renderWithinShare } from "./http/page-renders";
import { applySecurityHeaders } from "./http/security-headers";
import { serveLogged } from "./http/request-log";
import { serveMetrics } from "./http/metrics-endpoint";
import { probe } from "./core/metrics";
import { sql, type SQL } from "drizzle-orm";
import { socketCount } from "./realtime/registry";
import { log, routeConsoleToLog } from "./core/log";
import { closeNotificationSockets, handleNotificationUpgrade, isNotificationSocketRequest } from "./realtime/upgrade";

/**
 * The one process (DESIGN §2): `tsx server/main.ts [--dev]`. Opens (and migrates) the database, then
 * serves Next and upgrades the notification path to the WebSocket server. `startServer` is also used
 * by scripts/start.ts and the browser tests.
 */
export interface StartOptions {
  port?: number;
  dev?: boolean;
  /** Interface to listen on; all interfaces when unset (HOST in the environment). */
  hostname?: string;
}

export interface RunningServer {
  url: string;
  server: http.Server;
  /** Stops accepting, closes sockets (1001), the HTTP server, Next and the database. Idempotent. */
  close(): Promise<void>;
}

const GRACE_MS = 5000;
/** Warming the page cache never holds the start longer than this. */
const WARM_LIMIT_MS = 30_000;

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const dev = options.dev ?? false;
  // Production logs are JSON lines, what Next and libraries print included (server/core/log.ts).
  if (!dev && process.env.NODE_ENV === "production") routeConsoleToLog();
  // Next and React choose their build from NODE_ENV when first loaded, hence the dynamic import below.
  if (!process.env.NODE_ENV) Object.assign(process.env, { NODE_ENV: dev ? "development" : "production" });
  const port = options.port ?? env.port;
  const trustProxyHops = env.trustProxyHops; // a bad TRUST_PROXY_HOPS stops the start here
  const hostname = options.hostname ?? (process.env.HOST || undefined);

  // Started while the database is away: wait for it (bounded backoff, a line per retry) instead of exiting (ADR 026).
  const db = await waitForDatabase(getDbHandle);
  // What any process publishes reaches this one through the bus: notifications for its sockets (DESIGN §5), catalogue
  // changes for its cached public pages.
  const bus = await getBus();
  const stopDelivery = await startNotificationDelivery({ db: db.db, bus });
  const stopFollowing = followCatalogueChanges(bus);
  // Background publishing work, in every process: uploaded PDFs rendered (jobs survive restarts) and scheduled
  // chapters announced when their time comes (docs/decisions/013).
  const stopJobs = startChapterJobRunner(db.db, bus);
  const stopReleases = startReleaseTimer(db.db);
  // Ratings of accounts that have turned a day old counted in their manga's mean (docs/decisions/028).
  const stopRatingFolder = startRatingFolder(db.db);
  // The daily e-mail digest of unread notifications, for users who turned it on (claimed per user: sent once).
  const stopDigests = startDigestTimer(db.db);
  // Images no row refers to any more, given back after a day (one process at a time: collect-media.ts).
  const stopCollector = startMediaCollector(db.db);
  const { default: next } = await import("next");
  // Next attaches its own upgrade listener to the server of the first request it sees (HMR, and it ends
  // upgrades aimed at its routes, which would include our socket path). It gets a stand-in server
  // instead; we forward it the upgrades that are not ours, in development only.
  const nextUpgrades = http.createServer();
  // Next builds its own origin from `hostname`; the proxy's rewrites (next-intl serves `/` from `/en`) are built on
  // "localhost", and a rewrite to any other origin is proxied as an external request, which loops. So Next always
  // gets "localhost" here, whatever address the server listens on.
  const app = next({ dev, dir: process.cwd(), hostname: "localhost", port, httpServer: nextUpgrades });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Hot catalogue reads skip Next's router in production (server/http/direct-routes.ts). Not in development,
  // where Next recompiles the route files on change and this process would keep serving the old code.
  const direct = dev ? undefined : await import("./http/direct-routes");
  // Public pages answered from memory (server/http/page-cache.ts); production only, PAGE_CACHE=0 turns it off.
  const pages: PageCache | undefined =
    dev || process.env.PAGE_CACHE === "0"
      ? undefined
      : createPageCache({ target: () => ({ host: "127.0.0.1", port: (renderer!.address() as AddressInfo).port }), maxBytes: Number(process.env.PAGE_CACHE_MB || 64) * 1024 * 1024 });

  const security = { siteUrl: env.siteUrl, dev };
  // `shared`: the public port, where each address's page renders get their share (server/http/page-renders.ts); the
  // page cache's own renderer (loopback, filling the cache for everyone) is not counted.
  // One log line per request, its id in X-Request-Id and on every line logged while serving it (request-log.ts).
  const listenerFor = (shared: boolean): http.RequestListener => (req, res) => serveLogged(req, res, trustProxyHops > 0 && shared, () => {
    // Prometheus metrics for a scraper holding METRICS_TOKEN (server/http/metrics-endpoint.ts); a 404 for anyone else.
    if (shared && serveMetrics(req, res, { token: process.env.METRICS_TOKEN || undefined })) return;
    recordClientAddress(req, trustProxyHops);
    applySecurityHeaders(res, security); // every response; pages get their nonce policy from proxy.ts
    // An upload refused mid-body leaves no unread bytes blocking the connection (server/http/early-answer.ts).
    closeAfterEarlyAnswer(req, res);
    // A method an API path does not take: the 405 envelope with Allow (Next's own 405 has no body).
    if (refuseWrongMethod(req, res)) return;
    // A database outage answers 503 (docs/decisions/019): the API's envelope, and pages whose render it broke.
    const render = () => serveWithFaults(res, () => handle(req, res));
    const next = shared ? () => renderWithinShare(req, res, render) : render;
    (direct?.serveDirectly(req, res) ?? pages?.serve(req, res, next) ?? next()).catch((err: unknown) => answerFailure(req, res, err));
  }, !shared);
  const server = http.createServer(listenerFor(true));
  // The page cache renders through a server of its own on the loopback interface. It listens first, so the cache is
  // filled with the pages the first visitors ask for before the public port opens (server/http/page-cache-warm.ts).
  const renderer: http.Server | undefined = pages && http.createServer(listenerFor(false));
  if (renderer) {
    await listen(renderer, 0, "127.0.0.1");
    await warmPageCache(pages!, db.db, `http://127.0.0.1:${(renderer.address() as AddressInfo).port}`);
  }
  // From then on, the pages a change made stale are rendered again before a visitor asks (issue 30, item 4).
  const stopRewarming = pages ? (await import("./http/page-cache-warm")).rewarmOnChange(pages) : undefined;
  // A request the HTTP parser refuses (431 for oversized headers, 400 otherwise) is answered with the envelope too.
  server.on("clientError", answerClientError);
  server.on("upgrade", (req: http.IncomingMessage, socket, head: Buffer) => {
    if (isNotificationSocketRequest(req)) void handleNotificationUpgrade(req, socket, head);
    else if (dev && nextUpgrades.listenerCount("upgrade") > 0) nextUpgrades.emit("upgrade", req, socket, head);
    else socket.destroy();
  });

  // Idle keep-alive connections outlive any client's or load balancer's (commonly 60 s): a server that closes first
  // races a request the client is sending on that connection, which then fails with ECONNRESET.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const url = await listen(server, port, hostname);
  // What the metrics read when scraped (server/core/metrics.ts).
  if (pages) {
    probe("page_cache_bytes", () => pages.stats().bytes);
    probe("page_cache_entries", () => pages.stats().entries);
  }
  if (db.kind === "pg") {
    const pool = db.raw as { totalCount: number; idleCount: number; waitingCount: number };
    probe("db_pool_connections", () => pool.totalCount);
    probe("db_pool_idle", () => pool.idleCount);
    probe("db_pool_waiting", () => pool.waitingCount);
  }
  probe("bus_listening", () => (bus.isListening() ? 1 : 0));
  probe("notification_sockets_open", () => socketCount());
  // Site-wide backlogs, one small query each per scrape (never per request).
  const scalar = async (query: SQL) => Number((await db.db.execute<{ n: number | string | null }>(query)).rows[0]?.n ?? 0);
  probe("chapter_jobs_queued", () => scalar(sql`select count(*)::int as n from chapter_jobs`));
  probe("chapter_jobs_oldest_age_seconds", () => scalar(sql`select coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as n from chapter_jobs`));
  probe("mail_outbox_unsent", () => scalar(sql`select count(*)::int as n from email_outbox where sent_at is null`));
  probe("http_sockets_open", () => new Promise<number>((resolve) => server.getConnections((err, n) => resolve(err ? Number.NaN : n))));
  // The image encoder's and the page copies' queues register their own probes (background-encoder.ts, page-copies.ts).
  // METRICS_PORT: the metrics without a token on a port of their own (keep it private).
  const metricsServer = process.env.METRICS_PORT
    ? http.createServer((req, res) => {
        if (!serveMetrics(req, res, { open: true })) res.writeHead(404).end();
      })
    : undefined;
  if (metricsServer) await listen(metricsServer, Number(process.env.METRICS_PORT), process.env.METRICS_HOST || "127.0.0.1");
  log.info({ url, mode: dev ? "development" : "production", database: db.kind }, `> Ready on ${url} (${dev ? "development" : "production"}, database: ${db.kind})`);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      metricsServer?.close();
      await stopHttpServer(server);
      if (renderer) {
        renderer.close();
        renderer.closeAllConnections();
      }
      stopRewarming?.();
      pages?.close();
      await app.close();
      stopDelivery();
      stopFollowing();
      stopJobs();
      stopReleases();
      stopRatingFolder();
      stopDigests();
      stopCollector();
      await closeBus();
      await closeDb();
    })());
  return { url, server, close };
}

/** Fills the page cache before the port opens; PAGE_CACHE_WARM previews per list (0: none). Never stops the start. */
async function warmPageCache(pages: PageCache, db: Db, origin: string): Promise<void> {
  const { DEFAULT_WARM_PREVIEWS, toWarm, warmApi } = await import("./http/page-cache-warm");
  const previews = Number(process.env.PAGE_CACHE_WARM ?? DEFAULT_WARM_PREVIEWS);
  if (!Number.isFinite(previews) || previews <= 0) return;
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<string>((resolve) => (timer = setTimeout(() => resolve("stopped at the time limit"), WARM_LIMIT_MS)));
  try {
    const { pages: paths, api } = await toWarm(db, previews);
    const warming = async () => {
      const stored = await pages.warm(paths);
      const answered = await warmApi(origin, api);
      return `${stored} of ${paths.length} pages, ${answered} of ${api.length * 3} API reads`;
    };
    const outcome = await Promise.race([warming(), limit]);
    log.info({ durationMs: Date.now() - started }, `[page-cache] warmed: ${outcome} in ${Date.now() - started} ms`);
  } catch (err) {
    log.error({ err }, "[page-cache] warming failed");
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Replaces X-Forwarded-For with the one client address per-address limits read: the TCP peer, or with
 * TRUST_PROXY_HOPS=N the address the outermost of N proxies saw; never one the client chose (server/core/client-ip.ts).
 */
export function recordClientAddress(req: http.IncomingMessage, trustProxyHops = env.trustProxyHops): void {
  setClientAddress(req, trustProxyHops);
}

/** Listens and returns the base URL (the real port when `port` is 0). */
export function listen(server: http.Server, port: number, hostname?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => {
      server.off("error", reject);
      const { port: actual } = server.address() as AddressInfo;
      const shown = !hostname || hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname;
      resolve(`http://${shown.includes(":") ? `[${shown}]` : shown}:${actual}`);
    });
  });
}

/** Stops accepting, closes notification sockets with 1001, lets requests finish (cut after a grace period). */
export async function stopHttpServer(server: http.Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  await closeNotificationSockets(1001);
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, GRACE_MS).unref()));
  await Promise.race([closed, grace]);
  clearTimeout(timer);
  server.closeAllConnections();
  await closed;
}

/** SIGTERM/SIGINT: close gracefully and exit 0; exit 1 on failure, after `hardTimeoutMs`, or on a second signal. */
export function closeOnSignals(close: () => Promise<void>, hardTimeoutMs = 10_000): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal }, `[server] ${signal}: shutting down`);
    setTimeout(() => {
      log.error("[server] shutdown timed out");
      process.exit(1);
    }, hardTimeoutMs).unref();
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, "[server] shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

const runDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  const running = await startServer({ dev: process.argv.includes("--dev") });
  closeOnSignals(running.close);
}
