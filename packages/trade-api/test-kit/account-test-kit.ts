import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiCaller, type ApiCall } from './api-call.ts';
import { readOutbox, type OutboxMail } from './outbox-mail.ts';
import { afterAll, beforeAll } from 'vitest';
import type { TradeDb } from '../src/db/create-database.ts';
import { migrateToLatest } from '../src/db/migrations.ts';
import type { TestDatabase } from './test-databases.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { startTestServer, testConfig, type RunningServer } from './test-server.ts';
import type { AccountLimits } from '../src/accounts/account-deps.ts';
import { registerAccountRoutes } from '../src/accounts/account-routes.ts';
import { createAuthenticator } from '../src/accounts/authenticator.ts';
import { registerCustomerRoutes } from '../src/accounts/customer-routes.ts';

/** A clock tests move by hand. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

/** A clock starting at the real time, moved only by `advance`. */
function testClock(): TestClock {
  let current = Date.now();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}

/** A running trade API with the account and customer routes, a test clock and a temp outbox. */
export interface AccountServer {
  server: RunningServer;
  clock: TestClock;
  outboxDir: string;
  call: ApiCall;
  /** Every mail in the outbox so far. */
  mails(): Promise<OutboxMail[]>;
  /** Waits until a mail to `to` matching `kind` arrives (mails go out after the answer). */
  waitForMail(to: string, kind: string, count?: number): Promise<OutboxMail>;
  close(): Promise<void>;
}

/** The database and the account server of a describe block. */
export interface AccountFixture {
  readonly db: TradeDb;
  readonly api: AccountServer;
}

/** A value of the account fixture, which exists once its `beforeAll` has run. */
function started<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the account server starts before the tests run');
  return value;
}

/**
 * Gives a describe block a fresh migrated database (`beforeStart` may fill it) and an account
 * server on it, both closed after the block.
 */
export function useAccountServer(
  engine: TestDatabase,
  limits: Partial<AccountLimits>,
  beforeStart?: (db: TradeDb) => Promise<void>,
): AccountFixture {
  let db: TradeDb | undefined;
  let api: AccountServer | undefined;
  beforeAll(async () => {
    db = await engine.create();
    await migrateToLatest(db);
    await beforeStart?.(db);
    api = await startAccountServer(db, limits);
  });
  afterAll(async () => {
    await api?.close();
    if (db !== undefined) await engine.destroy(db);
  });
  return {
    get db() {
      return started(db);
    },
    get api() {
      return started(api);
    },
  };
}

/** Starts the server on loopback with real argon2, JWT, database and mailer. */
async function startAccountServer(
  db: TradeDb,
  limits: Partial<AccountLimits> = {},
): Promise<AccountServer> {
  const outboxDir = await mkdtemp(join(tmpdir(), 'accounts-outbox-'));
  const mailer = createMailer({ smtpUrl: undefined, outboxDir });
  const clock = testClock();
  const deps = { db, config: testConfig, mailer, clock: clock.now, limits };
  const server = await startTestServer(db, {
    authenticate: createAuthenticator({ db, config: testConfig, clock: clock.now }),
    extend: (route) => {
      registerAccountRoutes(route, deps);
      registerCustomerRoutes(route, deps);
    },
  });
  const mails = () => readOutbox(outboxDir);
  return {
    server,
    clock,
    outboxDir,
    call: apiCaller(server.origin),
    mails,
    async waitForMail(to, kind, count = 1) {
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const matching = (await mails()).filter((mail) => mail.to === to && mail.kind === kind);
        const mail = matching[count - 1];
        if (mail !== undefined) return mail;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`No ${kind} mail number ${count} to ${to} arrived`);
    },
    async close() {
      await server.close();
      mailer.close();
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
}

/** A registration body of the contract for an e-mail address, in a locale. */
export function registrationBody(email: string, locale = 'de-DE', password = 'Secret-pass-1') {
  const language = locale.split('-')[0] ?? 'de';
  const country =
    locale === 'de-AT' ? 'at' : ['es', 'fr', 'it'].includes(language) ? language : 'de';
  const zip = country === 'at' ? '1010' : country === 'de' ? '10115' : '75001';
  return {
    enabled: true,
    firstName: 'Anna',
    lastName: 'Muster',
    username: email,
    email,
    credentials: [{ type: 'password', value: password, temporary: false }],
    attributes: { locale },
    Address: {
      salutation: 'ms',
      firstName: 'Anna',
      lastName: 'Muster',
      street: 'Hauptstraße',
      houseNumber: '1',
      zip,
      city: 'Stadt',
      country,
    },
    Payment: {
      paymentType: 13,
      paypalAccount: null,
      bankAccount: { accountHolder: 'Anna Muster', iban: 'DE89370400440532013000' },
    },
  };
}

/** The token of a mailed link. */
export function tokenOfLink(text: string, path: string): string {
  const match = new RegExp(`${path.replaceAll('/', '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (match?.[1] === undefined) throw new Error(`No ${path} link in: ${text}`);
  return match[1];
}

/** A logged-in customer of a test. */
export interface TestCustomer {
  email: string;
  password: string;
  customerId: string;
  customerNumber: string;
  accessToken: string;
  refreshToken: string;
}

/** Registers, activates through the mailed link and logs in a customer. */
export async function createCustomer(
  api: AccountServer,
  email: string,
  locale = 'de-DE',
  password = 'Secret-pass-1',
): Promise<TestCustomer> {
  const registered = await api.call('POST', '/api/account/register', {
    body: registrationBody(email, locale, password),
  });
  if (registered.status !== 200) throw new Error(`register failed: ${registered.text}`);
  const mail = await api.waitForMail(email, 'activation');
  const token = tokenOfLink(mail.text, '/account/register');
  const activated = await api.call('POST', '/api/account/activateRegistration', {
    headers: { token },
  });
  if (activated.body['activated'] !== true) throw new Error(`activation failed: ${activated.text}`);
  const login = await api.call('POST', '/api/account/login', {
    body: { username: email, password },
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.text}`);
  const accessToken = String(login.body['access_token']);
  const me = await api.call('GET', '/api/customers/customers', { token: accessToken });
  return {
    email,
    password,
    customerId: String(me.body['id']),
    customerNumber: String(me.body['customerNumber']),
    accessToken,
    refreshToken: String(login.body['refresh_token']),
  };
}
