import * as z from 'zod/mini';
import { centsSchema, idSchema, slugSchema } from './primitives.ts';
import { pure } from './pure.ts';

/** A display name in the catalogue: 1–200 characters, not blank. */
const catalogueNameSchema = /* @__PURE__ */ pure(() =>
  z.string().check(
    z.maxLength(200, 'Name must be at most 200 characters'),
    z.refine((name) => name.trim().length > 0, 'Name must not be empty'),
  ),
);

/** Editorial HTML or text shown on a catalogue page; may be empty. */
const contentSchema = /* @__PURE__ */ pure(() =>
  z.string().check(z.maxLength(100_000, 'Content is too long')),
);

/**
 * An image reference: a root-relative path on our origin or an absolute http(s) URL.
 * `null` when the entry has no image and the UI shows its placeholder.
 */
export const imageReferenceSchema = /* @__PURE__ */ pure(() =>
  z.nullable(
    z
      .string()
      .check(
        z.maxLength(2048, 'Image reference is too long'),
        z.regex(
          /^(?:\/(?!\/)|https?:\/\/)\S*$/,
          'Image must be a root-relative path or an http(s) URL',
        ),
      ),
  ),
);

/** The meta fields of a catalogue page (`meta fields` of §3). */
const metaFieldsShape = /* @__PURE__ */ pure(() => ({
  metaDescription: z.string().check(z.maxLength(1000, 'Meta description is too long')),
  metaKeywords: z.string().check(z.maxLength(1000, 'Meta keywords are too long')),
}));

/** Reports each id of `topIds` that is not the id of one of `entries` (a "top" entry must be listed). */
function reportUnlistedTopIds(
  entries: readonly { id: number }[],
  topIds: readonly number[],
  path: string,
  context: z.core.$RefinementCtx,
): void {
  const listed = new Set(entries.map((entry) => entry.id));
  topIds.forEach((id, index) => {
    if (!listed.has(id)) {
      context.addIssue({
        code: 'custom',
        path: [path, index],
        message: `Top entry ${id} is not among the listed entries`,
        input: id,
      });
    }
  });
}

/** What every level of the catalogue has: its id, name, url, page content, meta and thumbnail. */
const catalogueEntryShape = /* @__PURE__ */ pure(() => ({
  id: idSchema,
  name: catalogueNameSchema,
  url: slugSchema,
  content: contentSchema,
  ...metaFieldsShape,
  thumbnail: imageReferenceSchema,
}));

/** A series of a manufacturer, e.g. "iPhone 13". */
export const seriesSchema = /* @__PURE__ */ pure(() => z.object(catalogueEntryShape));
export type Series = z.infer<typeof seriesSchema>;

/** A manufacturer within a category, with its series; `topSeries` lists ids of highlighted series. */
export const manufacturerSchema = /* @__PURE__ */ pure(() =>
  z
    .object({
      ...catalogueEntryShape,
      series: z.array(seriesSchema),
      topSeries: z.array(idSchema),
    })
    .check(
      z.superRefine((manufacturer, context) =>
        reportUnlistedTopIds(manufacturer.series, manufacturer.topSeries, 'topSeries', context),
      ),
    ),
);
export type Manufacturer = z.infer<typeof manufacturerSchema>;

/** A device category, e.g. smartphones; `topManufacturers` lists ids of highlighted manufacturers. */
export const categorySchema = /* @__PURE__ */ pure(() =>
  z
    .object({
      ...catalogueEntryShape,
      manufacturers: z.array(manufacturerSchema),
      topManufacturers: z.array(idSchema),
    })
    .check(
      z.superRefine((category, context) =>
        reportUnlistedTopIds(
          category.manufacturers,
          category.topManufacturers,
          'topManufacturers',
          context,
        ),
      ),
    ),
);
export type Category = z.infer<typeof categorySchema>;

/** A short code naming a question or an answer, stable across editions (e.g. `DISPLAY_OK`). */
const codeSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/, 'Code must be 1–64 letters, digits, "_", "." or "-"')),
);

/** One answer to a condition question. */
export const answerSchema = /* @__PURE__ */ pure(() =>
  z.object({
    id: idSchema,
    code: codeSchema,
    text: z.string().check(z.minLength(1, 'Answer text must not be empty'), z.maxLength(500)),
  }),
);

/** A condition question with its possible answers (at least two: a question needs a choice). */
export const questionSchema = /* @__PURE__ */ pure(() =>
  z.object({
    id: idSchema,
    code: codeSchema,
    description: z.string().check(z.maxLength(5000, 'Description is too long')),
    question: z.string().check(z.minLength(1, 'Question text must not be empty'), z.maxLength(500)),
    answers: z.array(answerSchema).check(z.minLength(2, 'A question needs at least two answers')),
  }),
);
export type Question = z.infer<typeof questionSchema>;

/** One variant of a model (a storage size, say), as a device names its siblings. */
export const deviceVariantSchema = /* @__PURE__ */ pure(() =>
  z.object({
    id: idSchema,
    url: slugSchema,
    /** The variant's label, e.g. `256 GB`; empty when the model has only one. */
    variant: z.string().check(z.maxLength(200, 'Variant is too long')),
    /** The variant's best price in the edition, in cents: see the device's `bestPriceCents`. */
    bestPriceCents: centsSchema,
  }),
);
export type DeviceVariant = z.infer<typeof deviceVariantSchema>;

/**
 * What a model pays at best ("up to 410 €"): the highest best price among its variants, the
 * device's own when it names none.
 */
export function modelBestPriceCents(
  device: Pick<DeviceSummary, 'bestPriceCents' | 'variants'>,
): number {
  return Math.max(device.bestPriceCents, ...device.variants.map((each) => each.bestPriceCents));
}

/** The fields of a device that lists need; a {@link Device} adds its condition questions. */
const deviceSummaryShape = /* @__PURE__ */ pure(() => ({
  id: idSchema,
  name: catalogueNameSchema,
  model: z.string().check(z.maxLength(200, 'Model is too long')),
  /** The variant this device is, e.g. `256 GB`; empty when the model has only one. */
  variant: z.string().check(z.maxLength(200, 'Variant is too long')),
  /**
   * Every variant of the device's model, this one included, smallest storage first: what a
   * seller chooses between when the name alone does not say which one they own.
   */
  variants: z.array(deviceVariantSchema).check(z.maxLength(100, 'Too many variants')),
  url: slugSchema,
  /**
   * The most an offer for this device can be in the edition, in integer cents: the base price
   * of the current price list times the highest factor of each condition question (the base
   * price itself while no factor exceeds 1), or the recycling price when that is higher. What
   * "up to 410 €" shows before the seller answers anything.
   */
  bestPriceCents: centsSchema,
  category: catalogueNameSchema,
  categoryId: idSchema,
  manufacturer: catalogueNameSchema,
  manufacturerId: idSchema,
  series: catalogueNameSchema,
  seriesId: idSchema,
  image: imageReferenceSchema,
  thumbnail: imageReferenceSchema,
}));

/** A device as lists and search results show it: every field of §3 except the questions. */
export const deviceSummarySchema = /* @__PURE__ */ pure(() => z.object(deviceSummaryShape));
export type DeviceSummary = z.infer<typeof deviceSummarySchema>;

/** A device with its condition questions (§3). */
export const deviceSchema = /* @__PURE__ */ pure(() =>
  z.object({
    ...deviceSummaryShape,
    questions: z.array(questionSchema),
    /**
     * True for a device that takes no new offers (retired by the operators): its product page
     * says it can no longer be sold instead of offering the sell widget. Absent while on sale.
     */
    retired: z.optional(z.boolean()),
  }),
);
export type Device = z.infer<typeof deviceSchema>;

/** A name-and-url reference to a catalogue entry, used where the full entry is not needed. */
const catalogueReferenceSchema = /* @__PURE__ */ pure(() =>
  z.object({
    id: idSchema,
    name: catalogueNameSchema,
    url: slugSchema,
  }),
);

/**
 * What a sell-category url means (the aggregation index of §3): the category it belongs to and
 * the manufacturers and series that match it. A category url lists all of the category's
 * manufacturers and no series; a manufacturer url lists that manufacturer and its series; a
 * series url lists the series' manufacturer and that one series.
 */
export const aggregationSchema = /* @__PURE__ */ pure(() =>
  z.object({
    url: slugSchema,
    category: catalogueReferenceSchema,
    manufacturers: z.array(manufacturerSchema),
    series: z.array(seriesSchema),
  }),
);
export type Aggregation = z.infer<typeof aggregationSchema>;
