/**
 * The caller's address for per-address limits: the last X-Forwarded-For entry (the one the nearest
 * proxy, or Next itself, wrote), else X-Real-IP, else "unknown" (all such callers share one bucket).
 */
export function clientIp(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).at(-1);
  return last || req.headers.get("x-real-ip")?.trim() || "unknown";
}
