import { randomUUID } from 'node:crypto';
import {
  apiErrorCode,
  type ApiFieldError,
  createOfferEndpoint,
  getOfferEndpoint,
  type Offer,
  type OfferAnswer,
  type OfferPreview,
  type OfferRequest,
  previewOfferEndpoint,
} from '@tradein/contract';
import { offerValidityDays, type EditionCode } from '@tradein/editions';
import * as z from 'zod/mini';
import type { FastifyRequest } from 'fastify';
import type { TradeDb } from '../db/create-database.ts';
import { HttpError } from '../server/http-error.ts';
import type { Authenticator, Route } from '../server/route.ts';
import { loadOfferDevice, type OfferCatalogueDevice } from './offer-catalogue.ts';
import { offerPrice } from './offer-pricing.ts';
import type { TradeDeps } from './trade-deps.ts';
import { daysAfter } from '../time/day.ts';

/** A priced condition: the price and the chosen answers by question code. */
export interface PricedCondition {
  priceCents: number;
  recycling: boolean;
  /** Question code → answer code, as stored with the offer. */
  answerCodes: Record<string, string>;
}

function badAnswers(fields: ApiFieldError[]): HttpError {
  return new HttpError(
    400,
    apiErrorCode.validationFailed,
    fields.map((field) => `${field.path}: ${field.message}`).join('; '),
    fields,
  );
}

/**
 * Checks that the answers cover every question of the device's category exactly once with
 * answers of those questions, and prices them; a 400 names the offending field otherwise.
 */
function priceAnswers(
  device: OfferCatalogueDevice,
  answers: readonly OfferAnswer[],
): PricedCondition {
  const fields: ApiFieldError[] = [];
  const chosen = new Map<number, OfferCatalogueDevice['questions'][number]['answers'][number]>();
  answers.forEach((answer, index) => {
    const question = device.questions.find((candidate) => candidate.id === answer.questionId);
    if (question === undefined) {
      fields.push({
        path: `answers.${index}.questionId`,
        message: `Question ${answer.questionId} is not a question of device ${device.id}`,
      });
      return;
    }
    if (chosen.has(question.id)) {
      fields.push({
        path: `answers.${index}.questionId`,
        message: `Question ${question.code} is answered more than once`,
      });
      return;
    }
    const option = question.answers.find((candidate) => candidate.id === answer.answerId);
    if (option === undefined) {
      fields.push({
        path: `answers.${index}.answerId`,
        message: `Answer ${answer.answerId} is not an answer of question ${question.code}`,
      });
      return;
    }
    chosen.set(question.id, option);
  });
  const missing = device.questions.filter((question) => !chosen.has(question.id));
  if (fields.length === 0 && missing.length > 0) {
    fields.push({
      path: 'answers',
      message: `Answer every question; missing: ${missing.map((question) => question.code).join(', ')}`,
    });
  }
  if (fields.length > 0) throw badAnswers(fields);
  const price = offerPrice(device, [...chosen.values()]);
  const answerCodes: Record<string, string> = {};
  for (const question of device.questions) {
    const option = chosen.get(question.id);
    if (option !== undefined) answerCodes[question.code] = option.code;
  }
  return { ...price, answerCodes };
}

/**
 * Loads the device of a new offer or answers 400 naming `deviceId`: unknown, not sold in the
 * edition, or retired (a retired device takes no new offers; offers made before stay valid).
 */
async function deviceOf(db: TradeDb, request: OfferRequest): Promise<OfferCatalogueDevice> {
  const device = await loadOfferDevice(db, request.deviceId, request.edition);
  if (device === null) {
    throw badAnswers([
      {
        path: 'deviceId',
        message: `Device ${request.deviceId} is not sold in edition ${request.edition}`,
      },
    ]);
  }
  if (device.retiredAt !== null) {
    throw badAnswers([
      { path: 'deviceId', message: `Device ${request.deviceId} can no longer be sold` },
    ]);
  }
  return device;
}

/** Prices a device in a condition without storing anything. */
async function previewOffer(db: TradeDb, request: OfferRequest): Promise<OfferPreview> {
  const device = await deviceOf(db, request);
  const priced = priceAnswers(device, request.answers);
  return {
    deviceId: device.id,
    edition: request.edition,
    priceCents: priced.priceCents,
    currency: 'EUR',
    recycling: priced.recycling,
  };
}

/**
 * Prices a device in a condition and stores the offer, valid for `offerValidityDays`, with the
 * customer who created it while logged in (or nobody).
 */
async function createOffer(
  db: TradeDb,
  now: Date,
  request: OfferRequest,
  customerId: string | null,
): Promise<Offer> {
  const device = await deviceOf(db, request);
  const priced = priceAnswers(device, request.answers);
  const offerId = randomUUID();
  const validUntil = daysAfter(now, offerValidityDays).toISOString();
  await db
    .insertInto('offers')
    .values({
      id: offerId,
      device_id: device.id,
      edition: request.edition,
      answers: JSON.stringify(priced.answerCodes),
      price_cents: priced.priceCents,
      is_recycling: priced.recycling ? 1 : 0,
      valid_until: validUntil,
      customer_id: customerId,
      created_at: now.toISOString(),
    })
    .execute();
  return {
    offerId,
    deviceId: device.id,
    edition: request.edition,
    priceCents: priced.priceCents,
    currency: 'EUR',
    validUntil,
    answers: device.questions.flatMap((question) => {
      const code = priced.answerCodes[question.code];
      const answer = question.answers.find((candidate) => candidate.code === code);
      return answer === undefined ? [] : [{ questionId: question.id, answerId: answer.id }];
    }),
    recycling: priced.recycling,
  };
}

/** Turns stored answer codes back into question and answer ids of the device's catalogue. */
function answersFromCodes(
  device: OfferCatalogueDevice | null,
  codes: Record<string, string>,
): OfferAnswer[] {
  if (device === null) return [];
  return device.questions.flatMap((question) => {
    const answer = question.answers.find((candidate) => candidate.code === codes[question.code]);
    return answer === undefined ? [] : [{ questionId: question.id, answerId: answer.id }];
  });
}

/** Reads the answer codes stored with an offer. */
export function parseAnswerCodes(json: string): Record<string, string> {
  const parsed = z.record(z.string(), z.string()).safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : {};
}

/** Reads a stored offer; null when there is none with that id. */
async function findOffer(db: TradeDb, offerId: string): Promise<Offer | null> {
  const row = await db
    .selectFrom('offers')
    .selectAll()
    .where('id', '=', offerId)
    .executeTakeFirst();
  if (row === undefined) return null;
  const edition = row.edition as EditionCode;
  const device = await loadOfferDevice(db, row.device_id, edition);
  return {
    offerId: row.id,
    deviceId: row.device_id,
    edition,
    priceCents: row.price_cents,
    currency: 'EUR',
    validUntil: row.valid_until,
    answers: answersFromCodes(device, parseAnswerCodes(row.answers)),
    recycling: Number(row.is_recycling) === 1,
  };
}

/** What the offer calls need. */
export interface OfferRouteDeps extends Pick<TradeDeps, 'db' | 'clock'> {
  /** Checks a bearer token; when given, an offer created with a valid one keeps its customer. */
  authenticate?: Authenticator;
}

/**
 * The customer who creates an offer while logged in, so the offers of a stored cart can be
 * reminded of before they expire (docs/trades.md, "Reminders"). The call stays public: no
 * token, or one that is expired or invalid, creates the offer for nobody rather than failing.
 */
async function offerCreator(deps: OfferRouteDeps, request: FastifyRequest): Promise<string | null> {
  if (deps.authenticate === undefined || request.headers.authorization === undefined) return null;
  try {
    return (await deps.authenticate(request)).customerId;
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}

/**
 * Registers the public offer calls: `POST /api/trade/offers`, `POST /api/trade/offers/preview`
 * and `GET /api/trade/offers/:offerId`.
 */
export function registerOfferRoutes(route: Route, deps: OfferRouteDeps): void {
  route(previewOfferEndpoint, ({ body }) => previewOffer(deps.db, body));
  route(createOfferEndpoint, async ({ body, request }) =>
    createOffer(deps.db, deps.clock(), body, await offerCreator(deps, request)),
  );
  route(getOfferEndpoint, async ({ params }) => {
    const offer = await findOffer(deps.db, params.offerId);
    if (offer === null) throw new HttpError(404, apiErrorCode.notFound, 'There is no such offer');
    return offer;
  });
}
