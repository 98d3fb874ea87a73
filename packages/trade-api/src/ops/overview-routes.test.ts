import type { StaffRole } from '@tradein/contract';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, type ApiCall } from '../../test-kit/api-call.ts';
import { signedInStaff, type TestStaffSession } from '../../test-kit/staff-test-kit.ts';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import { startTradesFixture, type TradesFixture } from '../../test-kit/trade-test-kit.ts';
import { registerAccountRoutes } from '../accounts/account-routes.ts';
import { createAuthenticator } from '../accounts/authenticator.ts';
import { registerOverviewRoutes } from './overview-routes.ts';

/*
 * The overview over HTTP, against trades whose every step happened at a known time: today's
 * figures in Central European time, the median from receipt to payout over 30 days, and the
 * trades past their payout promise.
 */

describe.each(testDatabases())('the overview on $name', (engine) => {
  let fixture: TradesFixture;
  let server: RunningServer;
  let call: ApiCall;
  let customer: { id: string; email: string };
  let members = 0;

  /** A new staff member with these roles, signed in now. */
  function staffWith(roles: readonly StaffRole[]): Promise<TestStaffSession> {
    members += 1;
    return signedInStaff(fixture.db, `viewer${members}@example.com`, roles, fixture.deps.clock());
  }

  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
    customer = await fixture.createCustomer({ guest: true });
    const { db, mailer, clock } = fixture.deps;
    server = await startTestServer(db, {
      authenticate: createAuthenticator({ db, config: testConfig, clock }),
      extend: (route) => {
        registerAccountRoutes(route, { db, config: testConfig, mailer, clock });
        registerOverviewRoutes(route, { db, clock });
      },
    });
    call = apiCaller(server.origin);
  });
  afterAll(async () => {
    await server.close();
    await fixture.close();
  });

  /** Runs an operator step on a trade at a moment (UTC). */
  async function at(moment: string, ...argv: string[]) {
    fixture.setNow(new Date(moment));
    expect((await fixture.ops(...argv)).code).toBe(0);
  }

  /** A trade checked out at a moment. */
  async function checkedOutAt(moment: string) {
    fixture.setNow(new Date(moment));
    return fixture.checkOutPhones(customer.id, [{ deviceId: 1000, grade: 2 }]);
  }

  /** The overview as a staff member sees it at a moment. */
  async function overviewAt(moment: string, roles: readonly StaffRole[] = ['inspector']) {
    fixture.setNow(new Date(moment));
    const viewer = await staffWith(roles);
    return call('GET', '/api/ops/overview', { headers: viewer.headers });
  }

  it('answers 401 without a session or with a customer token, and any staff role', async () => {
    const guest = await call('POST', '/api/account/guestSession', { body: { locale: 'de-DE' } });
    const token = String(guest.body['access_token']);
    const before = await rowCounts(fixture.db);
    const anonymous = await call('GET', '/api/ops/overview');
    expect([anonymous.status, anonymous.body.error?.code]).toEqual([401, 'unauthorized']);
    const asCustomer = await call('GET', '/api/ops/overview', { token });
    expect([asCustomer.status, asCustomer.body.error?.code]).toEqual([401, 'unauthorized']);
    expect(await rowCounts(fixture.db)).toEqual(before);
    for (const role of ['admin', 'inspector', 'payouts', 'pricing'] as const) {
      expect((await overviewAt('2026-03-02T09:00:00.000Z', [role])).status).toBe(200);
    }
    // Query strings are not read: whatever they hold, the same answer, never a 5xx.
    const viewer = await staffWith(['admin']);
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (key, value) => {
        const answer = await call(
          'GET',
          `/api/ops/overview?${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
          { headers: viewer.headers },
        );
        expect(answer.status).toBe(200);
      }),
      { numRuns: 30 },
    );
  });

  it('answers zeros and no median before any trade', async () => {
    const answer = await overviewAt('2026-03-02T09:00:00.000Z');
    expect(answer.body).toEqual({
      day: '2026-03-02',
      timeZone: 'Europe/Berlin',
      received: { count: 0, totalCents: 0 },
      inspected: { count: 0, totalCents: 0 },
      paid: { count: 0, totalCents: 0 },
      medianHoursReceiptToPayout: null,
      medianWindowDays: 30,
      pastPromise: { count: 0, trades: [] },
    });
  });

  it("counts today's steps in Central European time, the median hours to payout over 30 days and the trades past their promise", async () => {
    // Paid 8 days after receipt, but more than 30 days before today: not in the median.
    const old = await checkedOutAt('2026-02-01T09:00:00.000Z');
    await at('2026-02-01T10:00:00.000Z', 'receive', old.tradeNumber);
    await at('2026-02-02T10:00:00.000Z', 'inspect', old.tradeNumber, '--item', '1');
    await at('2026-02-09T10:00:00.000Z', 'pay', old.tradeNumber);

    // Accepted Tuesday 3 March: promised by Tuesday 10 March, unpaid on Thursday 12 March.
    const late = await checkedOutAt('2026-03-02T09:00:00.000Z');
    await at('2026-03-02T10:00:00.000Z', 'receive', late.tradeNumber);
    await at('2026-03-03T10:00:00.000Z', 'inspect', late.tradeNumber, '--item', '1');

    // Received to paid in 36.5 hours; paid at 23:30 in Berlin on 5 March.
    const quick = await checkedOutAt('2026-03-04T09:00:00.000Z');
    await at('2026-03-04T10:00:00.000Z', 'receive', quick.tradeNumber);
    await at('2026-03-05T10:00:00.000Z', 'inspect', quick.tradeNumber, '--item', '1');
    await at('2026-03-05T22:30:00.000Z', 'pay', quick.tradeNumber);

    // Received to paid in 71.5 hours, paid today.
    const paidToday = await checkedOutAt('2026-03-09T09:00:00.000Z');
    await at('2026-03-09T10:00:00.000Z', 'receive', paidToday.tradeNumber);
    await at('2026-03-09T12:00:00.000Z', 'inspect', paidToday.tradeNumber, '--item', '1');
    await at('2026-03-12T09:30:00.000Z', 'pay', paidToday.tradeNumber);

    // Received at 00:30 in Berlin on 12 March (still the 11th in UTC), inspected today.
    const today = await checkedOutAt('2026-03-11T20:00:00.000Z');
    await at('2026-03-11T23:30:00.000Z', 'receive', today.tradeNumber);
    await at('2026-03-12T09:00:00.000Z', 'inspect', today.tradeNumber, '--item', '1');

    // Received at 23:59 in Berlin on 11 March: yesterday.
    const yesterday = await checkedOutAt('2026-03-11T20:00:00.000Z');
    await at('2026-03-11T22:59:00.000Z', 'receive', yesterday.tradeNumber);

    const answer = await overviewAt('2026-03-12T10:00:00.000Z', ['pricing']);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      day: '2026-03-12',
      timeZone: 'Europe/Berlin',
      received: { count: 1, totalCents: today.totalCents },
      inspected: { count: 1, totalCents: today.totalCents },
      paid: { count: 1, totalCents: paidToday.totalCents },
      medianHoursReceiptToPayout: 54,
      medianWindowDays: 30,
      pastPromise: {
        count: 1,
        trades: [
          {
            tradeNumber: late.tradeNumber,
            status: 'inspected',
            customerName: 'Erika Mustermann',
            method: 'sepa',
            amountCents: late.totalCents,
            acceptedAt: '2026-03-03T10:00:00.000Z',
            promisedBy: '2026-03-10',
            daysLate: 2,
          },
        ],
      },
    });

    // On the promise's last day the trade is not late yet.
    const onTheDay = await overviewAt('2026-03-10T22:59:00.000Z');
    expect(onTheDay.body['pastPromise']).toEqual({ count: 0, trades: [] });
    const dayAfter = await overviewAt('2026-03-10T23:00:00.000Z');
    expect((dayAfter.body['pastPromise'] as { count: number }).count).toBe(1);
  });
});
