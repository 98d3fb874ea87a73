import { checkoutBody, registrationBody } from '@tradein/trade-api/test-kit';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  customerToken,
  hydrated,
  registerActivated,
  textOf,
  useShopBrowser,
} from './browser-kit.ts';
import { catalogueDevice } from '../server/selling-test-kit.ts';

/*
 * A business trade's VAT ID in the customer's account: sold through the API in the B2B mode
 * with a VAT ID, then opened in the trade history's detail.
 */

const shop = useShopBrowser();
const email = 'firma.vat@example.org';
const password = 'Secret-pass-1';

describe("the account's detail of a business trade", () => {
  it('names the VAT ID of its credit note', async () => {
    await registerActivated(shop, registrationBody(email, 'de-DE', password));
    const token = await customerToken(shop, email, password);
    const device = await catalogueDevice(shop.api, 'iphone 13');
    const offer = await shop.api('POST', '/api/trade/offers', {
      body: {
        edition: 'de',
        deviceId: device.id,
        answers: device.questions.map((question) => ({
          questionId: question.id,
          answerId: question.answers[0]?.id,
        })),
      },
    });
    expect(offer.status).toBe(200);
    const trade = await shop.api('POST', '/api/trade/trades', {
      body: checkoutBody([{ offerId: String(offer.body['offerId']), quantity: 1 }], {
        shopMode: 'b2bWidget',
        vatId: 'DE136695976',
      }),
      token,
    });
    expect(trade.status).toBe(201);
    const tradeNumber = String(trade.body['tradeNumber']);

    const page = await shop.newPage(360);
    await page.goto(shop.url('b2b.localhost', '/account'));
    await hydrated(page);
    await page.waitForSelector('main input[name="email"]');
    await page.type('main input[name="email"]', email);
    await page.type('main input[name="password"]', password);
    await page.click('main form button[type="submit"]');
    const toggle = `button[aria-controls="trade-${tradeNumber}-detail"]`;
    await page.waitForSelector(toggle);
    await page.click(toggle);
    const detail = `#trade-${tradeNumber}-detail`;
    await page.waitForFunction(
      (selector: string) => document.querySelector(selector)?.textContent?.includes('USt-IdNr.'),
      {},
      detail,
    );
    expect(await textOf(page, detail)).toContain('USt-IdNr. auf der Gutschrift: DE136695976');
    expect(await axeViolations(page)).toEqual([]);
  });
});
