import type { EditionCode } from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
import { PriceChangeRefusedError } from './price-change.ts';
import { categoryByKey } from './price-factors.ts';

/*
 * The history of the price list: every price a device had and every factor an answer had, each
 * with the revision that set it: when, who (`actor`) and from which command or screen
 * (`source`). The first entry of a price (old null) is the seed's or the import that added it.
 */

/** One change of a device's prices in one edition. */
export interface PriceHistoryEntry {
  revisionId: number;
  at: string;
  edition: EditionCode;
  oldBasePriceCents: number | null;
  newBasePriceCents: number;
  oldRecyclingPriceCents: number | null;
  newRecyclingPriceCents: number;
  actor: string;
  source: string;
  /** The revision's note, e.g. `prices import: 1,204 prices of 241 devices`. */
  note: string;
}

/** Cents as stored, null kept (PostgreSQL may answer integers as strings). */
function cents(value: number | null): number | null {
  return value === null ? null : Number(value);
}

/** Every price a device had (in one edition, or all), oldest first; refused for no such device. */
export async function priceHistory(
  db: TradeDb,
  deviceId: number,
  filter: { edition?: EditionCode } = {},
): Promise<PriceHistoryEntry[]> {
  const device = await db
    .selectFrom('devices')
    .select('id')
    .where('id', '=', deviceId)
    .executeTakeFirst();
  if (device === undefined) {
    throw new PriceChangeRefusedError([{ field: 'deviceId', message: `no device ${deviceId}` }]);
  }
  let query = db
    .selectFrom('price_changes')
    .innerJoin('catalogue_revisions', 'catalogue_revisions.id', 'price_changes.revision_id')
    .select([
      'catalogue_revisions.id as revision_id',
      'catalogue_revisions.created_at',
      'catalogue_revisions.actor',
      'catalogue_revisions.source',
      'catalogue_revisions.note',
      'price_changes.edition',
      'price_changes.old_base_price_cents',
      'price_changes.new_base_price_cents',
      'price_changes.old_recycling_price_cents',
      'price_changes.new_recycling_price_cents',
    ])
    .where('price_changes.device_id', '=', deviceId)
    .orderBy('catalogue_revisions.id')
    .orderBy('price_changes.edition');
  if (filter.edition !== undefined)
    query = query.where('price_changes.edition', '=', filter.edition);
  return (await query.execute()).map((row) => ({
    revisionId: row.revision_id,
    at: row.created_at,
    edition: row.edition as EditionCode,
    oldBasePriceCents: cents(row.old_base_price_cents),
    newBasePriceCents: Number(row.new_base_price_cents),
    oldRecyclingPriceCents: cents(row.old_recycling_price_cents),
    newRecyclingPriceCents: Number(row.new_recycling_price_cents),
    actor: row.actor,
    source: row.source,
    note: row.note,
  }));
}

/** One change of an answer's factor, as the history keeps it. */
export interface FactorHistoryEntry {
  revisionId: number;
  at: string;
  questionCode: string;
  answerCode: string;
  oldPriceFactor: number | null;
  newPriceFactor: number;
  actor: string;
  source: string;
}

/** Every factor the answers of a category had, oldest first. */
export async function factorHistory(db: TradeDb, category: string): Promise<FactorHistoryEntry[]> {
  const found = await categoryByKey(db, category);
  const rows = await db
    .selectFrom('factor_changes')
    .innerJoin('catalogue_revisions', 'catalogue_revisions.id', 'factor_changes.revision_id')
    .innerJoin('questions', 'questions.id', 'factor_changes.question_id')
    .innerJoin('answers', (join) =>
      join
        .onRef('answers.question_id', '=', 'factor_changes.question_id')
        .onRef('answers.id', '=', 'factor_changes.answer_id'),
    )
    .select([
      'catalogue_revisions.id as revision_id',
      'catalogue_revisions.created_at',
      'catalogue_revisions.actor',
      'catalogue_revisions.source',
      'questions.code as question_code',
      'answers.code as answer_code',
      'factor_changes.old_price_factor',
      'factor_changes.new_price_factor',
    ])
    .where('questions.category_id', '=', found.id)
    .orderBy('catalogue_revisions.id')
    .orderBy('questions.position')
    .orderBy('answers.position')
    .execute();
  return rows.map((row) => ({
    revisionId: row.revision_id,
    at: row.created_at,
    questionCode: row.question_code,
    answerCode: row.answer_code,
    oldPriceFactor: row.old_price_factor === null ? null : Number(row.old_price_factor),
    newPriceFactor: Number(row.new_price_factor),
    actor: row.actor,
    source: row.source,
  }));
}
