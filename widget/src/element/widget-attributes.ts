import { editionCodeSchema, getClientEdition, shopModeSchema } from '@tradein/editions/client';
import type { EditionCode, ShopMode } from '@tradein/editions/client';
import * as z from 'zod/mini';
import type { ConsentState } from '@tradein/client-core';

/** Attributes of `<tradein-widget>` as the element reads them (missing ones are absent). */
export interface RawWidgetAttributes {
  edition?: string | null | undefined;
  mode?: string | null | undefined;
  apiBase?: string | null | undefined;
  category?: string | null | undefined;
  device?: string | null | undefined;
  partner?: string | null | undefined;
  step?: string | null | undefined;
  history?: string | null | undefined;
  trackingConsent?: string | null | undefined;
}

/** A valid element configuration. */
export interface WidgetConfig {
  edition: EditionCode;
  mode: ShopMode;
  /** Absolute http(s) base URL of the trade API, without a trailing slash. */
  apiBase: string;
  category: string | undefined;
  device: string | undefined;
  partner: string | undefined;
  /** The step to open first, for a page that stands for it (a shop's checkout page). */
  step: StartStep | undefined;
  /**
   * `push`: the element keeps the page's history itself (an entry per step, the back and
   * forward buttons followed), for a page that does not route. Absent: it never touches it.
   */
  history?: HistoryMode | undefined;
}

/** Attribute names as written in HTML. */
export type WidgetAttributeName =
  | 'edition'
  | 'mode'
  | 'api-base'
  | 'category'
  | 'device'
  | 'partner'
  | 'step'
  | 'history'
  | 'tracking-consent';

/**
 * Steps a page may open the element at by the `step` attribute: those that need nothing but
 * what the browser keeps (the cart and the checkout read the stored checkout). A step with its
 * own data (a device, an offer, a trade) is opened with `device`, or restored with `flowStep`.
 */
export const startSteps = ['search', 'cart', 'checkout'] as const;
export type StartStep = (typeof startSteps)[number];
const startStepSchema = z.enum(startSteps);

/** Values of the `history` attribute: the element pushes a history entry per step. */
export const historyModes = ['push'] as const;
export type HistoryMode = (typeof historyModes)[number];
const historyModeSchema = z.enum(historyModes);

/** Why an attribute was rejected; the element turns each reason into a localized message. */
export type WidgetProblemReason = 'missing' | 'invalid' | 'b2b-unavailable';

/** One rejected attribute. */
export interface WidgetProblem {
  attribute: WidgetAttributeName;
  reason: WidgetProblemReason;
  /** The rejected value, as written (absent when the attribute is missing). */
  value?: string;
}

/** Result of parsing the attributes: a configuration or every problem found. */
export type WidgetAttributesResult =
  { ok: true; value: WidgetConfig } | { ok: false; problems: WidgetProblem[] };

// Category and device are url slugs or ids from the catalogue; partner codes are short tokens.
const slugSchema = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/));
const partnerSchema = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/));

function parseApiBase(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    return undefined;
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Treats an empty attribute like a missing one: `edition=""` is as unset as no attribute. */
function present(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The edition attribute when it alone is valid: the error view still speaks its language. */
export function validEditionOf(raw: RawWidgetAttributes): EditionCode | undefined {
  const parsed = editionCodeSchema.safeParse(present(raw.edition));
  return parsed.success ? parsed.data : undefined;
}

/**
 * Parses the element's attributes. `defaultApiBase` (the origin the script came from) applies
 * when `api-base` is absent. Collects every problem instead of stopping at the first.
 */
export function parseWidgetAttributes(
  raw: RawWidgetAttributes,
  defaultApiBase: string,
): WidgetAttributesResult {
  const problems: WidgetProblem[] = [];

  const editionValue = present(raw.edition);
  let edition: EditionCode | undefined;
  if (editionValue === undefined) {
    problems.push({ attribute: 'edition', reason: 'missing' });
  } else {
    const parsed = editionCodeSchema.safeParse(editionValue);
    if (parsed.success) edition = parsed.data;
    else problems.push({ attribute: 'edition', reason: 'invalid', value: editionValue });
  }

  const modeValue = present(raw.mode);
  let mode: ShopMode | undefined = 'default';
  if (modeValue !== undefined) {
    const parsed = shopModeSchema.safeParse(modeValue);
    if (parsed.success) mode = parsed.data;
    else {
      mode = undefined;
      problems.push({ attribute: 'mode', reason: 'invalid', value: modeValue });
    }
  }
  if (mode === 'b2bWidget' && edition !== undefined && !getClientEdition(edition).hasB2B) {
    problems.push({ attribute: 'mode', reason: 'b2b-unavailable', value: mode });
  }

  const apiBaseValue = present(raw.apiBase);
  const apiBase = parseApiBase(apiBaseValue ?? defaultApiBase);
  if (apiBase === undefined) {
    problems.push(
      apiBaseValue === undefined
        ? { attribute: 'api-base', reason: 'missing' }
        : { attribute: 'api-base', reason: 'invalid', value: apiBaseValue },
    );
  }

  const optional = (
    attribute: 'category' | 'device' | 'partner',
    schema: typeof slugSchema,
  ): string | undefined => {
    const value = present(raw[attribute]);
    if (value === undefined) return undefined;
    if (schema.safeParse(value).success) return value;
    problems.push({ attribute, reason: 'invalid', value });
    return undefined;
  };
  const category = optional('category', slugSchema);
  const device = optional('device', slugSchema);
  const partner = optional('partner', partnerSchema);

  const stepValue = present(raw.step);
  let step: StartStep | undefined;
  if (stepValue !== undefined) {
    const parsed = startStepSchema.safeParse(stepValue);
    if (parsed.success) step = parsed.data;
    else problems.push({ attribute: 'step', reason: 'invalid', value: stepValue });
  }

  const historyValue = present(raw.history);
  let history: HistoryMode | undefined;
  if (historyValue !== undefined) {
    const parsed = historyModeSchema.safeParse(historyValue);
    if (parsed.success) history = parsed.data;
    else problems.push({ attribute: 'history', reason: 'invalid', value: historyValue });
  }

  if (problems.length > 0 || edition === undefined || mode === undefined || apiBase === undefined) {
    return { ok: false, problems };
  }
  return { ok: true, value: { edition, mode, apiBase, category, device, partner, step, history } };
}

/** Values of the `tracking-consent` attribute. */
export const trackingConsentValues = ['granted', 'denied'] as const;

const trackingConsentSchema = z.enum(trackingConsentValues);

/**
 * Parses `tracking-consent`, kept apart from the configuration: the host page sets it when the
 * visitor answers its consent banner, and that must not restart the flow. Absent means not
 * answered yet: tracking events wait, and nothing is sent until it says `granted`.
 */
export function parseTrackingConsent(
  value: string | null | undefined,
): { ok: true; value: ConsentState } | { ok: false; problem: WidgetProblem } {
  const given = present(value);
  if (given === undefined) return { ok: true, value: 'unknown' };
  const parsed = trackingConsentSchema.safeParse(given);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, problem: { attribute: 'tracking-consent', reason: 'invalid', value: given } };
}
