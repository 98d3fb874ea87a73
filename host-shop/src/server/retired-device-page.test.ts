import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPath } from '@tradein/editions';
import { createMailer, runOpsCommand } from '@tradein/trade-api/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueSearchKit } from './catalogue-search-kit.ts';
import { mainOf, useTestShop } from './test-shop.ts';

/*
 * The product page of a device the operators retired (`npm run ops -- catalogue retire`): it
 * answers 200 and says the device can no longer be sold instead of showing the sell widget, and
 * links the overview page of the device's series. Its neighbours are sold as before.
 */

const shop = useTestShop();

const { deviceOf } = catalogueSearchKit(shop.api);

/** The attributes the server writes on `<tradein-widget>`. */
function widgetTag(html: string): string {
  return /<tradein-widget\b[^>]*>/.exec(html)?.[0] ?? '';
}

const retiredUrl = 'apple-iphone-13-256-gb';
let folder: string;

beforeAll(async () => {
  // The operator retires the device on the shop's database; the node follows the revision.
  folder = await mkdtemp(join(tmpdir(), 'retired-device-'));
  const mailer = createMailer({ smtpUrl: undefined, outboxDir: join(folder, 'outbox') });
  const device = await deviceOf('de', retiredUrl);
  const lines: string[] = [];
  const code = await runOpsCommand(
    ['catalogue', 'retire', String(device.id)],
    { db: shop.tradeApi.db, mailer, clock: () => new Date(), dataDir: folder },
    (line) => lines.push(line),
  );
  mailer.close();
  if (code !== 0) throw new Error(`catalogue retire failed (${code}): ${lines.join('\n')}`);
  await shop.tradeApi.catalogue.refresh();
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('the product page of a retired device', () => {
  it.each([
    [
      'de',
      'de.localhost',
      'Dieses Gerät kann nicht mehr verkauft werden',
      'Alle Modelle der Serie iPhone 13 ansehen',
    ],
    [
      'fr',
      'fr.localhost',
      'Cet appareil ne peut plus être vendu',
      'Voir les modèles de la série iPhone 13',
    ],
    [
      'es',
      'es.localhost',
      'Este dispositivo ya no se puede vender',
      'Ver los modelos de la serie iPhone 13',
    ],
  ] as const)(
    'says in %s that it can no longer be sold and links its series',
    async (edition, host, notice, seriesLink) => {
      const device = await deviceOf(edition, retiredUrl);
      expect(device.retired).toBe(true);
      const page = await shop.get(host, buildPath(edition, 'productDetail', { pdp: retiredUrl }));
      expect(page.statusCode).toBe(200);
      const main = mainOf(page.body);
      expect(main).toContain(`<h1>${device.name}</h1>`);
      expect(main).toContain(notice);
      const overview = buildPath(edition, 'productOverview', { overview: 'apple-iphone-13' });
      expect(main).toContain(`href="${overview}"`);
      expect(main).toContain(seriesLink);
      // No sell widget for the device and no price: the widget's section stays hidden.
      expect(widgetTag(main)).not.toContain(retiredUrl);
      expect(main).toMatch(/<section[^>]*class="sell-flow"[^>]*hidden=""/);
      expect(main).not.toContain('class="best-price"');
      // Its line in the list of the model's variants names no price either.
      expect(main).toContain(`>${device.name}</a></li>`);
    },
  );

  it('leaves the other variants of the model on sale', async () => {
    const page = await shop.get(
      'de.localhost',
      buildPath('de', 'productDetail', { pdp: 'apple-iphone-13-128-gb' }),
    );
    expect(page.statusCode).toBe(200);
    const main = mainOf(page.body);
    expect(widgetTag(main)).toContain('device="apple-iphone-13-128-gb"');
    expect(main).toContain('class="best-price"');
    expect(main).not.toContain('Dieses Gerät kann nicht mehr verkauft werden');
  });

  it('answers a new offer for it with 400 naming deviceId', async () => {
    const device = await deviceOf('de', retiredUrl);
    const answer = await shop.api('POST', '/api/trade/offers/preview', {
      body: {
        edition: 'de',
        deviceId: device.id,
        answers: device.questions.map((question) => ({
          questionId: question.id,
          answerId: question.answers[0]?.id ?? 0,
        })),
      },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(`Device ${device.id} can no longer be sold`);
  });
});
