import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editionCodes } from '@tradein/editions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { buildCatalogue } from '../catalogue/build-catalogue.ts';
import type { Catalogue, CatalogueDevice } from '../catalogue/catalogue-model.ts';
import { basePricesFor, recyclingPricesFor } from '../catalogue/catalogue-pricing.ts';
import { toDevice } from '../catalogue/catalogue-view.ts';
import { runOpsCommand } from '../cli/ops-commands.ts';
import type { TradeDb } from '../db/create-database.ts';
import { loadCatalogue } from '../db/load-catalogue.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { createMailer } from '../mail/mailer.ts';
import { importCatalogue } from './catalogue-import.ts';

/** A model entry as `product-lines.json` writes it. */
function model(name: string, released: string, launchEuros: number, variants?: string) {
  return { model: name, released, launchEuros, ...(variants === undefined ? {} : { variants }) };
}

/**
 * Into the seed: a 2 TB variant of the iPhone 16 Pro and a new model in the iPhone 16 series
 * (released after the pricing's reference date), a new Apple series, and a new manufacturer in
 * two categories, written once by name and once by key.
 */
const models = [
  {
    category: 'smartphones',
    manufacturer: 'Apple',
    series: [
      {
        name: 'iPhone 16',
        models: [
          model('iPhone 16 Pro', '2024-09', 1199, '128|256|512|1T|2T'),
          model('iPhone 16 Ultra', '2026-02', 1599, '256|512'),
        ],
      },
      { name: 'iPhone 17', models: [model('iPhone 17', '2025-09', 949, '256|512')] },
    ],
  },
  {
    category: 'smartphones',
    manufacturer: 'Acme Mobile',
    series: [{ name: 'Rocket', models: [model('Rocket 5', '2025-03', 499, '128|256')] }],
  },
  {
    category: 'headphones',
    manufacturer: 'acme-mobile',
    series: [{ name: 'Buds', models: [model('Buds 2', '2025-05', 99)] }],
  },
];

/** The device of a catalogue with that name. */
function deviceNamed(catalogue: Catalogue, name: string): CatalogueDevice {
  const device = catalogue.devices.find((entry) => entry.name === name);
  if (device === undefined) throw new Error(`No device named ${name}`);
  return device;
}

/** A product line of a refused file. */
function line(series: unknown[], manufacturer = 'apple', category = 'smartphones') {
  return { category, manufacturer, series };
}

/** A series of a refused file. */
function iPhone18(entries: unknown[]) {
  return { name: 'iPhone 18', models: entries };
}

const origin = { actor: 'ops:tester', source: 'catalogue import models.json' };

describe.each(testDatabases())('catalogue import on $name', (engine) => {
  let db: TradeDb;
  let folder: string;
  let seeded: Catalogue;
  const mailer = createMailer({ smtpUrl: undefined, outboxDir: join(tmpdir(), 'unused-outbox') });

  beforeAll(async () => {
    db = await engine.create();
    await migrateToLatest(db);
    await seedCatalogue(db, buildCatalogue());
    seeded = await loadCatalogue(db);
    folder = await mkdtemp(join(tmpdir(), 'tradein-import-'));
  });
  afterAll(async () => {
    mailer.close();
    await engine.destroy(db);
    await rm(folder, { recursive: true, force: true });
  });

  /** Runs `npm run ops -- catalogue import <file> …` on a file holding `content`. */
  async function ops(
    content: unknown,
    ...flags: string[]
  ): Promise<{ code: number; output: string }> {
    return opsOn({}, content, ...flags);
  }

  /** {@link ops} on production (`NODE_ENV=production`), with an operator who answers or not. */
  async function opsOn(
    production: { production?: boolean; confirm?: (question: string) => Promise<boolean> },
    content: unknown,
    ...flags: string[]
  ): Promise<{ code: number; output: string }> {
    const file = join(folder, 'models.json');
    await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
    const lines: string[] = [];
    const code = await runOpsCommand(
      ['catalogue', 'import', file, ...flags],
      { db, mailer, clock: () => new Date(), dataDir: folder, origin, ...production },
      (printed) => lines.push(printed),
    );
    return { code, output: lines.join('\n') };
  }

  it('writes nothing on a dry run, but says what it would add', async () => {
    const before = await rowCounts(db);
    const dry = await ops(models, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.output).toContain(
      'Dry run, nothing written: 1 manufacturer, 3 series, 4 models, 8 devices added.',
    );
    expect(await rowCounts(db)).toEqual(before);
  });

  it('adds manufacturers, series, models and variants with pages, prices and history', async () => {
    const before = await rowCounts(db);
    const done = await ops(models);
    expect(done.code).toBe(0);
    expect(done.output).toMatch(
      /^1 manufacturer, 3 series, 4 models, 8 devices added \(catalogue revision \d+\)/,
    );
    expect(done.output).toContain('Already there, kept as they are: 1 manufacturer(s), 1 series');
    expect(done.output).toContain('Apple iPhone 16 Pro 2 TB');

    const after = await rowCounts(db);
    expect(after['devices']).toBe((before['devices'] ?? 0) + 8);
    expect(after['device_pages']).toBe((before['device_pages'] ?? 0) + 8 * editionCodes.length);
    expect(after['device_prices']).toBe((before['device_prices'] ?? 0) + 8 * editionCodes.length);
    expect(after['price_changes']).toBe((before['price_changes'] ?? 0) + 8 * editionCodes.length);
    expect(after['series']).toBe((before['series'] ?? 0) + 3);
    expect(after['manufacturers']).toBe((before['manufacturers'] ?? 0) + 1);
    expect(after['catalogue_revisions']).toBe((before['catalogue_revisions'] ?? 0) + 1);

    const catalogue = await loadCatalogue(db);
    // What was there is kept as it was.
    const oldIds = new Set(seeded.devices.map((device) => device.id));
    expect(catalogue.devices.filter((device) => oldIds.has(device.id))).toEqual(seeded.devices);
    for (const series of seeded.series) {
      expect(catalogue.series.find((entry) => entry.id === series.id)).toEqual(series);
    }

    // The new manufacturer: name as written, key its slug, the id after the largest.
    const acme = catalogue.manufacturers.find((entry) => entry.key === 'acme-mobile');
    expect(acme?.id).toBe(Math.max(...seeded.manufacturers.map((entry) => entry.id)) + 1);
    expect(acme?.pages.fr).toMatchObject({ name: 'Acme Mobile', url: 'acme-mobile' });
    const acmeLinks = catalogue.categoryManufacturers.filter(
      (link) => link.manufacturerId === acme?.id,
    );
    const smartphoneLinks = seeded.categoryManufacturers.filter((link) => link.categoryId === 1);
    expect(acmeLinks.find((link) => link.categoryId === 1)).toEqual({
      categoryId: 1,
      manufacturerId: acme?.id,
      top: false,
      position: Math.max(...smartphoneLinks.map((link) => link.position)) + 1,
    });
    expect(acmeLinks).toHaveLength(2);

    // The new Apple series goes after Apple's smartphone series.
    const apple = seeded.manufacturers.find((entry) => entry.key === 'apple');
    const appleSeries = seeded.series.filter(
      (entry) => entry.categoryId === 1 && entry.manufacturerId === apple?.id,
    );
    const iPhone17 = catalogue.series.find((entry) => entry.key === 'apple-iphone-17');
    expect(iPhone17).toMatchObject({
      categoryId: 1,
      manufacturerId: apple?.id,
      top: false,
      position: Math.max(...appleSeries.map((entry) => entry.position)) + 1,
    });
    expect(iPhone17?.pages.it.url).toBe('apple-iphone-17');

    // A new variant joins its model in its series; ids never collide.
    const twoTerabytes = deviceNamed(catalogue, 'Apple iPhone 16 Pro 2 TB');
    const oneTerabyte = deviceNamed(catalogue, 'Apple iPhone 16 Pro 1 TB');
    expect(twoTerabytes).toMatchObject({
      seriesId: oneTerabyte.seriesId,
      modelKey: oneTerabyte.modelKey,
      variant: '2 TB',
    });
    expect(new Set(catalogue.devices.map((device) => device.id)).size).toBe(
      catalogue.devices.length,
    );
    for (const edition of editionCodes) {
      expect(twoTerabytes.pages[edition].url).toBe('apple-iphone-16-pro-2-tb');
      expect(twoTerabytes.pages[edition].content).not.toBe('');
    }
    expect(twoTerabytes.pages.de.content).toContain('Erschienen: September 2024');
    // Prices by the seed's rule; a model newer than the reference date is priced as new.
    const price = basePricesFor('smartphones', 'apple', 1199, 2024, 9, 1.12 ** 4);
    expect(twoTerabytes.basePrices).toEqual(price);
    expect(twoTerabytes.recyclingPrices).toEqual(recyclingPricesFor('smartphones', price));
    const ultra = deviceNamed(catalogue, 'Apple iPhone 16 Ultra 256 GB');
    expect(ultra.basePrices.de).toBe(Math.round(1599 * 0.6 * 1.12) * 100);
    expect(ultra.basePrices.it).toBe(Math.round(1599 * 0.6 * 1.12 * 0.95) * 100);
    const buds = deviceNamed(catalogue, 'Acme Mobile Buds 2');
    expect(buds.variant).toBe('');
    expect(toDevice(catalogue, 'es', buds)).toMatchObject({
      manufacturer: 'Acme Mobile',
      series: 'Buds',
      category: 'Auriculares',
      url: 'acme-mobile-buds-2',
    });

    // One history row per new device and edition, under the import's revision.
    const revision = await db
      .selectFrom('catalogue_revisions')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(revision).toMatchObject({ kind: 'catalogue', actor: 'ops:tester' });
    expect(revision.note).toContain('catalogue import models.json: 1 manufacturer');
    const history = await db
      .selectFrom('price_changes')
      .selectAll()
      .where('revision_id', '=', revision.id)
      .execute();
    expect(history).toHaveLength(8 * editionCodes.length);
    expect(history.find((row) => row.device_id === ultra.id && row.edition === 'fr')).toMatchObject(
      {
        old_base_price_cents: null,
        new_base_price_cents: ultra.basePrices.fr,
        old_recycling_price_cents: null,
        new_recycling_price_cents: ultra.recyclingPrices.fr,
      },
    );
  });

  it('adds nothing when the same file is imported again', async () => {
    const before = await rowCounts(db);
    const again = await ops(models);
    expect(again.code).toBe(0);
    expect(again.output).toContain('Nothing new');
    expect(again.output).toContain(
      'Already there, kept as they are: 2 manufacturer(s), 4 series, 5 model(s), 12 device(s)',
    );
    expect(await rowCounts(db)).toEqual(before);
  });

  it('gives a device whose slug another model uses the next free suffix', async () => {
    const report = await importCatalogue(db, {
      fileName: 'models.json',
      json: JSON.stringify([
        {
          category: 'smartphones',
          manufacturer: 'apple',
          series: [{ name: 'iPhone 16', models: [model('iPhone 16 Pro 256 GB', '2024-09', 1)] }],
        },
      ]),
      origin,
    });
    expect(report.added.devices).toEqual([
      {
        id: expect.any(Number) as number,
        name: 'Apple iPhone 16 Pro 256 GB',
        url: 'apple-iphone-16-pro-256-gb-2',
      },
    ]);
  });

  it.each([
    ['invalid JSON', '[{"category": ', /^models\.json: not valid JSON/m],
    [
      'a month that does not exist',
      [line([iPhone18([model('iPhone 18', '2026-13', 999)])])],
      /^models\.json: \[0\]\.series\[0\]\.models\[0\]\.released: must be a month as YYYY-MM$/m,
    ],
    [
      'a model listed twice',
      [
        line([iPhone18([model('iPhone 18', '2026-09', 999)])]),
        line([iPhone18([model('iphone 18', '2026-09', 999)])], 'Apple'),
      ],
      /^models\.json: \[1\]\.series\[0\]\.models\[0\]\.model: "iphone 18" is listed twice for Apple$/m,
    ],
    [
      'an unknown category',
      [line([iPhone18([model('iPhone 18', '2026-09', 999)])], 'apple', 'toasters')],
      /^models\.json: \[0\]\.category: /m,
    ],
    [
      'a model that is in another series already',
      [line([iPhone18([model('iPhone 18', '2026-09', 999), model('iPhone 15', '2023-09', 949)])])],
      /^models\.json: \[0\]\.series\[0\]\.models\[1\]\.model: "iPhone 15" is in the series iPhone 15 already$/m,
    ],
    [
      'a manufacturer whose slug a category has',
      [line([{ name: 'One', models: [model('One', '2026-01', 99)] }], 'Tablets')],
      /^models\.json: \[0\]\.manufacturer: manufacturer slug "tablets" is taken$/m,
    ],
    [
      'a series whose slug is taken, with its category too',
      [
        line(
          [{ name: 'One', models: [model('One', '2026-01', 99)] }],
          'Apple Watch Series Smartphones',
        ),
        line([{ name: 'Watch Series', models: [model('Watch Phone', '2026-01', 399)] }]),
      ],
      /^models\.json: \[1\]\.series\[0\]\.name: series slug "apple-watch-series-smartphones" is taken$/m,
    ],
  ])(
    'refuses a file with %s, naming the entry, and changes nothing',
    async (_case, content, message) => {
      const before = await rowCounts(db);
      const refused = await ops(content);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/^Nothing was imported; the file has these problems:/);
      expect(refused.output).toMatch(message);
      expect(await rowCounts(db)).toEqual(before);
    },
  );

  // Last: it adds 205 devices that the tests above do not expect.
  it('asks on production before it writes more than 1,000 prices, unless --yes', async () => {
    // 41 models of 5 variants: 205 devices, 1,025 prices in the five editions.
    const many = [
      {
        category: 'smartphones',
        manufacturer: 'Bulk Phones',
        series: [
          {
            name: 'Bulk',
            models: Array.from({ length: 41 }, (_, index) =>
              model(`Bulk ${index + 1}`, '2025-01', 300, '32|64|128|256|512'),
            ),
          },
        ],
      },
    ];
    const before = await rowCounts(db);
    const questions: string[] = [];
    const declined = await opsOn(
      { production: true, confirm: (question) => Promise.resolve(questions.push(question) < 0) },
      many,
    );
    expect(declined).toMatchObject({ code: 1, output: 'Cancelled: nothing was changed.' });
    expect(questions).toEqual(['Add 205 devices with 1,025 prices on production?']);
    const unattended = await opsOn({ production: true }, many);
    expect(unattended.code).toBe(1);
    expect(unattended.output).toContain('add --yes if intended');
    expect(await rowCounts(db)).toEqual(before);

    const confirmed = await opsOn({ production: true }, many, '--yes');
    expect(confirmed.code).toBe(0);
    expect((await rowCounts(db))['devices']).toBe((before['devices'] ?? 0) + 205);
  });
});
