import { sql, type Kysely } from 'kysely';
import { databaseDialect } from '../create-database.ts';
import { generatedId } from '../generated-id.ts';

/*
 * The job table every API node works from (docs/trade-api.md, "Scheduler and reminder mails"):
 * - dedupe_key is unique, so a reminder or a status mail is enqueued once however many nodes
 *   (or scans) try; a job row stays after it ran, which keeps its key taken.
 * - locked_by/locked_until are the lease of the node running the job: a job whose node died
 *   is taken again once its lease has run out.
 * - a failed attempt moves run_at by the backoff; after the last attempt failed_at is set and
 *   the row stays, with last_error, for an operator.
 * - jobs_due finds the jobs still to run by run_at without reading those that are done.
 */

/** Creates the job table and its index of due jobs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', generatedId(databaseDialect(db)))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('dedupe_key', 'text', (column) => column.notNull().unique())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('run_at', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('done_at', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('jobs_due')
    .on('jobs')
    .column('run_at')
    .where(sql.ref('done_at'), 'is', null)
    .where(sql.ref('failed_at'), 'is', null)
    .execute();
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
