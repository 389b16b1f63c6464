import { describe, expect, it } from "vitest";
import { FairQueue } from "./copy-queue";

/** A queue whose jobs finish when the test says (each job's release), recording the order they started in. */
function harness(workers: number, maxPerOwner = 100) {
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const errors: unknown[] = [];
  const queue = new FairQueue<string>(
    (job) =>
      new Promise<void>((resolve, reject) => {
        started.push(job);
        releases.set(job, () => (job.endsWith("!") ? reject(new Error(job)) : resolve()));
      }),
    { workers, maxPerOwner, onError: (err) => errors.push(err) },
  );
  const finish = async (job: string) => {
    releases.get(job)!();
    // Let the queue's own promise chain start the next job.
    await new Promise((r) => setImmediate(r));
  };
  return { queue, started, finish, errors, settle: () => new Promise((r) => setImmediate(r)) };
}

describe("FairQueue (the AVIF copies' queue, per writer)", () => {
  it("serves owners in turn, so a long queue never stands ahead of another owner's job", async () => {
    const { queue, started, finish, settle } = harness(1);
    queue.add("a", ["a1", "a2", "a3", "a4"]);
    queue.add("b", ["b1"]);
    queue.add("c", ["c1", "c2"]);
    await settle();
    expect(started).toEqual(["a1"]);
    for (const job of ["a1", "a2", "b1", "c1", "a3", "c2", "a4"]) {
      expect(started.at(-1)).toBe(job);
      await finish(job);
    }
    expect(started).toEqual(["a1", "a2", "b1", "c1", "a3", "c2", "a4"]);
    await queue.idle();
  });

  it("goes on after a job that throws at once", async () => {
    const errors: unknown[] = [];
    const ran: string[] = [];
    const queue = new FairQueue<string>(
      (job) => {
        if (job === "bad") throw new Error("at once");
        ran.push(job);
        return Promise.resolve();
      },
      { workers: 1, maxPerOwner: 10, onError: (err) => errors.push(err) },
    );
    queue.add("a", ["bad", "good"]);
    await queue.idle();
    expect(ran).toEqual(["good"]);
    expect(errors).toHaveLength(1);
  });

  it("runs at most `workers` jobs at once and goes on after a failure", async () => {
    const { queue, started, finish, errors, settle } = harness(2);
    queue.add("a", ["a1!", "a2", "a3"]);
    await settle();
    expect(started).toEqual(["a1!", "a2"]);
    await finish("a1!");
    expect(started).toEqual(["a1!", "a2", "a3"]);
    expect(errors).toHaveLength(1);
    await finish("a2");
    await finish("a3");
    await queue.idle();
  });

  it("takes no more than maxPerOwner waiting jobs from one owner, and others' still", async () => {
    const { queue, started, finish, settle } = harness(1, 3);
    expect(queue.add("a", ["a1", "a2", "a3", "a4", "a5"])).toBe(3); // a1 starts, a2 and a3 wait
    expect(queue.waitingFor("a")).toBe(2);
    expect(queue.add("a", ["a4", "a5"])).toBe(1);
    expect(queue.add("a", ["a5"])).toBe(0);
    expect(queue.add("b", ["b1"])).toBe(1);
    await settle();
    await finish("a1");
    expect(queue.add("a", ["a5", "a6"])).toBe(1);
    await settle();
    expect(started).toEqual(["a1", "a2"]);
    await finish("a2");
    expect(started.at(-1)).toBe("b1");
  });
});
