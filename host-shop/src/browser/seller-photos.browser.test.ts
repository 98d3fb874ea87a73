import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildSearchRequest,
  deviceSchema,
  sellerPhotoListSchema,
  type Device,
  type SearchQuery,
  type SellerPhotoList,
} from '@tradein/contract';
import type { ElementHandle, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody, mailsTo, registrationBody, tokenOfLink } from '@tradein/trade-api/test-kit';
import { axeViolations, hydrated, startShopBrowser, type ShopBrowser } from './browser-kit.ts';

/*
 * The seller's own photos in Chromium against the built server, on a phone-sized window: a
 * registered customer's trade made through the API, its detail opened in the account, a phone
 * photo with its GPS position uploaded through the file picker, and a text file with a photo's
 * name refused. What was stored is read back through the API. Elements are found by their
 * structure, since the page speaks the edition's language.
 */

const password = 'Secret-pass-1';
const email = 'sofia.photos@example.org';

let shop: ShopBrowser;
let files: string;
beforeAll(async () => {
  shop = await startShopBrowser();
  files = await mkdtemp(join(tmpdir(), 'tradein-seller-photo-files-'));
}, 60_000);
afterAll(async () => {
  await shop.close();
  await rm(files, { recursive: true, force: true });
});

/** Registers and activates an account through the mailed link's token; answers its token. */
async function activatedCustomerToken(): Promise<string> {
  const registered = await shop.api('POST', '/api/account/register', {
    body: registrationBody(email, 'de-DE', password),
  });
  expect(registered.status).toBe(200);
  const outbox = join(shop.server.dataDir, 'outbox');
  let token: string | undefined;
  for (let attempt = 0; attempt < 200 && token === undefined; attempt += 1) {
    const [mail] = await mailsTo(outbox, email);
    if (mail === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    else token = tokenOfLink(mail.text, '/account/register');
  }
  if (token === undefined) throw new Error(`no activation mail to ${email}`);
  const activated = await shop.api('POST', '/api/account/activateRegistration', {
    headers: { token },
  });
  expect(activated.body['activated']).toBe(true);
  const login = await shop.api('POST', '/api/account/login', {
    body: { username: email, password },
  });
  expect(login.status).toBe(200);
  return String(login.body['access_token']);
}

/** Searches the seeded catalogue as the widget does. */
async function search(query: SearchQuery): Promise<{ hits: unknown[] }> {
  const answer = await shop.api('POST', '/api/trade/searches', {
    body: buildSearchRequest(query, 'devices_de'),
  });
  expect(answer.status).toBe(200);
  return answer.body as { hits: unknown[] };
}

/** A device of the seeded catalogue with its questions, found as the widget finds it. */
async function catalogueDevice(text: string): Promise<Device> {
  const found = await search({ kind: 'deviceSearch', text });
  const first = found.hits[0] as { url: string } | undefined;
  if (first === undefined) throw new Error(`nothing found for ${text}`);
  return deviceSchema.parse((await search({ kind: 'deviceByUrl', url: first.url })).hits[0]);
}

/** A trade of one device by the token's customer; answers its number. */
async function tradeOf(token: string, device: Device): Promise<string> {
  const answers = device.questions.map((question) => ({
    questionId: question.id,
    answerId: question.answers[0]?.id ?? 0,
  }));
  const offer = await shop.api('POST', '/api/trade/offers', {
    body: { edition: 'de', deviceId: device.id, answers },
  });
  expect(offer.status).toBeLessThan(300);
  const checkout = await shop.api('POST', '/api/trade/trades', {
    token,
    body: checkoutBody([{ offerId: String(offer.body['offerId']), quantity: 1 }]),
  });
  expect(checkout.status).toBe(201);
  return String(checkout.body['tradeNumber']);
}

/**
 * A guest's trade of one device, as the widget's checkout makes it: a guest session, the guest's
 * details, the checkout with the guest's token. Answers the number and the token.
 */
async function guestTradeOf(device: Device): Promise<{ tradeNumber: string; token: string }> {
  const session = await shop.api('POST', '/api/account/guestSession', {
    body: { locale: 'de-DE' },
  });
  const token = String(session.body['access_token']);
  const guest = await shop.api('POST', '/api/customers/guest_account_number', {
    token,
    body: {
      email: 'jonas.photos@example.org',
      firstName: 'Jonas',
      lastName: 'Weber',
      locale: 'de-DE',
    },
  });
  expect(guest.status).toBeLessThan(300);
  return { tradeNumber: await tradeOf(token, device), token };
}

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
    const token = await activatedCustomerToken();
    const tradeNumber = await tradeOf(token, await catalogueDevice('iphone 13'));
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
    const { tradeNumber, token } = await guestTradeOf(await catalogueDevice('iphone 13'));
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
