import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  formatByMagicBytes,
  maxPhotoPixels,
  preparePhoto,
  PhotoRefusedError,
} from './photo-image.ts';

/** Whether an EXIF block's first directory points to a GPS block (tag 0x8825). */
function hasGpsBlock(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const read16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const firstDirectory = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  const entries = read16(firstDirectory);
  return Array.from({ length: entries }, (_, index) =>
    read16(firstDirectory + 2 + index * 12),
  ).includes(0x8825);
}

/**
 * A camera-like JPEG, 40×20 pixels as stored, turned by its EXIF orientation (6: rotate 90°
 * clockwise to show it), with the maker and a GPS position in its EXIF.
 */
async function phoneJpeg(): Promise<Uint8Array> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 31/1 12/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** One PNG chunk: length, type, data and checksum. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, checksum]);
}

/** A PNG whose header claims `side`×`side` pixels over a few bytes of image data. */
function pngClaiming(side: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1000))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The refusal `preparePhoto` throws for an upload. */
async function refusalOf(upload: Uint8Array): Promise<PhotoRefusedError> {
  const error: unknown = await preparePhoto(upload).then(
    () => new Error('the upload was taken'),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof PhotoRefusedError)) throw error;
  return error;
}

describe('preparePhoto', () => {
  it('removes EXIF with the GPS position after turning the photo upright', async () => {
    const upload = await phoneJpeg();
    const before = await sharp(upload).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGpsBlock(Buffer.from(before.exif ?? []))).toBe(true);

    const prepared = await preparePhoto(upload);
    const after = await sharp(prepared.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    const bytes = Buffer.from(prepared.bytes);
    expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
    // Upright: the 40×20 sensor image stands as 20×40.
    expect({ width: prepared.width, height: prepared.height }).toEqual({ width: 20, height: 40 });
    expect({ width: after.width, height: after.height }).toEqual({ width: 20, height: 40 });
  });

  it.each([
    [
      'PNG with transparency',
      () =>
        sharp({
          create: {
            width: 30,
            height: 30,
            channels: 4,
            background: { r: 0, g: 90, b: 200, alpha: 0.5 },
          },
        })
          .png()
          .toBuffer(),
    ],
    [
      'WebP',
      () =>
        sharp({ create: { width: 30, height: 18, channels: 3, background: '#0a0' } })
          .webp()
          .toBuffer(),
    ],
  ])('takes a %s and stores it as JPEG', async (_name, make) => {
    const upload = await make();
    const prepared = await preparePhoto(upload);
    const after = await sharp(prepared.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.hasAlpha).toBe(false);
    expect(prepared.width).toBe(30);
  });

  it('scales a very large photo down to 4096 pixels on its longest side', async () => {
    const upload = await sharp({
      create: { width: 5000, height: 200, channels: 3, background: '#888' },
    })
      .png()
      .toBuffer();
    const prepared = await preparePhoto(upload);
    expect(prepared.width).toBe(4096);
    expect(prepared.height).toBe(164);
  });

  it.each([
    ['a text file', Buffer.from('Dear seller, this is not a photo.\n')],
    ['nothing', new Uint8Array()],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    [
      'text behind the first bytes of a JPEG',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('not really')]),
    ],
  ])('refuses %s as no JPEG, PNG or WebP', async (_name, upload) => {
    const refusal = await refusalOf(upload);
    expect(refusal.refusal).toBe('type');
    expect(refusal.message).toMatch(/^Only JPEG, PNG or WebP photos/);
  });

  it('refuses a JPEG cut off in the middle', async () => {
    const whole = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#345' },
    })
      .jpeg()
      .toBuffer();
    expect((await refusalOf(whole.subarray(0, 300))).refusal).toBe('type');
  });

  it('refuses more pixels than a camera takes without decoding them', async () => {
    const side = Math.ceil(Math.sqrt(maxPhotoPixels)) + 1;
    const refusal = await refusalOf(pngClaiming(side));
    expect(refusal.refusal).toBe('pixels');
    expect(refusal.message).toBe('The photo has more than 200 megapixels');
  });
});

describe('formatByMagicBytes', () => {
  it('knows the three formats by their first bytes only', async () => {
    const tiny = sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } });
    expect(formatByMagicBytes(await tiny.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(formatByMagicBytes(await tiny.clone().png().toBuffer())).toBe('png');
    expect(formatByMagicBytes(await tiny.clone().webp().toBuffer())).toBe('webp');
    expect(formatByMagicBytes(await tiny.clone().gif().toBuffer())).toBeNull();
    expect(formatByMagicBytes(Buffer.from('RIFF0000WAVE', 'latin1'))).toBeNull();
  });
});
