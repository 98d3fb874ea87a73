import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CatalogueAssembler, type ProductLine } from './assemble-catalogue.ts';
import { buildCatalogue } from './build-catalogue.ts';
import { basePricesFor } from './catalogue-pricing.ts';
import { seedProductLines } from './seed-data.ts';

/** The urls of an entry's pages, with their editions. */
function urls(pages: Record<string, { url: string }>): string[] {
  return Object.entries(pages).map(([edition, page]) => `${edition}=${page.url}`);
}

/**
 * A digest of everything trades, offers and urls depend on in the seed: the ids, urls and
 * positions of every entry and the prices of every device in every edition. It changes only
 * when the seed files or the rules that assemble them change, and then on purpose.
 */
function seedFingerprint(): string {
  const catalogue = buildCatalogue();
  const facts = {
    categories: catalogue.categories.map((entry) => [entry.id, urls(entry.pages)]),
    manufacturers: catalogue.manufacturers.map((entry) => [entry.id, entry.key, urls(entry.pages)]),
    links: catalogue.categoryManufacturers.map((entry) => [
      entry.categoryId,
      entry.manufacturerId,
      entry.position,
      entry.top,
    ]),
    series: catalogue.series.map((entry) => [
      entry.id,
      entry.key,
      entry.categoryId,
      entry.manufacturerId,
      entry.position,
      entry.top,
      urls(entry.pages),
    ]),
    devices: catalogue.devices.map((entry) => [
      entry.id,
      entry.seriesId,
      entry.name,
      urls(entry.pages),
      entry.basePrices,
      entry.recyclingPrices,
    ]),
  };
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex');
}

describe('CatalogueAssembler', () => {
  it('builds the seed with the same ids, urls and prices as before the assembler could merge', () => {
    expect(seedFingerprint()).toBe(
      '45f2053f3e10827ae4080f6d3a157489f16fdcf6572a0a690aa0c3425d4a87bb',
    );
  });

  it('finds every entry of the seed lines in the seed catalogue and adds nothing', () => {
    const seed = buildCatalogue();
    const assembler = new CatalogueAssembler(seed);
    seedProductLines.forEach((line, index) => {
      assembler.addLine(line, `[${index}]`);
    });
    const added = assembler.additions();
    expect([
      added.manufacturers,
      added.categoryManufacturers,
      added.series,
      added.models,
      added.devices,
    ]).toEqual([[], [], [], [], []]);
    const kept = assembler.kept();
    expect(kept.series).toHaveLength(seed.series.length);
    expect(kept.devices).toHaveLength(seed.devices.length);
    expect(assembler.catalogue()).toEqual(seed);
  });

  it('prices a model released after the reference date at its launch-based start price', () => {
    const line: ProductLine = {
      category: 'smartphones',
      manufacturer: 'apple',
      series: [
        {
          name: 'iPhone 17',
          models: [
            {
              model: 'iPhone 17 Pro',
              year: 2026,
              month: 9,
              launchEuros: 1299,
              variants: [{ label: '256 GB', priceFactor: 1 }],
              codes: [],
            },
          ],
        },
      ],
    };
    const assembler = new CatalogueAssembler(buildCatalogue());
    assembler.addLine(line, '[0]');
    const [device] = assembler.additions().devices;
    // Launch price × the smartphones' start share × Apple's retention, no younger than new.
    expect(device?.basePrices.de).toBe(Math.round(1299 * 0.6 * 1.12) * 100);
    expect(device?.basePrices).toEqual(basePricesFor('smartphones', 'apple', 1299, 2025, 7, 1));
  });
});
