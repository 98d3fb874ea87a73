// Forms (the shop's pages, the widget's checkout) check what they send with the schema the API
// parses it with, and show the API's own refusals the same way: both are issues at request paths,
// placed here on the form's fields. One mapping, so a field cannot be checked by one rule in the
// browser and another on the server.
import type * as z from 'zod/mini';
import { joinPath } from './api-error.ts';
import { maxTextFieldLength } from './primitives.ts';

/**
 * Why a rule refused a value, as far as the value and its issue tell whatever the field: it is
 * empty, longer than a text field may be, or an IBAN outside the SEPA area (payouts are SEPA).
 */
export type FieldIssueReason = 'required' | 'tooLong' | 'ibanNotSepa';

/** The reasons the contract's schemas name in a custom issue's `params.reason`. */
const namedReasons = ['ibanNotSepa'] as const satisfies readonly FieldIssueReason[];

/**
 * One refused value of a request: its dotted path (`Address.zip`, as the API's 400 names it),
 * and why, when the rule said so. An {@link ApiFieldError} is one.
 */
export interface FieldIssue {
  readonly path: string;
  readonly reason?: FieldIssueReason | undefined;
}

/** The reason a zod issue names: a custom issue's `params.reason`, or a text field's length. */
function reasonOf(issue: z.core.$ZodIssue): FieldIssueReason | undefined {
  if (issue.code === 'too_big' && issue.origin === 'string') {
    // Only the length every name and address line shares has a sentence of its own; a longer
    // limit (an e-mail address) is refused like any other wrong value of its field.
    return Number(issue.maximum) === maxTextFieldLength ? 'tooLong' : undefined;
  }
  if (issue.code !== 'custom') return undefined;
  const reason: unknown = issue.params?.['reason'];
  return namedReasons.find((named) => named === reason);
}

/** The issues of a failed parse as {@link FieldIssue}s. */
export function fieldIssuesOf(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return issues.map((issue) => ({ path: joinPath(issue.path), reason: reasonOf(issue) }));
}

/**
 * Where a form shows the refusals of the request it sends. `paths` names the form field of each
 * request path; a refusal at a deeper path goes to the field of its longest listed prefix
 * (`credentials` takes `credentials.0.value`). `codes` is the message each field shows when its
 * rule refuses it for no reason of its own ({@link FieldIssueReason}).
 */
export interface RefusalMap<Field extends string, Code extends string> {
  readonly paths: Readonly<Record<string, Field>>;
  readonly codes: Readonly<Record<Field, Code>>;
}

/** Refusals placed on a form: an error code by field, and the paths no field shows. */
export interface PlacedRefusals<Field extends string, Code extends string> {
  readonly errors: Partial<Record<Field, Code | FieldIssueReason>>;
  /** Refused paths the form has no field for: its general message covers them. */
  readonly unplaced: readonly string[];
}

/** The field a request path belongs to: that of the path or of its longest listed prefix. */
function fieldOfPath<Field extends string>(
  path: string,
  paths: Readonly<Record<string, Field>>,
): Field | undefined {
  const segments = path.split('.');
  for (let length = segments.length; length > 0; length -= 1) {
    const prefix = segments.slice(0, length).join('.');
    if (Object.hasOwn(paths, prefix)) return paths[prefix];
  }
  return undefined;
}

/**
 * Places refusals on a form's fields, the first refusal of a field winning. A field whose value
 * (`values`, as the form holds them) is blank text is `required`, whatever its rule said.
 */
export function placeRefusals<Field extends string, Code extends string>(
  issues: readonly FieldIssue[],
  map: RefusalMap<Field, Code>,
  values?: Readonly<Partial<Record<Field, unknown>>>,
): PlacedRefusals<Field, Code> {
  const errors: Partial<Record<Field, Code | FieldIssueReason>> = {};
  const unplaced: string[] = [];
  for (const issue of issues) {
    const field = fieldOfPath(issue.path, map.paths);
    if (field === undefined) {
      unplaced.push(issue.path);
      continue;
    }
    const value = values?.[field];
    const blank = typeof value === 'string' && value.trim() === '';
    errors[field] ??= blank ? 'required' : (issue.reason ?? map.codes[field]);
  }
  return { errors, unplaced };
}

/** A form's request as the API would take it, or its refusals placed on the form. */
export type FormRequest<Body, Field extends string, Code extends string> =
  | { readonly ok: true; readonly body: Body }
  | ({ readonly ok: false } & PlacedRefusals<Field, Code>);

/**
 * Parses the request a form makes with the schema the API parses it with (the endpoint's
 * `body`), and places every refusal on its field: Conform's `parseWithZod`, over the contract.
 */
export function parseFormRequest<
  Schema extends z.ZodMiniType,
  Field extends string,
  Code extends string,
>(
  schema: Schema,
  request: unknown,
  map: RefusalMap<Field, Code>,
  values?: Readonly<Partial<Record<Field, unknown>>>,
): FormRequest<z.output<Schema>, Field, Code> {
  const parsed = schema.safeParse(request);
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, ...placeRefusals(fieldIssuesOf(parsed.error.issues), map, values) };
}

/**
 * The fields of a postal address form, named as the contract's address input names them; the
 * country is not one: it is the edition's.
 */
export const addressFormFields = [
  'salutation',
  'firstName',
  'lastName',
  'company',
  'street',
  'houseNumber',
  'addressAddition',
  'zip',
  'city',
] as const;
export type AddressFormField = (typeof addressFormFields)[number];

/**
 * The refusal paths of an address inside a request, each to its form field: `Address` in a
 * registration, `address` in a checkout or a person record, '' for an address body of its own.
 */
export function addressRefusalPaths(prefix: string): Record<string, AddressFormField> {
  return Object.fromEntries(
    addressFormFields.map((field) => [prefix === '' ? field : `${prefix}.${field}`, field]),
  );
}
