import { describe, expect, it } from 'vitest';
import { assembleCatalogue } from './assemble-catalogue.ts';
import { parseSeedData, seedManufacturers, seedProductLines } from './seed-data.ts';
import manufacturersJson from './seed/manufacturers.json' with { type: 'json' };
import productLinesJson from './seed/product-lines.json' with { type: 'json' };

/** A fresh, editable copy of the shipped seed files. */
function seedFiles() {
  return {
    manufacturers: structuredClone(manufacturersJson) as { key: string; name: string }[],
    lines: structuredClone(productLinesJson) as {
      category: string;
      manufacturer: string;
      series: { name: string; models: Record<string, unknown>[] }[];
    }[],
  };
}

/** The first model of the first series of the first product line (Apple's newest iPhone). */
function firstModel(lines: ReturnType<typeof seedFiles>['lines']): Record<string, unknown> {
  const model = lines[0]?.series[0]?.models[0];
  if (model === undefined) throw new Error('the seed has no model');
  return model;
}

describe('the seed data files', () => {
  it('load: every manufacturer has its position as id, every line a listed manufacturer', () => {
    expect(seedManufacturers[0]).toEqual({ id: 1, key: 'apple', name: 'Apple' });
    expect(seedManufacturers.map((manufacturer) => manufacturer.id)).toEqual(
      seedManufacturers.map((_, index) => index + 1),
    );
    const keys = new Set(seedManufacturers.map((manufacturer) => manufacturer.key));
    for (const line of seedProductLines) expect(keys).toContain(line.manufacturer);
  });

  it('turn a model entry into release month, variants and search codes', () => {
    const iphone = seedProductLines[0]?.series[0]?.models[0];
    expect(iphone).toMatchObject({
      model: 'iPhone 16 Pro Max',
      year: 2024,
      month: 9,
      launchEuros: 1449,
      codes: ['A3296', 'A3084'],
    });
    expect(iphone?.variants.map((variant) => variant.label)).toEqual(['256 GB', '512 GB', '1 TB']);
  });

  it('make adding a device an edit of the data: a new model entry is in the catalogue', () => {
    const { manufacturers, lines } = seedFiles();
    lines[0]?.series[0]?.models.unshift({
      model: 'iPhone 17 Pro',
      released: '2025-09',
      launchEuros: 1299,
      variants: '256|512',
      codes: ['A3500'],
    });
    const seed = parseSeedData(manufacturers, lines);
    const catalogue = assembleCatalogue(seed.manufacturers, seed.productLines);
    const added = catalogue.devices.filter((device) => device.model === 'iPhone 17 Pro');
    expect(added.map((device) => device.variant)).toEqual(['256 GB', '512 GB']);
  });

  it.each([
    [
      'a manufacturer that is not listed',
      (files: ReturnType<typeof seedFiles>) => {
        if (files.lines[0] !== undefined) files.lines[0].manufacturer = 'acme';
      },
      /product-lines\.json: \[0\]\.manufacturer: "acme" is not in manufacturers\.json/,
    ],
    [
      'a month that does not exist',
      (files: ReturnType<typeof seedFiles>) => {
        firstModel(files.lines).released = '2024-13';
      },
      /product-lines\.json: \[0\]\.series\[0\]\.models\[0\]\.released: must be a month/,
    ],
    [
      'a negative price',
      (files: ReturnType<typeof seedFiles>) => {
        firstModel(files.lines).launchEuros = -5;
      },
      /models\[0\]\.launchEuros: must be a positive whole number of euros/,
    ],
    [
      'a variant spec with an empty option',
      (files: ReturnType<typeof seedFiles>) => {
        firstModel(files.lines).variants = '128||256';
      },
      /models\[0\]\.variants: must be options like/,
    ],
    [
      'a model listed twice for one manufacturer',
      (files: ReturnType<typeof seedFiles>) => {
        files.lines[0]?.series[1]?.models.push({ ...firstModel(files.lines) });
      },
      /\[0\]\.series\[1\]\.models\[\d+\]\.model: "iPhone 16 Pro Max" is listed twice for apple/,
    ],
    [
      'a manufacturer key listed twice',
      (files: ReturnType<typeof seedFiles>) => {
        files.manufacturers.push({ key: 'apple', name: 'Apple again' });
      },
      /manufacturers\.json: \[\d+\]\.key: "apple" is listed twice/,
    ],
    [
      'an unknown category',
      (files: ReturnType<typeof seedFiles>) => {
        if (files.lines[0] !== undefined) files.lines[0].category = 'toasters';
      },
      /product-lines\.json: \[0\]\.category/,
    ],
    [
      'a field the loader does not know',
      (files: ReturnType<typeof seedFiles>) => {
        firstModel(files.lines).colour = 'blue';
      },
      /product-lines\.json: \[0\]\.series\[0\]\.models\[0\]/,
    ],
  ])('refuse %s, naming the file and the entry', (_case, spoil, message) => {
    const files = seedFiles();
    spoil(files);
    expect(() => parseSeedData(files.manufacturers, files.lines)).toThrow(message);
  });
});
