import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sellerPhotoListSchema, type SellerPhotoList } from '@tradein/contract';
import type { ElementHandle, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationBody } from '@tradein/trade-api/test-kit';
import { catalogueDevice, checkOut, guestTrade } from '../server/selling-test-kit.ts';
import {
  axeViolations,
  customerToken,
  hydrated,
  registerActivated,
  useShopBrowser,
} from './browser-kit.ts';

/*
 * The seller's own photos in Chromium against the built server, on a phone-sized window: a
 * registered customer's trade made through the API, its detail opened in the account, a phone
 * photo with its GPS position uploaded through the file picker, and a text file with a photo's
 * name refused. What was stored is read back through the API. Elements are found by their
 * structure, since the page speaks the edition's language.
 */

const password = 'Secret-pass-1';
const email = 'sofia.photos@example.org';

const shop = useShopBrowser();
let files: string;
beforeAll(async () => {
  files = await mkdtemp(join(tmpdir(), 'tradein-seller-photo-files-'));
});
afterAll(async () => {
  await rm(files, { recursive: true, force: true });
});

/** A phone photo as a file: JPEG with the maker and a GPS position in its EXIF. */
async function phonePhotoFile(): Promise<string> {
  const file = join(files, 'IMG_2041.jpg');
  const bytes = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#3a6ea5' },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 8/1 21/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '11/1 34/1 12/1',
      },
    })
    .toBuffer();
  expect((await sharp(bytes).metadata()).exif).toBeDefined();
  await writeFile(file, bytes);
  return file;
}

/** The photos of line 1 as the API lists them for the customer. */
async function storedPhotos(token: string, tradeNumber: string): Promise<SellerPhotoList> {
  const answer = await shop.api('GET', `/api/trade/trades/${tradeNumber}/items/1/photos`, {
    token,
  });
  expect(answer.status).toBe(200);
  return sellerPhotoListSchema.parse(answer.body);
}

/** The file picker of a line, once the line's photos have loaded. */
async function filePicker(page: Page, line: string): Promise<ElementHandle<HTMLInputElement>> {
  const input = await page.waitForSelector(`${line} input[type="file"]`, { timeout: 15_000 });
  if (input === null) throw new Error('no file picker');
  return input as ElementHandle<HTMLInputElement>;
}

describe("the seller's photos", () => {
  it('uploads a phone photo without its location and refuses a renamed text file', async () => {
    await registerActivated(shop, registrationBody(email, 'de-DE', password));
    const token = await customerToken(shop, email, password);
    const device = await catalogueDevice(shop.api, 'iphone 13');
    const { tradeNumber } = await checkOut(shop.api, token, [{ device, pick: 'best' }]);
    const page = await shop.newPage(360);
    await page.goto(shop.url('localhost', '/account'));
    await hydrated(page);
    await page.waitForSelector('main input[name="email"]');
    await page.type('main input[name="email"]', email);
    await page.type('main input[name="password"]', password);
    // By keyboard, as a banner the shop may lay over the page bottom cannot take a key press.
    await page.keyboard.press('Enter');

    // The trade waits for its parcel: its detail offers photos of the device.
    const detail = `#trade-${tradeNumber}-detail`;
    const toggle = await page.waitForSelector(
      `button[aria-controls="trade-${tradeNumber}-detail"]`,
    );
    await toggle?.focus();
    await page.keyboard.press('Enter');
    const line = `${detail} .seller-photos__line[data-position="1"]`;
    const picker = await filePicker(page, line);
    // The picker offers the photo formats (the camera on a phone); the server reads the content.
    expect(await picker.evaluate((input) => input.accept)).toBe('image/jpeg,image/png,image/webp');

    // A phone photo with its GPS position: shown from what was stored.
    await picker.uploadFile(await phonePhotoFile());
    const stored = `${line} .seller-photos__tile img[src^="data:image/jpeg"]`;
    const image = await page.waitForSelector(stored, { timeout: 20_000 });
    expect(await image?.evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBe(800);
    const [photo] = (await storedPhotos(token, tradeNumber)).photos;
    if (photo === undefined) throw new Error('the photo was not stored');
    const bytes = await shop.api('GET', photo.path, { token });
    expect(bytes.status).toBe(200);
    const metadata = await sharp(bytes.bytes).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(bytes.bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(bytes.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);

    // A text file named like a photo: refused with a message naming it, nothing stored.
    const textFile = join(files, 'notes.jpg');
    await writeFile(textFile, 'Pick-up on Tuesday, ring twice.\n');
    await (await filePicker(page, line)).uploadFile(textFile);
    const notice = await page.waitForSelector(
      `${line} .seller-photos__notice[role="alert"][data-problem="type"]`,
      { timeout: 20_000 },
    );
    const message = (await notice?.evaluate((node) => node.textContent ?? '')) ?? '';
    expect(message).toContain('notes.jpg');
    expect((await storedPhotos(token, tradeNumber)).photos.map((entry) => entry.id)).toEqual([
      photo.id,
    ]);
    expect(await page.$$eval(`${line} .seller-photos__tile`, (tiles) => tiles.length)).toBe(1);

    // Nothing wider than the phone's window, and nothing axe objects to.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);
  it('are offered on the thank-you page to the guest who just made the trade', async () => {
    const device = await catalogueDevice(shop.api, 'iphone 13');
    const { tradeNumber, token } = await guestTrade(shop.api, 'jonas.photos@example.org', [
      { device, pick: 'best' },
    ]);
    const page = await shop.newPage(360);
    await page.goto(shop.url('localhost', '/thankYou'));
    // What the widget leaves after its checkout: the guest session of this tab, and the
    // thank-you step in the history entry (kept there across a reload).
    await page.evaluate(
      (guestToken: string, number: string) => {
        const [, claims = ''] = guestToken.split('.');
        const { sub } = JSON.parse(atob(claims.replace(/-/g, '+').replace(/_/g, '/'))) as {
          sub: string;
        };
        sessionStorage.setItem(
          'tradein:account',
          JSON.stringify({
            isLoggedIn: false,
            email: null,
            accessToken: guestToken,
            refreshToken: null,
            customerId: sub,
            customerNumber: null,
            customerData: null,
            tokenExpiry: Date.now() + 10 * 60 * 1000,
            remember: false,
            isGuest: true,
          }),
        );
        history.replaceState(
          {
            usr: { tradeinStep: { screen: 'thank-you', tradeNumber: number } },
            key: 'test',
            idx: 0,
          },
          '',
        );
      },
      token,
      tradeNumber,
    );
    await page.reload();
    await hydrated(page);
    const line = '.thank-you-photos .seller-photos__line[data-position="1"]';
    const png = join(files, 'scratch.png');
    await writeFile(
      png,
      await sharp({ create: { width: 300, height: 200, channels: 4, background: '#c008' } })
        .png()
        .toBuffer(),
    );
    await (await filePicker(page, line)).uploadFile(png);
    await page.waitForSelector(`${line} .seller-photos__tile img[src^="data:image/jpeg"]`, {
      timeout: 20_000,
    });
    expect((await storedPhotos(token, tradeNumber)).photos).toHaveLength(1);
    expect(await page.$$eval('.thank-you-photos h2', (headings) => headings.length)).toBe(1);
    await page.close();
  }, 60_000);
});
