import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * Prometheus metrics of this process (issue 33, item 2, first part; docs/decisions/026), on one registry kept on
 * globalThis (the custom server and Next's bundle share it). Served by the custom server at GET /api/metrics
 * (server/http/metrics-endpoint.ts), never through Next. What is measured here costs a counter or histogram update
 * per event; gauges that need a look at something (the pool, the page cache) are read when scraped.
 */
interface Metrics {
  registry: Registry;
  requestDuration: Histogram<"route" | "status_class">;
  queryDuration: Histogram;
  pageCache: Counter<"result">;
  rateLimitRefusals: Counter<"rule">;
  busLag: Histogram<"channel">;
  /** Functions read at scrape time: name → value (NaN when it cannot be read, e.g. the database away). */
  probes: Map<string, () => number | Promise<number>>;
}

const KEY = Symbol.for("manga.metrics");
type G = typeof globalThis & { [KEY]?: Metrics };

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Requests by route key (method and pattern, no ids) and status class, from the first byte read to the last sent.",
    labelNames: ["route", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const queryDuration = new Histogram({
    name: "db_query_duration_seconds",
    help: "PostgreSQL queries of the pool, from sending to the answer (db/client.ts; the migration's connection excepted).",
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30],
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "page_cache_requests_total",
    help: "Public pages asked of the page cache, by result (hit, stale, miss).",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const rateLimitRefusals = new Counter({
    name: "rate_limit_refusals_total",
    help: "Requests refused by a rate limit (server/core/rate-limit.ts), by rule.",
    labelNames: ["rule"] as const,
    registers: [registry],
  });
  const busLag = new Histogram({
    name: "bus_delivery_lag_seconds",
    help: "Bus messages from their publishing (any process) to their delivery to this process's subscribers, by channel.",
    labelNames: ["channel"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const probes = new Map<string, () => number | Promise<number>>();
  const probe = (name: string, help: string) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const read = probes.get(name);
        if (!read) return;
        try {
          this.set(await read());
        } catch {
          this.set(Number.NaN);
        }
      },
    });
  probe("page_cache_bytes", "Bytes held by the page cache (gzipped bodies).");
  probe("page_cache_entries", "Pages held by the page cache.");
  probe("db_pool_connections", "Connections the database pool holds.");
  probe("db_pool_idle", "Idle connections in the database pool.");
  probe("db_pool_waiting", "Queries waiting for a connection from the pool.");
  probe("bus_listening", "1 while the bus listener is connected (readiness), else 0.");
  probe("notification_sockets_open", "Notification WebSockets open on this process.");
  probe("chapter_jobs_queued", "PDF chapter jobs waiting or running (the whole site: read from the database).");
  probe("chapter_jobs_oldest_age_seconds", "Age of the oldest chapter job (0 when none).");
  probe("mail_outbox_unsent", "Mails in the outbox not sent yet (the whole site).");
  probe("http_sockets_open", "HTTP connections open on this process's site port (keep-alive ones included).");
  probe("image_encoder_jobs", "Images sent to this process's background encoder and not answered yet (uploads' pages, AVIF copies).");
  probe("image_encoder_oldest_age_seconds", "Age of the oldest image the background encoder has not answered (0 when none).");
  probe("page_copies_queued", "Pages waiting for or getting their AVIF copies in this process (after an upload).");
  probe("page_copies_oldest_age_seconds", "Age of the oldest page waiting for or getting its copies (0 when none).");
  return { registry, requestDuration, queryDuration, pageCache, rateLimitRefusals, busLag, probes };
}

export function metrics(): Metrics {
  const g = globalThis as G;
  return (g[KEY] ??= create());
}

/** One request's duration (request-log.ts, where its route key is known). */
export function observeRequest(route: string, status: number, seconds: number): void {
  metrics().requestDuration.observe({ route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
}

/** One pool query's duration (db/client.ts). */
export function observeQuery(seconds: number): void {
  metrics().queryDuration.observe(seconds);
}

/** One bus message's delay from its publishing to its delivery here (server/core/bus.ts). */
export function observeBusLag(channel: string, seconds: number): void {
  metrics().busLag.observe({ channel }, Math.max(0, seconds));
}

/** A refusal of a rate limit (the database's, server/core/rate-limit.ts, or a process's read limits). */
export function countRefusal(rule: string): void {
  metrics().rateLimitRefusals.inc({ rule });
}

/** Registers a gauge's reading (the pool, the page cache, the bus), taken at each scrape. */
export type ProbeName =
  | "page_cache_bytes" | "page_cache_entries" | "db_pool_connections" | "db_pool_idle" | "db_pool_waiting" | "bus_listening"
  | "notification_sockets_open" | "chapter_jobs_queued" | "chapter_jobs_oldest_age_seconds" | "mail_outbox_unsent" | "http_sockets_open"
  | "image_encoder_jobs" | "image_encoder_oldest_age_seconds" | "page_copies_queued" | "page_copies_oldest_age_seconds";
export function probe(name: ProbeName, read: () => number | Promise<number>): void {
  metrics().probes.set(name, read);
}

/** The registry's text (Prometheus exposition format) and its content type. */
export async function scrape(): Promise<{ text: string; contentType: string }> {
  const { registry } = metrics();
  return { text: await registry.metrics(), contentType: registry.contentType };
}
