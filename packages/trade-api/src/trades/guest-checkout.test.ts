import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createdTradeSchema, tradeMailboxConfirmationSchema, tradeSchema } from '@tradein/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccountRoutes } from '../accounts/account-routes.ts';
import { createAuthenticator } from '../accounts/authenticator.ts';
import { bindGuestTradeClaim } from '../accounts/guest-trades.ts';
import { registerCustomerRoutes } from '../accounts/customer-routes.ts';
import type { TradeDb } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { registrationBody, tokenOfLink } from '../../test-kit/account-test-kit.ts';
import { mailsTo, type OutboxMail } from '../../test-kit/outbox-mail.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import { checkoutBody, phoneAnswers } from '../../test-kit/trade-test-kit.ts';
import { registerOfferRoutes } from './offers.ts';
import { registerTradeRoutes } from './trade-routes.ts';
import { tradeMailboxProofPath } from './trade-mailbox-proof.ts';
import { dayMs } from '../time/day.ts';

/** An answer of the server, read once. */
interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Record<string, unknown> & { error?: { code: string; message: string } };
}

/** The token of the confirmation link in a trade mail. */
function proofToken(mail: OutboxMail | undefined): string {
  return tokenOfLink(mail?.text ?? '', tradeMailboxProofPath);
}

/** The caps of these tests: small, so that a few checkouts reach them. */
const mailLimits = { perRecipient: 2, perClient: 3, windowMs: dayMs };

/**
 * Guest checkouts through the real authenticator, account, customer, offer and trade routes:
 * what a guest must give before checking out, how many trade mails one address and one client
 * get, and when a guest trade goes into a customer account.
 */
describe.each(testDatabases())('guest checkout on $name', (engine) => {
  let db: TradeDb;
  let server: RunningServer;
  let mailer: Mailer;
  let outboxDir: string;
  let now = Date.now();
  const clock = () => new Date(now);
  // Every test sends from a client address of its own, so the per-client cap of one test does
  // not reach into another.
  let clientNumber = 0;
  const nextClient = () => {
    clientNumber += 1;
    return `198.51.100.${clientNumber}`;
  };

  beforeAll(async () => {
    db = await engine.create();
    await migrateToLatest(db);
    await seedCatalogue(db, testCatalogue(6));
    outboxDir = await mkdtemp(join(tmpdir(), 'guest-checkout-outbox-'));
    mailer = createMailer({ smtpUrl: undefined, outboxDir });
    const accountDeps = {
      db,
      config: testConfig,
      mailer,
      clock,
      limits: { guestSessionsPerIp: 1000, failuresPerIp: 1000 },
    };
    server = await startTestServer(db, {
      authenticate: createAuthenticator({ db, config: testConfig, clock }),
      extend: (route) => {
        registerAccountRoutes(route, accountDeps);
        registerCustomerRoutes(route, accountDeps);
        registerOfferRoutes(route, { db, clock });
        registerTradeRoutes(route, { db, mailer, clock, config: testConfig, mailLimits });
      },
    });
  });

  afterAll(async () => {
    await server.close();
    mailer.close();
    await engine.destroy(db);
    await rm(outboxDir, { recursive: true, force: true });
  });

  async function call(
    method: 'GET' | 'POST',
    url: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string>; client: string },
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await server.app.inject({
      method,
      url,
      headers,
      remoteAddress: options.client,
      ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
    });
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.body === '' ? {} : (JSON.parse(response.body) as Answer['body']),
    };
  }

  /** A guest session, with the guest's details when an address is given. */
  async function guestSession(client: string, email?: string): Promise<string> {
    const session = await call('POST', '/api/account/guestSession', {
      body: { locale: 'de-DE' },
      client,
    });
    expect(session.status).toBe(200);
    const token = String(session.body['access_token']);
    if (email !== undefined) {
      const details = await call('POST', '/api/customers/guest_account_number', {
        body: { email, firstName: 'Jonas', lastName: 'Weber', locale: 'de-DE' },
        token,
        client,
      });
      if (details.status !== 200) throw new Error(`guest details refused: ${details.status}`);
    }
    return token;
  }

  /** A checkout body for a fresh offer. */
  async function cart(client: string) {
    const offer = await call('POST', '/api/trade/offers', {
      body: { edition: 'de', deviceId: 1000, answers: phoneAnswers(1) },
      client,
    });
    expect(offer.status).toBe(200);
    return checkoutBody([{ offerId: String(offer.body['offerId']), quantity: 1 }]);
  }

  /** Checks out one fresh offer with a token. */
  async function checkout(token: string, client: string): Promise<Answer> {
    return call('POST', '/api/trade/trades', { body: await cart(client), token, client });
  }

  /** Waits for the `count`-th mail of a kind to an address (account mails go out after the answer). */
  async function waitForMail(to: string, kind: string, count = 1): Promise<OutboxMail> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const mail = (await mailsTo(outboxDir, to)).filter((each) => each.kind === kind)[count - 1];
      if (mail !== undefined) return mail;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`No ${kind} mail number ${count} to ${to} arrived`);
  }

  /** Registers and activates an account through its mailed link; answers its password. */
  async function activatedAccount(email: string, client: string): Promise<string> {
    const password = 'Secret-pass-1';
    const registered = await call('POST', '/api/account/register', {
      body: registrationBody(email, 'de-DE', password),
      client,
    });
    expect(registered.status).toBe(200);
    const token = tokenOfLink((await waitForMail(email, 'activation')).text, '/account/register');
    const activated = await call('POST', '/api/account/activateRegistration', {
      headers: { token },
      client,
    });
    expect(activated.body['activated']).toBe(true);
    return password;
  }

  async function login(email: string, password: string, client: string): Promise<string> {
    const answer = await call('POST', '/api/account/login', {
      body: { username: email, password },
      client,
    });
    expect(answer.status).toBe(200);
    return String(answer.body['access_token']);
  }

  /** Resets the password of an account through the mailed link, as its owner would. */
  async function resetPassword(email: string, client: string, count = 1): Promise<string> {
    await call('POST', '/api/account/forgotPasswordMail', {
      body: { email, lang: 'de' },
      client,
    });
    const token = tokenOfLink(
      (await waitForMail(email, 'password-reset', count)).text,
      '/account/password-reset',
    );
    const password = 'Brand-new-pass-4';
    const reset = await call('POST', '/api/account/resetPassword', {
      headers: { token },
      body: { password },
      client,
    });
    expect(reset.status).toBe(200);
    return password;
  }

  /** The trade numbers in an account's trade history. */
  async function historyOf(email: string, password: string, client: string): Promise<string[]> {
    const token = await login(email, password, client);
    const history = await call('GET', '/api/customers/trade_history', { token, client });
    expect(history.status).toBe(200);
    return (history.body as unknown as { tradeNumber: string }[]).map((entry) => entry.tradeNumber);
  }

  /** A guest checkout to `email`; answers the trade number and the account claim. */
  async function guestTrade(email: string, client: string) {
    const answer = await checkout(await guestSession(client, email), client);
    expect(answer.status).toBe(201);
    const trade = createdTradeSchema.parse(answer.body);
    if (typeof trade.accountClaim !== 'string') throw new Error('a guest trade has a claim');
    return { tradeNumber: trade.tradeNumber, claim: trade.accountClaim };
  }

  /** Registers `email` (password `Secret-pass-1`), with a trade claim when given. */
  function register(email: string, client: string, tradeClaim?: string): Promise<Answer> {
    return call('POST', '/api/account/register', {
      body: { ...registrationBody(email), ...(tradeClaim === undefined ? {} : { tradeClaim }) },
      client,
    });
  }

  /** Follows the activation link mailed to `email`. */
  async function activate(email: string, client: string): Promise<void> {
    const token = tokenOfLink((await waitForMail(email, 'activation')).text, '/account/register');
    const activated = await call('POST', '/api/account/activateRegistration', {
      headers: { token },
      client,
    });
    expect(activated.body['activated']).toBe(true);
  }

  /** 1 while a trade still belongs to its guest, 0 once it is in a registered account. */
  const ownerIsGuest = async (tradeNumber: string) =>
    (
      await db
        .selectFrom('trades')
        .innerJoin('customers', 'customers.id', 'trades.customer_id')
        .select('customers.is_guest')
        .where('trades.trade_number', '=', tradeNumber)
        .executeTakeFirstOrThrow()
    ).is_guest;

  const tradeMails = async (to: string) =>
    (await mailsTo(outboxDir, to)).filter((mail) => mail.kind === 'trade-confirmation');

  const confirmMailbox = (token: string, client: string) =>
    call('POST', '/api/trade/trades/confirm_mailbox', {
      body: { edition: 'de', token },
      client,
    });

  describe('minimum details', () => {
    it('refuses a guest who has given no e-mail address, stores nothing and mails nobody', async () => {
      const client = nextClient();
      const token = await guestSession(client);
      const body = await cart(client);
      const before = await rowCounts(db);
      const mailsBefore = (await mailsTo(outboxDir, '')).length;

      const answer = await call('POST', '/api/trade/trades', { body, token, client });

      expect(answer.status).toBe(409);
      expect(answer.body.error?.code).toBe('guest_details_missing');
      expect(answer.body.error?.message).toBe(
        'Bitte gib deine E-Mail-Adresse und deinen Namen an, bevor du als Gast verkaufst.',
      );
      expect(await rowCounts(db)).toEqual(before);
      expect(await mailsTo(outboxDir, '')).toHaveLength(mailsBefore);
    });

    it('refuses a business guest without details in formal German (B2B mode)', async () => {
      const client = nextClient();
      const token = await guestSession(client);
      const { offers } = await cart(client);
      const body = checkoutBody(offers, { shopMode: 'b2bWidget' });
      const answer = await call('POST', '/api/trade/trades', { body, token, client });
      expect(answer.status).toBe(409);
      expect(answer.body.error?.message).toBe(
        'Bitte geben Sie Ihre E-Mail-Adresse und Ihren Namen an, bevor Sie als Gast verkaufen.',
      );
    });

    it('checks out a guest who gave the details, and mails the trade to that address', async () => {
      const client = nextClient();
      const email = 'guest-with-details@example.org';
      const answer = await checkout(await guestSession(client, email), client);
      expect(answer.status).toBe(201);
      const trade = tradeSchema.parse(answer.body);
      const [mail] = await tradeMails(email);
      expect(mail?.subject).toBe(`Dein Verkauf ${trade.tradeNumber}`);
    });
  });

  describe('trade mails per address and per client', () => {
    it('refuses a checkout beyond the cap for one address with 429 before storing anything', async () => {
      const email = 'flooded@example.org';
      for (let index = 0; index < mailLimits.perRecipient; index += 1) {
        // A new client each time: only the address is the same.
        const client = nextClient();
        expect((await checkout(await guestSession(client, email), client)).status).toBe(201);
      }
      const client = nextClient();
      const token = await guestSession(client, email);
      const body = await cart(client);
      const before = await rowCounts(db);

      const refused = await call('POST', '/api/trade/trades', { body, token, client });

      expect(refused.status).toBe(429);
      expect(refused.body.error?.code).toBe('too_many_requests');
      expect(refused.body.error?.message).toContain('24 Stunden');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await rowCounts(db)).toEqual(before);
      expect(await tradeMails(email)).toHaveLength(mailLimits.perRecipient);

      // Another address from the same client is served.
      const other = await checkout(await guestSession(client, 'not-flooded@example.org'), client);
      expect(other.status).toBe(201);
    });

    it('serves the address again once its oldest mail has left the window', async () => {
      const email = 'patient@example.org';
      for (let index = 0; index <= mailLimits.perRecipient; index += 1) {
        const client = nextClient();
        await checkout(await guestSession(client, email), client);
      }
      now += mailLimits.windowMs + 1000;
      const client = nextClient();
      expect((await checkout(await guestSession(client, email), client)).status).toBe(201);
    });

    it('refuses a client beyond its cap whatever address it gives', async () => {
      const client = nextClient();
      for (let index = 0; index < mailLimits.perClient; index += 1) {
        const email = `rotating-${index}@example.org`;
        expect((await checkout(await guestSession(client, email), client)).status).toBe(201);
      }
      const token = await guestSession(client, 'rotating-last@example.org');
      const body = await cart(client);
      const before = await rowCounts(db);
      const refused = await call('POST', '/api/trade/trades', { body, token, client });
      expect(refused.status).toBe(429);
      expect(await rowCounts(db)).toEqual(before);
      expect(await tradeMails('rotating-last@example.org')).toHaveLength(0);

      // Another client is served.
      const elsewhere = nextClient();
      const other = await checkout(
        await guestSession(elsewhere, 'rotating-else@example.org'),
        elsewhere,
      );
      expect(other.status).toBe(201);
    });

    it('holds the cap exactly when checkouts to one address race', async () => {
      const email = 'raced@example.org';
      const attempts = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const client = nextClient();
          return { client, token: await guestSession(client, email), body: await cart(client) };
        }),
      );
      const answers = await Promise.all(
        attempts.map(({ client, token, body }) =>
          call('POST', '/api/trade/trades', { body, token, client }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).toSorted();
      expect(statuses).toEqual([201, 201, 429, 429, 429, 429]);
      expect(await tradeMails(email)).toHaveLength(mailLimits.perRecipient);
    });

    it('does not cap a logged-in customer, whose mails go to its own proven address', async () => {
      const client = nextClient();
      const email = 'busy-seller@example.org';
      const password = await activatedAccount(email, client);
      const token = await login(email, password, client);
      for (let index = 0; index <= mailLimits.perClient; index += 1) {
        expect((await checkout(token, client)).status).toBe(201);
      }
      expect(await tradeMails(email)).toHaveLength(mailLimits.perClient + 1);
    });
  });

  describe('guest trades and customer accounts', () => {
    it('keeps a stranger’s guest trade out of an activated account after a password reset', async () => {
      const owner = nextClient();
      const email = 'victim@example.org';
      await activatedAccount(email, owner);
      const attacker = nextClient();
      const planted = await checkout(await guestSession(attacker, email), attacker);
      expect(planted.status).toBe(201);

      const password = await resetPassword(email, owner);

      expect(await historyOf(email, password, owner)).toEqual([]);
    });

    it('keeps a guest trade out of an account that is activated after it', async () => {
      const attacker = nextClient();
      const email = 'later-customer@example.org';
      const planted = await checkout(await guestSession(attacker, email), attacker);
      expect(planted.status).toBe(201);
      const owner = nextClient();
      const password = await activatedAccount(email, owner);
      expect(await historyOf(email, password, owner)).toEqual([]);
    });

    it('does not give the account a trade proven for another address the guest had before', async () => {
      const attacker = nextClient();
      const token = await guestSession(attacker, 'attacker@example.org');
      const trade = tradeSchema.parse((await checkout(token, attacker)).body);
      // The attacker proves its own mailbox, then gives the victim's address as its details.
      const [mail] = await tradeMails('attacker@example.org');
      expect((await confirmMailbox(proofToken(mail), attacker)).status).toBe(200);
      const switched = await call('POST', '/api/customers/guest_account_number', {
        body: {
          email: 'switched-victim@example.org',
          firstName: 'A',
          lastName: 'B',
          locale: 'de-DE',
        },
        token,
        client: attacker,
      });
      expect(switched.status).toBe(200);

      const owner = nextClient();
      const password = await activatedAccount('switched-victim@example.org', owner);
      expect(await historyOf('switched-victim@example.org', password, owner)).not.toContain(
        trade.tradeNumber,
      );
    });

    it('moves a guest trade into the activated account once the link of its mail is followed', async () => {
      const client = nextClient();
      const email = 'proven-owner@example.org';
      const password = await activatedAccount(email, client);
      const trade = tradeSchema.parse(
        (await checkout(await guestSession(client, email), client)).body,
      );
      expect(await historyOf(email, password, client), 'not before the proof').toEqual([]);

      const [mail] = await tradeMails(email);
      expect(mail?.text).toContain(`http://localhost:8080${tradeMailboxProofPath}?token=`);
      const token = proofToken(mail);
      const proven = await confirmMailbox(token, client);

      expect(proven.status).toBe(200);
      expect(tradeMailboxConfirmationSchema.parse(proven.body)).toEqual({
        tradeNumber: trade.tradeNumber,
        inAccount: true,
      });
      expect(await historyOf(email, password, client)).toEqual([trade.tradeNumber]);
      // The link works once.
      const again = await confirmMailbox(token, client);
      expect(again.status).toBe(400);
      expect(again.body.error?.code).toBe('invalid_token');
    });

    it('moves a proven guest trade into the account once it is activated', async () => {
      const client = nextClient();
      const email = 'proven-first@example.org';
      const trade = tradeSchema.parse(
        (await checkout(await guestSession(client, email), client)).body,
      );
      const proven = await confirmMailbox(proofToken((await tradeMails(email))[0]), client);
      expect(proven.body).toEqual({ tradeNumber: trade.tradeNumber, inAccount: false });

      const password = await activatedAccount(email, client);
      expect(await historyOf(email, password, client)).toEqual([trade.tradeNumber]);
    });

    it('refuses unknown and expired links with a localized 400 and changes nothing', async () => {
      const client = nextClient();
      const email = 'late-proof@example.org';
      await checkout(await guestSession(client, email), client);
      const token = proofToken((await tradeMails(email))[0]);
      now += 31 * dayMs;
      const before = await rowCounts(db);
      for (const candidate of [token, 'x'.repeat(43)]) {
        const answer = await confirmMailbox(candidate, client);
        expect(answer.status).toBe(400);
        expect(answer.body.error).toEqual({
          code: 'invalid_token',
          message:
            'Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt. Deinen Verkauf findest du weiterhin über die Verkaufsnummer aus der E-Mail.',
        });
      }
      expect(await rowCounts(db)).toEqual(before);
      const malformed = await confirmMailbox('not a token', client);
      expect(malformed.status).toBe(400);
      expect(malformed.body.error?.code).toBe('validation_failed');
    });

    it('puts no confirmation link in the trade mail of a logged-in customer', async () => {
      const client = nextClient();
      const email = 'logged-in-mail@example.org';
      const password = await activatedAccount(email, client);
      expect((await checkout(await login(email, password, client), client)).status).toBe(201);
      const [mail] = await tradeMails(email);
      expect(mail?.text).not.toContain(tradeMailboxProofPath);
    });
  });

  describe('an account created with the checkout (account claim)', () => {
    it('moves the guest trade into the account registered with its claim once activated', async () => {
      const client = nextClient();
      const email = 'claim-owner@example.org';
      const trade = await guestTrade(email, client);
      expect((await register(email, client, trade.claim)).body).toEqual({ ok: true });
      expect(await ownerIsGuest(trade.tradeNumber), 'a guest trade until activation').toBe(1);

      await activate(email, client);

      expect(await historyOf(email, 'Secret-pass-1', client)).toEqual([trade.tradeNumber]);
    });

    it('ignores a claim registered with another address, and keeps it for the right one', async () => {
      const client = nextClient();
      const email = 'claim-mail@example.org';
      const trade = await guestTrade(email, client);
      const other = 'claim-stranger@example.org';
      // Same answer as a registration without a claim: nothing tells whether the trade exists.
      expect((await register(other, client, trade.claim)).body).toEqual({ ok: true });
      await activate(other, client);
      expect(await historyOf(other, 'Secret-pass-1', client)).toEqual([]);
      expect(await ownerIsGuest(trade.tradeNumber)).toBe(1);

      expect((await register(email, client, trade.claim)).status).toBe(200);
      await activate(email, client);
      expect(await historyOf(email, 'Secret-pass-1', client)).toEqual([trade.tradeNumber]);
    });

    it('binds a claim once', async () => {
      const client = nextClient();
      const email = 'claim-twice@example.org';
      const trade = await guestTrade(email, client);
      expect((await register(email, client, trade.claim)).status).toBe(200);
      const account = await db
        .selectFrom('customers')
        .select('id')
        .where('email', '=', email)
        .where('is_guest', '=', 0)
        .executeTakeFirstOrThrow();
      const bindAgain = () =>
        bindGuestTradeClaim(db, {
          token: trade.claim,
          email,
          customerId: account.id,
          now: clock(),
        });
      expect(await bindAgain(), 'the first registration used the claim').toBe(false);
      // A second registration of the address with the claim answers the same and binds nothing.
      expect((await register(email, client, trade.claim)).body).toEqual({ ok: true });
      expect(await bindAgain()).toBe(false);
      const proof = await db
        .selectFrom('trade_mailbox_proofs')
        .innerJoin('trades', 'trades.id', 'trade_mailbox_proofs.trade_id')
        .select(['account_claim_hash', 'claimed_by_customer_id'])
        .where('trades.trade_number', '=', trade.tradeNumber)
        .executeTakeFirstOrThrow();
      expect(proof).toEqual({ account_claim_hash: null, claimed_by_customer_id: account.id });
    });

    it('registers normally with an unknown or expired claim, and refuses a malformed one', async () => {
      const client = nextClient();
      const email = 'claim-late@example.org';
      const trade = await guestTrade(email, client);
      now += 31 * dayMs;
      expect((await register(email, client, trade.claim)).body).toEqual({ ok: true });
      await activate(email, client);
      expect(await historyOf(email, 'Secret-pass-1', client)).toEqual([]);

      const unknown = await register('claim-unknown@example.org', client, 'y'.repeat(43));
      expect(unknown.body).toEqual({ ok: true });
      const malformed = await register('claim-malformed@example.org', client, 'not a claim');
      expect(malformed.status).toBe(400);
      expect(malformed.body.error?.code).toBe('validation_failed');
    });

    it('answers no claim to a logged-in customer', async () => {
      const client = nextClient();
      const email = 'claim-customer@example.org';
      const password = await activatedAccount(email, client);
      const answer = await checkout(await login(email, password, client), client);
      expect(answer.status).toBe(201);
      expect(answer.body['accountClaim']).toBeNull();
    });
  });
});
