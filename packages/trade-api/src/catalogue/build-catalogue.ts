import type { Catalogue } from './catalogue-model.ts';
import { assembleCatalogue } from './assemble-catalogue.ts';
import { seedManufacturers, seedProductLines } from './seed-data.ts';

/** The seed catalogue of all five editions: real product lines, the same on every call. */
export function buildCatalogue(): Catalogue {
  return assembleCatalogue(seedManufacturers, seedProductLines);
}
