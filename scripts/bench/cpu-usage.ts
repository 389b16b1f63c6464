import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time used so far on this Linux machine by the parts of a benchmarked deployment, from /proc (user + system,
 * every thread): the app processes, their children (the image encoders), PostgreSQL, nginx and this process (the load
 * generator). Processes that ended meanwhile are not counted. Empty off Linux.
 */
export function cpuSecondsByPart(appPids: readonly number[]): Record<string, number> {
  const parts: Record<string, number> = { app: 0, encoder: 0, postgres: 0, nginx: 0, "load generator": 0 };
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return {};
  }
  const apps = new Set(appPids);
  for (const name of entries) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue;
    }
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const pid = Number(name);
    const ppid = Number(fields[1]);
    const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
    const part = apps.has(pid) ? "app" : apps.has(ppid) ? "encoder" : comm === "postgres" ? "postgres" : comm === "nginx" ? "nginx" : pid === process.pid ? "load generator" : undefined;
    if (part) parts[part]! += seconds;
  }
  return parts;
}

/** One process's CPU time so far (user + system, every thread), in seconds; NaN off Linux or once it has ended. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** What each part used between two readings, as "app 61.2 s, encoder 20.1 s, …". */
export function cpuDelta(before: Record<string, number>, after: Record<string, number>, seconds: number): string {
  // A part whose processes ended meanwhile (PostgreSQL restarted) reads less than before: it is left out.
  const used = (k: string) => after[k]! - (before[k] ?? 0);
  const total = Object.keys(after).reduce((sum, k) => sum + Math.max(0, used(k)), 0);
  const parts = Object.keys(after).map((k) => (used(k) < 0 ? `${k} not known (restarted)` : `${k} ${used(k).toFixed(1)} s`));
  return `${parts.join(", ")}; ${total.toFixed(1)} s of CPU in ${seconds} s (${(total / seconds).toFixed(2)} cores)`;
}
