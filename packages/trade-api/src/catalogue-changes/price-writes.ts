import { editionCodes, type EditionCode } from '@tradein/editions';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { databaseDialect } from '../db/create-database.ts';
import type { TradeDatabase } from '../db/schema.ts';
import type { PriceChange } from './price-change.ts';

/*
 * Reading and writing the price list set-based: one query reads the stored prices, and the
 * changes travel to the database as a few statements whatever their number (a quarter of a
 * million prices of the benchmark catalogue in seconds). The rows go as whole arrays: PostgreSQL
 * unnests array parameters, SQLite reads a JSON array with json_each; both then insert the
 * history and update the prices with one statement per slice.
 */

/** Most changes sent in one statement: bounds the size of one parameter. */
const changesPerStatement = 50_000;

/** The stored prices of a device in one edition. */
export interface StoredPrice {
  basePriceCents: number;
  recyclingPriceCents: number;
}

/** Stored prices by device id, one entry per edition (undefined where a device has none). */
export type StoredPrices = Map<number, (StoredPrice | undefined)[]>;

/** The position of an edition in {@link editionCodes}. */
export function editionIndex(edition: EditionCode): number {
  return editionCodes.indexOf(edition);
}

/** The stored price of a device in an edition, if any. */
export function storedPrice(
  prices: StoredPrices,
  deviceId: number,
  edition: EditionCode,
): StoredPrice | undefined {
  return prices.get(deviceId)?.[editionIndex(edition)];
}

/** Reads the stored prices in one pass: all of them, or those of some devices in one edition. */
export async function readStoredPrices(
  db: Kysely<TradeDatabase>,
  filter: { edition?: EditionCode; deviceIds?: readonly number[] } = {},
): Promise<StoredPrices> {
  let query = db
    .selectFrom('device_prices')
    .select(['device_id', 'edition', 'base_price_cents', 'recycling_price_cents']);
  if (filter.edition !== undefined) query = query.where('edition', '=', filter.edition);
  if (filter.deviceIds !== undefined) {
    if (filter.deviceIds.length === 0) return new Map();
    const ids = filter.deviceIds;
    query = query.where('device_id', 'in', sql<number>`(select id from ${idSource(db, ids)})`);
  }
  const prices: StoredPrices = new Map();
  for (const row of await query.execute()) {
    const index = editionCodes.indexOf(row.edition as EditionCode);
    if (index < 0) continue;
    let editions = prices.get(row.device_id);
    if (editions === undefined) {
      editions = [];
      prices.set(row.device_id, editions);
    }
    editions[index] = {
      basePriceCents: Number(row.base_price_cents),
      recyclingPriceCents: Number(row.recycling_price_cents),
    };
  }
  return prices;
}

/** A list of ids as a table with the column `id`, sent as one parameter. */
function idSource(db: Kysely<TradeDatabase>, ids: readonly number[]): RawBuilder<unknown> {
  if (databaseDialect(db) === 'postgres') {
    return sql`unnest(cast(${[...ids]} as integer[])) as ids(id)`;
  }
  return sql`(select value as id from json_each(${JSON.stringify(ids)})) as ids`;
}

/**
 * Changes as a table `v` with the columns device_id, edition, old_base, new_base,
 * old_recycling, new_recycling.
 */
function changeSource(
  db: Kysely<TradeDatabase>,
  changes: readonly PriceChange[],
): RawBuilder<unknown> {
  if (databaseDialect(db) === 'postgres') {
    const column = <T>(pick: (change: PriceChange) => T) => changes.map(pick);
    return sql`unnest(
      cast(${column((change) => change.deviceId)} as integer[]),
      cast(${column((change) => change.edition)} as text[]),
      cast(${column((change) => change.oldBasePriceCents)} as integer[]),
      cast(${column((change) => change.newBasePriceCents)} as integer[]),
      cast(${column((change) => change.oldRecyclingPriceCents)} as integer[]),
      cast(${column((change) => change.newRecyclingPriceCents)} as integer[])
    ) as v(device_id, edition, old_base, new_base, old_recycling, new_recycling)`;
  }
  const rows = JSON.stringify(
    changes.map((change) => [
      change.deviceId,
      change.edition,
      change.oldBasePriceCents,
      change.newBasePriceCents,
      change.oldRecyclingPriceCents,
      change.newRecyclingPriceCents,
    ]),
  );
  return sql`(select value ->> 0 as device_id, value ->> 1 as edition, value ->> 2 as old_base,
      value ->> 3 as new_base, value ->> 4 as old_recycling, value ->> 5 as new_recycling
    from json_each(${rows})) as v`;
}

/**
 * Writes planned changes: one `price_changes` row each under the revision, then the new prices
 * (updated where the device had a price in the edition, inserted where it had none).
 */
export async function applyPriceChanges(
  trx: Kysely<TradeDatabase>,
  revisionId: number,
  changes: readonly PriceChange[],
): Promise<void> {
  for (let start = 0; start < changes.length; start += changesPerStatement) {
    const slice = changes.slice(start, start + changesPerStatement);
    await sql`insert into price_changes (revision_id, device_id, edition, old_base_price_cents,
        new_base_price_cents, old_recycling_price_cents, new_recycling_price_cents)
      select cast(${revisionId} as integer), v.device_id, v.edition, v.old_base, v.new_base,
        v.old_recycling, v.new_recycling
      from ${changeSource(trx, slice)}`.execute(trx);
    const updated = slice.filter((change) => change.oldBasePriceCents !== null);
    if (updated.length > 0) {
      await sql`update device_prices
        set base_price_cents = v.new_base, recycling_price_cents = v.new_recycling
        from ${changeSource(trx, updated)}
        where device_prices.device_id = v.device_id and device_prices.edition = v.edition`.execute(
        trx,
      );
    }
    const added = slice.filter((change) => change.oldBasePriceCents === null);
    if (added.length > 0) {
      await sql`insert into device_prices (device_id, edition, base_price_cents, recycling_price_cents)
        select v.device_id, v.edition, v.new_base, v.new_recycling
        from ${changeSource(trx, added)}`.execute(trx);
    }
  }
}
