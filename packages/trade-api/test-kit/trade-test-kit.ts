import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiErrorCode,
  offerSchema,
  tradeSchema,
  type AddressInput,
  type CheckoutRequest,
  type Offer,
  type OfferAnswer,
  type Trade,
  type TradeStatus,
} from '@tradein/contract';
import { offerValidityDays, type EditionCode } from '@tradein/editions';
import type { TradeDb } from '../src/db/create-database.ts';
import { migrateToLatest } from '../src/db/migrations.ts';
import { seedCatalogue } from '../src/db/seed-catalogue.ts';
import { apiRequestInit } from './api-call.ts';
import { testCatalogue } from './stored-catalogue.ts';
import type { TestDatabase } from './test-databases.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { HttpError } from '../src/server/http-error.ts';
import { startTestServer, testConfig, type RunningServer } from './test-server.ts';
import { runOpsCommand } from '../src/cli/ops-commands.ts';
import { registerOfferRoutes } from '../src/trades/offers.ts';
import type { TradeDeps } from '../src/trades/trade-deps.ts';
import { registerTradeRoutes } from '../src/trades/trade-routes.ts';
import { daysAfter } from '../src/time/day.ts';

/** The header the test authenticator reads the customer id from (stands in for the JWT). */
const testCustomerHeader = 'x-test-customer';

/**
 * A running trade API with the offer and trade routes, a movable clock and an outbox, and the
 * kit's calls and rows bound to its server and database.
 */
export interface TradesFixture {
  db: TradeDb;
  server: RunningServer;
  deps: TradeDeps & { dataDir: string };
  outboxDir: string;
  setNow(now: Date): void;
  /** {@link call} on this server. */
  call(method: string, path: string, options?: CallOptions): Promise<Response>;
  /** {@link createCustomer} in this database. */
  createCustomer(options?: CustomerOptions): Promise<CustomerRow>;
  /** {@link insertOffer} in this database. */
  insertOffer(options: OfferRowOptions): Promise<string>;
  /** {@link requestPhoneOffer} on this server. */
  requestPhoneOffer(deviceId?: number, grade?: 1 | 2 | 3): Promise<Offer>;
  /** {@link postCheckout} on this server: the answer as it comes, refused or not. */
  postCheckout(
    customerId: string,
    offers: CheckoutLine[],
    overrides?: Partial<CheckoutRequest>,
  ): Promise<Response>;
  /** {@link checkOut} on this server. */
  checkOut(
    customerId: string,
    offers: CheckoutLine[],
    overrides?: Partial<CheckoutRequest>,
  ): Promise<Trade>;
  /** {@link checkOutPhones} on this server. */
  checkOutPhones(
    customerId: string,
    lines: readonly PhoneLine[],
    overrides?: Partial<CheckoutRequest>,
  ): Promise<Trade>;
  /** Runs an operator command on this database as the command line does (no shop origin). */
  ops(...argv: string[]): Promise<{ code: number; output: string }>;
  close(): Promise<void>;
}

/** Starts the fixture on one test database, seeded with the test catalogue. */
export async function startTradesFixture(engine: TestDatabase): Promise<TradesFixture> {
  const db = await engine.create();
  await migrateToLatest(db);
  await seedCatalogue(db, testCatalogue(6));
  const dataDir = await mkdtemp(join(tmpdir(), 'tradein-trades-'));
  const outboxDir = join(dataDir, 'outbox');
  const mailer = createMailer({ smtpUrl: undefined, outboxDir });
  let now = new Date('2026-03-02T09:00:00.000Z');
  const deps = { db, mailer, clock: () => now, dataDir };
  const server = await startTestServer(db, {
    authenticate: (request) => {
      const id = request.headers[testCustomerHeader];
      if (typeof id !== 'string' || id === '') {
        return Promise.reject(new HttpError(401, apiErrorCode.unauthorized, 'Log in first'));
      }
      return Promise.resolve({ customerId: id });
    },
    extend: (route) => {
      registerOfferRoutes(route, deps);
      registerTradeRoutes(route, { ...deps, config: testConfig });
    },
  });
  return {
    db,
    server,
    deps,
    outboxDir,
    setNow(next) {
      now = next;
    },
    call: (method, path, options) => call(server, method, path, options),
    createCustomer: (options) => createCustomer(db, options),
    insertOffer: (options) => insertOffer(db, options),
    requestPhoneOffer: (deviceId, grade) => requestPhoneOffer(server, deviceId, grade),
    postCheckout: (customerId, offers, overrides) =>
      postCheckout(server, customerId, offers, overrides),
    checkOut: (customerId, offers, overrides) => checkOut(server, customerId, offers, overrides),
    checkOutPhones: (customerId, lines, overrides) =>
      checkOutPhones(server, customerId, lines, overrides),
    async ops(...argv) {
      const lines: string[] = [];
      const code = await runOpsCommand(argv, deps, (line) => lines.push(line));
      return { code, output: lines.join('\n') };
    },
    async close() {
      await server.close();
      mailer.close();
      await engine.destroy(db);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A customer row of a test: its id and e-mail address. */
interface CustomerRow {
  id: string;
  email: string;
}

/** A test customer: registered (the default) or a guest, its edition and its e-mail address. */
interface CustomerOptions {
  guest?: boolean;
  edition?: EditionCode;
  /** Default: a fresh one. */
  email?: string;
}

/** Inserts a customer row (registered or guest) and returns its id. */
export async function createCustomer(
  db: TradeDb,
  options: CustomerOptions = {},
): Promise<CustomerRow> {
  const id = randomUUID();
  const email = options.email ?? `${id.slice(0, 8)}@example.com`;
  const at = '2026-01-01T00:00:00.000Z';
  await db
    .insertInto('customers')
    .values({
      id,
      customer_number: `C-${id.slice(0, 8)}`,
      email,
      salutation: 'ms',
      first_name: 'Erika',
      last_name: 'Mustermann',
      company: null,
      locale: 'de',
      edition: options.edition ?? 'de',
      password_hash: options.guest ? null : 'argon2id-hash-not-used-here',
      activated_at: options.guest ? null : at,
      is_guest: options.guest ? 1 : 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { id, email };
}

/** What goes with a call: a JSON body, and the customer it is made as. */
interface CallOptions {
  body?: unknown;
  customer?: string;
}

/** Sends a JSON call, optionally as a customer. */
export async function call(
  server: RunningServer,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Response> {
  const headers: Record<string, string> =
    options.customer === undefined ? {} : { [testCustomerHeader]: options.customer };
  return fetch(`${server.origin}${path}`, apiRequestInit(method, { body: options.body, headers }));
}

/** Answers of the test catalogue's smartphone questions (11: POWERS_ON, 12: GRADE). */
export function phoneAnswers(grade: 1 | 2 | 3, powersOn = true): OfferAnswer[] {
  return [
    { questionId: 11, answerId: powersOn ? 1 : 2 },
    { questionId: 12, answerId: grade },
  ];
}

/** A German address that passes the edition's rules. */
export function addressFor(edition: EditionCode): AddressInput {
  const zips: Record<EditionCode, string> = {
    at: '1010',
    de: '10115',
    es: '28001',
    fr: '75001',
    it: '00184',
  };
  return {
    salutation: 'ms',
    firstName: 'Erika',
    lastName: 'Müller',
    street: 'Hauptstraße',
    houseNumber: '5a',
    zip: zips[edition],
    city: 'Berlin',
    country: edition,
  };
}

/** A valid German IBAN (check digits correct). */
const validIban = 'DE89370400440532013000';

/** A line of a checkout: an offer and how many devices it stands for. */
interface CheckoutLine {
  offerId: string;
  quantity: number;
}

/** A checkout body for offers, with SEPA payout; a B2B body carries a company name. */
export function checkoutBody(
  offers: CheckoutLine[],
  overrides: Partial<CheckoutRequest> = {},
): CheckoutRequest {
  const address = addressFor('de');
  return {
    edition: 'de',
    offers,
    // A business sale names its company (the B2B rule of the checkout).
    address:
      overrides.shopMode === 'b2bWidget' ? { ...address, company: 'Musterhandel GmbH' } : address,
    payout: { paymentType: 13, accountHolder: 'Erika Müller', iban: validIban },
    shopMode: 'default',
    acceptedTerms: true,
    ...overrides,
  };
}

/** Asks for an offer (edition de) on a smartphone of the test catalogue in a grade's condition. */
async function requestPhoneOffer(
  server: RunningServer,
  deviceId = 1000,
  grade: 1 | 2 | 3 = 1,
): Promise<Offer> {
  const answer = await call(server, 'POST', '/api/trade/offers', {
    body: { edition: 'de', deviceId, answers: phoneAnswers(grade) },
  });
  if (answer.status !== 200)
    throw new Error(`Offer refused (${answer.status}): ${await answer.text()}`);
  return offerSchema.parse(await answer.json());
}

/** Posts the checkout of offers ({@link checkoutBody}) as the customer; answers the response. */
function postCheckout(
  server: RunningServer,
  customerId: string,
  offers: CheckoutLine[],
  overrides: Partial<CheckoutRequest> = {},
): Promise<Response> {
  return call(server, 'POST', '/api/trade/trades', {
    customer: customerId,
    body: checkoutBody(offers, overrides),
  });
}

/** Checks out offers as the customer ({@link checkoutBody}); fails unless the trade is created. */
async function checkOut(
  server: RunningServer,
  customerId: string,
  offers: CheckoutLine[],
  overrides: Partial<CheckoutRequest> = {},
): Promise<Trade> {
  const answer = await postCheckout(server, customerId, offers, overrides);
  if (answer.status !== 201) {
    throw new Error(`Checkout refused (${answer.status}): ${await answer.text()}`);
  }
  return tradeSchema.parse(await answer.json());
}

/** A line of a sale: a smartphone of the test catalogue, the grade of its condition, how many. */
export interface PhoneLine {
  deviceId: number;
  grade: 1 | 2 | 3;
  quantity?: number;
}

/** Asks for a fresh offer per line and checks them out as the customer; answers the trade. */
export async function checkOutPhones(
  server: RunningServer,
  customerId: string,
  lines: readonly PhoneLine[],
  overrides: Partial<CheckoutRequest> = {},
): Promise<Trade> {
  const offers = [];
  for (const line of lines) {
    const { offerId } = await requestPhoneOffer(server, line.deviceId, line.grade);
    offers.push({ offerId, quantity: line.quantity ?? 1 });
  }
  return checkOut(server, customerId, offers, overrides);
}

/**
 * A trade of one phone (grade 2) of `customerId`, paid out by `payout` when given (PayPal, say),
 * received and inspected as answered by the operator's commands: ready to pay.
 */
export async function readyPhoneTrade(
  fixture: TradesFixture,
  customerId: string,
  payout?: { paymentType: number; email: string },
): Promise<Trade> {
  const trade = await fixture.checkOutPhones(
    customerId,
    [{ deviceId: 1000, grade: 2 }],
    payout === undefined ? {} : { payout },
  );
  for (const argv of [
    ['receive', trade.tradeNumber],
    ['inspect', trade.tradeNumber, '--item', '1'],
  ]) {
    const { code, output } = await fixture.ops(...argv);
    if (code !== 0) throw new Error(`ops ${argv.join(' ')} failed (${code}): ${output}`);
  }
  return trade;
}

/** The fields of an offer row a test sets; {@link insertOffer} fills in the rest. */
interface OfferRowOptions {
  /** Default: a fresh one. */
  id?: string | undefined;
  priceCents: number;
  edition?: EditionCode;
  validUntil?: string;
  deviceId?: number;
  customerId?: string;
  createdAt?: Date;
}

/**
 * Inserts an offer row directly (for prices, owners and times the catalogue cannot produce). An
 * offer with a `customerId` lies in that customer's stored cart. Without `validUntil`, an offer
 * with a `createdAt` holds the offer validity from then, one without holds until the end of 2026.
 */
export async function insertOffer(db: TradeDb, options: OfferRowOptions): Promise<string> {
  const id = options.id ?? randomUUID();
  const validUntil =
    options.validUntil ??
    (options.createdAt === undefined
      ? '2026-12-31T00:00:00.000Z'
      : daysAfter(options.createdAt, offerValidityDays).toISOString());
  await db
    .insertInto('offers')
    .values({
      id,
      device_id: options.deviceId ?? 1000,
      edition: options.edition ?? 'de',
      answers: JSON.stringify({ POWERS_ON: 'YES', GRADE: 'GRADE_LIKE_NEW' }),
      price_cents: options.priceCents,
      is_recycling: 0,
      valid_until: validUntil,
      customer_id: options.customerId ?? null,
      created_at: (options.createdAt ?? new Date('2026-03-01T00:00:00.000Z')).toISOString(),
    })
    .execute();
  return id;
}

/** The trade {@link insertTrade} writes: one line of a device, by default a German customer's. */
interface TradeRowOptions {
  customerId: string;
  /** Default: a fresh `T-2026-…` number. */
  tradeNumber?: string;
  /** Default: `created`. */
  status?: TradeStatus;
  createdAt: Date;
  /** The line's offer id; default: a fresh one. */
  offerId?: string;
  /** Default: the test catalogue's device 1000. */
  deviceName?: string;
  priceCents: number;
  /** Default: 1. */
  quantity?: number;
  /** Default: {@link addressFor} `de`. */
  address?: object;
  /** Default: none stored (`{}`). */
  payoutDetails?: object;
}

/**
 * Inserts a trade of one device line with its offer directly, as the checkout stores one, for
 * tests of what reads trades (histories, mails, deletion) that need no checkout.
 */
export async function insertTrade(
  db: TradeDb,
  options: TradeRowOptions,
): Promise<{ id: number; tradeNumber: string }> {
  const quantity = options.quantity ?? 1;
  const offerId = await insertOffer(db, {
    id: options.offerId,
    priceCents: options.priceCents,
    customerId: options.customerId,
    createdAt: options.createdAt,
  });
  const tradeNumber = options.tradeNumber ?? `T-2026-${randomBytes(4).toString('hex')}`;
  const at = options.createdAt.toISOString();
  const trade = await db
    .insertInto('trades')
    .values({
      trade_number: tradeNumber,
      customer_id: options.customerId,
      edition: 'de',
      status: options.status ?? 'created',
      address_snapshot: JSON.stringify(options.address ?? addressFor('de')),
      payment_type: 13,
      payout_details: JSON.stringify(options.payoutDetails ?? {}),
      voucher_code: null,
      total_cents: options.priceCents * quantity,
      is_b2b: 0,
      partner: null,
      shop_mode: 'default',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('trade_items')
    .values({
      trade_id: trade.id,
      offer_id: offerId,
      device_id: 1000,
      device_name: options.deviceName ?? 'Phone 1000',
      quantity,
      price_cents: options.priceCents,
      revised_price_cents: null,
      inspection_findings: null,
      photo_path: null,
    })
    .execute();
  return { id: trade.id, tradeNumber };
}
