import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildSearchRequest,
  deviceSchema,
  searchResultSchema,
  tradeHistoryEntrySchema,
  tradeSchema,
  type Device,
  type SearchQuery,
} from '@tradein/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../catalogue/build-catalogue.ts';
import { runOpsCommand } from '../cli/ops-commands.ts';
import type { TradeDb } from '../db/create-database.ts';
import { loadCatalogue } from '../db/load-catalogue.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { createTradeApiOptions } from './open-trade-api.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import { sellerAddressInput, sellerSepaPayout } from '@tradein/contract/test-fixtures';
import { dayMs } from '../time/day.ts';
import { apiRequestInit } from '../../test-kit/api-call.ts';

/**
 * The whole sell flow through the production wiring of every feature (real authenticator, real
 * mail, real CLI), on each database: search, offers, guest checkout, label, the lifecycle with a
 * clarification, and the customer's view of it.
 */
describe.each(testDatabases())('the trade flow on $name', (database) => {
  let db: TradeDb;
  let server: RunningServer;
  let mailer: Mailer;
  let outboxDir: string;

  beforeAll(async () => {
    db = await database.create();
    await migrateToLatest(db);
    await seedCatalogue(db, buildCatalogue());
    const catalogue = await loadCatalogue(db);
    outboxDir = await mkdtemp(join(tmpdir(), 'trade-flow-outbox-'));
    mailer = createMailer({ smtpUrl: undefined, outboxDir });
    const options = createTradeApiOptions({ db, config: testConfig, catalogue, mailer });
    server = await startTestServer(db, { ...options, config: testConfig });
  });

  afterAll(async () => {
    await server.close();
    mailer.close();
    await database.destroy(db);
    await rm(outboxDir, { recursive: true, force: true });
  });

  function call(method: string, path: string, body?: unknown, token?: string) {
    return fetch(`${server.origin}${path}`, apiRequestInit(method, { body, token }));
  }

  async function search(query: SearchQuery) {
    const response = await call(
      'POST',
      '/api/trade/searches',
      buildSearchRequest(query, 'devices_de'),
    );
    expect(response.status).toBe(200);
    return searchResultSchema.parse(await response.json());
  }

  /** Finds a device by typing a query with a typo, then loads it with its questions. */
  async function findDevice(text: string): Promise<Device> {
    const found = await search({ kind: 'deviceSearch', text });
    if (found.kind !== 'deviceSearch') throw new Error(found.kind);
    const first = found.hits[0];
    if (!first) throw new Error(`nothing found for ${text}`);
    const lookup = await search({ kind: 'deviceByUrl', url: first.url });
    if (lookup.kind !== 'deviceByUrl') throw new Error(lookup.kind);
    return deviceSchema.parse(lookup.hits[0]);
  }

  async function offerFor(device: Device, pick: (codes: string[]) => number) {
    const answers = device.questions.map((question) => {
      const answer =
        question.answers[pick(question.answers.map((entry) => entry.code))] ?? question.answers[0];
      return { questionId: question.id, answerId: answer?.id ?? 0 };
    });
    const response = await call('POST', '/api/trade/offers', {
      edition: 'de',
      deviceId: device.id,
      answers,
    });
    expect(response.status).toBeLessThan(300);
    return (await response.json()) as { offerId: string; priceCents: number; validUntil: string };
  }

  async function guestToken(email: string): Promise<string> {
    const session = await call('POST', '/api/account/guestSession', { locale: 'de-DE' });
    expect(session.status).toBeLessThan(300);
    const { access_token: token } = (await session.json()) as { access_token: string };
    const guest = await call(
      'POST',
      '/api/customers/guest_account_number',
      { email, firstName: 'Jonas', lastName: 'Weber', locale: 'de-DE' },
      token,
    );
    expect(guest.status).toBeLessThan(300);
    return token;
  }

  async function waitForMails(count: number): Promise<string[]> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const files = (await readdir(outboxDir)).toSorted();
      if (files.length >= count)
        return Promise.all(files.map((file) => readFile(join(outboxDir, file), 'utf8')));
      await new Promise((wait) => setTimeout(wait, 50));
    }
    throw new Error(`expected ${count} mails in the outbox`);
  }

  async function ops(...argv: string[]): Promise<number> {
    const lines: string[] = [];
    const code = await runOpsCommand(
      argv,
      {
        db,
        mailer,
        clock: () => new Date(),
        dataDir: outboxDir,
        links: testConfig,
      },
      (line) => lines.push(line),
    );
    return code;
  }

  it('sells two devices as a guest and follows the trade until it is paid', async () => {
    const iphone = await findDevice('iphne 13 pr');
    expect(iphone.model).toBe('iPhone 13 Pro');
    const galaxy = await findDevice('galxy s21 ultr');
    expect(galaxy.model).toMatch(/^Galaxy S21 Ultra/);

    const best = await offerFor(iphone, () => 0);
    const worn = await offerFor(galaxy, (codes) => Math.max(0, codes.indexOf('GRADE_FAIR')));
    expect(best.priceCents).toBeGreaterThan(0);
    const validDays = (Date.parse(best.validUntil) - Date.now()) / dayMs;
    expect(validDays).toBeGreaterThan(13.9);
    expect(validDays).toBeLessThanOrEqual(14);

    const token = await guestToken('jonas.weber@example.org');
    const checkout = await call(
      'POST',
      '/api/trade/trades',
      {
        edition: 'de',
        offers: [
          { offerId: best.offerId, quantity: 1 },
          { offerId: worn.offerId, quantity: 2 },
        ],
        address: { ...sellerAddressInput, salutation: 'mr' },
        payout: sellerSepaPayout,
        shopMode: 'default',
        acceptedTerms: true,
      },
      token,
    );
    expect(checkout.status).toBeLessThan(300);
    const trade = tradeSchema.parse(await checkout.json());
    expect(trade.status).toBe('created');
    expect(trade.totalCents).toBe(best.priceCents + 2 * worn.priceCents);

    const label = await call(
      'GET',
      `/api/trade/trades/${trade.tradeNumber}/label.pdf`,
      undefined,
      token,
    );
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(
      Buffer.from(await label.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Another customer sees nothing of it.
    const stranger = await guestToken('someone.else@example.org');
    expect(
      (await call('GET', `/api/trade/trades/${trade.tradeNumber}`, undefined, stranger)).status,
    ).toBe(404);
    expect(
      (await call('GET', `/api/trade/trades/${trade.tradeNumber}/label.pdf`, undefined, stranger))
        .status,
    ).toBe(404);

    // The warehouse: received, inspected worse than answered, a revised offer for line 1.
    expect(await ops('receive', trade.tradeNumber)).toBe(0);
    expect(
      await ops('inspect', trade.tradeNumber, '--item', '1', '--finding', 'GRADE=GRADE_GOOD'),
    ).toBe(0);
    const revised = Math.trunc(best.priceCents * 0.8);
    expect(await ops('clarify', trade.tradeNumber, '--item', '1', '--price', String(revised))).toBe(
      0,
    );
    // Paying before the customer decided is refused.
    expect(await ops('pay', trade.tradeNumber)).toBe(1);

    const inClarification = tradeSchema.parse(
      await (await call('GET', `/api/trade/trades/${trade.tradeNumber}`, undefined, token)).json(),
    );
    expect(inClarification.status).toBe('clarification');
    expect(inClarification.clarification).not.toBeNull();

    const accepted = await call(
      'POST',
      `/api/trade/trades/${trade.tradeNumber}/clarification`,
      { decision: 'accept' },
      token,
    );
    expect(accepted.status).toBeLessThan(300);
    expect(await ops('pay', trade.tradeNumber)).toBe(0);

    const history = await call('GET', '/api/customers/trade_history', undefined, token);
    expect(history.status).toBe(200);
    const entries = ((await history.json()) as unknown[]).map((entry) =>
      tradeHistoryEntrySchema.parse(entry),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ tradeNumber: trade.tradeNumber, status: 'paid' });
    expect(entries[0]?.total).toBe(revised + 2 * worn.priceCents);

    // Confirmation with the label attached, the clarification, and the payout, in German.
    const mails = (await waitForMails(3)).filter((mail) =>
      mail.includes('To: jonas.weber@example.org'),
    );
    expect(mails.length).toBeGreaterThanOrEqual(3);
    const confirmation = mails.find((mail) => mail.includes('application/pdf'));
    expect(confirmation).toBeDefined();
    expect(confirmation).toContain(trade.tradeNumber);
  });

  it('starts the newsletter double opt-in for a seller who ticks it at checkout', async () => {
    const phone = await findDevice('iphne 13 pr');
    const offer = await offerFor(phone, () => 0);
    const email = 'newsletter.checkout@example.org';
    const token = await guestToken(email);
    const before = (await readdir(outboxDir)).length;
    const checkout = await call(
      'POST',
      '/api/trade/trades',
      {
        edition: 'de',
        offers: [{ offerId: offer.offerId, quantity: 1 }],
        address: { ...sellerAddressInput, salutation: 'mr' },
        payout: sellerSepaPayout,
        shopMode: 'default',
        acceptedTerms: true,
        newsletterOptIn: true,
      },
      token,
    );
    expect(checkout.status).toBe(201);
    const mails = (await waitForMails(before + 2)).filter((mail) => mail.includes(email));
    const optIn = mails.find((mail) => mail.includes('/newsletter/enrich/'));
    expect(optIn).toBeDefined();
    const subscription = await db
      .selectFrom('newsletter_subscriptions')
      .select(['status', 'source'])
      .where('email', '=', email)
      .executeTakeFirst();
    expect(subscription).toEqual({ status: 'pending', source: 'checkout' });
  });
});
