import { registrationBody } from '@tradein/trade-api/test-kit';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  customerToken,
  logInToAccount,
  registerActivated,
  textOf,
  useShopBrowser,
} from './browser-kit.ts';
import { catalogueDevice, checkOut } from '../server/selling-test-kit.ts';

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
    const { tradeNumber } = await checkOut(shop.api, token, [{ device, pick: 'best' }], {
      shopMode: 'b2bWidget',
      vatId: 'DE136695976',
    });

    const page = await shop.newPage(360);
    await logInToAccount(shop, page, 'b2b.localhost', { email, password });
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
