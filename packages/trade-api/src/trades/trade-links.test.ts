import { tradeStatusViewSchema, type Trade } from '@tradein/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, type OutboxMail } from '../../test-kit/outbox-mail.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { testConfig } from '../../test-kit/test-server.ts';
import {
  addressFor,
  startTradesFixture,
  type TradesFixture,
} from '../../test-kit/trade-test-kit.ts';
import type { JobLog } from '../jobs/job-worker.ts';
import { createTradeJobWorker } from '../jobs/trade-jobs.ts';
import { dayMs } from '../time/day.ts';
import { inspectTrade, receiveTrade } from './lifecycle-steps.ts';
import { clarifyTrade } from './offer-revision.ts';
import { issueTradeStatusToken, tradeStatusLinkDays } from './trade-status-link.ts';

const quiet: JobLog = { info() {}, warn() {}, error() {} };

/** The shops of the test server's origin (`http://localhost:8080`), spelled out. */
const germanShop = 'http://localhost:8080';
const frenchShop = 'http://fr.localhost:8080';
const b2bShop = 'http://b2b.localhost:8080';

/** Every link of a mail. */
function linksOf(mail: OutboxMail | undefined): URL[] {
  return [...(mail?.text ?? '').matchAll(/https?:\/\/[^\s)]+/g)].map((match) => new URL(match[0]));
}

/** The status token of a link to the status page. */
function statusTokenOf(url: string): string {
  const token = new URL(url).searchParams.get('token');
  if (token === null) throw new Error(`no token in ${url}`);
  return token;
}

describe.each(testDatabases())("a trade's links and after-sale facts on $name", (engine) => {
  let fixture: TradesFixture;
  const now = new Date('2026-03-02T09:00:00.000Z');
  const deps = () => ({ ...fixture.deps, clock: () => now, links: testConfig });
  const runWorker = () => createTradeJobWorker(deps(), quiet).runDueJobs();
  /** The status call of a status link, without a login. */
  const status = (body: unknown) => fixture.call('POST', '/api/trade/trade_status', { body });

  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
    fixture.setNow(now);
  });
  afterAll(() => fixture.close());

  /** A French sale of one smartphone by a fresh customer, paid by PayPal when asked. */
  async function frenchTrade(options: { guest?: boolean; payPal?: boolean } = {}) {
    const customer = await fixture.createCustomer({
      edition: 'fr',
      ...(options.guest === true ? { guest: true } : {}),
    });
    const offerId = await fixture.insertOffer({ priceCents: 20_000, edition: 'fr' });
    const trade = await fixture.checkOut(customer.id, [{ offerId, quantity: 1 }], {
      edition: 'fr',
      address: addressFor('fr'),
      ...(options.payPal === true
        ? { payout: { paymentType: 2, email: 'payout@example.org' } }
        : {}),
    });
    return { customer, trade };
  }

  async function mailsTo(email: string, kind: string): Promise<OutboxMail[]> {
    return (await readOutbox(fixture.outboxDir)).filter(
      (mail) => mail.to === email && mail.kind === kind,
    );
  }

  it('links every part of a French confirmation to the French shop and names what to do', async () => {
    const { customer, trade } = await frenchTrade({ guest: true });
    const [mail] = await mailsTo(customer.email, 'trade-confirmation');
    const links = linksOf(mail);
    expect(links.map((link) => link.pathname)).toEqual([
      '/trade/status',
      '/contact',
      '/account/confirm-trade',
    ]);
    expect(new Set(links.map((link) => link.origin))).toEqual(new Set([frenchShop]));
    // Ship by the label's end, 14 days after the checkout, as France writes dates.
    expect(mail?.text).toContain('16/03/26');
    expect(mail?.text).toContain('Smartphones:');
    expect(mail?.text).toContain('3000');
    expect(mail?.text).toContain('service@tradein.fr');
    expect(trade.afterSale).toMatchObject({
      shipBy: '2026-03-16T09:00:00.000Z',
      payout: { method: 'sepa', ibanLast4: '3000' },
      payoutBusinessDays: 5,
      contact: { pageUrl: `${frenchShop}/contact`, email: 'service@tradein.fr' },
    });
    expect(trade.afterSale?.preparation.map((kind) => kind.kind)).toEqual(['smartphones']);
    expect(trade.afterSale?.statusUrl.startsWith(`${frenchShop}/trade/status?token=`)).toBe(true);
  });

  it('links the status and clarification mails of a French trade to the French shop', async () => {
    const { customer, trade } = await frenchTrade();
    await receiveTrade(deps(), trade.tradeNumber);
    await runWorker();
    const [received] = await mailsTo(customer.email, 'trade-status');
    expect(linksOf(received).map((link) => `${link.origin}${link.pathname}`)).toEqual([
      `${frenchShop}/trade/status`,
      `${frenchShop}/contact`,
    ]);
    await inspectTrade(deps(), trade.tradeNumber, {
      item: 1,
      findings: { GRADE: 'GRADE_USED' },
    });
    await clarifyTrade(deps(), trade.tradeNumber, { item: 1, priceCents: 15_000 });
    await runWorker();
    const [clarification] = await mailsTo(customer.email, 'clarification');
    const links = linksOf(clarification);
    expect(links.map((link) => link.pathname.split('/')[1])).toEqual([
      'clarification',
      'clarificationQuickAnswer',
    ]);
    expect(new Set(links.map((link) => link.origin))).toEqual(new Set([frenchShop]));
  });

  it('links a German trade to the German shop and a B2B trade to the B2B shop', async () => {
    const german = await fixture.createCustomer();
    await fixture.checkOutPhones(german.id, [{ deviceId: 1000, grade: 1 }]);
    const [germanMail] = await mailsTo(german.email, 'trade-confirmation');
    expect(new Set(linksOf(germanMail).map((link) => link.origin))).toEqual(new Set([germanShop]));
    expect(germanMail?.text).toContain('16.03.26');

    const business = await fixture.createCustomer();
    await fixture.checkOutPhones(business.id, [{ deviceId: 1000, grade: 1 }], {
      shopMode: 'b2bWidget',
    });
    const [businessMail] = await mailsTo(business.email, 'trade-confirmation');
    expect(new Set(linksOf(businessMail).map((link) => link.origin))).toEqual(new Set([b2bShop]));
  });

  it('names a PayPal payout and no account number', async () => {
    const { customer, trade } = await frenchTrade({ payPal: true });
    expect(trade.afterSale?.payout).toEqual({ method: 'paypal' });
    const [mail] = await mailsTo(customer.email, 'trade-confirmation');
    expect(mail?.text).toContain('PayPal');
    expect(mail?.text).not.toContain('payout@example.org');
  });

  describe('the status link', () => {
    let trade: Trade;
    let token: string;
    beforeAll(async () => {
      ({ trade } = await frenchTrade({ guest: true }));
      token = statusTokenOf(trade.afterSale?.statusUrl ?? '');
    });
    it('opens the trade without a login, with its label', async () => {
      const answer = await status({ token });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      const view = tradeStatusViewSchema.parse(await answer.json());
      expect(view).toMatchObject({
        tradeNumber: trade.tradeNumber,
        edition: 'fr',
        status: 'created',
        items: [{ quantity: 1, priceCents: 20_000, returned: false }],
      });
      expect(view.expiresAt).toBe(
        new Date(now.getTime() + tradeStatusLinkDays * dayMs).toISOString(),
      );
      const label = await fixture.call('GET', view.labelPath);
      expect(label.status).toBe(200);
      expect(label.headers.get('content-type')).toBe('application/pdf');
      expect(new TextDecoder().decode((await label.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    });

    it('answers one 404 for a tampered, foreign, expired or unknown-trade token', async () => {
      const [header, payload, signature] = token.split('.');
      const flipped = `${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
      const tampered = `${header}.${payload}.${flipped}`;
      const foreign = await issueTradeStatusToken(
        'another-secret-that-is-long-enough!!',
        trade.tradeNumber,
        now,
      );
      const unknown = await issueTradeStatusToken(testConfig.jwtSecret, 'T-2026-999999', now);
      const expired = await issueTradeStatusToken(
        testConfig.jwtSecret,
        trade.tradeNumber,
        new Date(now.getTime() - (tradeStatusLinkDays * dayMs + 1000)),
      );
      for (const candidate of [tampered, foreign, unknown, expired]) {
        const answer = await status({ token: candidate });
        expect(answer.status).toBe(404);
        const body = (await answer.json()) as { error: { code: string; message: string } };
        expect(body.error).toEqual({
          code: 'not_found',
          message: 'This status link is invalid or has expired',
        });
        const label = await fixture.call(
          'GET',
          `/api/trade/trade_status/label.pdf?token=${candidate}`,
        );
        expect(label.status).toBe(404);
      }
      expect((await status({ token: 'not a token' })).status).toBe(400);
    });
  });
});
