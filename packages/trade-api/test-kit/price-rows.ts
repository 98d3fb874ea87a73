import type { TradeDb } from '../src/db/create-database.ts';

/*
 * Prices and factors of the catalogue as tests read and set them.
 */

/** The stored base and recycling prices of one device in one edition, in cents. */
export async function devicePrices(
  db: TradeDb,
  deviceId: number,
  edition: string,
): Promise<{ base: number; recycling: number }> {
  const row = await db
    .selectFrom('device_prices')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('edition', '=', edition)
    .executeTakeFirstOrThrow();
  return { base: Number(row.base_price_cents), recycling: Number(row.recycling_price_cents) };
}

/** The `prices` operator command's arguments that set the factor of a smartphone answer. */
export function setFactorArgs(question: string, answer: string, factor: string): string[] {
  return [
    'set-factor',
    '--category',
    'smartphones',
    '--question',
    question,
    '--answer',
    answer,
    '--factor',
    factor,
  ];
}
