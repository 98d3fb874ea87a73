import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiErrorCode,
  clarificationViewSchema,
  maxSellerPhotoBytes,
  maxSellerPhotosPerLine,
  sellerPhotoListSchema,
  tradeSchema,
  type SellerPhotoList,
} from '@tradein/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { openBlobStore } from '../blobs/open-blob-store.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import { checkoutBody, createCustomer, phoneAnswers } from '../../test-kit/trade-test-kit.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { runOpsCommand } from '../cli/ops-commands.ts';
import type { TradeDb } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { HttpError } from '../server/http-error.ts';
import type { Authenticator } from '../server/route.ts';
import { createClarificationLink } from '../trades/clarification-links.ts';
import { receiveTrade } from '../trades/lifecycle-steps.ts';
import { registerOfferRoutes } from '../trades/offers.ts';
import { registerTradeRoutes } from '../trades/trade-routes.ts';
import { sellerPhotoStorage } from './photo-storage.ts';
import { registerSellerPhotoRoutes } from './seller-photo-routes.ts';

/** Stands in for the JWT: the customer id in a header of its own. */
const customerHeader = 'x-test-customer';
const testAuthenticator: Authenticator = (request) => {
  const id = request.headers[customerHeader];
  return typeof id === 'string' && id !== ''
    ? Promise.resolve({ customerId: id })
    : Promise.reject(new HttpError(401, apiErrorCode.unauthorized, 'Log in first'));
};

/** Whether a JPEG carries an EXIF segment (APP1 `Exif\0\0`). */
function hasExifSegment(bytes: Uint8Array): boolean {
  return Buffer.from(bytes).includes(Buffer.from('Exif\0\0', 'latin1'));
}

/** A phone photo: JPEG with the maker and the GPS position of the Brandenburg Gate in its EXIF. */
function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#b44' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 30/1 58/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 22/1 39/1',
      },
    })
    .toBuffer();
}

/** The path of a line's photos. */
const photosOf = (tradeNumber: string, position: number) =>
  `/api/trade/trades/${tradeNumber}/items/${position}/photos`;

/** Checks an error answer's status and code; answers its message. */
async function expectError(answer: Response, status: number, code: string): Promise<string> {
  const body = (await answer.json()) as { error: { code: string; message: string } };
  expect({ status: answer.status, code: body.error.code }).toEqual({ status, code });
  return body.error.message;
}

/** The clock of the routes: the real time. */
const clock = () => new Date();

describe.each(testDatabases())("the seller's photos on $name", (engine) => {
  let db: TradeDb;
  let dataDir: string;
  let mailer: Mailer;
  let server: RunningServer;
  let owner: string;
  let stranger: string;

  beforeAll(async () => {
    db = await engine.create();
    await migrateToLatest(db);
    await seedCatalogue(db, testCatalogue(6));
    dataDir = await mkdtemp(join(tmpdir(), 'tradein-seller-photos-'));
    mailer = createMailer({ smtpUrl: undefined, outboxDir: join(dataDir, 'outbox') });
    server = await startTestServer(db, {
      authenticate: testAuthenticator,
      extend: async (route, api) => {
        registerOfferRoutes(route, { db, clock });
        registerTradeRoutes(route, { db, mailer, clock, config: testConfig });
        await registerSellerPhotoRoutes(route, api, {
          db,
          clock,
          storage: sellerPhotoStorage(openBlobStore({ dataDir }, db)),
          authenticate: testAuthenticator,
          validateAnswers: true,
        });
      },
    });
    owner = (await createCustomer(db)).id;
    stranger = (await createCustomer(db)).id;
  });

  afterAll(async () => {
    await server.close();
    mailer.close();
    await engine.destroy(db);
    await rm(dataDir, { recursive: true, force: true });
  });

  async function send(
    method: string,
    path: string,
    options: { customer?: string; body?: Uint8Array | string; type?: string } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    if (options.customer !== undefined) headers[customerHeader] = options.customer;
    if (options.type !== undefined) headers['content-type'] = options.type;
    return fetch(`${server.origin}${path}`, {
      method,
      headers,
      // Copied into a fresh array: fetch takes bytes over a plain ArrayBuffer only.
      ...(options.body === undefined
        ? {}
        : { body: typeof options.body === 'string' ? options.body : new Uint8Array(options.body) }),
    });
  }

  /** A fresh trade of the owner with two devices; answers its number. */
  async function newTrade(customer = owner): Promise<string> {
    const offers = [];
    for (const deviceId of [1000, 1001]) {
      const answer = await send('POST', '/api/trade/offers', {
        type: 'application/json',
        body: JSON.stringify({ edition: 'de', deviceId, answers: phoneAnswers(1) }),
      });
      expect(answer.status).toBeLessThan(300);
      offers.push({ offerId: ((await answer.json()) as { offerId: string }).offerId, quantity: 1 });
    }
    const created = await send('POST', '/api/trade/trades', {
      customer,
      type: 'application/json',
      body: JSON.stringify(checkoutBody(offers)),
    });
    expect(created.status).toBe(201);
    return tradeSchema.parse(await created.json()).tradeNumber;
  }

  async function upload(
    tradeNumber: string,
    position: number,
    body: Uint8Array | string,
    type = 'image/jpeg',
    customer = owner,
  ): Promise<Response> {
    return send('POST', photosOf(tradeNumber, position), { customer, body, type });
  }

  it('stores a phone JPEG without any EXIF, GPS position included, and gives it back', async () => {
    const tradeNumber = await newTrade();
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const answer = await upload(tradeNumber, 1, original);
    expect(answer.status).toBe(200);
    const list = sellerPhotoListSchema.parse(await answer.json());
    expect(list.position).toBe(1);
    expect(list.editable).toBe(true);
    expect(list.photos).toHaveLength(1);
    const [photo] = list.photos;
    expect(photo).toMatchObject({ position: 1, contentType: 'image/jpeg', width: 64, height: 48 });

    const bytes = await send('GET', photo?.path ?? '', { customer: owner });
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/jpeg');
    const stored = new Uint8Array(await bytes.arrayBuffer());
    expect(stored.byteLength).toBe(photo?.sizeBytes);
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(hasExifSegment(stored)).toBe(false);
    expect(Buffer.from(stored).includes(Buffer.from('PhoneMaker'))).toBe(false);

    // The other line has none; the listing of line 1 says the same as the upload's answer.
    const other = await send('GET', photosOf(tradeNumber, 2), { customer: owner });
    expect(sellerPhotoListSchema.parse(await other.json()).photos).toEqual([]);
    const listed = await send('GET', photosOf(tradeNumber, 1), { customer: owner });
    expect(sellerPhotoListSchema.parse(await listed.json())).toEqual(list);
  });

  it.each([
    [
      'PNG',
      'image/png',
      () =>
        sharp({ create: { width: 20, height: 20, channels: 4, background: '#0408' } })
          .png()
          .toBuffer(),
    ],
    [
      'WebP',
      'image/webp',
      () =>
        sharp({ create: { width: 20, height: 12, channels: 3, background: '#080' } })
          .webp()
          .toBuffer(),
    ],
  ])('takes a %s and keeps it as JPEG', async (_name, type, make) => {
    const tradeNumber = await newTrade();
    const answer = await upload(tradeNumber, 2, await make(), type);
    expect(answer.status).toBe(200);
    const [photo] = sellerPhotoListSchema.parse(await answer.json()).photos;
    const bytes = await send('GET', photo?.path ?? '', { customer: owner });
    expect((await sharp(new Uint8Array(await bytes.arrayBuffer())).metadata()).format).toBe('jpeg');
  });

  it('judges by content: a text file sent as image/jpeg is refused, whatever its name', async () => {
    const tradeNumber = await newTrade();
    const text = 'holiday.jpg\nThis is a note, not a photo.\n';
    const message = await expectError(
      await upload(tradeNumber, 1, text),
      415,
      apiErrorCode.photoType,
    );
    expect(message).toMatch(/^Only JPEG, PNG or WebP photos/);
    // A JSON body is no photo either, nor is an empty one or a GIF.
    await expectError(
      await upload(tradeNumber, 1, '{"photo":"x"}', 'application/json'),
      415,
      apiErrorCode.photoType,
    );
    await expectError(await upload(tradeNumber, 1, new Uint8Array()), 415, apiErrorCode.photoType);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expectError(await upload(tradeNumber, 1, gif, 'image/gif'), 415, apiErrorCode.photoType);
    // A media type that is no media type at all is answered the same way.
    await expectError(
      await upload(tradeNumber, 1, text, 'not a type'),
      415,
      apiErrorCode.photoType,
    );
    const list = await send('GET', photosOf(tradeNumber, 1), { customer: owner });
    expect(sellerPhotoListSchema.parse(await list.json()).photos).toEqual([]);
    // The other way round, a photo declared as something else is still a photo.
    const declaredWrong = await upload(
      tradeNumber,
      1,
      await jpegWithGps(),
      'application/octet-stream',
    );
    expect(declaredWrong.status).toBe(200);
  });

  it('refuses a photo over 10 MB', async () => {
    const tradeNumber = await newTrade();
    // A JPEG start and 11 MB after it: the size decides before anything is decoded.
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(big.byteLength).toBeGreaterThan(maxSellerPhotoBytes);
    const message = await expectError(
      await upload(tradeNumber, 1, big),
      413,
      apiErrorCode.photoTooLarge,
    );
    expect(message).toBe('A photo may have at most 10 MB');
  });

  it(`takes ${maxSellerPhotosPerLine} photos per device and refuses the next`, async () => {
    const tradeNumber = await newTrade();
    const photo = await jpegWithGps();
    const answers = await Promise.all(
      Array.from({ length: maxSellerPhotosPerLine }, () => upload(tradeNumber, 1, photo)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(
      Array.from({ length: maxSellerPhotosPerLine }, () => 200),
    );
    const message = await expectError(
      await upload(tradeNumber, 1, photo),
      409,
      apiErrorCode.photoLimit,
    );
    expect(message).toBe('At most 6 photos per device');
    // The other device has its own six.
    expect((await upload(tradeNumber, 2, photo)).status).toBe(200);
    const files = await sellerPhotoStorage(openBlobStore({ dataDir }, db)).list(
      `${tradeNumber.toLowerCase()}/`,
    );
    expect(files).toHaveLength(maxSellerPhotosPerLine + 1);
  });

  it('lets two uploads at once not both take the last place', async () => {
    const tradeNumber = await newTrade();
    const photo = await jpegWithGps();
    for (let count = 0; count < maxSellerPhotosPerLine - 1; count += 1) {
      expect((await upload(tradeNumber, 1, photo)).status).toBe(200);
    }
    const racing = await Promise.all([
      upload(tradeNumber, 1, photo),
      upload(tradeNumber, 1, photo),
    ]);
    expect(racing.map((answer) => answer.status).toSorted()).toEqual([200, 409]);
    const list = await send('GET', photosOf(tradeNumber, 1), { customer: owner });
    expect(sellerPhotoListSchema.parse(await list.json()).photos).toHaveLength(
      maxSellerPhotosPerLine,
    );
    // The refused upload's bytes were removed again.
    const files = await sellerPhotoStorage(openBlobStore({ dataDir }, db)).list(
      `${tradeNumber.toLowerCase()}/1/`,
    );
    expect(files).toHaveLength(maxSellerPhotosPerLine);
  });

  it("answers 404 for another customer's trade, exactly as for a missing one", async () => {
    const tradeNumber = await newTrade();
    const photo = await jpegWithGps();
    const stored = sellerPhotoListSchema.parse(await (await upload(tradeNumber, 1, photo)).json())
      .photos[0];
    const path = stored?.path ?? '';
    const missing = await expectError(
      await upload('T-2026-999999', 1, photo),
      404,
      apiErrorCode.notFound,
    );
    for (const answer of [
      await upload(tradeNumber, 1, photo, 'image/jpeg', stranger),
      await send('GET', photosOf(tradeNumber, 1), { customer: stranger }),
      await send('GET', path, { customer: stranger }),
      await send('DELETE', path, { customer: stranger }),
    ]) {
      expect(await expectError(answer, 404, apiErrorCode.notFound)).toBe(missing);
    }
    // Still there for its owner; without a token nobody gets in.
    expect((await send('GET', path, { customer: owner })).status).toBe(200);
    await expectError(await send('GET', path), 401, apiErrorCode.unauthorized);
    await expectError(
      await upload(tradeNumber, 1, photo, 'image/jpeg', ''),
      401,
      apiErrorCode.unauthorized,
    );
  });

  it('names a missing device, a missing photo and a malformed photo id', async () => {
    const tradeNumber = await newTrade();
    const photo = await jpegWithGps();
    const noDevice = await expectError(
      await upload(tradeNumber, 3, photo),
      404,
      apiErrorCode.notFound,
    );
    expect(noDevice).toBe(`Trade ${tradeNumber} has no device 3`);
    await expectError(
      await send('GET', `${photosOf(tradeNumber, 1)}/${randomUUID()}`, { customer: owner }),
      404,
      apiErrorCode.notFound,
    );
    await expectError(
      await send('GET', `${photosOf(tradeNumber, 1)}/not-a-uuid`, { customer: owner }),
      400,
      apiErrorCode.validationFailed,
    );
    await expectError(
      await send('GET', photosOf(tradeNumber, 0), { customer: owner }),
      400,
      apiErrorCode.validationFailed,
    );
  });

  it('removes a photo before shipping, row and file', async () => {
    const tradeNumber = await newTrade();
    const photo = await jpegWithGps();
    await upload(tradeNumber, 1, photo);
    const list = sellerPhotoListSchema.parse(await (await upload(tradeNumber, 1, photo)).json());
    const [first, second] = list.photos;
    const storage = sellerPhotoStorage(openBlobStore({ dataDir }, db));
    expect(await storage.list(`${tradeNumber.toLowerCase()}/1/`)).toHaveLength(2);

    const answer = await send('DELETE', first?.path ?? '', { customer: owner });
    expect(answer.status).toBe(200);
    const after: SellerPhotoList = sellerPhotoListSchema.parse(await answer.json());
    expect(after.photos.map((entry) => entry.id)).toEqual([second?.id]);
    expect(await storage.list(`${tradeNumber.toLowerCase()}/1/`)).toHaveLength(1);
    await expectError(
      await send('GET', first?.path ?? '', { customer: owner }),
      404,
      apiErrorCode.notFound,
    );
    await expectError(
      await send('DELETE', first?.path ?? '', { customer: owner }),
      404,
      apiErrorCode.notFound,
    );
  });

  it('keeps the photos once the parcel is received, refusing changes, and shows the operator their files', async () => {
    const tradeNumber = await newTrade();
    const photo = await jpegWithGps();
    const [kept] = sellerPhotoListSchema.parse(
      await (await upload(tradeNumber, 2, photo)).json(),
    ).photos;
    await receiveTrade({ db, mailer, clock: () => new Date() }, tradeNumber);

    const refused = await expectError(
      await upload(tradeNumber, 2, photo),
      409,
      apiErrorCode.tradeShipped,
    );
    expect(refused).toBe(
      `Trade ${tradeNumber} is shipped already: photos can only be changed before shipping`,
    );
    await expectError(
      await send('DELETE', kept?.path ?? '', { customer: owner }),
      409,
      apiErrorCode.tradeShipped,
    );
    const list = sellerPhotoListSchema.parse(
      await (await send('GET', photosOf(tradeNumber, 2), { customer: owner })).json(),
    );
    expect(list.editable).toBe(false);
    expect(list.photos.map((entry) => entry.id)).toEqual([kept?.id]);
    expect((await send('GET', kept?.path ?? '', { customer: owner })).status).toBe(200);

    const lines: string[] = [];
    const code = await runOpsCommand(
      ['show', tradeNumber],
      { db, mailer, clock: () => new Date(), dataDir },
      (line) => lines.push(line),
    );
    expect(code).toBe(0);
    // A file of the data folder on SQLite, a row of the blobs table on PostgreSQL.
    const store = openBlobStore({ dataDir }, db);
    const key = `seller-photos/${tradeNumber.toLowerCase()}/2/${kept?.id}.jpg`;
    const where = {
      sqlite: join(dataDir, 'seller-photos', tradeNumber.toLowerCase(), '2', `${kept?.id}.jpg`),
      postgres: `blobs table row ${key}`,
    }[engine.name];
    const itemTwo = lines.findIndex((line) => line.startsWith('  item 2:'));
    expect(itemTwo).toBeGreaterThan(0);
    expect(lines.slice(itemTwo)).toContain(`    seller photo: ${where}`);
    const stored = await store.get(key);
    expect(stored?.contentType).toBe('image/jpeg');
    expect(stored?.bytes.byteLength).toBe(kept?.sizeBytes);
    expect(hasExifSegment(stored?.bytes ?? new Uint8Array())).toBe(false);
  });
  it('shows the photos beside the findings on the clarification page, opened by its link only', async () => {
    const tradeNumber = await newTrade();
    const photo = await jpegWithGps();
    await upload(tradeNumber, 2, photo);
    const { photos } = sellerPhotoListSchema.parse(
      await (await upload(tradeNumber, 2, photo)).json(),
    );
    const otherTrade = await newTrade();
    const [foreign] = sellerPhotoListSchema.parse(
      await (await upload(otherTrade, 1, photo)).json(),
    ).photos;
    const trade = await db
      .selectFrom('trades')
      .select('id')
      .where('trade_number', '=', tradeNumber)
      .executeTakeFirstOrThrow();
    const { link } = await createClarificationLink(db, trade.id, new Date());

    const page = await send('GET', `/api/trade/clarifications/${link}/${tradeNumber}`);
    expect(page.status).toBe(200);
    const view = clarificationViewSchema.parse(await page.json());
    expect(view.lines.map((line) => line.sellerPhotos.length)).toEqual([0, 2]);
    // In the order the owner's list has them.
    expect(view.lines[1]?.sellerPhotos).toEqual(
      photos.map(
        (entry) => `/api/trade/clarifications/${link}/${tradeNumber}/seller-photos/${entry.id}`,
      ),
    );
    const path = view.lines[1]?.sellerPhotos[1] ?? '';
    const second = photos[1];

    const bytes = await send('GET', path);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/jpeg');
    expect(bytes.headers.get('cache-control')).toBe('private, no-store');
    expect(hasExifSegment(new Uint8Array(await bytes.arrayBuffer()))).toBe(false);

    // A tampered link, another trade's number, another trade's photo, a malformed id: one 404.
    const tampered = `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [
      `/api/trade/clarifications/${tampered}/${tradeNumber}/seller-photos/${second?.id}`,
      `/api/trade/clarifications/${link}/${otherTrade}/seller-photos/${foreign?.id}`,
      `/api/trade/clarifications/${link}/${tradeNumber}/seller-photos/${foreign?.id}`,
      `/api/trade/clarifications/${link}/${tradeNumber}/seller-photos/not-a-photo`,
    ]) {
      await expectError(await send('GET', wrong), 404, apiErrorCode.clarificationNotFound);
    }
  });
});
