import { describe, expect, it } from 'vitest';
import { editionCodes } from '@tradein/editions';
import { buildCatalogue } from './build-catalogue.ts';
import type { CatalogueDevice } from './catalogue-model.ts';
import { toSlug } from './catalogue-slug.ts';
import { categoryKeys } from './catalogue-texts.ts';

const catalogue = buildCatalogue();

function price(name: string): number {
  return deviceNamed(name).basePrices.de;
}

function deviceNamed(name: string): CatalogueDevice {
  const device = catalogue.devices.find((entry) => entry.name === name);
  if (device === undefined) throw new Error(`No device named ${name}`);
  return device;
}

describe('buildCatalogue', () => {
  it('holds the categories, manufacturers and devices the shop needs', () => {
    expect(catalogue.categories.map((category) => category.key)).toEqual([...categoryKeys]);
    expect(catalogue.manufacturers.length).toBeGreaterThanOrEqual(25);
    expect(catalogue.devices.length).toBeGreaterThanOrEqual(1500);
    for (const category of catalogue.categories) {
      expect(catalogue.devices.some((device) => device.categoryId === category.id)).toBe(true);
    }
  });

  it('names devices by manufacturer, model and variant, with slugs from the name', () => {
    const device = deviceNamed('Apple iPhone 13 Pro 128 GB');
    expect(device.model).toBe('iPhone 13 Pro');
    expect(device.variant).toBe('128 GB');
    expect(device.modelKey).toBe('apple-iphone-13-pro');
    expect(device.pages.de.url).toBe('apple-iphone-13-pro-128-gb');
    expect(device.searchTerms).toContain('A2638');
    expect([device.releaseYear, device.releaseMonth]).toEqual([2021, 9]);
    // A manufacturer named in the model is not repeated.
    expect(deviceNamed('OnePlus 12 256 GB').model).toBe('OnePlus 12');
    expect(deviceNamed('Samsung Galaxy S20+ 128 GB').pages.fr.url).toBe(
      'samsung-galaxy-s20-plus-128-gb',
    );
  });

  it.each([
    ['apple-iphone-13-pro', ['128 GB', '256 GB', '512 GB', '1 TB']],
    [
      'apple-ipad-air-5th-generation',
      ['64 GB Wi-Fi', '64 GB Wi-Fi + Cellular', '256 GB Wi-Fi', '256 GB Wi-Fi + Cellular'],
    ],
    [
      'apple-watch-series-9',
      ['41 mm GPS', '41 mm GPS + Cellular', '45 mm GPS', '45 mm GPS + Cellular'],
    ],
    ['sony-alpha-7-iv', ['Body', 'Kit FE 28-70 mm']],
    ['nintendo-switch-oled', ['']],
  ])('gives model %s its variants', (modelKey, variants) => {
    const devices = catalogue.devices.filter((device) => device.modelKey === modelKey);
    expect(devices.map((device) => device.variant)).toEqual(variants);
    expect(new Set(devices.map((device) => device.model)).size).toBe(1);
  });

  it('lets every device reference an existing category, manufacturer and series that agree', () => {
    const categories = new Set(catalogue.categories.map((category) => category.id));
    const manufacturers = new Set(catalogue.manufacturers.map((manufacturer) => manufacturer.id));
    const series = new Map(catalogue.series.map((entry) => [entry.id, entry]));
    const listed = new Set(
      catalogue.categoryManufacturers.map((entry) => `${entry.categoryId}:${entry.manufacturerId}`),
    );
    for (const device of catalogue.devices) {
      expect(categories.has(device.categoryId)).toBe(true);
      expect(manufacturers.has(device.manufacturerId)).toBe(true);
      const parent = series.get(device.seriesId);
      expect(parent?.categoryId).toBe(device.categoryId);
      expect(parent?.manufacturerId).toBe(device.manufacturerId);
      expect(listed.has(`${device.categoryId}:${device.manufacturerId}`)).toBe(true);
    }
  });

  it('uses unique ids in every list, answers included', () => {
    const lists = [
      catalogue.categories,
      catalogue.manufacturers,
      catalogue.series,
      catalogue.devices,
      catalogue.questions,
      catalogue.questions.flatMap((question) => question.answers),
    ];
    for (const list of lists) {
      const ids = list.map((entry) => entry.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids)
        expect(Number.isInteger(id) && id > 0 && id <= 2_147_483_647).toBe(true);
    }
  });

  it.each(editionCodes)(
    'uses unique slugs per kind in edition %s, and no slug twice across the sell-category kinds',
    (edition) => {
      const kinds = [
        catalogue.categories,
        catalogue.manufacturers,
        catalogue.series,
        catalogue.devices,
      ];
      for (const list of kinds) {
        const slugs = list.map((entry) => entry.pages[edition].url);
        expect(new Set(slugs).size).toBe(slugs.length);
        for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      }
      const sellUrls = [catalogue.categories, catalogue.manufacturers, catalogue.series].flatMap(
        (list) => list.map((entry) => entry.pages[edition].url),
      );
      expect(new Set(sellUrls).size).toBe(sellUrls.length);
    },
  );

  it('writes every page of every edition, in the edition language', () => {
    const pages = [
      catalogue.categories,
      catalogue.manufacturers,
      catalogue.series,
      catalogue.devices,
    ].flatMap((list) => list.map((entry) => entry.pages));
    for (const byEdition of pages) {
      for (const edition of editionCodes) {
        const page = byEdition[edition];
        expect(page.name.trim()).not.toBe('');
        expect(page.content.trim()).not.toBe('');
        expect(page.metaDescription.trim()).not.toBe('');
        expect(page.metaKeywords.trim()).not.toBe('');
      }
      expect(byEdition.at).toEqual(byEdition.de);
      expect(
        new Set([
          byEdition.de.content,
          byEdition.es.content,
          byEdition.fr.content,
          byEdition.it.content,
        ]).size,
      ).toBe(4);
    }
    const smartphones = catalogue.categories[0];
    expect(smartphones?.pages.es.url).toBe('moviles');
    expect(smartphones?.pages.it.url).toBe('smartphone');
    expect(deviceNamed('Apple iPhone 13 Pro 128 GB').pages.de.content).toContain('verkaufen');
    expect(deviceNamed('Apple iPhone 13 Pro 128 GB').pages.es.content).toContain(
      'septiembre de 2021',
    );
  });

  it('asks a five-grade GRADE question and working questions in every category', () => {
    for (const category of catalogue.categories) {
      const questions = catalogue.questions.filter(
        (question) => question.categoryId === category.id,
      );
      const grade = questions.find((question) => question.code === 'GRADE');
      expect(grade?.answers.map((answer) => [answer.code, answer.priceFactor])).toEqual([
        ['GRADE_NEW', 1],
        ['GRADE_LIKE_NEW', 0.92],
        ['GRADE_GOOD', 0.8],
        ['GRADE_FAIR', 0.65],
        ['GRADE_POOR', 0.45],
      ]);
      const powersOn = questions.find((question) => question.code === 'POWERS_ON');
      expect(powersOn?.answers.find((answer) => answer.code === 'NO')?.meansDefective).toBe(true);
      expect(grade?.id).toBe(category.id * 100 + 1);
    }
  });

  it('keeps every factor in (0, 1.2] and every question and answer text in four languages', () => {
    for (const question of catalogue.questions) {
      expect(question.answers.length).toBeGreaterThanOrEqual(2);
      for (const edition of editionCodes) {
        expect(question.texts[edition].question.trim()).not.toBe('');
        expect(question.texts[edition].description.trim()).not.toBe('');
      }
      expect(question.texts.de.question).not.toBe(question.texts.es.question);
      for (const answer of question.answers) {
        expect(answer.priceFactor).toBeGreaterThan(0);
        expect(answer.priceFactor).toBeLessThanOrEqual(1.2);
        for (const edition of editionCodes) expect(answer.texts[edition].trim()).not.toBe('');
      }
    }
  });

  it('prices in positive integer cents, recycling offers in 0–1500 cents', () => {
    for (const device of catalogue.devices) {
      for (const edition of editionCodes) {
        expect(Number.isInteger(device.basePrices[edition]) && device.basePrices[edition] > 0).toBe(
          true,
        );
        const recycling = device.recyclingPrices[edition];
        expect(Number.isInteger(recycling) && recycling >= 0 && recycling <= 1500).toBe(true);
        expect(recycling).toBeLessThan(device.basePrices[edition]);
      }
      expect(device.basePrices.at).toBe(device.basePrices.de);
      expect(device.basePrices.fr).toBeLessThanOrEqual(device.basePrices.de);
      expect(device.basePrices.es).toBeLessThanOrEqual(device.basePrices.fr);
      expect(device.basePrices.it).toBeLessThanOrEqual(device.basePrices.es);
    }
  });

  it('pays visibly less in Spain than in Germany from 100 euros up', () => {
    // Whole-euro rounding can hide the difference only on the cheapest devices.
    const priced = catalogue.devices.filter((device) => device.basePrices.de >= 10_000);
    expect(priced.length).toBeGreaterThan(1000);
    for (const device of priced) expect(device.basePrices.es).toBeLessThan(device.basePrices.de);
  });

  it('pays less for older models and more for more storage', () => {
    expect(price('Apple iPhone 15 Pro 128 GB')).toBeGreaterThan(
      price('Apple iPhone 13 Pro 128 GB'),
    );
    expect(price('Apple iPhone 13 Pro 128 GB')).toBeGreaterThan(price('Apple iPhone 11 Pro 64 GB'));
    expect(price('Apple iPhone 13 Pro 1 TB')).toBeGreaterThan(price('Apple iPhone 13 Pro 256 GB'));
    expect(price('Apple Watch Series 9 45 mm GPS + Cellular')).toBeGreaterThan(
      price('Apple Watch Series 9 41 mm GPS'),
    );
  });

  it('points images at the generated image route', () => {
    const device = deviceNamed('Apple iPhone 13 Pro 128 GB');
    expect(device.image).toBe(`/api/trade/images/device/${device.id}.svg`);
    expect(catalogue.categories[0]?.thumbnail).toBe('/api/trade/images/category/1.svg');
  });

  it('is the same on every call', () => {
    expect(buildCatalogue()).toEqual(catalogue);
  });

  it('derives device slugs from names', () => {
    for (const device of catalogue.devices.slice(0, 200))
      expect(device.pages.it.url).toBe(toSlug(device.name));
  });
});
