import { rulePriceCents, type OpsTradeDetail, type StaffRole } from '@tradein/contract';
import * as fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../test-kit/outbox-mail.ts';
import { setFactorArgs } from '../../test-kit/price-rows.ts';
import { signedInStaff, type TestStaffSession } from '../../test-kit/staff-test-kit.ts';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import { startTradesFixture, type TradesFixture } from '../../test-kit/trade-test-kit.ts';
import { auditEvents } from '../audit/audit-log.ts';
import { registerOpsTradeRoutes } from './ops-trade-routes.ts';

describe.each(testDatabases())('back-office trade calls on $name', (engine) => {
  let fixture: TradesFixture;
  let ops: RunningServer;
  let inspector: TestStaffSession;
  let inspector2: TestStaffSession;
  const sessions = new Map<StaffRole, TestStaffSession>();
  let customer: { id: string; email: string };

  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
    const { db, mailer, clock, dataDir } = fixture.deps;
    ops = await startTestServer(db, {
      extend: async (route, api) => {
        await registerOpsTradeRoutes(route, api, {
          db,
          mailer,
          clock,
          blobs: { dataDir },
          links: testConfig,
        });
      },
    });
    inspector = await signedInStaff(db, 'ines@example.com', ['inspector'], clock());
    inspector2 = await signedInStaff(db, 'ivo@example.com', ['inspector'], clock());
    for (const role of ['admin', 'inspector', 'payouts', 'pricing'] as const) {
      sessions.set(role, await signedInStaff(db, `${role}-only@example.com`, [role], clock()));
    }
    customer = await fixture.createCustomer();
  });
  afterAll(async () => {
    await ops.close();
    await fixture.close();
  });

  /** A call of the ops server as a staff member (or nobody). */
  async function opsCall(
    method: string,
    path: string,
    as: TestStaffSession | undefined,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = { ...as?.headers, ...extraHeaders };
    let payload: BodyInit | undefined;
    if (body instanceof Uint8Array) {
      payload = Buffer.from(body);
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${ops.origin}${path}`, {
      method,
      headers,
      ...(payload === undefined ? {} : { body: payload }),
    });
    const text = await response.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // Image bytes.
    }
    return { status: response.status, json };
  }

  async function newTrade(lines = 2): Promise<string> {
    const trade = await fixture.checkOutPhones(
      customer.id,
      Array.from({ length: lines }, (_, index) => ({ deviceId: 1000 + index, grade: 1 as const })),
    );
    return trade.tradeNumber;
  }

  async function detail(tradeNumber: string): Promise<OpsTradeDetail> {
    const answer = await opsCall('GET', `/api/ops/trades/${tradeNumber}`, inspector);
    expect(answer.status).toBe(200);
    return answer.json as OpsTradeDetail;
  }

  const tradeEvents = (tradeNumber: string) =>
    auditEvents(fixture.db, { subjectType: 'trade', subjectId: tradeNumber, limit: 200 });

  it('guards every call: no session 401, a customer token 401, a wrong role 403', async () => {
    const tradeNumber = await newTrade(1);
    const base = `/api/ops/trades/${tradeNumber}`;
    const calls: { method: string; path: string; allowed: StaffRole[] }[] = [
      { method: 'GET', path: '/api/ops/trades', allowed: ['admin', 'inspector', 'payouts'] },
      { method: 'GET', path: base, allowed: ['admin', 'inspector', 'payouts'] },
      {
        method: 'GET',
        path: '/api/ops/clarifications',
        allowed: ['admin', 'inspector', 'payouts'],
      },
      { method: 'POST', path: `${base}/receipt`, allowed: ['admin', 'inspector'] },
      { method: 'PUT', path: `${base}/items/1/inspection`, allowed: ['admin', 'inspector'] },
      {
        method: 'POST',
        path: `${base}/items/1/inspection-photos`,
        allowed: ['admin', 'inspector'],
      },
      {
        method: 'GET',
        path: `${base}/items/1/inspection-photos/x`,
        allowed: ['admin', 'inspector', 'payouts'],
      },
      {
        method: 'GET',
        path: `${base}/items/1/seller-photos/x`,
        allowed: ['admin', 'inspector', 'payouts'],
      },
      { method: 'POST', path: `${base}/clarification-decisions`, allowed: ['admin', 'inspector'] },
    ];
    for (const { method, path, allowed } of calls) {
      const body = method === 'GET' ? undefined : {};
      expect((await opsCall(method, path, undefined, body)).status, `${method} ${path}`).toBe(401);
      const customerToken = await opsCall(method, path, undefined, body, {
        authorization: 'Bearer some.customer.token',
      });
      expect(customerToken.status, `${method} ${path} customer`).toBe(401);
      for (const [role, session] of sessions) {
        if (allowed.includes(role)) continue;
        expect(
          (await opsCall(method, path, session, body)).status,
          `${method} ${path} ${role}`,
        ).toBe(403);
      }
    }
    // Nothing was received by any of these.
    expect((await detail(tradeNumber)).status).toBe('created');
  });

  it('lists the queue with counts and refuses a bad query naming the field', async () => {
    const tradeNumber = await newTrade(1);
    const page = await opsCall('GET', `/api/ops/trades?q=${tradeNumber}`, inspector);
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ total: 1, rows: [{ tradeNumber, status: 'created' }] });
    const bad = await opsCall('GET', '/api/ops/trades?pageSize=1000', inspector);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('pageSize');
  });

  it('receives once: a double submit is refused as already received, by whom', async () => {
    const tradeNumber = await newTrade(1);
    expect(
      (await opsCall('POST', '/api/ops/trades/T-2026-999999/receipt', inspector, {})).status,
    ).toBe(404);
    const first = await opsCall('POST', `/api/ops/trades/${tradeNumber}/receipt`, inspector, {});
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ status: 'received' });
    const second = await opsCall('POST', `/api/ops/trades/${tradeNumber}/receipt`, inspector2, {});
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ error: { code: 'already_received' } });
    expect(JSON.stringify(second.json)).toContain('ines@example.com');
    const received = (await detail(tradeNumber)).events.filter((e) => e.status === 'received');
    expect(received).toHaveLength(1);
    const audit = (await tradeEvents(tradeNumber)).filter((e) => e.action === 'trade.received');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorLabel).toBe('ines@example.com');

    const returned = await newTrade(1);
    await fixture.db
      .updateTable('trades')
      .set({ status: 'returned' })
      .where('trade_number', '=', returned)
      .execute();
    const refused = await opsCall('POST', `/api/ops/trades/${returned}/receipt`, inspector, {});
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: { code: 'invalid_status' } });
    expect(JSON.stringify(refused.json)).toContain('returned');
  });

  it('inspects: as answered keeps the price, worse opens the clarification with the mail', async () => {
    const tradeNumber = await newTrade(2);
    await opsCall('POST', `/api/ops/trades/${tradeNumber}/receipt`, inspector, {});
    const loaded = await detail(tradeNumber);
    const [first, second] = loaded.lines;
    if (first === undefined || second === undefined) throw new Error('two lines expected');
    expect(first.questions.map((q) => q.code)).toEqual(['POWERS_ON', 'GRADE']);
    expect(first.questions[1]?.answered).toBe('GRADE_LIKE_NEW');
    expect(first.questions[1]?.found).toBeNull();
    expect(first.priceRule).not.toBeNull();
    // The rule gives the offer's own price for the seller's answers.
    expect(rulePriceCents(first.priceRule!, { POWERS_ON: 'YES', GRADE: 'GRADE_LIKE_NEW' })).toBe(
      first.priceCents,
    );

    const same = await opsCall(
      'PUT',
      `/api/ops/trades/${tradeNumber}/items/1/inspection`,
      inspector,
      {
        findings: { POWERS_ON: 'YES', GRADE: 'GRADE_LIKE_NEW' },
        version: first.version,
      },
    );
    expect(same.status).toBe(200);
    expect(same.json).toMatchObject({ revision: 'none', trade: { status: 'inspected' } });

    const worse = await opsCall(
      'PUT',
      `/api/ops/trades/${tradeNumber}/items/2/inspection`,
      inspector,
      {
        findings: { POWERS_ON: 'YES', GRADE: 'GRADE_USED' },
        version: second.version,
      },
    );
    expect(worse.status).toBe(200);
    const rule = rulePriceCents(second.priceRule!, { POWERS_ON: 'YES', GRADE: 'GRADE_USED' });
    expect(worse.json).toMatchObject({
      revision: 'down',
      rulePriceCents: rule,
      revisedPriceCents: rule,
      trade: { status: 'clarification' },
    });
    const mails = await mailsTo(fixture.outboxDir, customer.email);
    expect(
      mails.some(
        (mail) =>
          mail.text.includes(tradeNumber) &&
          /clarification|Klärung|klär/i.test(mail.subject + mail.text),
      ),
    ).toBe(true);
    const actions = (await tradeEvents(tradeNumber)).map((event) => event.action);
    expect(actions.filter((a) => a === 'trade.item_inspected')).toHaveLength(2);
    expect(actions.filter((a) => a === 'trade.price_revised')).toHaveLength(1);
    const revised = (await tradeEvents(tradeNumber)).find(
      (e) => e.action === 'trade.price_revised',
    );
    expect(revised?.after).toMatchObject({ priceCents: rule, rulePriceCents: rule });

    // The clarification is listed and a decision by phone is recorded, with its note.
    const list = await opsCall('GET', '/api/ops/clarifications', inspector);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.json)).toContain(tradeNumber);
    const decided = await opsCall(
      'POST',
      `/api/ops/trades/${tradeNumber}/clarification-decisions`,
      inspector,
      { decisions: [{ position: 2, decision: 'accept' }], note: 'by phone, 14:05' },
    );
    expect(decided.status).toBe(200);
    expect(decided.json).toMatchObject({ status: 'accepted' });
    const recorded = (await tradeEvents(tradeNumber)).find(
      (e) => e.action === 'trade.decision_recorded',
    );
    expect(recorded?.after).toMatchObject({ note: 'by phone, 14:05', by: 'operator' });
    expect(recorded?.actorLabel).toBe('ines@example.com');
    const again = await opsCall(
      'POST',
      `/api/ops/trades/${tradeNumber}/clarification-decisions`,
      inspector,
      { decisions: [{ position: 2, decision: 'accept' }], note: 'by phone, 14:06' },
    );
    expect(again.status).toBe(409);
  });

  it('tells the second inspector that the device was saved meanwhile; a repeat changes nothing', async () => {
    const tradeNumber = await newTrade(1);
    await opsCall('POST', `/api/ops/trades/${tradeNumber}/receipt`, inspector, {});
    const version = (await detail(tradeNumber)).lines[0]!.version;
    const body = { findings: { POWERS_ON: 'YES', GRADE: 'GRADE_GOOD' }, version };
    const path = `/api/ops/trades/${tradeNumber}/items/1/inspection`;
    expect((await opsCall('PUT', path, inspector, body)).status).toBe(200);
    const before = await rowCounts(fixture.db);
    const repeat = await opsCall('PUT', path, inspector, body);
    expect(repeat.status).toBe(200);
    expect(await rowCounts(fixture.db)).toEqual(before);
    const other = await opsCall('PUT', path, inspector2, {
      findings: { POWERS_ON: 'YES', GRADE: 'GRADE_USED' },
      version,
    });
    expect(other.status).toBe(409);
    expect(other.json).toMatchObject({
      error: { code: 'changed_meanwhile' },
      line: { position: 1, questions: [{ found: 'YES' }, { found: 'GRADE_GOOD' }] },
    });
    expect(await rowCounts(fixture.db)).toEqual(before);
  });

  it('an override needs its reason; bad bodies are 400 and change nothing', async () => {
    const tradeNumber = await newTrade(1);
    await opsCall('POST', `/api/ops/trades/${tradeNumber}/receipt`, inspector, {});
    const version = (await detail(tradeNumber)).lines[0]!.version;
    const path = `/api/ops/trades/${tradeNumber}/items/1/inspection`;
    const before = await rowCounts(fixture.db);
    const noReason = await opsCall('PUT', path, inspector, {
      findings: { POWERS_ON: 'YES', GRADE: 'GRADE_GOOD' },
      override: { priceCents: 100 },
      version,
    });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.json)).toContain('override.reason');
    const missing = await opsCall('PUT', path, inspector, {
      findings: { POWERS_ON: 'YES' },
      version,
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.json)).toContain('findings.GRADE');
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (body) => {
        const answer = await opsCall('PUT', path, inspector, body);
        expect(answer.status).toBeLessThan(500);
        const decision = await opsCall(
          'POST',
          `/api/ops/trades/${tradeNumber}/clarification-decisions`,
          inspector,
          body,
        );
        expect(decision.status).toBeLessThan(500);
      }),
      { numRuns: 30 },
    );
    expect(await rowCounts(fixture.db)).toEqual(before);
    const overridden = await opsCall('PUT', path, inspector, {
      findings: { POWERS_ON: 'YES', GRADE: 'GRADE_GOOD' },
      override: { priceCents: 1, reason: 'Water damage inside' },
      version,
    });
    expect(overridden.status).toBe(200);
    expect(overridden.json).toMatchObject({ revisedPriceCents: 1, revision: 'down' });
    const revised = (await tradeEvents(tradeNumber)).find(
      (e) => e.action === 'trade.price_revised',
    );
    expect(revised?.after).toMatchObject({ priceCents: 1, overrideReason: 'Water damage inside' });
  });

  it('keeps an inspection photo without its metadata and serves it to staff', async () => {
    const tradeNumber = await newTrade(1);
    await opsCall('POST', `/api/ops/trades/${tradeNumber}/receipt`, inspector, {});
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 12/1' },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const path = `/api/ops/trades/${tradeNumber}/items/1/inspection-photos`;
    const refused = await opsCall(
      'POST',
      path,
      inspector,
      new TextEncoder().encode('not a photo'),
      {
        'content-type': 'image/jpeg',
      },
    );
    expect(refused.status).toBe(415);
    const added = await opsCall('POST', path, inspector, new Uint8Array(jpeg), {
      'content-type': 'image/jpeg',
    });
    expect(added.status).toBe(200);
    const photos = (added.json as { photos: { url: string }[] }).photos;
    expect(photos).toHaveLength(1);
    const response = await fetch(`${ops.origin}${photos[0]!.url}`, {
      headers: sessions.get('payouts')!.headers,
    });
    expect(response.status).toBe(200);
    const stored = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();
    const audit = (await tradeEvents(tradeNumber)).map((e) => e.action);
    expect(audit).toContain('trade.inspection_photo_added');
    expect((await detail(tradeNumber)).lines[0]?.inspectionPhotos).toHaveLength(1);
  });

  it("prices by the price list of the offer's time, not by changes made since", async () => {
    const before = await newTrade(1);
    const offered = (await detail(before)).lines[0]!;
    const started = fixture.deps.clock();
    fixture.setNow(new Date(started.getTime() + 60_000));
    const factor = await fixture.ops('prices', ...setFactorArgs('GRADE', 'GRADE_USED', '0.5'));
    expect(factor.code).toBe(0);
    const edition = (await detail(before)).edition;
    const adjusted = await fixture.ops(
      'prices',
      'adjust',
      '--edition',
      edition,
      '--category',
      'smartphones',
      '--percent',
      '10',
    );
    expect(adjusted.code).toBe(0);
    const rule = (await detail(before)).lines[0]!.priceRule!;
    expect(rule).toEqual(offered.priceRule);
    expect(rule.factors['GRADE']?.['GRADE_USED']?.factorBasisPoints).toBe(6150);
    expect(rulePriceCents(rule, { POWERS_ON: 'YES', GRADE: 'GRADE_LIKE_NEW' })).toBe(
      offered.priceCents,
    );
    // The price list has moved on meanwhile.
    const today = await fixture.db
      .selectFrom('device_prices')
      .select('base_price_cents')
      .where('device_id', '=', offered.deviceId)
      .where('edition', '=', edition)
      .executeTakeFirstOrThrow();
    expect(Number(today.base_price_cents)).toBeGreaterThan(rule.basePriceCents);
  });

  it('two receipts at once: one is recorded, the other refused; one mail', async () => {
    const tradeNumber = await newTrade(1);
    const mailsBefore = (await mailsTo(fixture.outboxDir, customer.email)).length;
    const answers = await Promise.all([
      opsCall('POST', `/api/ops/trades/${tradeNumber}/receipt`, inspector, {}),
      opsCall('POST', `/api/ops/trades/${tradeNumber}/receipt`, inspector2, {}),
    ]);
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 409]);
    const events = (await detail(tradeNumber)).events.filter((e) => e.status === 'received');
    expect(events).toHaveLength(1);
    const audit = (await tradeEvents(tradeNumber)).filter((e) => e.action === 'trade.received');
    expect(audit).toHaveLength(1);
    const mails = (await mailsTo(fixture.outboxDir, customer.email)).length - mailsBefore;
    expect(mails).toBeLessThanOrEqual(1);
  });

  it('two inspectors saving at once: one is recorded, the other told', async () => {
    const tradeNumber = await newTrade(1);
    await opsCall('POST', `/api/ops/trades/${tradeNumber}/receipt`, inspector, {});
    const version = (await detail(tradeNumber)).lines[0]!.version;
    const path = `/api/ops/trades/${tradeNumber}/items/1/inspection`;
    const answers = await Promise.all([
      opsCall('PUT', path, inspector, {
        findings: { POWERS_ON: 'YES', GRADE: 'GRADE_GOOD' },
        version,
      }),
      opsCall('PUT', path, inspector2, {
        findings: { POWERS_ON: 'YES', GRADE: 'GRADE_USED' },
        version,
      }),
    ]);
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 409]);
    const audit = (await tradeEvents(tradeNumber)).filter(
      (e) => e.action === 'trade.item_inspected',
    );
    expect(audit).toHaveLength(1);
    expect(
      await fixture.db
        .selectFrom('clarifications')
        .selectAll()
        .where(
          'trade_id',
          '=',
          (
            await fixture.db
              .selectFrom('trades')
              .select('id')
              .where('trade_number', '=', tradeNumber)
              .executeTakeFirstOrThrow()
          ).id,
        )
        .execute(),
    ).toHaveLength(1);
  });

  it('lists a decision recorded by phone as decided by an operator', async () => {
    const tradeNumber = await newTrade(1);
    await opsCall('POST', `/api/ops/trades/${tradeNumber}/receipt`, inspector, {});
    const version = (await detail(tradeNumber)).lines[0]!.version;
    await opsCall('PUT', `/api/ops/trades/${tradeNumber}/items/1/inspection`, inspector, {
      findings: { POWERS_ON: 'YES', GRADE: 'GRADE_USED' },
      version,
    });
    const wrong = await opsCall(
      'POST',
      `/api/ops/trades/${tradeNumber}/clarification-decisions`,
      inspector,
      { decisions: [{ position: 2, decision: 'accept' }], note: 'by phone' },
    );
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.json)).toContain('decisions');
    const returned = await opsCall(
      'POST',
      `/api/ops/trades/${tradeNumber}/clarification-decisions`,
      inspector,
      { decisions: [{ position: 1, decision: 'return' }], note: 'by phone, 9:30' },
    );
    expect(returned.status).toBe(200);
    expect(returned.json).toMatchObject({ status: 'returned' });
    const list = (await opsCall('GET', '/api/ops/clarifications?pageSize=100', inspector)).json as {
      open: { tradeNumber: string }[];
      decided: { tradeNumber: string; decision: unknown; lines: unknown[] }[];
    };
    expect(list.open.map((entry) => entry.tradeNumber)).not.toContain(tradeNumber);
    expect(list.decided.find((entry) => entry.tradeNumber === tradeNumber)).toMatchObject({
      decision: { outcome: 'returned', by: 'operator' },
      lines: [{ position: 1, state: 'returned' }],
    });
    const badQuery = await opsCall('GET', '/api/ops/clarifications?page=0', inspector);
    expect(badQuery.status).toBe(400);
    expect(JSON.stringify(badQuery.json)).toContain('page');
  });

  it('audits the command line steps with the operator', async () => {
    const tradeNumber = await newTrade(1);
    expect((await fixture.ops('receive', tradeNumber)).code).toBe(0);
    const inspect = ['inspect', tradeNumber, '--item', '1', '--finding', 'GRADE=GRADE_USED'];
    expect((await fixture.ops(...inspect)).code).toBe(0);
    expect((await fixture.ops('clarify', tradeNumber, '--item', '1', '--price', '100')).code).toBe(
      0,
    );
    expect((await fixture.ops('accept', tradeNumber)).code).toBe(0);
    expect((await fixture.ops('pay', tradeNumber)).code).toBe(0);
    const events = (await tradeEvents(tradeNumber)).toReversed();
    expect(events.map((e) => [e.action, e.actor])).toEqual([
      ['trade.received', 'ops'],
      ['trade.item_inspected', 'ops'],
      ['trade.price_revised', 'ops'],
      ['trade.decision_recorded', 'ops'],
      ['trade.paid', 'ops'],
    ]);
    expect(events[2]?.after).toMatchObject({ priceCents: 100 });
  });
});
