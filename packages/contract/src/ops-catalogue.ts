/**
 * The back office's catalogue and price calls (role `pricing`; docs/catalogue.md, "Back-office
 * calls"): find devices, a device's prices and history, change one price, adjust a series,
 * manufacturer or category by a percentage, export and import the price list's CSV, import
 * models, retire a device, read and set answer factors. A bulk change is previewed first (a dry
 * run that answers `basedOnRevision`, the newest catalogue revision it saw); the apply call
 * carries that revision and is refused with 409 when anyone changed the catalogue since.
 */
import { editionCodeSchema } from '@tradein/editions/client';
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { centsSchema, emptyBodySchema, isoDateTimeSchema } from './primitives.ts';
import { pure } from './pure.ts';

/** The most devices one page holds. */
const maxDevicePageSize = 100;
/** Devices per page when the query names none. */
const defaultDevicePageSize = 50;
/** The highest page number. */
const maxDevicePage = 100_000;
/** The longest name search, in characters. */
const maxDeviceSearchLength = 100;
/** The largest price in cents (the database's integer). */
const maxPriceCents = 2_147_483_647;
/** The largest CSV of prices or JSON of models a call takes, in bytes. */
export const maxCatalogueUploadBytes = 20 * 1024 * 1024;

/** A whole number from a URL (digits) or from code, checked against its range. */
function wholeNumberSchema(label: string, minimum: number, maximum: number) {
  return z.pipe(
    z.union([
      z.int(),
      z.pipe(
        z.string().check(z.regex(/^[0-9]{1,10}$/, `${label} must be a whole number`)),
        z.transform(Number),
      ),
    ]),
    z
      .int()
      .check(
        z.minimum(minimum, `${label} must be at least ${minimum}`),
        z.maximum(maximum, `${label} must be at most ${maximum}`),
      ),
  );
}

/** `true`/`false` from a URL, or a boolean from code. */
function flagSchema(label: string) {
  return z.union([
    z.boolean(),
    z.pipe(
      z.enum(['true', 'false'], `${label} must be true or false`),
      z.transform((text) => text === 'true'),
    ),
  ]);
}

/** A device id: a whole number, as a path segment or a number. */
const deviceIdSchema = /* @__PURE__ */ pure(() => wholeNumberSchema('Device id', 1, maxPriceCents));

/** A catalogue revision id as a preview answered it. */
const revisionIdSchema = /* @__PURE__ */ pure(() =>
  wholeNumberSchema('Revision', 1, Number.MAX_SAFE_INTEGER),
);

/** A manufacturer's or series' key as its URLs use it: `apple`, `iphone-13`. */
const catalogueKeySchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(
      z.regex(
        /^[a-z0-9][a-z0-9-]{0,99}$/,
        'Must be a key of lower-case letters, digits and hyphens',
      ),
    ),
);

/** One line of plain text (names, reasons), without control characters. */
function plainTextSchema(label: string, maximum: number) {
  return z.string().check(
    z.trim(),
    z.minLength(1, `${label} must not be empty`),
    z.maxLength(maximum, `${label} must be at most ${maximum} characters`),
    z.refine(
      (text) => !/[\p{Cc}\p{Cs}]/u.test(text),
      `${label} must be one line of plain text without control characters`,
    ),
  );
}

/** Whole non-negative cents, as the price list stores them. */
const priceCentsSchema = /* @__PURE__ */ pure(() =>
  z
    .int('Must be a whole number of cents')
    .check(
      z.nonnegative('Must be a whole number of cents, at least 0'),
      z.maximum(maxPriceCents, `Must be at most ${maxPriceCents} cents`),
    ),
);

/** A device's prices in one edition. */
const priceSchema = /* @__PURE__ */ pure(() =>
  z.object({ basePriceCents: centsSchema, recyclingPriceCents: centsSchema }),
);

/** What the device list can be sorted by. */
const deviceSortKeys = ['name', 'id', 'price'] as const;

/**
 * The query of the device list as a URL holds it. `q` searches the device's name (any part,
 * case-insensitive); `manufacturer` and `series` are keys; `retired` narrows to retired (true)
 * or current (false) devices; the prices are those of `edition` (default `de`).
 */
const catalogueDeviceQuerySchema = /* @__PURE__ */ pure(() =>
  z.object({
    q: z.optional(plainTextSchema('Search', maxDeviceSearchLength)),
    edition: z._default(editionCodeSchema, 'de'),
    manufacturer: z.optional(catalogueKeySchema),
    series: z.optional(catalogueKeySchema),
    retired: z.optional(flagSchema('Retired')),
    sort: z._default(z.enum(deviceSortKeys, 'Sort must be one of name, id, price'), 'name'),
    direction: z._default(z.enum(['asc', 'desc'], 'Direction must be asc or desc'), 'asc'),
    page: z._default(wholeNumberSchema('Page', 1, maxDevicePage), 1),
    pageSize: z._default(
      wholeNumberSchema('Page size', 1, maxDevicePageSize),
      defaultDevicePageSize,
    ),
  }),
);
export type CatalogueDeviceQuery = z.infer<typeof catalogueDeviceQuerySchema>;

/** A named entry of the catalogue: its key and its name in the list's edition. */
const namedEntrySchema = /* @__PURE__ */ pure(() =>
  z.object({ key: z.string(), name: z.string() }),
);

/** One device of the list. */
export const catalogueDeviceRowSchema = /* @__PURE__ */ pure(() =>
  z.object({
    id: z.int(),
    name: z.string(),
    manufacturer: namedEntrySchema,
    series: namedEntrySchema,
    category: namedEntrySchema,
    retired: z.boolean(),
    retiredAt: z.nullable(isoDateTimeSchema),
    /** Its prices in the list's edition; null where it has none. */
    price: z.nullable(priceSchema),
  }),
);
export type CatalogueDeviceRow = z.infer<typeof catalogueDeviceRowSchema>;

/** A page of devices and how many match in all. */
const catalogueDevicePageSchema = /* @__PURE__ */ pure(() =>
  z.object({
    rows: z.array(catalogueDeviceRowSchema),
    total: z.int().check(z.nonnegative()),
  }),
);
export type CatalogueDevicePage = z.infer<typeof catalogueDevicePageSchema>;

/** Finds devices: paged, sorted and filtered on the server. */
export const catalogueDevicesEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/catalogue/devices',
  auth: 'none',
  body: emptyBodySchema,
  query: catalogueDeviceQuerySchema,
  response: catalogueDevicePageSchema,
});

/** The `:deviceId` of a device's calls. */
const deviceParamsSchema = /* @__PURE__ */ pure(() => z.object({ deviceId: deviceIdSchema }));

/** One change of a device's prices in one edition, with the revision that made it. */
const priceHistoryEntrySchema = /* @__PURE__ */ pure(() =>
  z.object({
    revisionId: z.int(),
    at: isoDateTimeSchema,
    edition: editionCodeSchema,
    oldBasePriceCents: z.nullable(centsSchema),
    newBasePriceCents: centsSchema,
    oldRecyclingPriceCents: z.nullable(centsSchema),
    newRecyclingPriceCents: centsSchema,
    /** `staff:<id>` of the back office, `ops:<login>` of the command line, `seed`. */
    actor: z.string(),
    source: z.string(),
    /** The revision's note, e.g. `prices import: 1,204 prices of 241 devices`. */
    note: z.string(),
  }),
);

/** A device with its prices in every edition and their history, oldest first. */
const catalogueDeviceDetailSchema = /* @__PURE__ */ pure(() =>
  z.object({
    device: catalogueDeviceRowSchema,
    prices: z.array(z.extend(priceSchema, { edition: editionCodeSchema })),
    history: z.array(priceHistoryEntrySchema),
    /** The newest catalogue revision: a price change made from this page may carry it. */
    basedOnRevision: z.nullable(z.int()),
  }),
);
export type CatalogueDeviceDetail = z.infer<typeof catalogueDeviceDetailSchema>;

/** One device (names in German, the shop's first edition), its prices and history. */
export const catalogueDeviceEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/catalogue/devices/:deviceId',
  auth: 'none',
  params: deviceParamsSchema,
  body: emptyBodySchema,
  response: catalogueDeviceDetailSchema,
});

/** A price move as a preview or an answer names it (the largest moves). */
const priceMoveSchema = /* @__PURE__ */ pure(() =>
  z.object({
    deviceId: z.int(),
    name: z.string(),
    edition: editionCodeSchema,
    oldBasePriceCents: z.nullable(centsSchema),
    newBasePriceCents: centsSchema,
    oldRecyclingPriceCents: z.nullable(centsSchema),
    newRecyclingPriceCents: centsSchema,
    /** The larger relative move of both prices (0.05 = 5 %); null for a move away from 0. */
    relativeMove: z.nullable(z.number()),
  }),
);

/**
 * What a price change did or, as a preview, would do: `revisionId` is null for a preview or
 * when nothing differed; `basedOnRevision` is what the apply call carries.
 */
const priceChangeSummarySchema = /* @__PURE__ */ pure(() =>
  z.object({
    dryRun: z.boolean(),
    revisionId: z.nullable(z.int()),
    basedOnRevision: z.nullable(z.int()),
    /** Prices that change (a device in one edition each). */
    prices: z.int().check(z.nonnegative()),
    devices: z.int().check(z.nonnegative()),
    /** The largest relative moves, largest first (at most 5). */
    largestMoves: z.array(priceMoveSchema),
  }),
);
export type CataloguePriceChangeSummary = z.infer<typeof priceChangeSummarySchema>;

/**
 * One device's prices in one edition, by the rules of the CSV import: whole non-negative cents,
 * the recycling price at most the base price, a move of more than half the current price only
 * with `force`.
 */
const devicePriceRequestSchema = /* @__PURE__ */ pure(() =>
  z
    .object({
      basePriceCents: priceCentsSchema,
      recyclingPriceCents: priceCentsSchema,
      force: z._default(z.boolean('Force must be true or false'), false),
      /** The revision the page showed; when given, a change made since refuses this one. */
      basedOnRevision: z.optional(revisionIdSchema),
    })
    .check(
      z.refine((price) => price.recyclingPriceCents <= price.basePriceCents, {
        error: 'The recycling price must not be above the base price',
        path: ['recyclingPriceCents'],
      }),
    ),
);

/** Changes one device's prices in one edition; answers the change (prices 0: nothing differed). */
export const devicePriceEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'PUT',
  path: '/api/ops/catalogue/devices/:deviceId/prices/:edition',
  auth: 'none',
  params: /* @__PURE__ */ pure(() =>
    z.object({ deviceId: deviceIdSchema, edition: editionCodeSchema }),
  ),
  body: devicePriceRequestSchema,
  response: priceChangeSummarySchema,
});

/** A percentage: a decimal with at most four places above -100 and below 1000. */
const percentSchema = /* @__PURE__ */ pure(() =>
  z.string().check(
    z.regex(
      /^[+-]?[0-9]{1,3}(?:\.[0-9]{1,4})?$/,
      'Percent must be a decimal with at most four places, e.g. -5 or 2.5',
    ),
    z.refine((text) => Number(text) > -100, 'Percent must be above -100'),
  ),
);

/**
 * An adjustment of base prices by a percentage (the recycling price is lowered to the new base
 * where it would be above it): exactly one of `series`, `manufacturer`, `category` (as the
 * edition names it, or its key). `dryRun` previews; applying needs the preview's
 * `basedOnRevision`, and a move of more than 50 % needs `force`.
 */
const priceAdjustmentRequestSchema = /* @__PURE__ */ pure(() =>
  z
    .object({
      edition: editionCodeSchema,
      series: z.optional(plainTextSchema('Series', 200)),
      manufacturer: z.optional(plainTextSchema('Manufacturer', 200)),
      category: z.optional(plainTextSchema('Category', 200)),
      percent: percentSchema,
      dryRun: z.boolean('Dry run must be true or false'),
      force: z._default(z.boolean('Force must be true or false'), false),
      basedOnRevision: z.optional(revisionIdSchema),
    })
    .check(
      z.refine(
        (body) =>
          [body.series, body.manufacturer, body.category].filter((name) => name !== undefined)
            .length === 1,
        { error: 'Name exactly one of series, manufacturer, category', path: ['series'] },
      ),
      z.refine((body) => body.dryRun || body.basedOnRevision !== undefined, {
        error: 'Applying needs the revision its preview answered',
        path: ['basedOnRevision'],
      }),
    ),
);

/** Previews or applies an adjustment. */
export const priceAdjustmentEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/ops/catalogue/price-adjustments',
  auth: 'none',
  body: priceAdjustmentRequestSchema,
  response: priceChangeSummarySchema,
});

/** The CSV is text, not JSON: clients read it as a file. */
const csvTextSchema = /* @__PURE__ */ pure(() => z.custom<string>(() => true));

/** The price list as CSV (`deviceId,edition,name,basePriceCents,recyclingPriceCents`). */
export const priceListCsvEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/catalogue/prices.csv',
  auth: 'none',
  body: emptyBodySchema,
  query: /* @__PURE__ */ pure(() => z.object({ edition: z.optional(editionCodeSchema) })),
  response: csvTextSchema,
});

/** Whether a bulk call previews or applies, and what an apply carries. */
const bulkQuerySchema = /* @__PURE__ */ pure(() =>
  z
    .object({
      dryRun: flagSchema('Dry run'),
      force: z._default(flagSchema('Force'), false),
      basedOnRevision: z.optional(revisionIdSchema),
    })
    .check(
      z.refine((query) => query.dryRun || query.basedOnRevision !== undefined, {
        error: 'Applying needs the revision its preview answered',
        path: ['basedOnRevision'],
      }),
    ),
);

/**
 * Imports a price list: the CSV as the body (content type `text/csv`, at most 20 MB). A file with
 * any problem is refused whole: 400 whose fields name each problem as `lines.<line>.<column>`
 * (or the column alone for the file's own problems).
 */
export const priceImportEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/ops/catalogue/price-imports',
  auth: 'none',
  query: bulkQuerySchema,
  body: /* @__PURE__ */ pure(() =>
    z
      .string('The body must be the CSV text, content type text/csv')
      .check(
        z.minLength(1, 'The CSV must not be empty'),
        z.maxLength(maxCatalogueUploadBytes, 'The CSV must be at most 20 MB'),
      ),
  ),
  response: priceChangeSummarySchema,
});

/** The line and column of a refused import's field path `lines.7.basePriceCents`. */
export function priceProblemOf(field: { path: string; message: string }): {
  line: number | null;
  field: string;
  message: string;
} {
  const match = /^lines\.([0-9]+)\.(.*)$/.exec(field.path);
  return match === null
    ? { line: null, field: field.path, message: field.message }
    : { line: Number(match[1]), field: match[2] ?? '', message: field.message };
}

/** What a model import added (or, previewed, would add) and what was there already. */
const modelImportReportSchema = /* @__PURE__ */ pure(() =>
  z.object({
    dryRun: z.boolean(),
    revisionId: z.nullable(z.int()),
    basedOnRevision: z.nullable(z.int()),
    added: z.object({
      manufacturers: z.array(z.string()),
      series: z.array(z.string()),
      models: z.array(z.string()),
      devices: z.array(z.object({ id: z.int(), name: z.string(), url: z.string() })),
    }),
    alreadyThere: z.object({
      manufacturers: z.array(z.string()),
      series: z.array(z.string()),
      models: z.array(z.string()),
      devices: z.array(z.string()),
    }),
  }),
);

/**
 * Imports models in the format of the seed's `product-lines.json` (the JSON array as the body).
 * A bad file is refused whole: 400 whose fields name each entry's path (`[0].series[1].name`).
 */
export const modelImportEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/ops/catalogue/model-imports',
  auth: 'none',
  query: bulkQuerySchema,
  body: /* @__PURE__ */ pure(() =>
    z.array(z.unknown(), 'The body must be a JSON array of product lines'),
  ),
  response: modelImportReportSchema,
});

/** Why a device is retired. */
const retirementRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({
    reason: plainTextSchema('Reason', 500),
    dryRun: z._default(z.boolean('Dry run must be true or false'), false),
  }),
);

/** Retires a device: no new offers; offers and trades made before stay valid. */
export const deviceRetirementEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/ops/catalogue/devices/:deviceId/retirement',
  auth: 'none',
  params: deviceParamsSchema,
  body: retirementRequestSchema,
  response: /* @__PURE__ */ pure(() =>
    z.object({
      /** `retired` now (or, dry, would be); `already-retired` changed nothing. */
      status: z.enum(['retired', 'already-retired']),
      deviceId: z.int(),
      name: z.string(),
      retiredAt: isoDateTimeSchema,
      revisionId: z.nullable(z.int()),
    }),
  ),
});

/** One answer's factor. */
const answerFactorSchema = /* @__PURE__ */ pure(() =>
  z.object({
    questionCode: z.string(),
    answerCode: z.string(),
    priceFactor: z.number(),
    meansDefective: z.boolean(),
  }),
);

/** The answer factors per category, in asking order. */
export const priceFactorsEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/catalogue/factors',
  auth: 'none',
  body: emptyBodySchema,
  query: /* @__PURE__ */ pure(() => z.object({ category: z.optional(catalogueKeySchema) })),
  response: /* @__PURE__ */ pure(() =>
    z.object({
      categories: z.array(
        z.object({ categoryKey: z.string(), answers: z.array(answerFactorSchema) }),
      ),
    }),
  ),
});

/** Sets one answer's factor: a decimal above 0 and at most 1.2 with at most four places. */
const priceFactorRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({
    category: catalogueKeySchema,
    question: plainTextSchema('Question', 100),
    answer: plainTextSchema('Answer', 100),
    factor: z.string().check(
      z.regex(/^[0-9](?:\.[0-9]{1,4})?$/, 'Factor must be a decimal such as 0.85'),
      z.refine(
        (text) => Number(text) > 0 && Number(text) <= 1.2,
        'Factor must be above 0 and at most 1.2',
      ),
    ),
    dryRun: z._default(z.boolean('Dry run must be true or false'), false),
  }),
);

/** Sets one answer's factor; answers old and new (revision null: dry or unchanged). */
export const priceFactorEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'PUT',
  path: '/api/ops/catalogue/factors',
  auth: 'none',
  body: priceFactorRequestSchema,
  response: /* @__PURE__ */ pure(() =>
    z.object({
      dryRun: z.boolean(),
      revisionId: z.nullable(z.int()),
      categoryKey: z.string(),
      questionCode: z.string(),
      answerCode: z.string(),
      oldPriceFactor: z.number(),
      newPriceFactor: z.number(),
    }),
  ),
});
