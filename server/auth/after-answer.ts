import { log } from "@/server/core/log";
/**
 * Work a request starts but does not wait for: the account-only bookkeeping of a failed sign-in or a forgot-password
 * request, done after the answer so the answer's timing is the same whether or not the account exists (issue 27, item
 * 15; docs/decisions/018). Each piece is still one use case's write (its own unit of work); a failure is logged, never
 * thrown at the caller, who has had their answer. settleAfterAnswer waits for what is running (tests).
 */
const running = new Set<Promise<void>>();

export function afterAnswer(label: string, work: () => Promise<unknown>): void {
  // Started on the next microtask: the caller answers (returns or throws) first.
  const task: Promise<void> = Promise.resolve()
    .then(work)
    .then(
      () => undefined,
      (err: unknown) => log.error({ err }, `[${label}] failed after the answer`),
    )
    .finally(() => running.delete(task));
  running.add(task);
}

/** Resolves once every piece started so far (and any it started) has finished. */
export async function settleAfterAnswer(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
