import { editionCodes } from '@tradein/editions';
import type {
  Catalogue,
  CatalogueDevice,
  CataloguePage,
  PerEdition,
} from '../src/catalogue/catalogue-model.ts';

/** The same page text in every edition. */
function pages(name: string, url: string): PerEdition<CataloguePage> {
  const page: CataloguePage = { name, url, content: '', metaDescription: '', metaKeywords: '' };
  return Object.fromEntries(editionCodes.map((code) => [code, page])) as PerEdition<CataloguePage>;
}

function perEdition<T>(value: T): PerEdition<T> {
  return Object.fromEntries(editionCodes.map((code) => [code, value])) as PerEdition<T>;
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replaceAll('+', ' plus ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A model of the test catalogue with its variants; its series names its category and maker. */
export interface ModelSpec {
  series: number;
  model: string;
  variants: string[];
  year: number;
  month: number;
  searchTerms?: string[];
}

const categoryRows = [
  { id: 1, key: 'smartphones', name: 'Smartphones' },
  { id: 2, key: 'tablets', name: 'Tablets' },
  { id: 3, key: 'laptops', name: 'Laptops' },
  { id: 4, key: 'consoles', name: 'Consoles' },
];
const manufacturerRows = [
  { id: 1, key: 'apple', name: 'Apple' },
  { id: 2, key: 'samsung', name: 'Samsung' },
  { id: 3, key: 'google', name: 'Google' },
  { id: 4, key: 'sony', name: 'Sony' },
  { id: 5, key: 'lenovo', name: 'Lenovo' },
];
const seriesRows = [
  { id: 1, key: 'iphone', name: 'iPhone', categoryId: 1, manufacturerId: 1 },
  { id: 2, key: 'galaxy-s', name: 'Galaxy S', categoryId: 1, manufacturerId: 2 },
  { id: 3, key: 'pixel', name: 'Pixel', categoryId: 1, manufacturerId: 3 },
  { id: 4, key: 'ipad-pro', name: 'iPad Pro', categoryId: 2, manufacturerId: 1 },
  { id: 5, key: 'galaxy-tab', name: 'Galaxy Tab', categoryId: 2, manufacturerId: 2 },
  { id: 6, key: 'macbook', name: 'MacBook', categoryId: 3, manufacturerId: 1 },
  { id: 7, key: 'thinkpad', name: 'ThinkPad', categoryId: 3, manufacturerId: 5 },
  { id: 8, key: 'playstation', name: 'PlayStation', categoryId: 4, manufacturerId: 4 },
  { id: 9, key: 'galaxy-note', name: 'Galaxy Note', categoryId: 1, manufacturerId: 2 },
];

const storage = ['128 GB', '256 GB', '512 GB', '1 TB'];

const modelSpecs: ModelSpec[] = [
  { series: 1, model: 'iPhone 12', variants: storage.slice(0, 3), year: 2020, month: 10 },
  { series: 1, model: 'iPhone 12 Pro', variants: storage.slice(0, 3), year: 2020, month: 10 },
  { series: 1, model: 'iPhone 13', variants: storage.slice(0, 3), year: 2021, month: 9 },
  { series: 1, model: 'iPhone 13 mini', variants: storage.slice(0, 3), year: 2021, month: 9 },
  {
    series: 1,
    model: 'iPhone 13 Pro',
    variants: storage,
    year: 2021,
    month: 9,
    searchTerms: ['A2638'],
  },
  { series: 1, model: 'iPhone 13 Pro Max', variants: storage, year: 2021, month: 9 },
  { series: 1, model: 'iPhone 14', variants: storage.slice(0, 3), year: 2022, month: 9 },
  { series: 2, model: 'Galaxy S21', variants: ['128 GB', '256 GB'], year: 2021, month: 1 },
  { series: 2, model: 'Galaxy S21+', variants: ['128 GB', '256 GB'], year: 2021, month: 1 },
  {
    series: 2,
    model: 'Galaxy S21 Ultra',
    variants: ['128 GB', '256 GB', '512 GB'],
    year: 2021,
    month: 1,
    searchTerms: ['SM-G998B'],
  },
  { series: 2, model: 'Galaxy S23', variants: ['128 GB', '256 GB'], year: 2023, month: 2 },
  {
    series: 2,
    model: 'Galaxy S23 Ultra',
    variants: ['256 GB', '512 GB', '1 TB'],
    year: 2023,
    month: 2,
  },
  { series: 9, model: 'Galaxy Note 10+', variants: ['256 GB'], year: 2019, month: 8 },
  { series: 3, model: 'Pixel 7', variants: ['128 GB', '256 GB'], year: 2022, month: 10 },
  { series: 3, model: 'Pixel 7a', variants: ['128 GB'], year: 2023, month: 5 },
  {
    series: 4,
    model: 'iPad Pro 11 (2021)',
    variants: ['128 GB Wi-Fi', '128 GB Wi-Fi + Cellular'],
    year: 2021,
    month: 5,
  },
  { series: 5, model: 'Galaxy Tab S8 Ultra', variants: ['128 GB', '256 GB'], year: 2022, month: 2 },
  {
    series: 6,
    model: 'MacBook Air M1',
    variants: ['256 GB', '512 GB', '1 TB'],
    year: 2020,
    month: 11,
  },
  { series: 6, model: 'MacBook Air M2', variants: ['256 GB', '512 GB'], year: 2022, month: 7 },
  { series: 6, model: 'MacBook Pro 14 M3', variants: ['512 GB', '1 TB'], year: 2023, month: 11 },
  { series: 7, model: 'ThinkPad X1 Carbon Gen 9', variants: [''], year: 2021, month: 3 },
  {
    series: 7,
    model: 'ThinkPad T14 Gen 2',
    variants: [''],
    year: 2021,
    month: 4,
    searchTerms: ['Thinkpad T14 Génération 2'],
  },
  {
    series: 8,
    model: 'PlayStation 5',
    variants: ['Disc Edition', 'Digital Edition'],
    year: 2020,
    month: 11,
    searchTerms: ['PS5'],
  },
  {
    series: 8,
    model: 'PlayStation 4 Pro',
    variants: [''],
    year: 2016,
    month: 11,
    searchTerms: ['PS4 Pro'],
  },
];

/**
 * A small hand-made catalogue covering every kind of lookup the search index answers; `models`
 * replaces its devices for tests that need a particular set.
 */
export function createTestCatalogue(models: readonly ModelSpec[] = modelSpecs): Catalogue {
  const devices: CatalogueDevice[] = [];
  for (const spec of models) {
    const series = seriesRows.find((row) => row.id === spec.series);
    const manufacturer = manufacturerRows.find((row) => row.id === series?.manufacturerId);
    if (series === undefined || manufacturer === undefined) {
      throw new Error(`No series ${spec.series} with its manufacturer for ${spec.model}`);
    }
    const modelKey = slug(`${manufacturer.name} ${spec.model}`);
    for (const variant of spec.variants) {
      const name = `${manufacturer.name} ${spec.model}${variant === '' ? '' : ` ${variant}`}`;
      devices.push({
        id: devices.length + 1,
        categoryId: series.categoryId,
        manufacturerId: manufacturer.id,
        seriesId: series.id,
        model: spec.model,
        modelKey,
        variant,
        name,
        searchTerms: spec.searchTerms ?? [],
        releaseYear: spec.year,
        releaseMonth: spec.month,
        image: null,
        thumbnail: null,
        pages: pages(name, slug(name)),
        basePrices: perEdition(10_000),
        recyclingPrices: perEdition(0),
      });
    }
  }
  return {
    categories: categoryRows.map((row, index) => ({
      id: row.id,
      key: row.key,
      pages: pages(row.name, row.key),
      thumbnail: null,
      position: index + 1,
    })),
    manufacturers: manufacturerRows.map((row) => ({
      id: row.id,
      key: row.key,
      pages: pages(row.name, row.key),
      thumbnail: null,
    })),
    categoryManufacturers: [
      { categoryId: 1, manufacturerId: 1, top: true, position: 1 },
      { categoryId: 1, manufacturerId: 2, top: true, position: 2 },
      { categoryId: 1, manufacturerId: 3, top: false, position: 3 },
      { categoryId: 2, manufacturerId: 1, top: true, position: 1 },
      { categoryId: 2, manufacturerId: 2, top: false, position: 2 },
      { categoryId: 3, manufacturerId: 1, top: true, position: 1 },
      { categoryId: 3, manufacturerId: 5, top: false, position: 2 },
      { categoryId: 4, manufacturerId: 4, top: true, position: 1 },
    ],
    series: seriesRows.map((row, index) => ({
      id: row.id,
      key: row.key,
      categoryId: row.categoryId,
      manufacturerId: row.manufacturerId,
      pages: pages(row.name, row.key),
      thumbnail: null,
      top: index < 3,
      position: index + 1,
    })),
    devices,
    questions: [],
  };
}
