import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../catalogue/build-catalogue.ts';
import { renderCatalogueImage } from '../catalogue/catalogue-image.ts';
import type { Catalogue } from '../catalogue/catalogue-model.ts';
import { openBlobStore } from '../blobs/open-blob-store.ts';
import { cataloguePhotoStorage } from '../catalogue/catalogue-photo.ts';
import type { CategoryKey } from '../catalogue/catalogue-texts.ts';
import { illustrationOf } from '../catalogue/device-illustrations.ts';
import { deviceKind, deviceKinds, type DeviceKind } from '../catalogue/device-kind.ts';
import type { TradeDb } from '../db/create-database.ts';
import { loadCatalogue } from '../db/load-catalogue.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import { createTradeApiOptions } from './open-trade-api.ts';

/** The first bytes of a JPEG file and a few more: the route sends what the storage holds. */
const photoBytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);

/** The first device of each kind in a catalogue. */
function firstDeviceOfEachKind(catalogue: Catalogue): Map<DeviceKind, number> {
  const categoryKeys = new Map(catalogue.categories.map((entry) => [entry.id, entry.key]));
  const seriesNames = new Map(catalogue.series.map((entry) => [entry.id, entry.pages.de.name]));
  const devices = new Map<DeviceKind, number>();
  for (const device of catalogue.devices) {
    const kind = deviceKind({
      category: categoryKeys.get(device.categoryId) as CategoryKey,
      series: seriesNames.get(device.seriesId) ?? '',
      model: device.model,
    });
    if (!devices.has(kind)) devices.set(kind, device.id);
  }
  return devices;
}

/**
 * The image route through the production wiring: the stored catalogue, drawings, and photos
 * from the catalogue photo storage in the data folder.
 */
describe.each(testDatabases())('catalogue images on $name', (engine) => {
  let db: TradeDb;
  let server: RunningServer;
  let mailer: Mailer;
  let dataDir: string;
  let catalogue: Catalogue;
  const built = buildCatalogue();
  const [withPhoto, withMissingPhoto] = built.devices;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'catalogue-images-'));
    db = await engine.create();
    await migrateToLatest(db);
    // The store the node uses: the data folder on SQLite, the blobs table on PostgreSQL.
    await cataloguePhotoStorage(openBlobStore({ dataDir }, db)).put(
      'apple/phone-front.jpg',
      photoBytes,
      'image/jpeg',
    );
    await seedCatalogue(db, {
      ...built,
      devices: built.devices.map((device) => {
        if (device === withPhoto) return { ...device, photo: 'apple/phone-front.jpg' };
        if (device === withMissingPhoto) return { ...device, photo: 'not-copied-yet.jpg' };
        return device;
      }),
    });
    catalogue = await loadCatalogue(db);
    mailer = createMailer({ smtpUrl: undefined, outboxDir: join(dataDir, 'outbox') });
    const config = { ...testConfig, dataDir };
    server = await startTestServer(db, {
      ...createTradeApiOptions({ db, config, catalogue, mailer }),
      config,
    });
  });

  afterAll(async () => {
    await server.close();
    mailer.close();
    await engine.destroy(db);
    await rm(dataDir, { recursive: true, force: true });
  });

  const image = (kind: string, id: number | undefined) =>
    fetch(`${server.origin}/api/trade/images/${kind}/${id ?? 0}.svg`);

  it('answers the drawing of its kind for a device of every kind in the seed', async () => {
    const devices = firstDeviceOfEachKind(catalogue);
    expect([...devices.keys()].toSorted()).toEqual(
      deviceKinds.filter((kind) => kind !== 'console-controller').toSorted(),
    );
    for (const [kind, id] of devices) {
      const response = await image('device', id);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
      const svg = await response.text();
      expect(svg).toBe(renderCatalogueImage(catalogue, 'device', id));
      expect([kind, svg.includes(illustrationOf(kind))]).toEqual([kind, true]);
    }
  });

  it('draws the consoles category as a controller', async () => {
    const consoles = catalogue.categories.find((entry) => entry.key === 'consoles');
    const svg = await (await image('category', consoles?.id)).text();
    expect(svg).toContain(illustrationOf('console-controller'));
  });

  it('answers a device’s stored photo at the same address, cached like a drawing', async () => {
    const response = await image('device', withPhoto?.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(photoBytes);
  });

  it('draws a device whose photo file is not stored yet', async () => {
    const response = await image('device', withMissingPhoto?.id);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await response.text()).toBe(
      renderCatalogueImage(catalogue, 'device', withMissingPhoto?.id ?? 0),
    );
  });
});
