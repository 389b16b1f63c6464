/**
 * A health check's answer shared by every caller for a moment (`/api/health`, `/api/health/ready`): those paths are
 * public and never rate-limited (load balancers call them), so a flood of them must not become a flood of database
 * queries taking the pool from visitors. At most one check starts per `ms`; callers within it get the same promise.
 */
export function sharedCheck<T>(check: () => Promise<T>, ms = 1_000): () => Promise<T> {
  let last: { at: number; result: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (last && now - last.at < ms) return last.result;
    const result = check();
    last = { at: now, result };
    return result;
  };
}
