import type { EditionCode } from '@tradein/editions';
import type { PerEdition } from './catalogue-model.ts';
import type { CategoryKey } from './catalogue-texts.ts';

/**
 * Prices are buy-back values as of mid-2025: a share of the launch price that falls every year.
 * The date is fixed, not "now", so that the seed is the same on every start.
 */
const priceReferenceYear = 2025.5;

/** Share of the launch price paid for a new device, and what is left of it after each year. */
const depreciation: Record<CategoryKey, { start: number; yearly: number }> = {
  smartphones: { start: 0.6, yearly: 0.72 },
  tablets: { start: 0.6, yearly: 0.78 },
  laptops: { start: 0.55, yearly: 0.8 },
  smartwatches: { start: 0.5, yearly: 0.7 },
  cameras: { start: 0.65, yearly: 0.87 },
  consoles: { start: 0.6, yearly: 0.85 },
  headphones: { start: 0.45, yearly: 0.75 },
  'e-readers': { start: 0.45, yearly: 0.8 },
};

/** Brands whose devices keep their value better (or worse) than the category's average. */
const brandRetention: Record<string, number> = { apple: 1.12, samsung: 1, google: 0.95 };
/** Applies to smartphones of brands not listed in {@link brandRetention}. */
const otherPhoneBrandRetention = 0.85;

/** The market of each edition: Germany and Austria pay the reference price. */
const editionPriceFactors: PerEdition<number> = {
  at: 1,
  de: 1,
  es: 0.96,
  fr: 0.98,
  it: 0.95,
};

/** What a defective device of the category is still worth (parts, materials), in cents. */
const recyclingCents: Record<CategoryKey, number> = {
  smartphones: 800,
  tablets: 1000,
  laptops: 1500,
  smartwatches: 300,
  cameras: 1200,
  consoles: 1000,
  headphones: 0,
  'e-readers': 300,
};

/** The smallest offer for a working device, in euros. */
const minimumEuros = 5;

function mapEditions(value: (edition: EditionCode) => number): PerEdition<number> {
  return { at: value('at'), de: value('de'), es: value('es'), fr: value('fr'), it: value('it') };
}

/** Base prices (top condition) per edition in integer cents, rounded to whole euros. */
export function basePricesFor(
  category: CategoryKey,
  manufacturerKey: string,
  launchEuros: number,
  year: number,
  month: number,
  variantFactor: number,
): PerEdition<number> {
  const { start, yearly } = depreciation[category];
  const age = Math.max(0, priceReferenceYear - (year + (month - 1) / 12));
  const brand =
    brandRetention[manufacturerKey] ?? (category === 'smartphones' ? otherPhoneBrandRetention : 1);
  const euros = Math.max(minimumEuros, launchEuros * start * yearly ** age * brand * variantFactor);
  return mapEditions((edition) => Math.round(euros * editionPriceFactors[edition]) * 100);
}

/** Recycling prices per edition in cents: the category's value, never above half the base price. */
export function recyclingPricesFor(
  category: CategoryKey,
  basePrices: PerEdition<number>,
): PerEdition<number> {
  return mapEditions((edition) =>
    Math.min(
      Math.round((recyclingCents[category] * editionPriceFactors[edition]) / 100) * 100,
      Math.floor(basePrices[edition] / 200) * 100,
    ),
  );
}
