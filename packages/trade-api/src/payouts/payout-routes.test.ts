import { readApiError, type StaffRole } from '@tradein/contract';
import * as fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, type ApiCall, type TestAnswer } from '../../test-kit/api-call.ts';
import { mailsTo } from '../../test-kit/outbox-mail.ts';
import { signedInStaff, type TestStaffSession } from '../../test-kit/staff-test-kit.ts';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import {
  readyPhoneTrade,
  startTradesFixture,
  type TradesFixture,
} from '../../test-kit/trade-test-kit.ts';
import { registerAccountRoutes } from '../accounts/account-routes.ts';
import { createAuthenticator } from '../accounts/authenticator.ts';
import { auditEvents } from '../audit/audit-log.ts';
import { requireTrade } from '../trades/trade-transition.ts';
import { painNamespace } from './payout-files.ts';
import { registerPayoutRoutes, type PayoutRouteDeps } from './payout-routes.ts';

/*
 * The payouts screen's calls over HTTP: only the role `payouts` opens them; the ready list in
 * promise order; a batch, its file, its confirmation (trades paid, sellers mailed) or
 * cancellation; refusals naming each trade; bad input answered 400 without a change.
 */

/** The refused fields of an error answer. */
const fieldsOf = (answer: TestAnswer) => readApiError(answer.body)?.error.fields;

const debtor = { name: 'Tradein GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };

interface GroupHeader {
  NbOfTxs: string;
  CtrlSum: string;
}

interface PainDocument {
  Document: {
    '@_xmlns': string;
    CstmrCdtTrfInitn: {
      GrpHdr: GroupHeader;
      PmtInf: GroupHeader & {
        CdtTrfTxInf:
          | { Amt: { InstdAmt: { '#text': string } }; CdtrAcct: { Id: { IBAN: string } } }
          | { Amt: { InstdAmt: { '#text': string } }; CdtrAcct: { Id: { IBAN: string } } }[];
      };
    };
  };
}

describe.each(testDatabases())('payout calls on $name', (engine) => {
  let fixture: TradesFixture;
  let server: RunningServer;
  let call: ApiCall;
  let customer: { id: string; email: string };
  let deps: PayoutRouteDeps;
  let members = 0;

  /** A new staff member with these roles, signed in now. */
  function staffWith(roles: readonly StaffRole[]): Promise<TestStaffSession> {
    members += 1;
    return signedInStaff(fixture.db, `member${members}@example.com`, roles, fixture.deps.clock());
  }

  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
    customer = await fixture.createCustomer({ guest: true });
    const { db, mailer, clock } = fixture.deps;
    deps = { db, clock, mailer, links: testConfig, payoutAccount: debtor };
    server = await startTestServer(db, {
      authenticate: createAuthenticator({ db, config: testConfig, clock }),
      extend: (route) => {
        registerAccountRoutes(route, { db, config: testConfig, mailer, clock });
        registerPayoutRoutes(route, deps);
      },
    });
    call = apiCaller(server.origin);
  });
  afterAll(async () => {
    await server.close();
    await fixture.close();
  });

  /** A trade of one phone, received and inspected as answered: ready to pay. */
  const readyTrade = (payout?: { paymentType: number; email: string }) =>
    readyPhoneTrade(fixture, customer.id, payout);

  it('answers every call 401 without a session or with a customer token, 403 for any role but payouts, and changes nothing', async () => {
    const trade = await readyTrade();
    const clerk = await staffWith(['payouts']);
    const made = await call('POST', '/api/ops/payouts/batches', {
      body: { method: 'sepa', tradeNumbers: [trade.tradeNumber] },
      headers: clerk.headers,
    });
    expect(made.status).toBe(201);
    const batchNumber = String((made.body['batch'] as { batchNumber: string }).batchNumber);
    const guest = await call('POST', '/api/account/guestSession', { body: { locale: 'de-DE' } });
    const customerToken = String(guest.body['access_token']);
    expect(customerToken.length).toBeGreaterThan(20);
    const others = await Promise.all(
      (['admin', 'inspector', 'pricing'] as const).map(async (role) => ({
        role,
        session: await staffWith([role]),
      })),
    );
    const calls: { method: string; path: string; body?: unknown }[] = [
      { method: 'GET', path: '/api/ops/payouts/ready' },
      { method: 'GET', path: '/api/ops/payouts/batches' },
      { method: 'GET', path: `/api/ops/payouts/batches/${batchNumber}` },
      {
        method: 'POST',
        path: '/api/ops/payouts/batches',
        body: { method: 'sepa', tradeNumbers: [trade.tradeNumber] },
      },
      { method: 'GET', path: `/api/ops/payouts/batches/${batchNumber}/file` },
      { method: 'POST', path: `/api/ops/payouts/batches/${batchNumber}/confirm`, body: {} },
      { method: 'POST', path: `/api/ops/payouts/batches/${batchNumber}/cancel`, body: {} },
    ];
    const before = await rowCounts(fixture.db);
    const answers: string[] = [];
    const expected: string[] = [];
    for (const { method, path, body } of calls) {
      const withBody = body === undefined ? {} : { body };
      const label = `${method} ${path}`;
      const anonymous = await call(method, path, withBody);
      answers.push(`${label} anonymous ${anonymous.status} ${anonymous.body.error?.code}`);
      expected.push(`${label} anonymous 401 unauthorized`);
      const asCustomer = await call(method, path, { ...withBody, token: customerToken });
      answers.push(`${label} customer ${asCustomer.status} ${asCustomer.body.error?.code}`);
      expected.push(`${label} customer 401 unauthorized`);
      for (const { role, session } of others) {
        const answer = await call(method, path, { ...withBody, headers: session.headers });
        answers.push(`${label} ${role} ${answer.status} ${answer.body.error?.code}`);
        expected.push(`${label} ${role} 403 forbidden`);
      }
      if (method !== 'GET') {
        const noCsrf = await call(method, path, {
          ...withBody,
          headers: { cookie: clerk.cookie },
        });
        answers.push(`${label} without CSRF ${noCsrf.status}`);
        expected.push(`${label} without CSRF 403`);
      }
    }
    expect(answers).toEqual(expected);
    expect(await rowCounts(fixture.db)).toEqual(before);
    // The clerk's own calls open them.
    const cancelled = await call('POST', `/api/ops/payouts/batches/${batchNumber}/cancel`, {
      body: {},
      headers: clerk.headers,
    });
    expect(cancelled.status).toBe(200);
  });

  it('lists ready trades, makes a SEPA batch whose file names each IBAN and amount, and pays them on confirmation', async () => {
    const clerk = await staffWith(['payouts']);
    const first = await readyTrade();
    const second = await readyTrade();
    const ready = await call('GET', '/api/ops/payouts/ready?method=sepa&pageSize=100', {
      headers: clerk.headers,
    });
    expect(ready.status).toBe(200);
    const rows = ready.body['rows'] as { tradeNumber: string }[];
    const row = rows.find((each) => each.tradeNumber === first.tradeNumber);
    expect(row).toEqual({
      tradeNumber: first.tradeNumber,
      status: 'inspected',
      customerName: 'Erika Mustermann',
      payee: {
        method: 'sepa',
        accountHolder: 'Erika Müller',
        ibanMasked: '**** **** **** **** **30 00',
        ibanLast4: '3000',
      },
      amountCents: first.totalCents,
      acceptedAt: fixture.deps.clock().toISOString(),
      // Accepted on Monday 2 March: five business days later is Monday 9 March.
      promisedBy: '2026-03-09',
      pastPromise: false,
      openBatch: null,
    });
    expect(ready.text).not.toContain('DE89370400440532013000');

    const made = await call('POST', '/api/ops/payouts/batches', {
      body: { method: 'sepa', tradeNumbers: [first.tradeNumber, second.tradeNumber] },
      headers: clerk.headers,
    });
    expect(made.status).toBe(201);
    const detail = made.body as {
      batch: { batchNumber: string; state: string; totalCents: number; tradeCount: number };
      trades: { tradeNumber: string; amountCents: number }[];
    };
    const { batchNumber } = detail.batch;
    expect(batchNumber).toMatch(/^PB-2026-\d{6}$/);
    expect(detail.batch).toMatchObject({
      state: 'open',
      tradeCount: 2,
      totalCents: first.totalCents + second.totalCents,
      createdBy: { actor: `staff:${clerk.staffId}`, label: clerk.email },
      closedBy: null,
    });
    expect(detail.trades.map((trade) => trade.tradeNumber).toSorted()).toEqual(
      [first.tradeNumber, second.tradeNumber].toSorted(),
    );

    const inBatch = await call('GET', '/api/ops/payouts/ready?pageSize=100', {
      headers: clerk.headers,
    });
    expect(
      (inBatch.body['rows'] as { tradeNumber: string; openBatch: string | null }[]).find(
        (each) => each.tradeNumber === first.tradeNumber,
      )?.openBatch,
    ).toBe(batchNumber);

    const file = await call('GET', `/api/ops/payouts/batches/${batchNumber}/file`, {
      headers: clerk.headers,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="${batchNumber}.xml"`,
    );
    expect(file.headers.get('cache-control')).toContain('no-store');
    expect(XMLValidator.validate(file.text)).toBe(true);
    const document = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(
      file.text,
    ) as PainDocument;
    expect(document.Document['@_xmlns']).toBe(painNamespace);
    const header = document.Document.CstmrCdtTrfInitn.GrpHdr;
    expect(header.NbOfTxs).toBe('2');
    expect(Number(header.CtrlSum.replace('.', ''))).toBe(first.totalCents + second.totalCents);
    const transfers = [document.Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf].flat();
    expect(transfers.map((transfer) => transfer.CdtrAcct.Id.IBAN)).toEqual([
      'DE89370400440532013000',
      'DE89370400440532013000',
    ]);
    expect(
      transfers.map((transfer) => Number(transfer.Amt.InstdAmt['#text'].replace('.', ''))),
    ).toEqual([first.totalCents, second.totalCents]);

    const confirmed = await call('POST', `/api/ops/payouts/batches/${batchNumber}/confirm`, {
      body: {},
      headers: clerk.headers,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body['batch']).toMatchObject({
      state: 'confirmed',
      closedBy: { actor: `staff:${clerk.staffId}`, label: clerk.email },
    });
    expect((confirmed.body['trades'] as { status: string }[]).map((trade) => trade.status)).toEqual(
      ['paid', 'paid'],
    );
    for (const trade of [first, second]) {
      expect((await requireTrade(fixture.db, trade.tradeNumber)).status).toBe('paid');
      const paidMails = (await mailsTo(fixture.outboxDir, customer.email)).filter(
        (mail) => mail.kind === 'trade-status' && mail.subject.includes(trade.tradeNumber),
      );
      expect(paidMails.map((mail) => mail.subject)).toContain(
        `Dein Verkauf ${trade.tradeNumber} wurde ausgezahlt`,
      );
    }
    const events = await auditEvents(fixture.db, {
      subjectType: 'payout_batch',
      subjectId: batchNumber,
      limit: 10,
    });
    expect(events.map((event) => [event.action, event.actor, event.source])).toEqual([
      [
        'payout_batch.confirmed',
        `staff:${clerk.staffId}`,
        `back office: POST /api/ops/payouts/batches/${batchNumber}/confirm`,
      ],
      [
        'payout_batch.created',
        `staff:${clerk.staffId}`,
        'back office: POST /api/ops/payouts/batches',
      ],
    ]);

    const again = await call('POST', `/api/ops/payouts/batches/${batchNumber}/confirm`, {
      body: {},
      headers: clerk.headers,
    });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('invalid_status');
    // Downloaded again after confirmation: the same file.
    const later = await call('GET', `/api/ops/payouts/batches/${batchNumber}/file`, {
      headers: clerk.headers,
    });
    expect(later.text).toBe(file.text);
  });

  it('makes a PayPal CSV, and a cancelled batch gives its trades back', async () => {
    const clerk = await staffWith(['payouts']);
    const trade = await readyTrade({ paymentType: 2, email: 'erika@example.com' });
    const made = await call('POST', '/api/ops/payouts/batches', {
      body: { method: 'paypal', tradeNumbers: [trade.tradeNumber] },
      headers: clerk.headers,
    });
    expect(made.status).toBe(201);
    const { batchNumber } = made.body['batch'] as { batchNumber: string };
    expect((made.body['trades'] as { payee: unknown }[])[0]?.payee).toEqual({
      method: 'paypal',
      email: 'erika@example.com',
    });
    const file = await call('GET', `/api/ops/payouts/batches/${batchNumber}/file`, {
      headers: clerk.headers,
    });
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="${batchNumber}.csv"`,
    );
    const euros = `${Math.floor(trade.totalCents / 100)},${String(trade.totalCents % 100).padStart(2, '0')}`;
    expect(file.text).toBe(
      `erika@example.com,"${euros}",EUR,${trade.tradeNumber},Trade-in ${trade.tradeNumber},PAYPAL\r\n`,
    );
    const paypalOnly = await call('GET', '/api/ops/payouts/ready?method=paypal&pageSize=100', {
      headers: clerk.headers,
    });
    const methods = (paypalOnly.body['rows'] as { payee: { method: string } }[]).map(
      (row) => row.payee.method,
    );
    expect(new Set(methods)).toEqual(new Set(['paypal']));

    const cancelled = await call('POST', `/api/ops/payouts/batches/${batchNumber}/cancel`, {
      body: {},
      headers: clerk.headers,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body['batch']).toMatchObject({ state: 'cancelled' });
    expect((await requireTrade(fixture.db, trade.tradeNumber)).status).toBe('inspected');
    const listed = await call('GET', '/api/ops/payouts/batches?state=cancelled', {
      headers: clerk.headers,
    });
    expect((listed.body['rows'] as { batchNumber: string }[])[0]?.batchNumber).toBe(batchNumber);
    // Its trade may be batched again.
    const remade = await call('POST', '/api/ops/payouts/batches', {
      body: { method: 'paypal', tradeNumbers: [trade.tradeNumber] },
      headers: clerk.headers,
    });
    expect(remade.status).toBe(201);
  });

  it('refuses a double submit, trades that are not ready, of the other method or with a bad account, naming each by its place, and writes nothing', async () => {
    const clerk = await staffWith(['payouts']);
    const first = await readyTrade();
    const second = await readyTrade();
    const body = { method: 'sepa', tradeNumbers: [first.tradeNumber, second.tradeNumber] };
    const made = await call('POST', '/api/ops/payouts/batches', {
      body,
      headers: clerk.headers,
    });
    expect(made.status).toBe(201);
    const { batchNumber } = made.body['batch'] as { batchNumber: string };
    const before = await rowCounts(fixture.db);

    const twice = await call('POST', '/api/ops/payouts/batches', { body, headers: clerk.headers });
    expect(twice.status).toBe(409);
    expect(twice.body.error?.code).toBe('invalid_status');
    expect(fieldsOf(twice)).toEqual([
      {
        path: 'tradeNumbers.0',
        message: `${first.tradeNumber}: it is in the open payout batch ${batchNumber} already`,
      },
      {
        path: 'tradeNumbers.1',
        message: `${second.tradeNumber}: it is in the open payout batch ${batchNumber} already`,
      },
    ]);

    const created = await fixture.checkOutPhones(customer.id, [{ deviceId: 1000, grade: 1 }]);
    const paypal = await readyTrade({ paymentType: 2, email: 'erika@example.com' });
    const badBic = await readyTrade();
    await fixture.db
      .updateTable('trades')
      .set({
        payout_details: JSON.stringify({
          accountHolder: 'Erika Müller',
          iban: 'DE89370400440532013000',
          bic: 'NOT-A-BIC',
        }),
      })
      .where('trade_number', '=', badBic.tradeNumber)
      .execute();
    const afterSetup = await rowCounts(fixture.db);

    const mixed = await call('POST', '/api/ops/payouts/batches', {
      body: { method: 'sepa', tradeNumbers: [paypal.tradeNumber, created.tradeNumber] },
      headers: clerk.headers,
    });
    expect(mixed.status).toBe(409);
    expect(fieldsOf(mixed)).toEqual([
      { path: 'tradeNumbers.0', message: `${paypal.tradeNumber}: it is paid by PayPal` },
      {
        path: 'tradeNumbers.1',
        message: `${created.tradeNumber}: it is created; only inspected or accepted trades are paid`,
      },
    ]);

    const unknown = await call('POST', '/api/ops/payouts/batches', {
      body: { method: 'sepa', tradeNumbers: ['T-2026-999999'] },
      headers: clerk.headers,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.code).toBe('validation_failed');
    expect(fieldsOf(unknown)).toEqual([
      { path: 'tradeNumbers.0', message: 'T-2026-999999: there is no such trade' },
    ]);

    const bic = await call('POST', '/api/ops/payouts/batches', {
      body: { method: 'sepa', tradeNumbers: [badBic.tradeNumber] },
      headers: clerk.headers,
    });
    expect(bic.status).toBe(400);
    expect(fieldsOf(bic)?.[0]?.path).toBe('tradeNumbers.0');
    expect(fieldsOf(bic)?.[0]?.message).toMatch(new RegExp(`^${badBic.tradeNumber}: bic: `));

    deps.payoutAccount = undefined;
    try {
      const unconfigured = await call('POST', '/api/ops/payouts/batches', {
        body: { method: 'sepa', tradeNumbers: [badBic.tradeNumber] },
        headers: clerk.headers,
      });
      expect(unconfigured.status).toBe(409);
      expect(unconfigured.body.error?.code).toBe('payout_account_missing');
      expect(unconfigured.body.error?.message).toContain(
        'set PAYOUT_ACCOUNT_NAME, PAYOUT_ACCOUNT_IBAN and PAYOUT_ACCOUNT_BIC',
      );
    } finally {
      deps.payoutAccount = debtor;
    }

    const missing = await call('GET', '/api/ops/payouts/batches/PB-2026-999999', {
      headers: clerk.headers,
    });
    expect(missing.status).toBe(404);
    const missingFile = await call('GET', '/api/ops/payouts/batches/PB-2026-999999/file', {
      headers: clerk.headers,
    });
    expect(missingFile.status).toBe(404);
    const missingConfirm = await call('POST', '/api/ops/payouts/batches/PB-2026-999999/confirm', {
      body: {},
      headers: clerk.headers,
    });
    expect(missingConfirm.status).toBe(404);
    expect(await rowCounts(fixture.db)).toEqual(afterSetup);
    expect(afterSetup['payout_batches']).toBe(before['payout_batches']);
    expect(afterSetup['payout_batch_trades']).toBe(before['payout_batch_trades']);
  });

  it('lists ready trades earliest promise first, pages them and says which are past their promise', async () => {
    // Accepted on Wednesday 4 March (promise: Wednesday 11 March), then Friday 6 March (promise:
    // Friday 13 March); today is Thursday 12 March.
    fixture.setNow(new Date('2026-03-04T10:00:00.000Z'));
    const early = await readyTrade();
    fixture.setNow(new Date('2026-03-06T10:00:00.000Z'));
    const late = await readyTrade();
    fixture.setNow(new Date('2026-03-12T10:00:00.000Z'));
    const clerk = await staffWith(['payouts']);
    const all = await call('GET', '/api/ops/payouts/ready?pageSize=100', {
      headers: clerk.headers,
    });
    const rows = all.body['rows'] as {
      tradeNumber: string;
      promisedBy: string;
      pastPromise: boolean;
      acceptedAt: string;
    }[];
    expect(all.body['total']).toBe(rows.length);
    const acceptedTimes = rows.map((row) => row.acceptedAt);
    expect(acceptedTimes).toEqual([...acceptedTimes].toSorted());
    const ours = rows.filter((row) =>
      [early.tradeNumber, late.tradeNumber].includes(row.tradeNumber),
    );
    expect(ours.map((row) => [row.tradeNumber, row.promisedBy, row.pastPromise])).toEqual([
      [early.tradeNumber, '2026-03-11', true],
      [late.tradeNumber, '2026-03-13', false],
    ]);

    const total = rows.length;
    const pages = [];
    for (let page = 1; page <= Math.ceil(total / 2); page += 1) {
      const answer = await call('GET', `/api/ops/payouts/ready?page=${page}&pageSize=2`, {
        headers: clerk.headers,
      });
      expect(answer.body['total']).toBe(total);
      pages.push(...(answer.body['rows'] as { tradeNumber: string }[]));
    }
    expect(pages.map((row) => row.tradeNumber)).toEqual(rows.map((row) => row.tradeNumber));
    const beyond = await call('GET', '/api/ops/payouts/ready?page=999', {
      headers: clerk.headers,
    });
    expect(beyond.body).toEqual({ rows: [], total });
  });

  it('answers bad bodies, queries and batch numbers 400 naming the field, never 5xx, and changes nothing', async () => {
    const clerk = await staffWith(['payouts']);
    const before = await rowCounts(fixture.db);
    const named = async (method: string, path: string, body: unknown, field: RegExp) => {
      const answer = await call(method, path, { body, headers: clerk.headers });
      expect(answer.status).toBe(400);
      expect(fieldsOf(answer)?.map((each) => each.path)).toEqual(
        expect.arrayContaining([expect.stringMatching(field)]),
      );
    };
    await named('POST', '/api/ops/payouts/batches', { method: 'cash' }, /^method$/);
    await named(
      'POST',
      '/api/ops/payouts/batches',
      { method: 'sepa', tradeNumbers: [] },
      /^tradeNumbers$/,
    );
    await named(
      'POST',
      '/api/ops/payouts/batches',
      { method: 'sepa', tradeNumbers: ['T-2026-000001', 'nope'] },
      /^tradeNumbers\.1$/,
    );
    await named(
      'POST',
      '/api/ops/payouts/batches',
      { method: 'sepa', tradeNumbers: ['T-2026-000001', 'T-2026-000001'] },
      /^tradeNumbers$/,
    );
    await named('GET', '/api/ops/payouts/ready?page=0', undefined, /^query\.page$/);
    await named('GET', '/api/ops/payouts/ready?pageSize=101', undefined, /^query\.pageSize$/);
    await named('GET', '/api/ops/payouts/ready?method=cash', undefined, /^query\.method$/);
    await named('GET', '/api/ops/payouts/batches?state=lost', undefined, /^query\.state$/);
    await named('GET', '/api/ops/payouts/batches/PB-1', undefined, /^params\.batchNumber$/);

    const json = fc.oneof(
      fc.jsonValue(),
      fc.record({
        method: fc.oneof(fc.constantFrom('sepa', 'paypal'), fc.jsonValue()),
        tradeNumbers: fc.oneof(
          fc.array(fc.oneof(fc.string(), fc.constant('T-2026-999999'), fc.jsonValue()), {
            maxLength: 5,
          }),
          fc.jsonValue(),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(json, async (body) => {
        const answer = await call('POST', '/api/ops/payouts/batches', {
          body: JSON.stringify(body) ?? 'null',
          headers: { ...clerk.headers, 'content-type': 'application/json' },
        });
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary-ascii' }),
      fc.integer({ min: -5, max: 1_000_000_000 }).map(String),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('page', 'pageSize', 'method', 'state'),
        text,
        fc.constantFrom('ready', 'batches'),
        async (key, value, list) => {
          const answer = await call(
            'GET',
            `/api/ops/payouts/${list}?${key}=${encodeURIComponent(value)}`,
            { headers: clerk.headers },
          );
          expect([200, 400]).toContain(answer.status);
        },
      ),
      { numRuns: 60 },
    );
    const segment = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary-ascii' }),
      // Numbers of batches that do not exist.
      fc.integer({ min: 900_000, max: 9_999_999 }).map((n) => `PB-2026-${n}`),
    );
    await fc.assert(
      fc.asyncProperty(
        segment.filter((value) => value !== '' && !/^[./]+$/.test(value)),
        fc.constantFrom(['GET', ''], ['GET', '/file'], ['POST', '/confirm'], ['POST', '/cancel']),
        async (batchNumber, [method, tail]) => {
          const answer = await call(
            method ?? 'GET',
            `/api/ops/payouts/batches/${encodeURIComponent(batchNumber)}${tail ?? ''}`,
            { headers: clerk.headers, ...(method === 'POST' ? { body: {} } : {}) },
          );
          expect([400, 404]).toContain(answer.status);
        },
      ),
      { numRuns: 60 },
    );
    expect(await rowCounts(fixture.db)).toEqual(before);
  });
});
