import { describe, expect, it } from 'vitest';
import { catalogueDevice, guestTrade } from '../server/selling-test-kit.ts';
import { axeViolations, mailedTo, useShopBrowser } from './browser-kit.ts';

/*
 * The status page of a trade in Chromium against the built server, without JavaScript's help
 * needed: a guest's trade, opened by the link of its confirmation mail.
 */

const shop = useShopBrowser();

describe('the status page of a trade in the browser', () => {
  it('shows the trade of the mailed link, with no accessibility violations', async () => {
    const email = 'jonas.status@example.org';
    const device = await catalogueDevice(shop.api, 'iphone 13');
    const { tradeNumber } = await guestTrade(shop.api, email, [{ device, pick: 'best' }]);
    const mail = await mailedTo(shop, email, 'trade-confirmation');
    const link = /https?:\/\/\S*(\/trade\/status\?token=[\w.-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const page = await shop.newPage();
    await page.goto(shop.url('localhost', link ?? ''));
    await page.waitForSelector('main.trade-status-page');
    const heading = await page.$eval('h1', (element) => element.textContent ?? '');
    expect(heading).toContain(tradeNumber);
    expect(await axeViolations(page)).toEqual([]);

    const expired = await shop.newPage();
    const answer = await expired.goto(shop.url('localhost', '/trade/status?token=a.b.c'));
    expect(answer?.status()).toBe(404);
    expect(await axeViolations(expired)).toEqual([]);
  });
});
