import type {
  CatalogueDeviceDetail,
  CatalogueDevicePage,
  CatalogueDeviceQuery,
  CatalogueDeviceRow,
} from '@tradein/contract';
import { editionCodes, type EditionCode } from '@tradein/editions';
import { sql } from 'kysely';
import type { TradeDb } from '../db/create-database.ts';
import { latestRevision } from './catalogue-change.ts';
import { priceHistory } from './price-history-query.ts';

/*
 * The back office's device finder and device page (docs/catalogue.md, "Back-office calls"): the
 * devices with their manufacturer, series and category named in one edition and their prices
 * there, filtered, sorted and paged by the database.
 */

/** A LIKE pattern that finds `text` anywhere, its wildcards taken literally (escape `\`). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The devices with their names in one edition, narrowed by the query's filters. */
function filteredDevices(db: TradeDb, query: CatalogueDeviceQuery) {
  let select = db
    .selectFrom('devices')
    .innerJoin('manufacturers', 'manufacturers.id', 'devices.manufacturer_id')
    .innerJoin('series', 'series.id', 'devices.series_id')
    .innerJoin('categories', 'categories.id', 'devices.category_id');
  if (query.q !== undefined) {
    select = select.where(
      sql<boolean>`lower(devices.name) like ${containsPattern(query.q)} escape '\\'`,
    );
  }
  if (query.manufacturer !== undefined) {
    select = select.where('manufacturers.key', '=', query.manufacturer);
  }
  if (query.series !== undefined) select = select.where('series.key', '=', query.series);
  if (query.retired !== undefined) {
    select = select.where('devices.retired_at', query.retired ? 'is not' : 'is', null);
  }
  return select;
}

/** Rows of devices as the list shows them, in the given order. */
async function deviceRows(
  db: TradeDb,
  query: CatalogueDeviceQuery,
  limit: { offset: number; count: number } | { deviceId: number },
): Promise<CatalogueDeviceRow[]> {
  const edition = query.edition;
  let select = filteredDevices(db, query)
    .leftJoin('manufacturer_pages', (join) =>
      join
        .onRef('manufacturer_pages.manufacturer_id', '=', 'manufacturers.id')
        .on('manufacturer_pages.edition', '=', edition),
    )
    .leftJoin('series_pages', (join) =>
      join
        .onRef('series_pages.series_id', '=', 'series.id')
        .on('series_pages.edition', '=', edition),
    )
    .leftJoin('category_pages', (join) =>
      join
        .onRef('category_pages.category_id', '=', 'categories.id')
        .on('category_pages.edition', '=', edition),
    )
    .leftJoin('device_prices', (join) =>
      join
        .onRef('device_prices.device_id', '=', 'devices.id')
        .on('device_prices.edition', '=', edition),
    )
    .select([
      'devices.id',
      'devices.name',
      'devices.retired_at',
      'manufacturers.key as manufacturer_key',
      'manufacturer_pages.name as manufacturer_name',
      'series.key as series_key',
      'series_pages.name as series_name',
      'categories.key as category_key',
      'category_pages.name as category_name',
      'device_prices.base_price_cents',
      'device_prices.recycling_price_cents',
    ]);
  if ('deviceId' in limit) {
    select = select.where('devices.id', '=', limit.deviceId);
  } else {
    const direction = query.direction;
    if (query.sort === 'price') {
      // Devices without a price in the edition last, in both databases and both directions.
      select = select
        .orderBy(sql`device_prices.base_price_cents is null`)
        .orderBy('device_prices.base_price_cents', direction);
    } else if (query.sort === 'name') {
      select = select.orderBy(sql`lower(devices.name)`, direction);
    }
    select = select.orderBy('devices.id', direction).limit(limit.count).offset(limit.offset);
  }
  const rows = await select.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    manufacturer: {
      key: row.manufacturer_key,
      name: row.manufacturer_name ?? row.manufacturer_key,
    },
    series: { key: row.series_key, name: row.series_name ?? row.series_key },
    category: { key: row.category_key, name: row.category_name ?? row.category_key },
    retired: row.retired_at !== null,
    retiredAt: row.retired_at,
    price:
      row.base_price_cents === null || row.recycling_price_cents === null
        ? null
        : {
            basePriceCents: Number(row.base_price_cents),
            recyclingPriceCents: Number(row.recycling_price_cents),
          },
  }));
}

/** A page of devices matching the query, and how many match in all. */
export async function findCatalogueDevices(
  db: TradeDb,
  query: CatalogueDeviceQuery,
): Promise<CatalogueDevicePage> {
  const counted = await filteredDevices(db, query)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst();
  const rows = await deviceRows(db, query, {
    offset: (query.page - 1) * query.pageSize,
    count: query.pageSize,
  });
  return { rows, total: Number(counted?.total ?? 0) };
}

/** The position of an edition in the shop's order (at, de, es, fr, it); -1 for none. */
function editionOrder(edition: string): number {
  return editionCodes.indexOf(edition as EditionCode);
}

/** One device with its prices in every edition and their history; undefined for no such device. */
export async function catalogueDevice(
  db: TradeDb,
  deviceId: number,
): Promise<CatalogueDeviceDetail | undefined> {
  const query: CatalogueDeviceQuery = {
    edition: 'de',
    sort: 'id',
    direction: 'asc',
    page: 1,
    pageSize: 1,
  };
  const [device] = await deviceRows(db, query, { deviceId });
  if (device === undefined) return undefined;
  const prices = await db
    .selectFrom('device_prices')
    .select(['edition', 'base_price_cents', 'recycling_price_cents'])
    .where('device_id', '=', deviceId)
    .execute();
  const revision = await latestRevision(db);
  return {
    device,
    prices: prices
      .filter((row) => editionOrder(row.edition) >= 0)
      .toSorted((left, right) => editionOrder(left.edition) - editionOrder(right.edition))
      .map((row) => ({
        edition: row.edition as EditionCode,
        basePriceCents: Number(row.base_price_cents),
        recyclingPriceCents: Number(row.recycling_price_cents),
      })),
    history: await priceHistory(db, deviceId),
    basedOnRevision: revision === undefined ? null : Number(revision.id),
  };
}
