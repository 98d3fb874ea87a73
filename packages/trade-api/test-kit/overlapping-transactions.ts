import { sql } from 'kysely';
import { databaseDialect, type TradeDb } from '../src/db/create-database.ts';

/** How many connections to this PostgreSQL database are waiting for a lock right now. */
async function lockWaits(db: TradeDb): Promise<number> {
  const { rows } = await sql<{ count: number | string }>`
    select count(*) as count from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** Resolves once a connection waits for a lock, or once `work` has ended. */
async function untilWaitingOrDone(db: TradeDb, work: Promise<unknown>): Promise<void> {
  const ended = work.then(
    () => true,
    () => true,
  );
  const stop = await Promise.race([ended, lockWaits(db).then((waiting) => waiting > 0)]);
  if (!stop) await untilWaitingOrDone(db, work);
}

/**
 * Runs `first` in a transaction that stays open while `second` runs in another one, and answers
 * how `second` ended. Parallel requests rarely overlap by chance, so this makes them: on
 * PostgreSQL the first transaction commits only once the second waits for a lock (the row the
 * first one holds) or has finished without waiting, so a check that takes no lock reads the
 * state from before the first commit, and a lock taken too late is reached too late. SQLite
 * runs one transaction at a time on its connection: there the second starts after the commit.
 * The second transaction is rolled back either way.
 */
export async function overlapTransactions<T>(
  db: TradeDb,
  first: (trx: TradeDb) => Promise<void>,
  second: (trx: TradeDb) => Promise<T>,
): Promise<PromiseSettledResult<T>> {
  const firstTrx = await db.startTransaction().execute();
  try {
    await first(firstTrx);
  } catch (error) {
    await firstTrx.rollback().execute();
    throw error;
  }
  const outcome = (async () => {
    const secondTrx = await db.startTransaction().execute();
    try {
      return await second(secondTrx);
    } finally {
      await secondTrx.rollback().execute();
    }
  })();
  const [settled] = await Promise.all([
    Promise.allSettled([outcome]).then(([result]) => result),
    (async () => {
      if (databaseDialect(db) === 'postgres') await untilWaitingOrDone(db, outcome);
      await firstTrx.commit().execute();
    })(),
  ]);
  if (settled === undefined) throw new Error('unreachable: allSettled answers one result');
  return settled;
}
