import type { PriceRule } from '@tradein/contract';
import type { EditionCode } from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
import { factorToBasisPoints } from '../trades/offer-pricing.ts';
import type { OfferCatalogueDevice } from '../trades/offer-catalogue.ts';

/*
 * The price rule an offer was computed with (docs/trades.md, "Back-office calls"): the offer
 * keeps only its price, and the price list may have changed since. The history tables of
 * migration 0017 (`price_changes`, `factor_changes`, each with the `catalogue_revisions` row that
 * made it) give every value as of any time: the newest change at or before the time gives its
 * new value; without one, the oldest change after the time gives its old value (its new value
 * when it was the first: nothing older is known); with no change at all the value is today's.
 */

/** A value as of a time, from its changes (oldest first) and today's value. */
function valueAsOf<T>(
  changes: readonly { at: string; old: T | null; new: T }[],
  asOf: string,
  today: T,
): T {
  const before = changes.filter((change) => change.at <= asOf).at(-1);
  if (before !== undefined) return before.new;
  const after = changes.find((change) => change.at > asOf);
  if (after === undefined) return today;
  // A first value (old null) set after the time is the earliest one known.
  return after.old ?? after.new;
}

/** Cents as stored, null kept (PostgreSQL may answer integers as strings). */
const num = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * The rule of a device in an edition as the price list stood at `asOf` (the offer's creation),
 * from the device as it is today (its questions and answers, which the catalogue keeps).
 */
export async function priceRuleAsOf(
  db: TradeDb,
  device: OfferCatalogueDevice,
  edition: EditionCode,
  asOf: string,
): Promise<PriceRule> {
  const priceRows = await db
    .selectFrom('price_changes')
    .innerJoin('catalogue_revisions', 'catalogue_revisions.id', 'price_changes.revision_id')
    .select([
      'catalogue_revisions.created_at',
      'price_changes.old_base_price_cents',
      'price_changes.new_base_price_cents',
      'price_changes.old_recycling_price_cents',
      'price_changes.new_recycling_price_cents',
    ])
    .where('price_changes.device_id', '=', device.id)
    .where('price_changes.edition', '=', edition)
    .orderBy('catalogue_revisions.id')
    .execute();
  const basePriceCents = valueAsOf(
    priceRows.map((row) => ({
      at: row.created_at,
      old: num(row.old_base_price_cents),
      new: Number(row.new_base_price_cents),
    })),
    asOf,
    device.basePriceCents,
  );
  const recyclingPriceCents = valueAsOf(
    priceRows.map((row) => ({
      at: row.created_at,
      old: num(row.old_recycling_price_cents),
      new: Number(row.new_recycling_price_cents),
    })),
    asOf,
    device.recyclingPriceCents,
  );
  const questionIds = device.questions.map((question) => question.id);
  const factorRows =
    questionIds.length === 0
      ? []
      : await db
          .selectFrom('factor_changes')
          .innerJoin('catalogue_revisions', 'catalogue_revisions.id', 'factor_changes.revision_id')
          .select([
            'catalogue_revisions.created_at',
            'factor_changes.question_id',
            'factor_changes.answer_id',
            'factor_changes.old_price_factor',
            'factor_changes.new_price_factor',
          ])
          .where('factor_changes.question_id', 'in', questionIds)
          .orderBy('catalogue_revisions.id')
          .execute();
  const factors: PriceRule['factors'] = {};
  for (const question of device.questions) {
    const answers: PriceRule['factors'][string] = {};
    for (const answer of question.answers) {
      const changes = factorRows
        .filter((row) => row.question_id === question.id && row.answer_id === answer.id)
        .map((row) => ({
          at: row.created_at,
          old:
            row.old_price_factor === null
              ? null
              : factorToBasisPoints(Number(row.old_price_factor)),
          new: factorToBasisPoints(Number(row.new_price_factor)),
        }));
      answers[answer.code] = {
        factorBasisPoints: valueAsOf(changes, asOf, answer.factorBasisPoints),
        meansDefective: answer.meansDefective,
      };
    }
    factors[question.code] = answers;
  }
  return { asOf, basePriceCents, recyclingPriceCents, factors };
}
