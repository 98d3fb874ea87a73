import * as z from 'zod/mini';
import type { ManufacturerInput, ProductLine } from './assemble-catalogue.ts';
import { categoryKeys } from './catalogue-texts.ts';
import manufacturersJson from './seed/manufacturers.json' with { type: 'json' };
import productLinesJson from './seed/product-lines.json' with { type: 'json' };
import { parseVariantSpec } from './variant-spec.ts';

/*
 * The seed catalogue is data: `seed/manufacturers.json` and `seed/product-lines.json`. Adding a
 * device is a new model entry in its series; a new manufacturer goes at the end of its file
 * (its id is its position, so entries are appended, never reordered). Both files are checked
 * here when the module loads, so a mistake fails the first test and the first start, naming
 * the entry.
 */

const manufacturerSchema = z.strictObject({
  key: z.string().check(z.regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits, hyphens')),
  name: z.string().check(z.minLength(1, 'must not be empty')),
});

/** One option of a variant dimension: `128`, `1T`, `41mm`, `wifi`, `Kit_EF-S_18-55_mm`. */
const variantOption = /[A-Za-z0-9][A-Za-z0-9_.+-]*/.source;
const variantSpecPattern = new RegExp(
  `^${variantOption}(?:\\|${variantOption})*(?: ${variantOption}(?:\\|${variantOption})*)*$`,
);

const modelSchema = z.strictObject({
  model: z.string().check(z.minLength(1, 'must not be empty')),
  /** Month the model went on sale in Europe. */
  released: z
    .string()
    .check(z.regex(/^(?:19|20)\d\d-(?:0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM')),
  /** German list price of the first variant at launch, whole euros. */
  launchEuros: z.int().check(z.positive('must be a positive whole number of euros')),
  /** Compact variant spec (see variant-spec.ts): dimensions by spaces, options by `|`. */
  variants: z.optional(
    z.string().check(z.regex(variantSpecPattern, 'must be options like 128|256 wifi|cell')),
  ),
  /** Model codes and other words people search by. */
  codes: z.optional(z.array(z.string().check(z.regex(/^\S+$/, 'must be one word')))),
});

const productLineSchema = z.strictObject({
  category: z.enum(categoryKeys),
  manufacturer: z.string(),
  series: z.array(
    z.strictObject({
      name: z.string().check(z.minLength(1, 'must not be empty')),
      models: z.array(modelSchema).check(z.minLength(1, 'must list at least one model')),
    }),
  ),
});

/** A readable place in a data file: `[3].series[0].models[2].released`. */
function pathOf(path: readonly PropertyKey[]): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');
}

/** A data file that is not what it must be; each problem names its entry. */
export class CatalogueDataError extends Error {
  constructor(
    /** The file's name, e.g. `product-lines.json`. */
    readonly file: string,
    /** One line per problem: `[3].series[0].models[2].released: must be a month as YYYY-MM`. */
    readonly problems: readonly string[],
  ) {
    super(`${file}: ${problems.join('; ')}`);
    this.name = 'CatalogueDataError';
  }
}

function parseFile<T>(file: string, schema: z.ZodMiniType<T>, json: unknown): T {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw new CatalogueDataError(
    file,
    parsed.error.issues.map((issue) => `${pathOf(issue.path)}: ${issue.message}`),
  );
}

function fail(file: string, path: string, message: string): never {
  throw new CatalogueDataError(file, [`${path}: ${message}`]);
}

/**
 * Checks product lines in the format of `seed/product-lines.json` and turns them into the input
 * of the catalogue assembler; a model named twice for one manufacturer (as the lines write it,
 * ignoring case) is a mistake. `file` names the file in errors ({@link CatalogueDataError}).
 */
export function parseProductLines(file: string, productLinesData: unknown): ProductLine[] {
  const lines = parseFile(file, z.array(productLineSchema), productLinesData);
  const modelsOf = new Map<string, Set<string>>();
  return lines.map((line, lineIndex): ProductLine => {
    const manufacturerKey = line.manufacturer.toLowerCase();
    const seen = modelsOf.get(manufacturerKey) ?? new Set<string>();
    modelsOf.set(manufacturerKey, seen);
    return {
      category: line.category,
      manufacturer: line.manufacturer,
      series: line.series.map((series, seriesIndex) => ({
        name: series.name,
        models: series.models.map((model, modelIndex) => {
          if (seen.has(model.model.toLowerCase())) {
            fail(
              file,
              `[${lineIndex}].series[${seriesIndex}].models[${modelIndex}].model`,
              `"${model.model}" is listed twice for ${line.manufacturer}`,
            );
          }
          seen.add(model.model.toLowerCase());
          const [year = 2000, month = 1] = model.released.split('-').map(Number);
          return {
            model: model.model,
            year,
            month,
            launchEuros: model.launchEuros,
            variants: parseVariantSpec(model.variants ?? ''),
            codes: model.codes ?? [],
          };
        }),
      })),
    };
  });
}

/**
 * Checks the seed files and turns them into the inputs of `assembleCatalogue`: manufacturers
 * get their ids by position; every product line must name a listed manufacturer; a
 * manufacturer's model names are unique.
 */
export function parseSeedData(
  manufacturersData: unknown,
  productLinesData: unknown,
): { manufacturers: ManufacturerInput[]; productLines: ProductLine[] } {
  const manufacturerRows = parseFile(
    'manufacturers.json',
    z.array(manufacturerSchema),
    manufacturersData,
  );
  const productLines = parseProductLines('product-lines.json', productLinesData);

  const keys = new Set<string>();
  manufacturerRows.forEach(({ key }, index) => {
    if (keys.has(key)) fail('manufacturers.json', `[${index}].key`, `"${key}" is listed twice`);
    keys.add(key);
  });
  productLines.forEach((line, lineIndex) => {
    if (!keys.has(line.manufacturer)) {
      fail(
        'product-lines.json',
        `[${lineIndex}].manufacturer`,
        `"${line.manufacturer}" is not in manufacturers.json`,
      );
    }
  });
  return {
    manufacturers: manufacturerRows.map((row, index) => ({ id: index + 1, ...row })),
    productLines,
  };
}

const seed = parseSeedData(manufacturersJson, productLinesJson);

/** Manufacturers with fixed ids (their position in manufacturers.json). */
export const seedManufacturers: readonly ManufacturerInput[] = seed.manufacturers;

/** The real product lines of the seed catalogue, in the order of product-lines.json. */
export const seedProductLines: readonly ProductLine[] = seed.productLines;
