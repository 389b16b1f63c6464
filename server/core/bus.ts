import { sql } from "drizzle-orm";
import { getDbHandle, type Db } from "@/db/client";
import { inScope, log, newRequestId } from "./log";
import { observeBusLag } from "./metrics";

/**
 * The bus that carries after-commit signals to every process (docs/decisions/012): PostgreSQL LISTEN/NOTIFY when
 * the site runs on Postgres (one dedicated listening connection per process, reconnected with backoff), an
 * in-process bus on the embedded PGlite (one process by definition). Payloads are small (ids, never rows): NOTIFY
 * caps them at 8000 bytes. What a process missed while its listener was down is not replayed by the bus: each
 * subscriber's `onResync` reads it back from the tables.
 */
export const BUS_CHANNELS = ["manga_notifications", "manga_catalogue", "manga_chapter_jobs", "manga_sockets"] as const;
export type BusChannel = (typeof BUS_CHANNELS)[number];
export const MAX_PAYLOAD_BYTES = 7900;

export type BusHandler = (payload: string) => void;

/** Wall-clock milliseconds with a fraction (the publishing and the receiving process compare them: same clock source). */
const nowMs = () => performance.timeOrigin + performance.now();
const STAMP = "\u001e";

/**
 * What goes over NOTIFY: the publishing time, a record separator, the subscriber's payload. The receiving process
 * takes the time off (the lag metric, bus_delivery_lag_seconds) and hands on the payload as it was published; a
 * payload without the stamp (a process of an older build publishing) is handed on whole.
 */
export function stampPayload(payload: string, at = nowMs()): string {
  return `${at.toFixed(3)}${STAMP}${payload}`;
}

export function unstampPayload(raw: string): { payload: string; at?: number } {
  const cut = raw.indexOf(STAMP);
  if (cut <= 0 || cut > 24) return { payload: raw };
  const at = Number(raw.slice(0, cut));
  return Number.isFinite(at) ? { payload: raw.slice(cut + 1), at } : { payload: raw };
}

export interface Bus {
  readonly kind: "postgres" | "in-process";
  /** Sends to every process's subscribers (this one's included). Call after commit. */
  publish(channel: BusChannel, payload: string): Promise<void>;
  subscribe(channel: BusChannel, handler: BusHandler): () => void;
  /** Called after the listener came back from a lost connection: read back what may have been missed. */
  onResync(handler: () => void): () => void;
  /** Resolves once this process receives what is published (the listener is connected the first time). */
  whenListening(): Promise<void>;
  /** Whether the listener is connected now (readiness, /api/health/ready): false while it reconnects. */
  isListening(): boolean;
  close(): Promise<void>;
}

class Subscribers {
  private readonly handlers = new Map<BusChannel, Set<BusHandler>>();
  private readonly resync = new Set<() => void>();

  subscribe(channel: BusChannel, handler: BusHandler) {
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    return () => void set.delete(handler);
  }

  onResync(handler: () => void) {
    this.resync.add(handler);
    return () => void this.resync.delete(handler);
  }

  /** `publishedAt`: when it was published (nowMs), for the lag metric. */
  deliver(channel: string, payload: string, publishedAt?: number) {
    if (publishedAt !== undefined) observeBusLag(channel, (nowMs() - publishedAt) / 1000);
    const handlers = this.handlers.get(channel as BusChannel);
    if (!handlers?.size) return;
    // A delivery has an id of its own on the lines its handlers log (server/core/log.ts).
    inScope({ requestId: newRequestId(), job: `bus:${channel}` }, () => this.run(handlers, channel, payload));
  }

  private run(handlers: Set<BusHandler>, channel: string, payload: string) {
    for (const handler of handlers) {
      try {
        handler(payload);
      } catch (err) {
        log.error({ err, channel }, `[bus] a ${channel} subscriber failed`);
      }
    }
  }

  resynced() {
    for (const handler of this.resync) {
      try {
        handler();
      } catch (err) {
        log.error({ err }, "[bus] a resync handler failed");
      }
    }
  }
}

function checkPayload(payload: string) {
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`bus payload over ${MAX_PAYLOAD_BYTES} bytes`);
}

/** One process: deliveries run on a later turn of the event loop, after the publisher's own code has moved on. */
export class InProcessBus extends Subscribers implements Bus {
  readonly kind = "in-process" as const;
  async publish(channel: BusChannel, payload: string) {
    checkPayload(payload);
    const at = nowMs();
    setImmediate(() => this.deliver(channel, payload, at));
  }
  async whenListening() {}
  isListening() {
    return true;
  }
  async close() {}
}

export interface PostgresBusOptions {
  /** Connection string of the database (its own connection is opened for LISTEN). */
  url: string;
  /** Where NOTIFY is sent from (the pool). */
  db: Db;
  /** First reconnect delay (250 ms), doubled per failed attempt up to `maxDelayMs` (2 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

type PgClient = import("pg").Client;

/** LISTEN/NOTIFY: every process that listens on the database receives what any process publishes. */
export class PostgresBus extends Subscribers implements Bus {
  readonly kind = "postgres" as const;
  private client: PgClient | null = null;
  private timer: NodeJS.Timeout | null = null;
  private attempt = 0;
  private everConnected = false;
  private closed = false;
  private readonly ready: Promise<void>;
  private markReady: () => void = () => undefined;

  constructor(private readonly options: PostgresBusOptions) {
    super();
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    void this.connect();
  }

  /** Resolves once the listener is connected (the first time). */
  whenListening(): Promise<void> {
    return this.ready;
  }

  isListening(): boolean {
    return this.client !== null;
  }

  /** The listening connection's backend pid (tests end it to check the reconnect). */
  async listenerPid(): Promise<number | null> {
    const client = this.client;
    if (!client) return null;
    const res = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    return res.rows[0]?.pid ?? null;
  }

  private async connect() {
    if (this.closed) return;
    const { Client } = await import("pg");
    // Named per process, so an operator (or a test) can find each process's listener in pg_stat_activity.
    const client = new Client({ connectionString: this.options.url, application_name: `manga-bus:${process.pid}`, connectionTimeoutMillis: 5_000, keepAlive: true });
    const lost = () => this.lost(client);
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", (message) => {
      const { payload, at } = unstampPayload(message.payload ?? "");
      this.deliver(message.channel, payload, at);
    });
    try {
      await client.connect();
      for (const channel of BUS_CHANNELS) await client.query(`listen ${channel}`);
    } catch (err) {
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
      if (this.attempt === 0) log.warn({ err }, "[bus] listener could not connect, retrying");
      this.schedule();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.attempt = 0;
    if (this.everConnected) {
      log.info("[bus] listener reconnected");
      this.resynced();
    }
    this.everConnected = true;
    this.markReady();
  }

  private lost(client: PgClient) {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners("end");
    client.end().catch(() => undefined);
    if (!this.closed) log.warn("[bus] listener connection lost, reconnecting");
    this.schedule();
  }

  private schedule() {
    if (this.closed || this.timer) return;
    const base = this.options.baseDelayMs ?? 250;
    // At most 2 s apart: a refused connection costs the database nothing, and the listener is back within about 2 s
    // of the database (docs/decisions/019: the site serves again within 5 s of a restart).
    const delay = Math.min(this.options.maxDelayMs ?? 2_000, base * 2 ** this.attempt);
    this.attempt++;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, delay);
    this.timer.unref?.();
  }

  async publish(channel: BusChannel, payload: string) {
    checkPayload(payload);
    await this.options.db.execute(sql`select pg_notify(${channel}, ${stampPayload(payload)})`);
  }

  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
    }
  }
}

const KEY = Symbol.for("manga.bus");
type G = typeof globalThis & { [KEY]?: Promise<Bus> };

/**
 * This process's bus, made on first use from the database in use. It lives on globalThis so the custom server
 * (which holds the sockets) and Next's bundled route code (which publishes) share it.
 */
export function getBus(): Promise<Bus> {
  const g = globalThis as G;
  g[KEY] ??= (async () => {
    const handle = await getDbHandle();
    if (handle.kind === "pglite") return new InProcessBus();
    const pool = handle.raw as { options?: { connectionString?: string } };
    const url = pool.options?.connectionString ?? process.env.DATABASE_URL ?? "";
    return new PostgresBus({ url, db: handle.db });
  })();
  return g[KEY];
}

/** Closes this process's bus (shutdown, tests). */
export async function closeBus(): Promise<void> {
  const g = globalThis as G;
  const pending = g[KEY];
  delete g[KEY];
  await (await pending?.catch(() => undefined))?.close();
}
