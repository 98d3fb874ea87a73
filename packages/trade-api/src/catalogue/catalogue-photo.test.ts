import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileBlobStore } from '../blobs/file-blob-store.ts';
import { buildCatalogue } from './build-catalogue.ts';
import type { Catalogue } from './catalogue-model.ts';
import { cataloguePhotoStorage, photoContentType, readCataloguePhoto } from './catalogue-photo.ts';

describe('photoContentType', () => {
  it.each([
    ['apple-iphone-13-pro.jpg', 'image/jpeg'],
    ['apple/iphone-13-pro.jpeg', 'image/jpeg'],
    ['galaxy_s24.png', 'image/png'],
    ['pixel-9.webp', 'image/webp'],
    ['switch.avif', 'image/avif'],
  ])('reads %s as %s', (key, type) => {
    expect(photoContentType(key)).toBe(type);
  });

  it.each([
    '../secrets.jpg',
    'apple/../../etc.jpg',
    '/etc/passwd.jpg',
    'photo.svg',
    'photo.gif',
    'Photo.JPG',
    'photo.jpg.exe',
    'photo',
    `${'a'.repeat(260)}.jpg`,
  ])('refuses %s', (key) => {
    expect(photoContentType(key)).toBeUndefined();
  });
});

describe('readCataloguePhoto', () => {
  let dataDir: string;
  const built = buildCatalogue();
  const [first, second, third] = built.devices;
  const catalogue: Catalogue = {
    ...built,
    devices: built.devices.map((device) => {
      if (device === first) return { ...device, photo: 'phone.webp' };
      if (device === second) return { ...device, photo: 'missing.webp' };
      if (device === third) return { ...device, photo: 'drawing.svg' };
      return device;
    }),
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'catalogue-photo-'));
    const photos = cataloguePhotoStorage(createFileBlobStore(dataDir));
    await photos.put('phone.webp', new Uint8Array([1, 2, 3]), 'image/webp');
    await photos.put('drawing.svg', new Uint8Array([4]), 'image/svg+xml');
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const read = (kind: 'device' | 'series', id: number | undefined) =>
    readCataloguePhoto(
      catalogue,
      cataloguePhotoStorage(createFileBlobStore(dataDir)),
      kind,
      id ?? 0,
    );

  it('reads the stored photo of a device with its content type', async () => {
    expect(await read('device', first?.id)).toEqual({
      contentType: 'image/webp',
      bytes: new Uint8Array([1, 2, 3]),
    });
  });

  it('has none for a missing file, a key that is not a photo’s, a device without photo or a series', async () => {
    expect(await read('device', second?.id)).toBeUndefined();
    expect(await read('device', third?.id)).toBeUndefined();
    expect(await read('device', built.devices[4]?.id)).toBeUndefined();
    expect(await read('series', first?.seriesId)).toBeUndefined();
    expect(await read('device', 987_654)).toBeUndefined();
  });
});
