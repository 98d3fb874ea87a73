import type { EditionCode } from '@tradein/editions';
import { sql } from 'kysely';
import type { TradeDb } from '../db/create-database.ts';
import { priceCsvHeader, priceCsvLine } from './price-csv.ts';

/** One price of the price list: a device in one edition. */
export interface PriceListRow {
  deviceId: number;
  edition: EditionCode;
  name: string;
  basePriceCents: number;
  recyclingPriceCents: number;
}

/** Rows read per query: keeps memory flat for a catalogue of any size. */
const rowsPerPage = 10_000;

/**
 * The stored price list, by device id and then edition (at, de, es, fr, it), read page by page
 * so a quarter of a million rows never sit in memory at once.
 */
async function* priceListRows(
  db: TradeDb,
  filter: { edition?: EditionCode } = {},
): AsyncGenerator<PriceListRow> {
  let after: { deviceId: number; edition: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom('device_prices')
      .innerJoin('devices', 'devices.id', 'device_prices.device_id')
      .select([
        'device_prices.device_id',
        'device_prices.edition',
        'devices.name',
        'device_prices.base_price_cents',
        'device_prices.recycling_price_cents',
      ])
      .orderBy('device_prices.device_id')
      .orderBy('device_prices.edition')
      .limit(rowsPerPage);
    if (filter.edition !== undefined)
      query = query.where('device_prices.edition', '=', filter.edition);
    if (after !== undefined) {
      const { deviceId, edition } = after;
      query = query.where(
        // A row value comparison, which both databases answer from the primary key's index.
        sql<boolean>`(device_prices.device_id, device_prices.edition) > (${deviceId}, ${edition})`,
      );
    }
    const page = await query.execute();
    for (const row of page) {
      yield {
        deviceId: row.device_id,
        edition: row.edition as EditionCode,
        name: row.name,
        basePriceCents: Number(row.base_price_cents),
        recyclingPriceCents: Number(row.recycling_price_cents),
      };
    }
    const last = page[page.length - 1];
    if (last === undefined || page.length < rowsPerPage) return;
    after = { deviceId: last.device_id, edition: last.edition };
  }
}

/** The price list as CSV lines: the header, then one line per row of {@link priceListRows}. */
export async function* priceListCsv(
  db: TradeDb,
  filter: { edition?: EditionCode } = {},
): AsyncGenerator<string> {
  yield priceCsvHeader;
  for await (const row of priceListRows(db, filter)) yield priceCsvLine(row);
}
