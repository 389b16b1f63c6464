/**
 * Work that waits its turn per owner (a writer): owners are served in rotation, the next job of each in turn, by a
 * fixed number of workers (a lone owner may have them all), so one writer's hundred-page uploads never stand ahead of another writer's single chapter; and
 * each owner may have at most `maxPerOwner` jobs waiting (what does not fit is left out; the caller says what then).
 * In memory, per process: an upload's follow-up work is made by the process that stored it.
 */
export class FairQueue<T> {
  /** Waiting jobs by owner, in the order owners are served (an owner served goes to the back). */
  private readonly waiting = new Map<string, Array<{ job: T; key: number }>>();
  private running = 0;
  /** Every job not finished, by a key in the order they were added, with when (performance.now()). */
  private readonly unfinished = new Map<number, number>();
  private nextKey = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly run: (job: T) => Promise<void>,
    private readonly options: { workers: number; maxPerOwner: number; onError: (err: unknown) => void },
  ) {}

  /** Queues the jobs the owner has room for; returns how many were taken. */
  add(owner: string, jobs: readonly T[]): number {
    const queue = this.waiting.get(owner) ?? [];
    const taken = jobs.slice(0, Math.max(0, this.options.maxPerOwner - queue.length));
    if (taken.length === 0) return 0;
    const at = performance.now();
    for (const job of taken) {
      const key = this.nextKey++;
      this.unfinished.set(key, at);
      queue.push({ job, key });
    }
    if (!this.waiting.has(owner)) this.waiting.set(owner, queue);
    this.pump();
    return taken.length;
  }

  /** Jobs waiting (not yet started) for this owner. */
  waitingFor(owner: string): number {
    return this.waiting.get(owner)?.length ?? 0;
  }

  /** Jobs waiting or running, and the oldest one's age in seconds (the page_copies_* metrics). */
  stats(): { jobs: number; oldestAgeSeconds: number } {
    const first = this.unfinished.values().next();
    return { jobs: this.unfinished.size, oldestAgeSeconds: first.done ? 0 : (performance.now() - first.value) / 1000 };
  }

  /** Resolves when nothing is waiting or running. */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.running < this.options.workers) {
      const next = this.waiting.entries().next();
      if (next.done) break;
      const [owner, queue] = next.value;
      const { job, key } = queue.shift()!;
      // To the back of the rotation (or out of it, when it has nothing left).
      this.waiting.delete(owner);
      if (queue.length > 0) this.waiting.set(owner, queue);
      this.running++;
      // A job that throws at once fails like one that rejects; a failing onError is not let out either.
      void Promise.resolve()
        .then(() => this.run(job))
        .catch((err: unknown) => {
          try {
            this.options.onError(err);
          } catch {
            // nothing more to say
          }
        })
        .finally(() => {
          this.unfinished.delete(key);
          this.running--;
          this.pump();
          if (this.running === 0 && this.waiting.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
        });
    }
  }
}
