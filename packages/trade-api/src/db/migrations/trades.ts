import type { Kysely } from 'kysely';

/*
 * Additions of the trades feature to `0001_initial`: a voucher table (codes, bonus rule,
 * validity), the voucher bonus a trade was booked with, and the reason of a clarification.
 * Runs after `0001_initial` on both databases.
 */

/** The vouchers every fresh database starts with (see docs/trades.md). */
export const defaultVouchers = [
  {
    code: 'WELCOME10',
    kind: 'percent',
    value: 1000,
    min_total_cents: 0,
    editions: null,
    valid_from: '2024-01-01T00:00:00.000Z',
    valid_until: null,
  },
  {
    code: 'BONUS20',
    kind: 'fixed',
    value: 2000,
    min_total_cents: 10_000,
    editions: null,
    valid_from: '2024-01-01T00:00:00.000Z',
    valid_until: null,
  },
  {
    code: 'SUMMER2024',
    kind: 'fixed',
    value: 1000,
    min_total_cents: 0,
    editions: null,
    valid_from: '2024-06-01T00:00:00.000Z',
    valid_until: '2024-09-30T23:59:59.999Z',
  },
] as const;

/** Creates the voucher table with its default codes and the extra trade columns. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vouchers')
    .addColumn('code', 'text', (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('value', 'integer', (column) => column.notNull())
    .addColumn('min_total_cents', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('editions', 'text')
    .addColumn('valid_from', 'text', (column) => column.notNull())
    .addColumn('valid_until', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  const now = new Date().toISOString();
  // The migration's own view of the new table: the shared schema types do not know it yet.
  await (db as Kysely<{ vouchers: Record<string, string | number | null> }>)
    .insertInto('vouchers')
    .values(defaultVouchers.map((voucher) => ({ ...voucher, created_at: now })))
    .execute();
  await db.schema
    .alterTable('trades')
    .addColumn('voucher_bonus_cents', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('clarifications').addColumn('reason', 'text').execute();
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('clarifications').dropColumn('reason').execute();
  await db.schema.alterTable('trades').dropColumn('voucher_bonus_cents').execute();
  await db.schema.dropTable('vouchers').execute();
}
