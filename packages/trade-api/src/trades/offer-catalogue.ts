import type { EditionCode } from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
import { factorToBasisPoints } from './offer-pricing.ts';

/** An answer of a condition question in one edition, with its pricing. */
export interface OfferCatalogueAnswer {
  id: number;
  code: string;
  text: string;
  factorBasisPoints: number;
  meansDefective: boolean;
}

/** A condition question of a device's category in one edition. */
export interface OfferCatalogueQuestion {
  id: number;
  code: string;
  question: string;
  answers: OfferCatalogueAnswer[];
}

/** What pricing and trade views need to know about one device in one edition. */
export interface OfferCatalogueDevice {
  id: number;
  name: string;
  basePriceCents: number;
  recyclingPriceCents: number;
  /**
   * When the device was retired (`catalogue retire`), or null: a retired device takes no new
   * offers, but the offers and trades made for it stay valid, so it is still loaded here.
   */
  retiredAt: string | null;
  questions: OfferCatalogueQuestion[];
}

/**
 * Reads a device with its prices and its category's questions in one edition from the
 * database (the catalogue lives there on every API node); null when the device is unknown or
 * has no price in the edition.
 */
export async function loadOfferDevice(
  db: TradeDb,
  deviceId: number,
  edition: EditionCode,
): Promise<OfferCatalogueDevice | null> {
  const device = await db
    .selectFrom('devices')
    .innerJoin('device_prices', 'device_prices.device_id', 'devices.id')
    .select([
      'devices.id',
      'devices.name',
      'devices.category_id',
      'devices.retired_at',
      'device_prices.base_price_cents',
      'device_prices.recycling_price_cents',
    ])
    .where('devices.id', '=', deviceId)
    .where('device_prices.edition', '=', edition)
    .executeTakeFirst();
  if (device === undefined) return null;
  const questions = await db
    .selectFrom('questions')
    .innerJoin('question_texts', 'question_texts.question_id', 'questions.id')
    .select(['questions.id', 'questions.code', 'question_texts.question'])
    .where('questions.category_id', '=', device.category_id)
    .where('question_texts.edition', '=', edition)
    .orderBy('questions.position')
    .orderBy('questions.id')
    .execute();
  const answers =
    questions.length === 0
      ? []
      : await db
          .selectFrom('answers')
          .innerJoin('answer_texts', (join) =>
            join
              .onRef('answer_texts.question_id', '=', 'answers.question_id')
              .onRef('answer_texts.answer_id', '=', 'answers.id'),
          )
          .select([
            'answers.question_id',
            'answers.id',
            'answers.code',
            'answers.price_factor',
            'answers.means_defective',
            'answer_texts.text',
          ])
          .where(
            'answers.question_id',
            'in',
            questions.map((question) => question.id),
          )
          .where('answer_texts.edition', '=', edition)
          .orderBy('answers.position')
          .orderBy('answers.id')
          .execute();
  return {
    id: device.id,
    name: device.name,
    basePriceCents: device.base_price_cents,
    recyclingPriceCents: device.recycling_price_cents,
    retiredAt: device.retired_at,
    questions: questions.map((question) => ({
      id: question.id,
      code: question.code,
      question: question.question,
      answers: answers
        .filter((answer) => answer.question_id === question.id)
        .map((answer) => ({
          id: answer.id,
          code: answer.code,
          text: answer.text,
          factorBasisPoints: factorToBasisPoints(Number(answer.price_factor)),
          meansDefective: Number(answer.means_defective) === 1,
        })),
    })),
  };
}
