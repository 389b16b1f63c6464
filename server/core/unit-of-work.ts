import type { Db } from "@/db/client";
import { log } from "./log";

/** The transaction a use case writes through (the same query builder as `Db`). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What a helper that reads or writes takes: the database, or the transaction of the use case calling it. */
export type Executor = Db | Tx;

/** Something to do once the use case's transaction has committed (never when it rolls back). */
export type Effect = () => unknown;

/**
 * One use case's writes and what follows from them (docs/decisions/012): `tx` is its one transaction;
 * `afterCommit` queues an effect (signal the bus, refresh caches, close sockets) that runs only after the commit.
 */
export interface UnitOfWork {
  readonly tx: Tx;
  afterCommit(effect: Effect): void;
}

/**
 * Runs `work` in one transaction and then, if it committed, its effects in the order they were queued. A thrown error
 * rolls everything back and runs no effect. An effect that fails is logged and does not undo the committed work or
 * stop the effects after it (the database already says what happened; effects only tell others).
 */
export async function runUnitOfWork<T>(db: Db, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  const effects: Effect[] = [];
  const result = await db.transaction((tx) => work({ tx, afterCommit: (effect) => void effects.push(effect) }));
  for (const effect of effects) {
    try {
      await effect();
    } catch (err) {
      log.error({ err }, "[after-commit] an effect failed");
    }
  }
  return result;
}
