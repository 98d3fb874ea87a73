import type { EditionCode } from '@tradein/editions';

/**
 * The catalogue as the server stores and seeds it: one structure for all five editions, with
 * the texts, urls and prices that differ per edition held side by side. The contract's
 * `Category`, `Device`, … are views of this for one edition.
 */

/** A value per edition. */
export type PerEdition<T> = Record<EditionCode, T>;

/** The texts of a catalogue page in one edition. */
export interface CataloguePage {
  name: string;
  /** Slug, unique within its kind and edition (lower-case ASCII words joined by hyphens). */
  url: string;
  content: string;
  metaDescription: string;
  metaKeywords: string;
}

export interface CatalogueCategory {
  id: number;
  /** Stable key, e.g. `smartphones`. */
  key: string;
  pages: PerEdition<CataloguePage>;
  thumbnail: string | null;
  /** Display order. */
  position: number;
}

export interface CatalogueManufacturer {
  id: number;
  key: string;
  pages: PerEdition<CataloguePage>;
  thumbnail: string | null;
}

/** Which manufacturers a category lists, and which of them it highlights. */
export interface CatalogueCategoryManufacturer {
  categoryId: number;
  manufacturerId: number;
  top: boolean;
  position: number;
}

export interface CatalogueSeries {
  id: number;
  key: string;
  categoryId: number;
  manufacturerId: number;
  pages: PerEdition<CataloguePage>;
  thumbnail: string | null;
  /** Highlighted within its manufacturer in its category. */
  top: boolean;
  position: number;
}

/**
 * One sellable device: a model in one variant (storage, connectivity, size…). Devices of one
 * model share `modelKey`; search groups them by it.
 */
export interface CatalogueDevice {
  id: number;
  categoryId: number;
  manufacturerId: number;
  seriesId: number;
  /** Model without manufacturer and variant, e.g. `iPhone 13 Pro`. */
  model: string;
  /** Stable key of the model, shared by its variants, e.g. `apple-iphone-13-pro`. */
  modelKey: string;
  /** Variant, e.g. `128 GB`; empty when the model has only one. */
  variant: string;
  /** Display name: manufacturer, model and variant, e.g. `Apple iPhone 13 Pro 128 GB`. */
  name: string;
  /** Extra words people search by (codes like `A2638`, nicknames, other spellings). */
  searchTerms: string[];
  releaseYear: number;
  /** 1–12. */
  releaseMonth: number;
  /** Root-relative path of the image on our origin, or null for the placeholder. */
  image: string | null;
  thumbnail: string | null;
  /**
   * The device's photo: a key in the `catalogue-photos/` namespace of the shared file store
   * (e.g. `apple-iphone-13-pro.jpg`), which the image route then serves instead of the drawing.
   * Absent for the seed; an operator's import sets it.
   */
  photo?: string;
  /**
   * When the device was retired (`npm run ops -- catalogue retire`): it takes no new offers, is
   * left out of search results, series lists and the sitemap, and its product page says it can
   * no longer be sold. Absent for a device on sale.
   */
  retiredAt?: string;
  /** Per edition: url slug and page texts (name is the display name in that edition). */
  pages: PerEdition<CataloguePage>;
  /** What we pay for a device in top condition, in integer euro cents, per edition. */
  basePrices: PerEdition<number>;
  /** What we pay for a device that does not work (recycling offer), cents, may be 0. */
  recyclingPrices: PerEdition<number>;
}

export interface CatalogueAnswer {
  id: number;
  /** Stable code, e.g. `GRADE_LIKE_NEW`, `YES`, `NO`. */
  code: string;
  texts: PerEdition<string>;
  /** Multiplies the base price; 1 leaves it, 0.8 takes 20 % off. */
  priceFactor: number;
  /** Choosing it means the device does not work: the recycling offer applies. */
  meansDefective: boolean;
  position: number;
}

export interface CatalogueQuestion {
  id: number;
  categoryId: number;
  /** Stable code, e.g. `GRADE`, `POWERS_ON`, `BATTERY_80`, `NO_ACCOUNT_LOCK`, `DISPLAY_INTACT`. */
  code: string;
  texts: PerEdition<{ question: string; description: string }>;
  answers: CatalogueAnswer[];
  position: number;
}

/** The whole catalogue. Ids are unique within each list. */
export interface Catalogue {
  categories: CatalogueCategory[];
  manufacturers: CatalogueManufacturer[];
  categoryManufacturers: CatalogueCategoryManufacturer[];
  series: CatalogueSeries[];
  devices: CatalogueDevice[];
  questions: CatalogueQuestion[];
}
