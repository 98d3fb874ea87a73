import type { DeviceSummary } from '@tradein/contract';
import { buildPath, formatMoney, type EditionCode } from '@tradein/editions';
import { describe, expect, it } from 'vitest';
import { catalogueSearchKit } from './catalogue-search-kit.ts';
import { mainOf, useTestShop } from './test-shop.ts';

/*
 * The best price on the server-rendered catalogue pages ("bis zu 410,00 €"), in the HTML a
 * browser without JavaScript gets, equal to what the trade API answers for the edition.
 */

const shop = useTestShop();

const { search, deviceOf } = catalogueSearchKit(shop.api);

/** The same device in another edition (urls differ per edition), found through its series. */
async function sameDeviceIn(edition: EditionCode, device: DeviceSummary) {
  const answer = await search(edition, { kind: 'devicesBySeries', seriesId: device.seriesId });
  const same = answer.kind === 'devicesBySeries' ? answer.hits : [];
  const found = same.find((candidate) => candidate.id === device.id);
  if (found === undefined) throw new Error(`no device ${device.id} in ${edition}`);
  return found;
}

describe('the product detail page', () => {
  it('shows the device’s best price under its heading in de, the API’s value', async () => {
    const device = await deviceOf('de', 'apple-iphone-13-256-gb');
    const page = await shop.get('de.localhost', '/produkte/apple-iphone-13-256-gb');
    expect(page.statusCode).toBe(200);
    const main = mainOf(page.body);
    const price = `bis zu ${formatMoney('de', device.bestPriceCents, 'short')}`;
    expect(main).toContain(`<p class="best-price"><strong>${price}</strong></p>`);
    expect(main.indexOf(price)).toBeGreaterThan(main.indexOf('</h1>'));
    expect(main).toContain('Der Preis für ein Gerät in Top-Zustand.');
    // Each variant in the list of the model's variants says its own.
    for (const variant of device.variants) {
      expect(main).toContain(`bis zu ${formatMoney('de', variant.bestPriceCents, 'short')}`);
    }
  });

  it('shows the French price list’s value on the fr page of the same device', async () => {
    const german = await deviceOf('de', 'apple-iphone-13-256-gb');
    const french = await sameDeviceIn('fr', german);
    expect(french.bestPriceCents).not.toBe(german.bestPriceCents);
    const page = await shop.get(
      'fr.localhost',
      buildPath('fr', 'productDetail', { pdp: french.url }),
    );
    expect(page.statusCode).toBe(200);
    const main = mainOf(page.body);
    expect(main).toContain(`jusqu’à ${formatMoney('fr', french.bestPriceCents, 'short')}`);
    expect(main).not.toContain(formatMoney('fr', german.bestPriceCents, 'short'));
    expect(main).toContain('Le prix d’un appareil en parfait état.');
  });
});

describe('lists of models', () => {
  it('give every variant of the overview its best price', async () => {
    const answer = await search('de', { kind: 'devicesBySeries', seriesUrl: 'apple-iphone-13' });
    const devices = answer.kind === 'devicesBySeries' ? answer.hits : [];
    expect(devices.length).toBeGreaterThan(3);
    const page = await shop.get('de.localhost', '/produkte/uebersicht-apple-iphone-13');
    expect(page.statusCode).toBe(200);
    const html = page.body;
    for (const device of devices) {
      const href = buildPath('de', 'productDetail', { pdp: device.url });
      const item = new RegExp(
        `<li><a[^>]* href="${href}"[^>]*>[^<]*</a> <span[^>]*>([^<]*)</span>`,
      );
      expect([device.name, item.exec(html)?.[1]]).toEqual([
        device.name,
        `bis zu ${formatMoney('de', device.bestPriceCents, 'short')}`,
      ]);
    }
  });

  it('give every model of a series’ sell page its best price', async () => {
    const answer = await search('de', { kind: 'devicesBySeries', seriesUrl: 'apple-iphone-13' });
    const [first] = answer.kind === 'devicesBySeries' ? answer.hits : [];
    if (first === undefined) throw new Error('the iPhone 13 series has no devices');
    const page = await shop.get('de.localhost', '/verkaufen/apple-iphone-13');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`bis zu ${formatMoney('de', first.bestPriceCents, 'short')}`);
  });
});
