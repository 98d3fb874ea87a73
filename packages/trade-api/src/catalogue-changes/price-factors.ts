import type { Kysely } from 'kysely';
import type { TradeDb } from '../db/create-database.ts';
import type { TradeDatabase } from '../db/schema.ts';
import { basisPointsPerUnit, factorToBasisPoints } from '../trades/offer-pricing.ts';
import { describeRevision, runCatalogueChange } from './catalogue-change.ts';
import { PriceChangeRefusedError, type PriceChangeOptions } from './price-change.ts';

/*
 * The price factors of the condition questions' answers (docs/catalogue.md, "Condition
 * questions"): questions belong to a category, and each answer multiplies the base price by its
 * factor, except answers that mean defective, whose factor is neutral because the recycling
 * price replaces the whole offer.
 */

/** One answer's factor. */
export interface AnswerFactor {
  questionId: number;
  answerId: number;
  questionCode: string;
  answerCode: string;
  priceFactor: number;
  meansDefective: boolean;
}

/** The factors of one category's questions, in the order the questions are asked. */
export interface CategoryFactors {
  categoryKey: string;
  answers: AnswerFactor[];
}

/** The highest factor an answer may carry. */
const maxFactor = 1.2;

/** The category keys, in display order. */
async function categoryKeys(db: Kysely<TradeDatabase>): Promise<{ id: number; key: string }[]> {
  return db.selectFrom('categories').select(['id', 'key']).orderBy('position').execute();
}

/** The answers of one category (or all), with their questions, in asking order. */
async function answersOf(db: Kysely<TradeDatabase>, categoryId?: number) {
  let query = db
    .selectFrom('answers')
    .innerJoin('questions', 'questions.id', 'answers.question_id')
    .select([
      'questions.category_id',
      'questions.id as question_id',
      'questions.code as question_code',
      'answers.id as answer_id',
      'answers.code as answer_code',
      'answers.price_factor',
      'answers.means_defective',
    ])
    .orderBy('questions.position')
    .orderBy('answers.position');
  if (categoryId !== undefined) query = query.where('questions.category_id', '=', categoryId);
  return query.execute();
}

/** The category with this key, or a refusal naming the keys there are. */
export async function categoryByKey(
  db: Kysely<TradeDatabase>,
  key: string,
): Promise<{ id: number; key: string }> {
  const categories = await categoryKeys(db);
  const found = categories.find((category) => category.key === key);
  if (found === undefined) {
    throw new PriceChangeRefusedError([
      {
        field: 'category',
        message: `no category "${key}"; the categories are ${categories.map((category) => category.key).join(', ')}`,
      },
    ]);
  }
  return found;
}

/** The price factor of every answer, per category in display order (or of one category). */
export async function listPriceFactors(
  db: TradeDb,
  filter: { category?: string } = {},
): Promise<CategoryFactors[]> {
  const categories =
    filter.category === undefined
      ? await categoryKeys(db)
      : [await categoryByKey(db, filter.category)];
  const answers = await answersOf(
    db,
    filter.category === undefined ? undefined : categories[0]?.id,
  );
  return categories.map((category) => ({
    categoryKey: category.key,
    answers: answers
      .filter((answer) => answer.category_id === category.id)
      .map((answer) => ({
        questionId: answer.question_id,
        answerId: answer.answer_id,
        questionCode: answer.question_code,
        answerCode: answer.answer_code,
        priceFactor: Number(answer.price_factor),
        meansDefective: Number(answer.means_defective) === 1,
      })),
  }));
}

/** Which answer's factor to set, and to what. */
export interface FactorSetting {
  category: string;
  question: string;
  answer: string;
  /** A decimal in (0, 1.2] with at most four places, e.g. `0.85`. */
  factor: string;
}

/** What a factor change did (or, dry, would do). */
export interface FactorChangeResult {
  /** The revision written; null for a dry run or when the factor was already this. */
  revisionId: number | null;
  dryRun: boolean;
  categoryKey: string;
  questionCode: string;
  answerCode: string;
  oldPriceFactor: number;
  newPriceFactor: number;
}

/** A factor as written: `0.85`, `1`, `1.2`; in (0, 1.2] with at most four places. */
function parsePriceFactor(text: string): number {
  const refuse = (): never => {
    throw new PriceChangeRefusedError([
      {
        field: 'factor',
        message: `must be a decimal above 0 and at most ${maxFactor} with at most four places, not "${text}"`,
      },
    ]);
  };
  if (!/^[0-9](?:\.[0-9]{1,4})?$/.test(text.trim())) return refuse();
  const factor = Number(text.trim());
  if (!(factor > 0 && factor <= maxFactor)) return refuse();
  // Stored as the factor its basis points stand for, so offers price it exactly.
  return factorToBasisPoints(factor) / basisPointsPerUnit;
}

/** Raised inside the change transaction when the factor is already the asked one. */
class FactorUnchanged extends Error {}

/**
 * Sets the price factor of one answer of a category's question, with a `factor_changes` row.
 * An answer that means defective is refused: the recycling price replaces its offer, so its
 * factor stays neutral.
 */
export async function setPriceFactor(
  db: TradeDb,
  setting: FactorSetting,
  options: Pick<PriceChangeOptions, 'origin' | 'dryRun' | 'basedOnRevision'>,
): Promise<FactorChangeResult> {
  const newPriceFactor = parsePriceFactor(setting.factor);
  const dryRun = options.dryRun === true;
  let unchanged: FactorChangeResult | undefined;
  try {
    return await runCatalogueChange(
      db,
      {
        kind: 'prices',
        note: 'prices set-factor',
        origin: options.origin,
        dryRun,
        ...(options.basedOnRevision === undefined
          ? {}
          : { basedOnRevision: options.basedOnRevision }),
      },
      async (context) => {
        const { trx } = context;
        const category = await categoryByKey(trx, setting.category);
        const answers = await answersOf(trx, category.id);
        const questionCodes = [...new Set(answers.map((answer) => answer.question_code))];
        const ofQuestion = answers.filter((answer) => answer.question_code === setting.question);
        if (ofQuestion.length === 0) {
          throw new PriceChangeRefusedError([
            {
              field: 'question',
              message: `no question "${setting.question}" in ${category.key}; its questions are ${questionCodes.join(', ')}`,
            },
          ]);
        }
        const answer = ofQuestion.find((entry) => entry.answer_code === setting.answer);
        if (answer === undefined) {
          throw new PriceChangeRefusedError([
            {
              field: 'answer',
              message: `no answer "${setting.answer}" to ${setting.question}; its answers are ${ofQuestion.map((entry) => entry.answer_code).join(', ')}`,
            },
          ]);
        }
        if (Number(answer.means_defective) === 1) {
          throw new PriceChangeRefusedError([
            {
              field: 'answer',
              message: `${setting.question} ${setting.answer} means defective: the recycling price replaces the offer, so its factor stays neutral`,
            },
          ]);
        }
        const result: FactorChangeResult = {
          revisionId: dryRun ? null : context.revisionId,
          dryRun,
          categoryKey: category.key,
          questionCode: answer.question_code,
          answerCode: answer.answer_code,
          oldPriceFactor: Number(answer.price_factor),
          newPriceFactor,
        };
        if (result.oldPriceFactor === newPriceFactor) {
          unchanged = { ...result, revisionId: null };
          throw new FactorUnchanged();
        }
        await trx
          .updateTable('answers')
          .set({ price_factor: newPriceFactor })
          .where('question_id', '=', answer.question_id)
          .where('id', '=', answer.answer_id)
          .execute();
        await trx
          .insertInto('factor_changes')
          .values({
            revision_id: context.revisionId,
            question_id: answer.question_id,
            answer_id: answer.answer_id,
            old_price_factor: result.oldPriceFactor,
            new_price_factor: newPriceFactor,
          })
          .execute();
        await describeRevision(
          context,
          `prices set-factor ${category.key} ${answer.question_code} ${answer.answer_code}: ${result.oldPriceFactor} → ${newPriceFactor}`,
        );
        const subject = {
          category: category.key,
          question: answer.question_code,
          answer: answer.answer_code,
        };
        await context.audit({
          action: 'factor.changed',
          subjectType: 'catalogue_revision',
          subjectId: String(context.revisionId),
          before: { ...subject, priceFactor: result.oldPriceFactor },
          after: { ...subject, priceFactor: newPriceFactor },
        });
        return result;
      },
    );
  } catch (error) {
    if (error instanceof FactorUnchanged && unchanged !== undefined) return unchanged;
    throw error;
  }
}
