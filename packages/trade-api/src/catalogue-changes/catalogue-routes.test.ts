import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maxCatalogueUploadBytes, priceProblemOf } from '@tradein/contract';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, type ApiCall, type TestAnswer } from '../../test-kit/api-call.ts';
import { devicePrices } from '../../test-kit/price-rows.ts';
import { signedInStaff, type TestStaffSession } from '../../test-kit/staff-test-kit.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import { registerAccountRoutes } from '../accounts/account-routes.ts';
import { createAuthenticator } from '../accounts/authenticator.ts';
import { auditEvents } from '../audit/audit-log.ts';
import { runOpsCommand } from '../cli/ops-commands.ts';
import type { TradeDb } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { latestRevision } from './catalogue-change.ts';
import { registerOpsCatalogueRoutes } from './catalogue-routes.ts';

/** The stored prices of one device in one edition, as `base/recycling`. */
async function priceOf(db: TradeDb, deviceId: number, edition: string): Promise<string> {
  const { base, recycling } = await devicePrices(db, deviceId, edition);
  return `${base}/${recycling}`;
}

/** The system clock. */
function clock(): Date {
  return new Date();
}

/** The paths of the fields a refusal names. */
function fieldsOf(answer: TestAnswer): string[] | undefined {
  return (answer.body.error as unknown as { fields?: { path: string }[] }).fields?.map(
    (field) => field.path,
  );
}

/** A product line of the models import: a new manufacturer with one series and model. */
const rocketLine = {
  category: 'smartphones',
  manufacturer: 'Acme Mobile',
  series: [
    {
      name: 'Rocket',
      models: [{ model: 'Rocket 5', released: '2025-03', launchEuros: 499, variants: '128|256' }],
    },
  ],
};

describe.each(testDatabases())('catalogue calls of the back office on $name', (engine) => {
  let db: TradeDb;
  let server: RunningServer;
  let call: ApiCall;
  let mailer: Mailer;
  let folder: string;
  let pricing: TestStaffSession;

  /** A call as the pricing manager. */
  function asPricing(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestAnswer> {
    return call(method, path, {
      ...(body === undefined ? {} : { body }),
      headers: { ...pricing.headers, ...headers },
    });
  }

  /** Sends CSV text to the price import. */
  function importCsv(csv: string, query: string): Promise<TestAnswer> {
    return asPricing('POST', `/api/ops/catalogue/price-imports?${query}`, csv, {
      'content-type': 'text/csv',
    });
  }

  /** Puts the prices of device 1002 in de (or at another path). */
  function put(body: unknown, path = '/api/ops/catalogue/devices/1002/prices/de') {
    return asPricing('PUT', path, body);
  }

  beforeAll(async () => {
    db = await engine.create();
    await migrateToLatest(db);
    await seedCatalogue(db, testCatalogue(6));
    folder = await mkdtemp(join(tmpdir(), 'catalogue-routes-'));
    mailer = createMailer({ smtpUrl: undefined, outboxDir: join(folder, 'outbox') });
    server = await startTestServer(db, {
      authenticate: createAuthenticator({ db, config: testConfig, clock }),
      extend: async (route, api) => {
        registerAccountRoutes(route, { db, config: testConfig, mailer, clock });
        await registerOpsCatalogueRoutes(route, api, { db, clock, validateAnswers: true });
      },
    });
    call = apiCaller(server.origin);
    pricing = await signedInStaff(db, 'pricing@example.com', ['pricing']);
  });

  afterAll(async () => {
    await server.close();
    mailer.close();
    await engine.destroy(db);
    await rm(folder, { recursive: true, force: true });
  });

  it('answers every call 401 without a session or with a customer token, 403 for every other role, and changes nothing', async () => {
    const guest = await call('POST', '/api/account/guestSession', { body: { locale: 'de-DE' } });
    const customerToken = String(guest.body['access_token']);
    expect(customerToken.length).toBeGreaterThan(20);
    const others = await Promise.all(
      (['admin', 'inspector', 'payouts'] as const).map((role) =>
        signedInStaff(db, `${role}-guard@example.com`, [role]),
      ),
    );
    const calls: { method: string; path: string; body?: unknown }[] = [
      { method: 'GET', path: '/api/ops/catalogue/devices?q=model' },
      { method: 'GET', path: '/api/ops/catalogue/devices/1000' },
      {
        method: 'PUT',
        path: '/api/ops/catalogue/devices/1000/prices/de',
        body: { basePriceCents: 9000, recyclingPriceCents: 100, force: true },
      },
      {
        method: 'POST',
        path: '/api/ops/catalogue/price-adjustments',
        body: { edition: 'de', manufacturer: 'apple', percent: '5', dryRun: true },
      },
      { method: 'GET', path: '/api/ops/catalogue/prices.csv?edition=de' },
      {
        method: 'POST',
        path: '/api/ops/catalogue/price-imports?dryRun=false&basedOnRevision=1',
        body: 'deviceId,edition,basePriceCents,recyclingPriceCents\n1000,de,1,0\n',
      },
      {
        method: 'POST',
        path: '/api/ops/catalogue/model-imports?dryRun=false&basedOnRevision=1',
        body: [rocketLine],
      },
      {
        method: 'POST',
        path: '/api/ops/catalogue/devices/1000/retirement',
        body: { reason: 'end of life' },
      },
      { method: 'GET', path: '/api/ops/catalogue/factors?category=smartphones' },
      {
        method: 'PUT',
        path: '/api/ops/catalogue/factors',
        body: { category: 'smartphones', question: 'GRADE', answer: 'GRADE_GOOD', factor: '0.8' },
      },
    ];
    const before = await rowCounts(db);
    const answers: string[] = [];
    const expected: string[] = [];
    for (const { method, path, body } of calls) {
      const label = `${method} ${path}`;
      const headers: Record<string, string> =
        typeof body === 'string' ? { 'content-type': 'text/csv' } : {};
      const withBody = body === undefined ? {} : { body };
      const anonymous = await call(method, path, { ...withBody, headers });
      answers.push(`${label} anonymous ${anonymous.status} ${anonymous.body.error?.code}`);
      expected.push(`${label} anonymous 401 unauthorized`);
      const customer = await call(method, path, { ...withBody, headers, token: customerToken });
      answers.push(`${label} customer ${customer.status} ${customer.body.error?.code}`);
      expected.push(`${label} customer 401 unauthorized`);
      for (const other of others) {
        const answer = await call(method, path, {
          ...withBody,
          headers: { ...headers, ...other.headers },
        });
        answers.push(`${label} ${other.email} ${answer.status} ${answer.body.error?.code}`);
        expected.push(`${label} ${other.email} 403 forbidden`);
      }
      if (method !== 'GET') {
        const noCsrf = await call(method, path, {
          ...withBody,
          headers: { ...headers, cookie: pricing.cookie },
        });
        answers.push(`${label} no csrf ${noCsrf.status}`);
        expected.push(`${label} no csrf 403`);
      }
    }
    expect(answers).toEqual(expected);
    expect(await rowCounts(db)).toEqual(before);
  });

  it('finds devices by name, case-insensitively, filtered, sorted and paged, with the prices of an edition', async () => {
    const found = await asPricing(
      'GET',
      '/api/ops/catalogue/devices?q=IPHONE-13%20model&edition=fr',
    );
    expect(found.status).toBe(200);
    expect(found.body['total']).toBe(2);
    const rows = found.body['rows'] as {
      id: number;
      manufacturer: { key: string };
      series: { key: string; name: string };
      price: { basePriceCents: number } | null;
      retired: boolean;
    }[];
    expect(rows.map((row) => row.id)).toEqual([1000, 1004]);
    expect(rows[0]?.manufacturer.key).toBe('apple');
    expect(rows[0]?.series).toEqual({ key: 'iphone-13', name: 'iPhone 13 (fr)' });
    expect(rows[0]?.price).toEqual({
      basePriceCents: 10_000 + 'f'.charCodeAt(0),
      recyclingPriceCents: 150,
    });
    expect(rows[0]?.retired).toBe(false);

    const apple = await asPricing(
      'GET',
      '/api/ops/catalogue/devices?manufacturer=apple&sort=id&direction=desc&pageSize=2&page=2',
    );
    expect(apple.body['total']).toBe(3);
    expect((apple.body['rows'] as { id: number }[]).map((row) => row.id)).toEqual([1000]);
    const pixel = await asPricing('GET', '/api/ops/catalogue/devices?series=pixel');
    expect((pixel.body['rows'] as { id: number }[]).map((row) => row.id)).toEqual([1002]);
    const byPrice = await asPricing(
      'GET',
      '/api/ops/catalogue/devices?sort=price&direction=desc&edition=es',
    );
    const bases = (byPrice.body['rows'] as { price: { basePriceCents: number } }[]).map(
      (row) => row.price.basePriceCents,
    );
    expect(bases).toHaveLength(6);
    expect(bases).toEqual(bases.toSorted((left, right) => right - left));
    // A wildcard of LIKE is a character like any other.
    const percent = await asPricing('GET', '/api/ops/catalogue/devices?q=%25');
    expect(percent.body['total']).toBe(0);

    const bad = await asPricing('GET', '/api/ops/catalogue/devices?pageSize=1000&edition=xx');
    expect(bad.status).toBe(400);
    expect(
      (bad.body.error as unknown as { fields: { path: string }[] }).fields.map((f) => f.path),
    ).toEqual(expect.arrayContaining(['query.pageSize', 'query.edition']));
  });

  it('changes one price: in the history with who and why, in the audit log with the staff member', async () => {
    const before = await priceOf(db, 1001, 'de');
    const changed = await asPricing('PUT', '/api/ops/catalogue/devices/1001/prices/de', {
      basePriceCents: 9_500,
      recyclingPriceCents: 120,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ dryRun: false, prices: 1, devices: 1 });
    const revisionId = changed.body['revisionId'] as number;
    expect(revisionId).toBeGreaterThan(0);
    expect(await priceOf(db, 1001, 'de')).toBe('9500/120');

    const detail = await asPricing('GET', '/api/ops/catalogue/devices/1001');
    expect(detail.status).toBe(200);
    const prices = detail.body['prices'] as { edition: string }[];
    expect(prices.map((price) => price.edition)).toEqual(['at', 'de', 'es', 'fr', 'it']);
    const history = detail.body['history'] as {
      revisionId: number;
      actor: string;
      note: string;
      oldBasePriceCents: number | null;
      newBasePriceCents: number;
    }[];
    const last = history.at(-1);
    expect(last).toMatchObject({
      revisionId,
      actor: 'pricing@example.com',
      newBasePriceCents: 9_500,
      oldBasePriceCents: Number(before.split('/')[0]),
      note: 'price of device 1001 in de',
    });
    expect(detail.body['basedOnRevision']).toBe(revisionId);

    const [event] = await auditEvents(db, { subjectType: 'device', subjectId: '1001', limit: 5 });
    expect(event).toMatchObject({
      action: 'price.changed',
      actor: `staff:${pricing.staffId}`,
      actorLabel: 'pricing@example.com',
      source: 'back office: PUT /api/ops/catalogue/devices/1001/prices/de',
      before: { edition: 'de', basePriceCents: Number(before.split('/')[0]) },
      after: { edition: 'de', basePriceCents: 9_500, recyclingPriceCents: 120, revisionId },
    });

    // The same prices again: nothing differs, nothing is written.
    const counts = await rowCounts(db);
    const same = await asPricing('PUT', '/api/ops/catalogue/devices/1001/prices/de', {
      basePriceCents: 9_500,
      recyclingPriceCents: 120,
    });
    expect(same.body).toMatchObject({ prices: 0, revisionId: null });
    expect(await rowCounts(db)).toEqual(counts);
  });

  it('refuses a price by the import rules, naming the field, and changes nothing', async () => {
    const counts = await rowCounts(db);

    const above = await put({ basePriceCents: 100, recyclingPriceCents: 200 });
    expect(above.status).toBe(400);
    expect(fieldsOf(above)).toEqual(['recyclingPriceCents']);
    const fraction = await put({ basePriceCents: 12.5, recyclingPriceCents: 0 });
    expect(fieldsOf(fraction)).toEqual(['basePriceCents']);
    const tooFar = await put({ basePriceCents: 100_000, recyclingPriceCents: 100 });
    expect(tooFar.status).toBe(400);
    expect(fieldsOf(tooFar)).toEqual(['basePriceCents']);
    expect(tooFar.body.error?.message).toBe('Refused, nothing was changed');
    const unknown = await put(
      { basePriceCents: 100, recyclingPriceCents: 0 },
      '/api/ops/catalogue/devices/999999/prices/de',
    );
    expect(unknown.status).toBe(404);
    const wrongEdition = await put(
      { basePriceCents: 100, recyclingPriceCents: 0 },
      '/api/ops/catalogue/devices/1002/prices/xx',
    );
    expect(fieldsOf(wrongEdition)).toEqual(['params.edition']);
    expect(await rowCounts(db)).toEqual(counts);

    const forced = await put({ basePriceCents: 100_000, recyclingPriceCents: 100, force: true });
    expect(forced.status).toBe(200);
    expect(await priceOf(db, 1002, 'de')).toBe('100000/100');
  });

  it('previews an adjustment without writing, applies what was previewed, and refuses it after a change in between', async () => {
    const counts = await rowCounts(db);
    const body = { edition: 'at', manufacturer: 'apple', percent: '-10', dryRun: true };
    const preview = await asPricing('POST', '/api/ops/catalogue/price-adjustments', body);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ dryRun: true, revisionId: null, prices: 3, devices: 3 });
    expect((preview.body['largestMoves'] as unknown[]).length).toBe(3);
    const seen = preview.body['basedOnRevision'] as number;
    expect(seen).toBe(Number((await latestRevision(db))?.id));
    expect(await rowCounts(db)).toEqual(counts);

    const blind = await asPricing('POST', '/api/ops/catalogue/price-adjustments', {
      ...body,
      dryRun: false,
    });
    expect(blind.status).toBe(400);
    expect(
      (blind.body.error as unknown as { fields: { path: string }[] }).fields.map((f) => f.path),
    ).toEqual(['basedOnRevision']);

    // Someone changes a price between preview and apply: the apply is refused whole.
    const between = await asPricing('PUT', '/api/ops/catalogue/devices/1003/prices/at', {
      basePriceCents: 10_200,
      recyclingPriceCents: 100,
    });
    expect(between.status).toBe(200);
    const afterBetween = await rowCounts(db);
    const stale = await asPricing('POST', '/api/ops/catalogue/price-adjustments', {
      ...body,
      dryRun: false,
      basedOnRevision: seen,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('changed_meanwhile');
    expect(await rowCounts(db)).toEqual(afterBetween);
    expect(await priceOf(db, 1003, 'at')).toBe('10200/100');

    const again = await asPricing('POST', '/api/ops/catalogue/price-adjustments', body);
    const applied = await asPricing('POST', '/api/ops/catalogue/price-adjustments', {
      ...body,
      dryRun: false,
      basedOnRevision: again.body['basedOnRevision'],
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ dryRun: false, prices: 3 });
    expect(await priceOf(db, 1003, 'at')).toBe('9180/100');
    const [event] = await auditEvents(db, {
      subjectType: 'catalogue_revision',
      subjectId: String(applied.body['revisionId']),
      limit: 1,
    });
    expect(event).toMatchObject({
      action: 'prices.adjusted',
      actor: `staff:${pricing.staffId}`,
      after: { edition: 'at', percent: '-10', prices: 3, devices: 3 },
    });

    const unknownSeries = await asPricing('POST', '/api/ops/catalogue/price-adjustments', {
      edition: 'de',
      series: 'No Such Series',
      percent: '5',
      dryRun: true,
    });
    expect(unknownSeries.status).toBe(400);
    expect(
      (unknownSeries.body.error as unknown as { fields: { path: string }[] }).fields[0]?.path,
    ).toBe('series');
  });

  it('exports the price list as a CSV file', async () => {
    const exported = await asPricing('GET', '/api/ops/catalogue/prices.csv?edition=es');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toBe(
      'attachment; filename="prices-es.csv"',
    );
    const lines = exported.text.trimEnd().split('\n');
    expect(lines[0]).toBe('deviceId,edition,name,basePriceCents,recyclingPriceCents');
    expect(lines).toHaveLength(7);
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'es')).toBe(true);
  });

  it('imports a CSV: a bad line is refused naming line and field; a preview writes nothing; the apply is audited', async () => {
    const header = 'deviceId,edition,basePriceCents,recyclingPriceCents';
    const counts = await rowCounts(db);
    const bad = await importCsv(`${header}\n1004,it,12000,0\n1005,it,12.5,0\n`, 'dryRun=true');
    expect(bad.status).toBe(400);
    const fields = (bad.body.error as unknown as { fields: { path: string; message: string }[] })
      .fields;
    expect(fields.map((field) => priceProblemOf(field))).toEqual([
      { line: 3, field: 'basePriceCents', message: expect.stringContaining('whole number') },
    ]);
    const unknownDevice = await importCsv(`${header}\n424242,it,100,0\n`, 'dryRun=true');
    expect(
      priceProblemOf(
        (unknownDevice.body.error as unknown as { fields: { path: string; message: string }[] })
          .fields[0] ?? { path: '', message: '' },
      ),
    ).toMatchObject({ line: 2, field: 'deviceId' });
    const csv = `${header}\n1004,it,12000,0\n1005,it,12100,0\n`;
    const preview = await importCsv(csv, 'dryRun=true');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ dryRun: true, prices: 2, revisionId: null });
    expect(await rowCounts(db)).toEqual(counts);
    const tooLarge = await importCsv('x'.repeat(maxCatalogueUploadBytes + 1), 'dryRun=true');
    expect(tooLarge.status).toBe(413);
    const wrongType = await asPricing('POST', '/api/ops/catalogue/price-imports?dryRun=true', {
      csv,
    });
    expect(wrongType.status).toBe(400);

    const applied = await importCsv(
      csv,
      `dryRun=false&basedOnRevision=${String(preview.body['basedOnRevision'])}`,
    );
    expect(applied.status).toBe(200);
    expect(await priceOf(db, 1005, 'it')).toBe('12100/0');
    const [event] = await auditEvents(db, {
      subjectType: 'catalogue_revision',
      subjectId: String(applied.body['revisionId']),
      limit: 1,
    });
    expect(event).toMatchObject({
      action: 'prices.imported',
      actorLabel: 'pricing@example.com',
      after: { prices: 2, devices: 2 },
    });
  });

  it('imports models: a bad file names the path; a preview writes nothing; the apply adds devices, audited', async () => {
    const counts = await rowCounts(db);
    const bad = await asPricing('POST', '/api/ops/catalogue/model-imports?dryRun=true', [
      {
        ...rocketLine,
        series: [{ name: 'Rocket', models: [{ model: 'Rocket 5', released: 'soon' }] }],
      },
    ]);
    expect(bad.status).toBe(400);
    const paths = (bad.body.error as unknown as { fields: { path: string }[] }).fields.map(
      (field) => field.path,
    );
    expect(paths.some((path) => path.startsWith('[0].series[0].models[0]'))).toBe(true);
    const notArray = await asPricing('POST', '/api/ops/catalogue/model-imports?dryRun=true', {
      lines: [],
    });
    expect(notArray.status).toBe(400);
    const preview = await asPricing('POST', '/api/ops/catalogue/model-imports?dryRun=true', [
      rocketLine,
    ]);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ dryRun: true, revisionId: null });
    expect((preview.body['added'] as { devices: unknown[] }).devices).toHaveLength(2);
    expect(await rowCounts(db)).toEqual(counts);

    const applied = await asPricing(
      'POST',
      `/api/ops/catalogue/model-imports?dryRun=false&basedOnRevision=${String(preview.body['basedOnRevision'])}`,
      [rocketLine],
    );
    expect(applied.status).toBe(200);
    const found = await asPricing('GET', '/api/ops/catalogue/devices?q=rocket');
    expect(found.body['total']).toBe(2);
    const [event] = await auditEvents(db, {
      subjectType: 'catalogue_revision',
      subjectId: String(applied.body['revisionId']),
      limit: 1,
    });
    expect(event).toMatchObject({
      action: 'catalogue.imported',
      after: { devices: 2, manufacturers: ['Acme Mobile'] },
    });
  });

  it('retires a device with a reason, audited; a second retirement changes nothing', async () => {
    const unknown = await asPricing('POST', '/api/ops/catalogue/devices/999999/retirement', {
      reason: 'gone',
    });
    expect(unknown.status).toBe(404);
    const empty = await asPricing('POST', '/api/ops/catalogue/devices/1005/retirement', {
      reason: '  ',
    });
    expect(empty.status).toBe(400);
    const retired = await asPricing('POST', '/api/ops/catalogue/devices/1005/retirement', {
      reason: 'end of life',
    });
    expect(retired.status).toBe(200);
    expect(retired.body).toMatchObject({ status: 'retired', deviceId: 1005 });
    const detail = await asPricing('GET', '/api/ops/catalogue/devices/1005');
    expect(detail.body['device']).toMatchObject({ retired: true });
    const listed = await asPricing('GET', '/api/ops/catalogue/devices?retired=true');
    expect((listed.body['rows'] as { id: number }[]).map((row) => row.id)).toEqual([1005]);
    const [event] = await auditEvents(db, { subjectType: 'device', subjectId: '1005', limit: 1 });
    expect(event).toMatchObject({
      action: 'device.retired',
      actor: `staff:${pricing.staffId}`,
      before: { retiredAt: null },
      after: { reason: 'end of life' },
    });
    const counts = await rowCounts(db);
    const again = await asPricing('POST', '/api/ops/catalogue/devices/1005/retirement', {
      reason: 'again',
    });
    expect(again.body).toMatchObject({ status: 'already-retired', revisionId: null });
    expect(await rowCounts(db)).toEqual(counts);
  });

  it('reads and sets answer factors, audited', async () => {
    const factors = await asPricing('GET', '/api/ops/catalogue/factors?category=tablets');
    expect(factors.status).toBe(200);
    expect((factors.body['categories'] as { categoryKey: string }[])[0]?.categoryKey).toBe(
      'tablets',
    );
    const unknown = await asPricing('GET', '/api/ops/catalogue/factors?category=drones');
    expect(unknown.status).toBe(400);
    const set = await asPricing('PUT', '/api/ops/catalogue/factors', {
      category: 'tablets',
      question: 'GRADE',
      answer: 'GRADE_GOOD',
      factor: '0.8',
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ oldPriceFactor: 0.85, newPriceFactor: 0.8 });
    const [event] = await auditEvents(db, {
      subjectType: 'catalogue_revision',
      subjectId: String(set.body['revisionId']),
      limit: 1,
    });
    expect(event).toMatchObject({
      action: 'factor.changed',
      before: { category: 'tablets', priceFactor: 0.85 },
      after: { priceFactor: 0.8 },
    });
  });

  it('writes audit events for the command line with the operator as actor', async () => {
    const deps = {
      db,
      mailer,
      clock,
      dataDir: folder,
      origin: { actor: 'ops:erika', source: 'prices adjust --manufacturer google' },
    };
    const lines: string[] = [];
    const code = await runOpsCommand(
      [
        'prices',
        'adjust',
        '--edition',
        'es',
        '--manufacturer',
        'google',
        '--percent',
        '3',
        '--yes',
      ],
      deps,
      (line) => lines.push(line),
    );
    expect(code).toBe(0);
    const retire = await runOpsCommand(['catalogue', 'retire', '1002'], deps, (line) =>
      lines.push(line),
    );
    expect(retire).toBe(0);
    const events = await auditEvents(db, { actor: 'ops:erika', limit: 5 });
    expect(events.map((event) => [event.action, event.actorLabel, event.subjectType])).toEqual([
      ['device.retired', 'erika', 'device'],
      ['prices.adjusted', 'erika', 'catalogue_revision'],
    ]);
    expect(events[1]?.source).toBe('prices adjust --manufacturer google');
  });

  it('answers any bad body or query with a 4xx, never a 5xx, and changes nothing', async () => {
    const counts = await rowCounts(db);
    const text = fc.oneof(fc.string(), fc.string({ unit: 'binary-ascii' }), fc.constant('-1'));
    const query = fc.dictionary(
      fc.constantFrom(
        'q',
        'edition',
        'manufacturer',
        'series',
        'retired',
        'page',
        'pageSize',
        'sort',
        'dryRun',
        'force',
        'basedOnRevision',
        'category',
      ),
      text,
    );
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          basePriceCents: fc.oneof(fc.integer(), fc.double(), fc.string()),
          recyclingPriceCents: fc.oneof(fc.integer({ min: 1_000_000 }), fc.string()),
          edition: text,
          manufacturer: text,
          percent: text,
          dryRun: fc.constant(false),
          reason: fc.constant(''),
          factor: text,
        },
        { requiredKeys: [] },
      ),
    );
    const target = fc.constantFrom(
      'GET /api/ops/catalogue/devices',
      'GET /api/ops/catalogue/devices/1000',
      'PUT /api/ops/catalogue/devices/1000/prices/de',
      'POST /api/ops/catalogue/price-adjustments',
      'GET /api/ops/catalogue/prices.csv',
      'POST /api/ops/catalogue/price-imports',
      'POST /api/ops/catalogue/model-imports',
      'POST /api/ops/catalogue/devices/1000/retirement',
      'GET /api/ops/catalogue/factors',
      'PUT /api/ops/catalogue/factors',
    );
    await fc.assert(
      fc.asyncProperty(target, query, body, async (line, parameters, sent) => {
        const [method = 'GET', path = ''] = line.split(' ');
        const search = new URLSearchParams(parameters).toString();
        const url = `${path}${search === '' ? '' : `?${search}`}`;
        const answer =
          method === 'GET'
            ? await asPricing(method, url)
            : await asPricing(method, url, sent === undefined ? null : sent);
        // A GET with a valid query answers 200; every change here is refused.
        const refused = answer.status >= 400 && answer.status < 500;
        expect(method === 'GET' ? answer.status < 500 : refused).toBe(true);
      }),
      { numRuns: 150 },
    );
    expect(await rowCounts(db)).toEqual(counts);
  });
});
