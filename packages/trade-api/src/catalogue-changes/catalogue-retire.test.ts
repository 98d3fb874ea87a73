import { tradeSchema } from '@tradein/contract';
import { latestRevision } from './catalogue-change.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import {
  checkoutBody,
  phoneAnswers,
  startTradesFixture,
  type TradesFixture,
} from '../../test-kit/trade-test-kit.ts';
import { loadCatalogue } from '../db/load-catalogue.ts';
import { toDevice } from '../catalogue/catalogue-view.ts';
import { retireDevice } from './catalogue-retire.ts';

describe.each(testDatabases())('catalogue retire on $name', (engine) => {
  let fixture: TradesFixture;
  let customer: { id: string; email: string };
  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
    customer = await fixture.createCustomer({ guest: true });
  });
  afterAll(() => fixture.close());

  const ops = (...argv: string[]) => fixture.ops(...argv);

  /** The answer to a new offer (or its preview) for a phone of the test catalogue. */
  async function askOffer(deviceId: number, preview = false): Promise<Response> {
    return fixture.call('POST', `/api/trade/offers${preview ? '/preview' : ''}`, {
      body: { edition: 'de', deviceId, answers: phoneAnswers(1) },
    });
  }

  it('refuses an unknown device and writes nothing', async () => {
    const before = await rowCounts(fixture.db);
    const refused = await ops('catalogue', 'retire', '999999');
    expect(refused).toEqual({
      code: 1,
      output: 'There is no device 999999; nothing was retired.',
    });
    expect((await ops('catalogue', 'retire', 'abc')).code).toBe(2);
    expect(await rowCounts(fixture.db)).toEqual(before);
  });

  it('writes nothing on a dry run', async () => {
    const before = await rowCounts(fixture.db);
    const dry = await ops('catalogue', 'retire', '1002', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.output).toContain('Dry run, nothing written');
    expect(await rowCounts(fixture.db)).toEqual(before);
    expect((await askOffer(1002)).status).toBe(200);
  });

  it('takes no new offers for a retired device; offers and trades made before stay valid', async () => {
    // A trade of device 1000 and an open offer for it, both made before it is retired.
    const trade = await fixture.checkOutPhones(customer.id, [{ deviceId: 1000, grade: 1 }]);
    const openOffer = await fixture.requestPhoneOffer(1000, 2);

    const before = await rowCounts(fixture.db);
    const retired = await ops('catalogue', 'retire', '1000');
    expect(retired.code).toBe(0);
    expect(retired.output).toMatch(/^Retired .+ \(device 1000\): it takes no new offers/);
    const after = await rowCounts(fixture.db);
    expect(after['catalogue_revisions']).toBe((before['catalogue_revisions'] ?? 0) + 1);
    const revision = await latestRevision(fixture.db);
    expect(revision).toMatchObject({
      kind: 'catalogue',
      note: expect.stringMatching(/retire 1000/),
    });

    for (const preview of [false, true]) {
      const refused = await askOffer(1000, preview);
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { error: { fields?: unknown } };
      expect(body.error.fields).toEqual([
        { path: 'deviceId', message: 'Device 1000 can no longer be sold' },
      ]);
    }
    // Another device still takes offers.
    expect((await askOffer(1002)).status).toBe(200);

    // The offer made before is still checked out within its validity…
    const checkout = await fixture.call('POST', '/api/trade/trades', {
      customer: customer.id,
      body: checkoutBody([{ offerId: openOffer.offerId, quantity: 1 }]),
    });
    expect(checkout.status).toBe(201);
    expect(tradeSchema.parse(await checkout.json()).items[0]?.deviceId).toBe(1000);
    // …and the trade made before goes through its lifecycle.
    const number = trade.tradeNumber;
    expect((await ops('receive', number)).code).toBe(0);
    const inspected = await ops(
      'inspect',
      number,
      '--item',
      '1',
      '--finding',
      'GRADE=GRADE_LIKE_NEW',
      '--finding',
      'POWERS_ON=YES',
    );
    expect(inspected).toMatchObject({ code: 0 });
    const paid = await ops('pay', number);
    expect(paid.code).toBe(0);
    expect(paid.output).toContain(`${number}  paid`);
    const shown = await fixture.call('GET', `/api/trade/trades/${number}`, {
      customer: customer.id,
    });
    expect(shown.status).toBe(200);

    // The device's view says it is retired; the others do not.
    const catalogue = await loadCatalogue(fixture.db);
    const device = catalogue.devices.find((entry) => entry.id === 1000);
    const other = catalogue.devices.find((entry) => entry.id === 1002);
    if (device === undefined || other === undefined) throw new Error('devices are seeded');
    expect(toDevice(catalogue, 'de', device).retired).toBe(true);
    expect(toDevice(catalogue, 'de', other).retired).toBeUndefined();
  });

  it('says since when a device is retired and writes nothing when retired again', async () => {
    const before = await rowCounts(fixture.db);
    const again = await ops('catalogue', 'retire', '1000');
    expect(again.code).toBe(0);
    expect(again.output).toMatch(
      /\(device 1000\) is retired since \d{4}-\d\d-\d\dT.*; nothing changed/,
    );
    expect(await rowCounts(fixture.db)).toEqual(before);
    const result = await retireDevice(fixture.db, {
      deviceId: 1000,
      origin: { actor: 'staff@example.com', source: 'back office' },
    });
    expect(result).toMatchObject({ status: 'already-retired', deviceId: 1000 });
  });
});
