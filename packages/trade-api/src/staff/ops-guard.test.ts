import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as contract from '@tradein/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, type ApiCall } from '../../test-kit/api-call.ts';
import { signedInStaff } from '../../test-kit/staff-test-kit.ts';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import { buildCatalogue } from '../catalogue/build-catalogue.ts';
import { loadCatalogue } from '../db/load-catalogue.ts';
import type { TradeDb } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { createTradeApiOptions } from '../server/open-trade-api.ts';

/*
 * Every `/api/ops/` call of the contract, as the production wiring registers it, is closed to
 * anyone without a staff session (a customer's token included), and every call that changes
 * something refuses a session without its CSRF token. The list is the contract's own, so a call
 * added later is checked without being named here; only sign-in and the invitation link, whose
 * proof is the link itself, are open by design.
 */

/** Calls open without a session: sign-in, and an invitation's view and acceptance. */
const openByDesign = new Set([
  'POST /api/ops/session',
  'GET /api/ops/invitations/:token',
  'POST /api/ops/invitations/accept',
]);

/** Whether a value the contract exports is an endpoint under `/api/ops/`. */
function isOpsEndpoint(value: unknown): value is contract.Endpoint {
  if (typeof value !== 'object' || value === null) return false;
  const { path, method } = value as { path?: unknown; method?: unknown };
  return typeof method === 'string' && typeof path === 'string' && path.startsWith('/api/ops/');
}

/** Every endpoint of the contract under `/api/ops/`. */
const opsCalls: contract.Endpoint[] = Object.values(contract as Record<string, unknown>).filter(
  isOpsEndpoint,
);

/** A path with its parameters filled by plausible values (the guard answers before they count). */
function filled(path: string): string {
  return path.replaceAll(/:([A-Za-z]+)/g, (_match, name: string) =>
    /number$/i.test(name) ? 'T-2026-000001' : name === 'edition' ? 'de' : '1',
  );
}

describe.each(testDatabases())('the guard of every /api/ops/ call on $name', (engine) => {
  let db: TradeDb;
  let server: RunningServer;
  let mailer: Mailer;
  let outboxDir: string;
  let call: ApiCall;

  beforeAll(async () => {
    db = await engine.create();
    await migrateToLatest(db);
    await seedCatalogue(db, buildCatalogue());
    outboxDir = await mkdtemp(join(tmpdir(), 'ops-guard-outbox-'));
    mailer = createMailer({ smtpUrl: undefined, outboxDir });
    const options = createTradeApiOptions({
      db,
      config: testConfig,
      catalogue: await loadCatalogue(db),
      mailer,
    });
    server = await startTestServer(db, { ...options, config: testConfig });
    call = apiCaller(server.origin);
  });

  afterAll(async () => {
    await server.close();
    mailer.close();
    await engine.destroy(db);
    await rm(outboxDir, { recursive: true, force: true });
  });

  it('knows the calls of every back-office screen', () => {
    const paths = opsCalls.map((endpoint) => endpoint.path);
    const screens = [
      '/api/ops/trades',
      '/api/ops/clarifications',
      '/api/ops/payouts/',
      '/api/ops/catalogue/',
      '/api/ops/overview',
      '/api/ops/staff',
      '/api/ops/audit',
    ];
    const missing = screens.filter((prefix) => !paths.some((path) => path.startsWith(prefix)));
    expect(missing).toEqual([]);
  });

  it('answers 401 without a session or with a customer token, 403 without the CSRF token, and changes nothing', async () => {
    const guest = await call('POST', '/api/account/guestSession', { body: { locale: 'de-DE' } });
    const customerToken = String(guest.body['access_token']);
    const everyRole = await signedInStaff(db, 'all@example.com', [
      'admin',
      'inspector',
      'payouts',
      'pricing',
    ]);
    const before = await rowCounts(db);
    const answers: string[] = [];
    const expected: string[] = [];
    for (const endpoint of opsCalls) {
      const label = `${endpoint.method} ${endpoint.path}`;
      if (openByDesign.has(label)) continue;
      const path = filled(endpoint.path);
      const body = endpoint.method === 'GET' ? {} : { body: {} };
      const anonymous = await call(endpoint.method, path, body);
      const customer = await call(endpoint.method, path, { ...body, token: customerToken });
      answers.push(`${label}: ${anonymous.status} ${customer.status}`);
      expected.push(`${label}: 401 401`);
      if (endpoint.method !== 'GET') {
        const noCsrf = await call(endpoint.method, path, {
          ...body,
          headers: { cookie: everyRole.cookie },
        });
        answers.push(`${label} without CSRF: ${noCsrf.status} ${noCsrf.body.error?.code}`);
        expected.push(`${label} without CSRF: 403 forbidden`);
      }
    }
    expect(answers).toEqual(expected);
    expect(await rowCounts(db)).toEqual(before);
  });
});
