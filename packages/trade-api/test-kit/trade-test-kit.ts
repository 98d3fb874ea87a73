import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiErrorCode,
  type AddressInput,
  type CheckoutRequest,
  type OfferAnswer,
} from '@tradein/contract';
import type { EditionCode } from '@tradein/editions';
import type { TradeDb } from '../src/db/create-database.ts';
import { migrateToLatest } from '../src/db/migrations.ts';
import { seedCatalogue } from '../src/db/seed-catalogue.ts';
import { apiRequestInit } from './api-call.ts';
import { testCatalogue } from './stored-catalogue.ts';
import type { TestDatabase } from './test-databases.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { HttpError } from '../src/server/http-error.ts';
import { startTestServer, testConfig, type RunningServer } from './test-server.ts';
import { registerOfferRoutes } from '../src/trades/offers.ts';
import type { TradeDeps } from '../src/trades/trade-deps.ts';
import { registerTradeRoutes } from '../src/trades/trade-routes.ts';

/** The header the test authenticator reads the customer id from (stands in for the JWT). */
const testCustomerHeader = 'x-test-customer';

/** A running trade API with the offer and trade routes, a movable clock and an outbox. */
export interface TradesFixture {
  db: TradeDb;
  server: RunningServer;
  deps: TradeDeps & { dataDir: string };
  outboxDir: string;
  setNow(now: Date): void;
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
    async close() {
      await server.close();
      mailer.close();
      await engine.destroy(db);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Inserts a customer row (registered or guest) and returns its id. */
export async function createCustomer(
  db: TradeDb,
  options: { guest?: boolean; edition?: EditionCode } = {},
): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `${id.slice(0, 8)}@example.com`;
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

/** Sends a JSON call, optionally as a customer. */
export async function call(
  server: RunningServer,
  method: string,
  path: string,
  options: { body?: unknown; customer?: string } = {},
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

/** A checkout body for offers, with SEPA payout; a B2B body carries a company name. */
export function checkoutBody(
  offers: { offerId: string; quantity: number }[],
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

/** Inserts an offer row directly (for prices and expiry the catalogue cannot produce). */
export async function insertOffer(
  db: TradeDb,
  options: { priceCents: number; edition?: EditionCode; validUntil?: string; deviceId?: number },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('offers')
    .values({
      id,
      device_id: options.deviceId ?? 1000,
      edition: options.edition ?? 'de',
      answers: JSON.stringify({ POWERS_ON: 'YES', GRADE: 'GRADE_LIKE_NEW' }),
      price_cents: options.priceCents,
      is_recycling: 0,
      valid_until: options.validUntil ?? '2026-12-31T00:00:00.000Z',
      customer_id: null,
      created_at: '2026-03-01T00:00:00.000Z',
    })
    .execute();
  return id;
}
