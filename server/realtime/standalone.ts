import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { closeDb, getDbHandle } from "@/db/client";
import { closeBus, getBus } from "@/server/core/bus";
import { startNotificationDelivery } from "./deliver-notifications";
import { apiMessage, localeOf } from "@/server/core/messages";
import { closeOnSignals, listen, stopHttpServer } from "@/server/main";
import { handleNotificationUpgrade, isNotificationSocketRequest } from "./upgrade";
import { log } from "@/server/core/log";

/**
 * `npm run ws`: the notification socket server alone, for deployments that split it off (DESIGN §2).
 * It only upgrades the notification path; every HTTP request gets a 404 envelope.
 * Port: WS_PORT, else PORT, else 3001.
 */
export async function startSocketServer(options: { port?: number; hostname?: string } = {}) {
  const port = options.port ?? Number(process.env.WS_PORT || process.env.PORT || 3001);
  const hostname = options.hostname ?? (process.env.HOST || undefined);
  // The database carries the notification bus (LISTEN/NOTIFY) that feeds this instance's sockets.
  const db = await getDbHandle();
  const stopDelivery = await startNotificationDelivery({ db: db.db, bus: await getBus() });

  const server = http.createServer((req, res) => {
    const locale = localeOf(req);
    const message = apiMessage(locale, "notFound");
    res.writeHead(404, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
    res.end(JSON.stringify({ statusCode: 404, message, data: { code: "notFound", message } }));
  });
  server.on("upgrade", (req: http.IncomingMessage, socket, head: Buffer) => {
    if (isNotificationSocketRequest(req)) void handleNotificationUpgrade(req, socket, head);
    else socket.destroy();
  });

  const url = await listen(server, port, hostname);
  log.info(`> Notification sockets on ${url}`);
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await stopHttpServer(server);
      stopDelivery();
      await closeBus();
      await closeDb();
    })());
  return { url, server, close };
}

const runDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  const running = await startSocketServer();
  closeOnSignals(running.close);
}
