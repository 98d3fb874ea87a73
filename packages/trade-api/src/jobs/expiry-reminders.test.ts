import { randomUUID } from 'node:crypto';
import { apiErrorCode, type Trade } from '@tradein/contract';
import { formatDate, formatMoney } from '@tradein/editions/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox, type OutboxMail } from '../../test-kit/outbox-mail.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, testConfig } from '../../test-kit/test-server.ts';
import {
  phoneAnswers,
  startTradesFixture,
  type TradesFixture,
} from '../../test-kit/trade-test-kit.ts';
import { HttpError } from '../server/http-error.ts';
import { receiveTrade } from '../trades/lifecycle-steps.ts';
import { registerOfferRoutes } from '../trades/offers.ts';
import {
  cartReminderKind,
  enqueueCartReminders,
  enqueueLabelReminders,
  enqueueReminderScan,
  labelReminderKind,
  labelValidityDays,
} from './expiry-reminders.ts';
import type { JobLog } from './job-worker.ts';
import { createTradeJobWorker } from './trade-jobs.ts';
import { dayMs } from '../time/day.ts';

const quiet: JobLog = { info() {}, warn() {}, error() {} };

describe.each(testDatabases())('expiry reminders on $name', (engine) => {
  let fixture: TradesFixture;
  let now: Date;
  const setNow = (next: Date) => {
    now = next;
    fixture.setNow(next);
  };
  // Each test lives 100 days after the one before, so what earlier tests left in the shared
  // database has expired long ago and no reminder of theirs is due.
  const firstStart = new Date('2026-03-02T09:00:00.000Z');
  let tests = 0;
  let start = firstStart;
  const at = (days: number) => new Date(start.getTime() + days * dayMs);

  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
  });
  afterAll(() => fixture.close());
  beforeEach(() => {
    start = new Date(firstStart.getTime() + tests * 100 * dayMs);
    tests += 1;
    setNow(start);
  });

  /** Runs the scan of the current quarter of an hour and every job it adds, as a node does. */
  async function scanAndSend(): Promise<void> {
    await enqueueReminderScan(fixture.db, now);
    const worker = createTradeJobWorker(
      { ...fixture.deps, clock: () => now, links: testConfig },
      quiet,
    );
    const summary = await worker.runDueJobs();
    expect(summary).toMatchObject({ retried: 0, failed: 0 });
  }

  async function mailsTo(email: string): Promise<OutboxMail[]> {
    return (await readOutbox(fixture.outboxDir)).filter(
      (mail) => mail.to === email && mail.kind === 'expiry-reminder',
    );
  }

  /** An offer the customer created while logged in, at `createdAt`, valid for 14 days. */
  const cartOffer = (customerId: string, createdAt: Date, deviceId = 1000) =>
    fixture.insertOffer({ priceCents: 23_456, deviceId, customerId, createdAt });

  /** Checks out an offer for the customer now: the given one, or a fresh one of device 1001 (good). */
  async function checkout(customerId: string, offerId?: string): Promise<Trade> {
    return offerId === undefined
      ? fixture.checkOutPhones(customerId, [{ deviceId: 1001, grade: 2 }])
      : fixture.checkOut(customerId, [{ offerId, quantity: 1 }]);
  }

  describe('of a stored cart', () => {
    it('mails the cart once, 2 days before its earliest offer expires, listing its devices', async () => {
      const customer = await fixture.createCustomer();
      const first = at(0);
      await cartOffer(customer.id, first, 1000);
      await cartOffer(customer.id, at(1), 1001);

      setNow(new Date(at(12).getTime() - 60_000));
      await scanAndSend();
      expect(await mailsTo(customer.email)).toHaveLength(0);

      setNow(at(12));
      await scanAndSend();
      const [mail, ...more] = await mailsTo(customer.email);
      expect(more).toEqual([]);
      const expires = formatDate('de', at(14));
      expect(mail?.subject).toBe(`Deine Angebote laufen am ${expires} ab`);
      expect(mail?.text).toContain(
        [
          `Die Angebote in deinem Warenkorb laufen am ${expires} ab:`,
          '',
          `iphone-13 Model 0 128 GB: ${formatMoney('de', 23_456)}`,
          `galaxy-s Model 0: ${formatMoney('de', 23_456)}`,
        ].join('\n'),
      );

      // Later scans on any node find the reminder taken.
      for (const day of [12.5, 13, 13.9]) {
        setNow(at(day));
        await scanAndSend();
      }
      expect(await mailsTo(customer.email)).toHaveLength(1);
      const jobs = await fixture.db
        .selectFrom('jobs')
        .select('dedupe_key')
        .where('kind', '=', cartReminderKind)
        .execute();
      expect(jobs.filter((job) => job.dedupe_key.includes(customer.id))).toHaveLength(1);
    });

    it('starts a new cart after one expired, and never reminds of the offers that went with it', async () => {
      const customer = await fixture.createCustomer();
      await cartOffer(customer.id, at(0));
      // Added to the same cart, which the browser empties when the first offer expires (day 14).
      await cartOffer(customer.id, at(5));
      setNow(at(12));
      await scanAndSend();
      expect(await mailsTo(customer.email)).toHaveLength(1);

      // After day 14 the offer of day 5 is still valid on the server, but its cart is gone.
      await cartOffer(customer.id, at(15));
      setNow(at(17.5));
      await scanAndSend();
      expect(await mailsTo(customer.email)).toHaveLength(1);

      // The offer of day 15 is the new cart: reminded on day 27.
      setNow(at(27));
      await scanAndSend();
      const mails = await mailsTo(customer.email);
      expect(mails).toHaveLength(2);
      expect(mails[1]?.subject).toBe(`Deine Angebote laufen am ${formatDate('de', at(29))} ab`);
    });

    it('counts only offers after the last checkout, and none of guests or of trades', async () => {
      const registered = await fixture.createCustomer();
      const guest = await fixture.createCustomer({ guest: true });
      await fixture.db
        .updateTable('customers')
        .set({ email: `guest-${randomUUID().slice(0, 8)}@example.com` })
        .where('id', '=', guest.id)
        .execute();
      const traded = await cartOffer(registered.id, at(0));
      await cartOffer(registered.id, at(0.5));
      await cartOffer(guest.id, at(0));
      setNow(at(1));
      // The checkout takes one offer; the other one was left out of that cart.
      await checkout(registered.id, traded);

      expect(await enqueueCartReminders(fixture.db, at(12.6))).toBe(0);
      setNow(at(12.6));
      await scanAndSend();
      expect(await mailsTo(registered.email)).toHaveLength(0);
      const guestRow = await fixture.db
        .selectFrom('customers')
        .select('email')
        .where('id', '=', guest.id)
        .executeTakeFirstOrThrow();
      expect(await mailsTo(guestRow.email)).toHaveLength(0);
    });

    it('sends nothing when the customer checked out after the reminder was found', async () => {
      const customer = await fixture.createCustomer();
      const offer = await cartOffer(customer.id, at(0));
      expect(await enqueueCartReminders(fixture.db, at(12))).toBe(1);
      setNow(at(12.1));
      await checkout(customer.id, offer);
      const worker = createTradeJobWorker(
        { ...fixture.deps, clock: () => now, links: testConfig },
        quiet,
      );
      expect(await worker.runDueJobs()).toMatchObject({ done: 1 });
      expect(await mailsTo(customer.email)).toHaveLength(0);
    });
  });

  describe('of a shipping label', () => {
    it(`mails the label again once, 2 days before it expires (${labelValidityDays} days after checkout)`, async () => {
      const customer = await fixture.createCustomer();
      const trade = await checkout(customer.id);

      setNow(new Date(at(12).getTime() - 1));
      await scanAndSend();
      expect(await mailsTo(customer.email)).toHaveLength(0);

      setNow(at(12));
      await scanAndSend();
      for (const day of [12.5, 13.5]) {
        setNow(at(day));
        await scanAndSend();
      }
      const mails = await mailsTo(customer.email);
      expect(mails).toHaveLength(1);
      const expires = formatDate('de', at(14));
      expect(mails[0]?.subject).toBe(
        `Dein Versandetikett für Verkauf ${trade.tradeNumber} läuft am ${expires} ab`,
      );
      expect(mails[0]?.text).toContain(`Das Versandetikett ist bis zum ${expires} gültig`);
      expect(mails[0]?.attachments).toMatchObject([
        { filename: `label-${trade.tradeNumber}.pdf`, contentType: 'application/pdf' },
      ]);
      expect(mails[0]?.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('reminds of no label whose parcel arrived, nor of one that has expired', async () => {
      const customer = await fixture.createCustomer();
      const arrived = await checkout(customer.id);
      setNow(at(2));
      await receiveTrade(fixture.deps, arrived.tradeNumber);
      setNow(at(12.5));
      await scanAndSend();
      expect(await enqueueLabelReminders(fixture.db, at(14))).toBe(0);
      expect(
        (await mailsTo(customer.email)).filter((mail) => mail.subject.includes('Versandetikett')),
      ).toHaveLength(0);
    });

    it('sends nothing when the parcel arrives between the scan and the mail', async () => {
      const customer = await fixture.createCustomer();
      const trade = await checkout(customer.id);
      expect(await enqueueLabelReminders(fixture.db, at(12.2))).toBe(1);
      setNow(at(12.3));
      await receiveTrade(fixture.deps, trade.tradeNumber);
      const worker = createTradeJobWorker(
        { ...fixture.deps, clock: () => now, links: testConfig },
        quiet,
      );
      await worker.runDueJobs();
      const jobs = await fixture.db
        .selectFrom('jobs')
        .select(['done_at'])
        .where('kind', '=', labelReminderKind)
        .execute();
      expect(jobs).toHaveLength(1);
      expect(jobs[0]?.done_at).not.toBeNull();
      expect(
        (await mailsTo(customer.email)).filter((mail) => mail.subject.includes('Versandetikett')),
      ).toHaveLength(0);
    });
  });

  it('keeps the customer of an offer created while logged in, and nobody otherwise', async () => {
    const customer = await fixture.createCustomer();
    const server = await startTestServer(fixture.db, {
      extend: (route) =>
        registerOfferRoutes(route, {
          db: fixture.db,
          clock: () => now,
          // Stands in for the JWT check: the token is the customer id.
          authenticate: (request) => {
            const token = request.headers.authorization?.replace(/^Bearer /, '');
            return token === customer.id
              ? Promise.resolve({ customerId: token })
              : Promise.reject(new HttpError(401, apiErrorCode.unauthorized, 'Log in first'));
          },
        }),
    });
    try {
      const create = async (authorization?: string) => {
        const answer = await fetch(`${server.origin}/api/trade/offers`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(authorization === undefined ? {} : { authorization }),
          },
          body: JSON.stringify({ edition: 'de', deviceId: 1000, answers: phoneAnswers(1) }),
        });
        expect(answer.status).toBe(200);
        const { offerId } = (await answer.json()) as { offerId: string };
        const row = await fixture.db
          .selectFrom('offers')
          .select('customer_id')
          .where('id', '=', offerId)
          .executeTakeFirstOrThrow();
        return row.customer_id;
      };
      expect(await create(`Bearer ${customer.id}`)).toBe(customer.id);
      expect(await create()).toBeNull();
      // An expired or foreign token does not fail the public call; the offer is nobody's.
      expect(await create('Bearer expired-or-foreign')).toBeNull();
    } finally {
      await server.close();
    }
  });
});
