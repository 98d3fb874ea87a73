import { editionCodes, type EditionCode } from '@tradein/editions';
import type {
  Catalogue,
  CatalogueAnswer,
  CatalogueDevice,
  CataloguePage,
  PerEdition,
} from '../src/catalogue/catalogue-model.ts';

/*
 * A generated catalogue for storage and server tests, so they do not depend on the real
 * catalogue's content. Texts differ per edition and carry characters that trip careless code
 * (quotes, umlauts, emoji), so a round trip proves the storage is exact.
 */

function perEdition<T>(make: (edition: EditionCode) => T): PerEdition<T> {
  return Object.fromEntries(
    editionCodes.map((edition) => [edition, make(edition)]),
  ) as PerEdition<T>;
}

function pages(kind: string, key: string, name: string): PerEdition<CataloguePage> {
  return perEdition((edition) => ({
    name: edition === 'de' ? `${name} – Ankauf` : `${name} (${edition})`,
    url: `${key}-${edition === 'fr' ? 'vendre' : 'ankauf'}`,
    content: `<p>${kind} "${name}" in ${edition}: Größe, ça va, 📱</p>`,
    metaDescription: `${name} ${edition}`,
    metaKeywords: edition === 'it' ? '' : `${key},${edition}`,
  }));
}

/** An answer with texts in every edition. */
function grade(
  id: number,
  code: string,
  factor: number,
  defective: boolean,
  position: number,
): CatalogueAnswer {
  return {
    id,
    code,
    texts: perEdition((edition) => `${code.toLowerCase()} (${edition}) – „gut“`),
    priceFactor: factor,
    meansDefective: defective,
    position,
  };
}

/** A catalogue with `deviceCount` devices spread over two categories and three manufacturers. */
export function testCatalogue(deviceCount = 6): Catalogue {
  const categories = [
    {
      id: 1,
      key: 'smartphones',
      pages: pages('category', 'smartphones', 'Smartphones'),
      thumbnail: '/images/smartphones.svg',
      position: 1,
    },
    {
      id: 2,
      key: 'tablets',
      pages: pages('category', 'tablets', 'Tablets'),
      thumbnail: null,
      position: 2,
    },
  ];
  const manufacturers = [
    { id: 10, key: 'apple', pages: pages('manufacturer', 'apple', 'Apple'), thumbnail: null },
    {
      id: 11,
      key: 'samsung',
      pages: pages('manufacturer', 'samsung', 'Samsung'),
      thumbnail: '/images/samsung.svg',
    },
    { id: 12, key: 'google', pages: pages('manufacturer', 'google', 'Google'), thumbnail: null },
  ];
  const categoryManufacturers = [
    { categoryId: 1, manufacturerId: 10, top: true, position: 1 },
    { categoryId: 1, manufacturerId: 11, top: false, position: 2 },
    { categoryId: 1, manufacturerId: 12, top: false, position: 3 },
    { categoryId: 2, manufacturerId: 10, top: true, position: 1 },
  ];
  const series = [
    {
      id: 100,
      key: 'iphone-13',
      categoryId: 1,
      manufacturerId: 10,
      pages: pages('series', 'iphone-13', 'iPhone 13'),
      thumbnail: null,
      top: true,
      position: 1,
    },
    {
      id: 101,
      key: 'galaxy-s',
      categoryId: 1,
      manufacturerId: 11,
      pages: pages('series', 'galaxy-s', 'Galaxy S'),
      thumbnail: null,
      top: false,
      position: 1,
    },
    {
      id: 102,
      key: 'pixel',
      categoryId: 1,
      manufacturerId: 12,
      pages: pages('series', 'pixel', 'Pixel'),
      thumbnail: null,
      top: false,
      position: 1,
    },
    {
      id: 103,
      key: 'ipad-air',
      categoryId: 2,
      manufacturerId: 10,
      pages: pages('series', 'ipad-air', 'iPad Air'),
      thumbnail: null,
      top: false,
      position: 1,
    },
  ];
  const devices: CatalogueDevice[] = [];
  for (let index = 0; index < deviceCount; index += 1) {
    const owner = series[index % series.length];
    if (owner === undefined) throw new Error('unreachable: series list is not empty');
    const id = 1000 + index;
    const model = `Model ${Math.floor(index / 2)}`;
    const variant = index % 2 === 0 ? '128 GB' : '';
    devices.push({
      id,
      categoryId: owner.categoryId,
      manufacturerId: owner.manufacturerId,
      seriesId: owner.id,
      model,
      modelKey: `${owner.key}-model-${Math.floor(index / 2)}`,
      variant,
      name: `${owner.key} ${model} ${variant}`.trim(),
      searchTerms: index % 3 === 0 ? [] : [`A${2600 + index}`, 'Spitzname "eins"'],
      releaseYear: 2015 + (index % 9),
      releaseMonth: 1 + (index % 12),
      image: index % 4 === 0 ? null : `/api/trade/images/device/${id}.svg`,
      thumbnail: null,
      pages: pages('device', `device-${id}`, model),
      basePrices: perEdition((edition) => 10_000 + index * 7 + edition.charCodeAt(0)),
      recyclingPrices: perEdition((edition) => (edition === 'it' ? 0 : 150 + index)),
    });
  }
  const questions = [1, 2].flatMap((categoryId) => [
    {
      id: categoryId * 10 + 1,
      categoryId,
      code: 'POWERS_ON',
      texts: perEdition((edition) => ({
        question: `Lässt sich einschalten? (${edition})`,
        description: '',
      })),
      // Answer ids repeat across questions: they are unique only within their question.
      answers: [grade(1, 'YES', 1, false, 1), grade(2, 'NO', 0, true, 2)],
      position: 1,
    },
    {
      id: categoryId * 10 + 2,
      categoryId,
      code: 'GRADE',
      texts: perEdition((edition) => ({
        question: `Zustand? (${edition})`,
        description: 'Kratzer & Dellen',
      })),
      answers: [
        grade(1, 'GRADE_LIKE_NEW', 1, false, 1),
        grade(2, 'GRADE_GOOD', 0.85, false, 2),
        grade(3, 'GRADE_USED', 0.615, false, 3),
      ],
      position: 2,
    },
  ]);
  return { categories, manufacturers, categoryManufacturers, series, devices, questions };
}
