/**
 * Liveness (`GET /api/health/live`, docs/decisions/026): the process runs and its event loop answers. Nothing else is
 * checked (no database, no bus), so a database outage never makes an orchestrator restart healthy processes, and a
 * load balancer can tell "this process is gone" from "the database is away" (readiness).
 */
export interface Liveness {
  status: "ok";
  pid: number;
  uptimeSeconds: number;
}

export function liveness(): Liveness {
  return { status: "ok", pid: process.pid, uptimeSeconds: Math.round(process.uptime()) };
}
