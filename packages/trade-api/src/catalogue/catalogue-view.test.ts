import { describe, expect, it } from 'vitest';
import { categorySchema, deviceSchema, deviceSummarySchema } from '@tradein/contract';
import { editionCodes } from '@tradein/editions';
import { buildCatalogue } from './build-catalogue.ts';
import {
  getCatalogueIndex,
  toCategory,
  toDevice,
  toDeviceSummary,
  toManufacturer,
} from './catalogue-view.ts';

const catalogue = buildCatalogue();
/** Every 20th device: a sample across all categories and manufacturers. */
const sample = catalogue.devices.filter((_, index) => index % 20 === 0);

describe('catalogue views', () => {
  it.each(editionCodes)(
    'turns every category into a contract Category in edition %s',
    (edition) => {
      for (const category of catalogue.categories) {
        const view = toCategory(catalogue, edition, category.id);
        expect(categorySchema.safeParse(view).success).toBe(true);
        expect(view?.name).toBe(category.pages[edition].name);
        expect(view?.manufacturers.length).toBeGreaterThan(0);
        expect(view?.topManufacturers.length).toBeGreaterThan(0);
        for (const manufacturer of view?.manufacturers ?? []) {
          expect(manufacturer.series.length).toBeGreaterThan(0);
          expect(manufacturer.topSeries.length).toBeGreaterThan(0);
        }
      }
    },
  );

  it("lists a category's manufacturers in order with only that category's series", () => {
    const smartphones = toCategory(catalogue, 'de', 1);
    expect(smartphones?.manufacturers.slice(0, 3).map((manufacturer) => manufacturer.name)).toEqual(
      ['Apple', 'Samsung', 'Google'],
    );
    const apple = smartphones?.manufacturers[0];
    expect(apple?.series.map((series) => series.name)).toContain('iPhone 13');
    expect(apple?.series.map((series) => series.name)).not.toContain('iPad');
    const tablets = toManufacturer(catalogue, 'fr', 2, apple?.id ?? 0);
    expect(tablets?.series.map((series) => series.name)).toEqual([
      'iPad',
      'iPad Air',
      'iPad Pro',
      'iPad mini',
    ]);
  });

  it('answers undefined for unknown ids', () => {
    expect(toCategory(catalogue, 'de', 999)).toBeUndefined();
    expect(toManufacturer(catalogue, 'de', 1, 999)).toBeUndefined();
    expect(toManufacturer(catalogue, 'de', 999, 1)).toBeUndefined();
  });

  it.each(editionCodes)(
    'turns sampled devices into contract devices and summaries in edition %s',
    (edition) => {
      for (const device of sample) {
        const summary = toDeviceSummary(catalogue, edition, device);
        expect(deviceSummarySchema.safeParse(summary).success).toBe(true);
        const view = toDevice(catalogue, edition, device);
        expect(deviceSchema.safeParse(view).success).toBe(true);
        expect(view.url).toBe(device.pages[edition].url);
        expect(view.questions[0]?.code).toBe('GRADE');
      }
    },
  );

  it('localizes a device and keeps the catalogue ids of its questions and answers', () => {
    const device = catalogue.devices.find((entry) => entry.name === 'Apple iPhone 13 Pro 128 GB');
    if (device === undefined) throw new Error('iPhone 13 Pro missing');
    const german = toDevice(catalogue, 'de', device);
    const italian = toDevice(catalogue, 'it', device);
    expect(german).toMatchObject({
      category: 'Smartphones',
      manufacturer: 'Apple',
      series: 'iPhone 13',
      model: 'iPhone 13 Pro',
    });
    expect(italian.category).toBe('Smartphone');
    const questions = catalogue.questions.filter(
      (question) => question.categoryId === device.categoryId,
    );
    expect(german.questions.map((question) => question.id)).toEqual(
      questions.map((question) => question.id),
    );
    expect(german.questions[0]?.answers.map((answer) => answer.id)).toEqual(
      questions[0]?.answers.map((answer) => answer.id),
    );
    expect(german.questions[0]?.answers[1]?.text).toBe('Wie neu');
    expect(italian.questions[0]?.answers[1]?.text).toBe('Come nuovo');
  });

  it('builds the lookup index once per catalogue', () => {
    expect(getCatalogueIndex(catalogue)).toBe(getCatalogueIndex(catalogue));
    expect(getCatalogueIndex(buildCatalogue())).not.toBe(getCatalogueIndex(catalogue));
    expect(getCatalogueIndex(catalogue).devicesById.size).toBe(catalogue.devices.length);
  });

  it('fails clearly for a device whose series is missing', () => {
    const device = catalogue.devices[0];
    if (device === undefined) throw new Error('empty catalogue');
    expect(() => toDeviceSummary(catalogue, 'de', { ...device, seriesId: 1 })).toThrow(
      /no series 1/,
    );
  });
});

describe('the variants a device names', () => {
  const ultra = catalogue.devices.filter((device) => device.model === 'Galaxy S23 Ultra');

  it('lists every variant of the model, the device included, smallest storage first', () => {
    expect(ultra.length).toBeGreaterThan(1);
    for (const device of ultra) {
      for (const edition of editionCodes) {
        const summary = toDeviceSummary(catalogue, edition, device);
        expect(summary.variant).toBe(device.variant);
        expect(summary.variants.map((variant) => variant.variant)).toEqual([
          '256 GB',
          '512 GB',
          '1 TB',
        ]);
        expect(summary.variants.map((variant) => variant.url)).toContain(summary.url);
      }
    }
  });

  it('leaves a retired variant out of the others’ lists; a retired device lists itself', () => {
    const retired = ultra.find((device) => device.variant === '512 GB');
    if (retired === undefined) throw new Error('the seed has no Galaxy S23 Ultra 512 GB');
    const withRetired = {
      ...catalogue,
      devices: catalogue.devices.map((device) =>
        device === retired ? { ...device, retiredAt: '2026-11-27T00:00:00.000Z' } : device,
      ),
    };
    const [smallest] = withRetired.devices.filter(
      (device) => device.model === 'Galaxy S23 Ultra' && device.variant === '256 GB',
    );
    if (smallest === undefined) throw new Error('no Galaxy S23 Ultra 256 GB');
    const sibling = toDeviceSummary(withRetired, 'de', smallest);
    expect(sibling.variants.map((variant) => variant.variant)).toEqual(['256 GB', '1 TB']);
    const itself = withRetired.devices.find((device) => device.id === retired.id);
    if (itself === undefined) throw new Error('the retired device is gone');
    const own = toDevice(withRetired, 'de', itself);
    expect(own.retired).toBe(true);
    expect(own.variants.map((variant) => variant.variant)).toEqual(['256 GB', '512 GB', '1 TB']);
  });

  it('names a model without variants as its only variant, with an empty label', () => {
    const single = catalogue.devices.find((device) => device.variant === '');
    if (single === undefined) throw new Error('the seed catalogue has a model without variants');
    const summary = toDeviceSummary(catalogue, 'fr', single);
    expect(summary.variants).toEqual([
      { id: single.id, url: summary.url, variant: '', bestPriceCents: single.basePrices.fr },
    ]);
  });
});
