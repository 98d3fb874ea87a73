import type { Kysely } from 'kysely';
import { createCatalogueTables } from './initial-catalogue.ts';
import { createCustomerTables } from './initial-customers.ts';
import { createServiceTables } from './initial-services.ts';
import { createTradeTables } from './initial-trades.ts';

/** `0001_initial`: the tables every later migration builds on, one module per area. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createCatalogueTables(db);
  await createCustomerTables(db);
  await createTradeTables(db);
  await createServiceTables(db);
}
