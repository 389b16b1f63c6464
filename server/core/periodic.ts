import { inScope, log, newRequestId } from "./log";
/**
 * A job run every `intervalMs` in this process, and once at start: a run still going when the next is due is not
 * doubled, and a failed run is logged (`[name] failed: …`) and tried again at the next tick. The timer never keeps the
 * process alive. Returns the stop function.
 */
export function startPeriodic(name: string, intervalMs: number, run: () => Promise<unknown>): () => void {
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    // Each run has an id of its own on its log lines (server/core/log.ts).
    inScope({ requestId: newRequestId(), job: name }, run)
      .catch((err: unknown) => log.error({ err }, `[${name}] failed`))
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref?.();
  tick();
  return () => clearInterval(timer);
}
