import * as z from 'zod/mini';
import englishLocale from 'zod/v4/locales/en.js';
import { contactSubjectCount, payPalPaymentMethod } from './constants.ts';
import { editionCodeSchema } from './edition-code.ts';
import {
  imprintConfigSchema,
  partnerServiceHoursConfigFields,
  serviceHoursConfigFields,
} from './legal-details-schema.ts';
import { compilePathPattern } from './path-pattern.ts';
import { b2bRouteNames, routeNameSchema, routeNames, routeParameterNames } from './route-names.ts';
import { environmentSchema, shopModeSchema } from './shop-mode.ts';

const text = z.string().check(z.trim(), z.minLength(1));
const httpsUrl = z.url({ protocol: /^https$/ });
const email = z.email();
const hostName = z
  .string()
  .check(
    z.regex(
      /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/,
      'must be a lowercase host name without port or trailing dot',
    ),
  );

function compiles(pattern: string): boolean {
  try {
    compilePathPattern(pattern);
    return true;
  } catch {
    return false;
  }
}

const pathPattern = z
  .string()
  .check(z.refine(compiles, 'must be a path pattern like /produkte/{pdp}'));

const contactAddressSchema = z.strictObject({
  fromAddress: email,
  fromName: text,
  toAddress: email,
  ...partnerServiceHoursConfigFields,
});

const hostRuleSchema = z.strictObject({
  host: hostName,
  shopMode: shopModeSchema,
  environment: environmentSchema,
});

/** A redirect: `to` is a path pattern (internal) or an https URL (external, leaves the site). */
const redirectRuleSchema = z.strictObject({
  from: pathPattern,
  to: text,
  status: z.union([z.literal(301), z.literal(302)]),
});

const contactSubjectSchema = z.strictObject({
  key: z.string().check(z.regex(/^[a-z][A-Za-z]*$/, 'must be a camelCase key')),
  label: text,
});

const socialMediaButtonSchema = z.strictObject({
  network: z.enum(['facebook', 'instagram', 'youtube', 'linkedin', 'tiktok', 'x']),
  url: httpsUrl,
});

function isTimeZone(timeZone: string): boolean {
  try {
    return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

function isCanonicalLocale(locale: string): boolean {
  try {
    return Intl.getCanonicalLocales(locale)[0] === locale && locale.includes('-');
  } catch {
    return false;
  }
}

// Anchored so that a postal code must match whole, not merely contain five digits; an empty
// postal code is never valid.
function isPostalCodeRegExp(source: string): boolean {
  if (!source.startsWith('^') || !source.endsWith('$')) return false;
  try {
    return !new RegExp(source).test('');
  } catch {
    return false;
  }
}

const baseSchema = z.strictObject({
  /** Edition code this configuration belongs to. */
  code: editionCodeSchema,
  /** Application id sent to the tracking backend (`applicationId`). */
  application: text,
  icuLocale: z.string().check(z.refine(isCanonicalLocale, 'must be a canonical locale like de-DE')),
  language: z.enum(['de', 'es', 'fr', 'it']),
  timeZone: z.string().check(z.refine(isTimeZone, 'must be an IANA time zone')),
  /** Production host of the consumer shop. */
  domain: hostName,
  /** Shop where customers buy refurbished devices (external link). */
  buyShopLink: httpsUrl,
  /** Public URL of this sell shop. */
  sellShopUrl: httpsUrl,
  landingPages: z.strictObject({
    consumer: text,
    b2b: z.nullable(text),
    agan: z.nullable(text),
  }),
  selectedPaymentType: z.int(),
  paymentTypes: z.strictObject({
    DirectDebitSwift: z.int(),
    Paypal: z.literal(payPalPaymentMethod),
  }),
  contact: z.strictObject({
    fromAddress: email,
    fromName: text,
    toAddress: email,
    /** The service team's phone (E.164) and opening hours, shown on the contact page. */
    ...serviceHoursConfigFields,
    b2bpartner: z.optional(contactAddressSchema),
  }),
  /** Who runs the shop, for the imprint (docs/editions.md, "Legal and contact details"). */
  imprint: imprintConfigSchema,
  /** Category titles that must not be derived from the category name (brand spelling). */
  popTitleException: z.strictObject({ iphone: text, ipad: text }),
  dynamicYield: z.strictObject({
    enabled: z.boolean(),
    siteId: z.string().check(z.regex(/^[0-9]+$/, 'must be a numeric site id')),
  }),
  ekomi: z.strictObject({
    showReviewSeal: z.boolean(),
    showReviewSlider: z.boolean(),
    sealScriptUrl: httpsUrl,
    sliderScriptUrl: httpsUrl,
    /** The edition's public review page at eKomi, which the static seal links. */
    reviewPageUrl: httpsUrl,
  }),
  helpWidget: z.strictObject({
    /** Whether the consumer shop loads the help/contact widget (after consent). */
    enabled: z.boolean(),
    /** The widget's loader; the shop adds the account and the chat key as query parameters. */
    scriptUrl: httpsUrl,
    account: text,
    chatApiKey: text,
    ticketApiKey: text,
    /** Who runs the help service, named with its privacy notice on the privacy page. */
    provider: z.strictObject({ name: text, privacyPolicyUrl: httpsUrl }),
    contactSubjects: z.array(contactSubjectSchema).check(z.length(contactSubjectCount)),
  }),
  hasNewsletter: z.boolean(),
  hasHomeBanner: z.boolean(),
  hasSocialMediaButtons: z.boolean(),
  socialMediaButtons: z.array(socialMediaButtonSchema),
  hasConditionsVideo: z.boolean(),
  hasB2B: z.boolean(),
  /** Host names that select this edition, with their shop mode and environment. */
  hosts: z.array(hostRuleSchema).check(z.minLength(1)),
  /** Redirect rules, tried in order; the first match wins. */
  redirects: z.array(redirectRuleSchema),
  zipFormatRegExp: z
    .string()
    .check(
      z.refine(
        isPostalCodeRegExp,
        'must be a valid regular expression anchored by ^ and $ that rejects ""',
      ),
    ),
  dateFormat: z.enum(['dd.MM.yy', 'dd/MM/yy']),
  /**
   * How the country writes street and house number: `oneLine` as one line the way people write
   * it ("12 rue de Rivoli", "Calle Mayor 5"), `streetAndHouseNumber` as two fields (Germany,
   * Austria). Forms show one field or two; the house number is required only in the second.
   */
  streetForm: z.enum(['oneLine', 'streetAndHouseNumber']),
  routes: z.partialRecord(routeNameSchema, pathPattern),
  search: z.strictObject({
    manufacturerAggregationIndex: text,
    devicesIndex: text,
  }),
  footerShippingLogo: z.strictObject({
    carrier: text,
    imagePath: z.string().check(z.regex(/^\/[^\s]+$/, 'must be an absolute path')),
    alt: text,
  }),
});

type BaseConfig = z.infer<typeof baseSchema>;

/** A consistency problem between fields, reported like a schema issue. */
interface CrossFieldIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

function routeIssues(config: BaseConfig): CrossFieldIssue[] {
  const issues: CrossFieldIssue[] = [];
  const seen = new Map<string, string>();
  for (const name of routeNames) {
    const pattern = config.routes[name];
    const isB2BRoute = b2bRouteNames.includes(name);
    if (pattern === undefined) {
      if (!isB2BRoute || config.hasB2B) {
        issues.push({ path: ['routes', name], message: 'route is missing' });
      }
      continue;
    }
    if (isB2BRoute && !config.hasB2B) {
      issues.push({ path: ['routes', name], message: 'B2B route in an edition without hasB2B' });
    }
    const other = seen.get(pattern);
    if (other !== undefined) {
      issues.push({ path: ['routes', name], message: `same pattern as route ${other}` });
    }
    seen.set(pattern, name);
    // The pattern itself is checked by the field schema; only compare names when it compiles.
    if (compiles(pattern)) {
      const actual = compilePathPattern(pattern).paramNames.join(',');
      const expected = routeParameterNames[name].join(',');
      if (actual !== expected) {
        issues.push({
          path: ['routes', name],
          message: `parameters must be {${expected}} but are {${actual}}`,
        });
      }
    }
  }
  return issues;
}

function redirectIssues(config: BaseConfig): CrossFieldIssue[] {
  return config.redirects.flatMap((rule, index): CrossFieldIssue[] => {
    const path = ['redirects', index, 'to'];
    if (rule.to.startsWith('https://')) {
      return URL.canParse(rule.to) ? [] : [{ path, message: 'must be a valid https URL' }];
    }
    if (!compiles(rule.to)) {
      return [{ path, message: 'must be an https URL or a path pattern starting with "/"' }];
    }
    // A malformed `from` is already reported by its field schema.
    if (!compiles(rule.from)) return [];
    if (rule.from === rule.to) return [{ path, message: 'redirects to itself' }];
    const captured = new Set(compilePathPattern(rule.from).paramNames);
    const unknown = compilePathPattern(rule.to).paramNames.filter((name) => !captured.has(name));
    return unknown.length === 0
      ? []
      : [{ path, message: `uses parameters not captured by "from": ${unknown.join(', ')}` }];
  });
}

function crossFieldIssues(config: BaseConfig): CrossFieldIssue[] {
  const issues: CrossFieldIssue[] = [...routeIssues(config), ...redirectIssues(config)];
  const add = (path: readonly PropertyKey[], message: string): void => {
    issues.push({ path, message });
  };
  if (!config.icuLocale.startsWith(`${config.language}-`)) {
    add(['language'], `must be the language of icuLocale ${config.icuLocale}`);
  }
  if (!Object.values(config.paymentTypes).includes(config.selectedPaymentType)) {
    add(['selectedPaymentType'], 'must be one of paymentTypes');
  }
  if ((config.contact.b2bpartner !== undefined) !== config.hasB2B) {
    add(['contact', 'b2bpartner'], 'must be present exactly when hasB2B is true');
  }
  if ((config.landingPages.b2b !== null) !== config.hasB2B) {
    add(['landingPages', 'b2b'], 'must be set exactly when hasB2B is true');
  }
  const modes = new Set(config.hosts.map((rule) => rule.shopMode));
  if (modes.has('b2bWidget') && !config.hasB2B) {
    add(['hosts'], 'b2bWidget hosts need hasB2B');
  }
  const hasAgan = modes.has('agan') || modes.has('aganwidget');
  if ((config.landingPages.agan !== null) !== hasAgan) {
    add(['landingPages', 'agan'], 'must be set exactly when the edition has agan hosts');
  }
  const hosts = config.hosts.map((rule) => rule.host);
  hosts.forEach((host, index) => {
    if (hosts.indexOf(host) !== index) add(['hosts', index, 'host'], `${host} is listed twice`);
  });
  const isConsumerProductionHost = config.hosts.some(
    (rule) =>
      rule.host === config.domain &&
      rule.shopMode === 'default' &&
      rule.environment === 'production',
  );
  if (!isConsumerProductionHost) {
    add(['domain'], 'must be a production host of the default shop mode');
  }
  const keys = config.helpWidget.contactSubjects.map((subject) => subject.key);
  keys.forEach((key, index) => {
    if (keys.indexOf(key) !== index) {
      add(['helpWidget', 'contactSubjects', index, 'key'], `${key} is listed twice`);
    }
  });
  if (config.hasSocialMediaButtons !== config.socialMediaButtons.length > 0) {
    add(['socialMediaButtons'], 'must be non-empty exactly when hasSocialMediaButtons is true');
  }
  if (config.search.manufacturerAggregationIndex !== `manufacturer_aggregation_${config.code}`) {
    add(
      ['search', 'manufacturerAggregationIndex'],
      `must be manufacturer_aggregation_${config.code}`,
    );
  }
  if (config.search.devicesIndex !== `devices_${config.code}`) {
    add(['search', 'devicesIndex'], `must be devices_${config.code}`);
  }
  return issues;
}

/** Schema of one edition configuration (§3), including the consistency rules between fields. */
export const editionConfigSchema = baseSchema.check(
  z.superRefine((config, context) => {
    for (const issue of crossFieldIssues(config)) {
      context.addIssue({
        code: 'custom',
        path: [...issue.path],
        message: issue.message,
        input: config,
      });
    }
  }),
);

/** A parsed edition configuration. */
export type EditionConfig = z.infer<typeof editionConfigSchema>;

/** What a raw edition configuration file must look like before parsing. */
export type EditionConfigInput = z.input<typeof editionConfigSchema>;

// zod/mini ships no messages; English ones make the 'invalid locale' list readable.
// Imported alone: `z.locales` would pull every language into the widget bundle.
const englishMessages = englishLocale();

/**
 * Parses the raw configuration of an edition. Throws 'missing locale' when it is absent and an
 * error starting with 'invalid locale' (issues listed after it, zod issues as `cause`) otherwise.
 */
export function loadEditionConfig(code: string, raw: unknown): EditionConfig {
  if (raw === undefined || raw === null) throw new Error('missing locale');
  const result = editionConfigSchema.safeParse(raw, { error: englishMessages.localeError });
  if (!result.success) {
    throw new Error(`invalid locale: ${code}\n${z.prettifyError(result.error)}`, {
      cause: result.error.issues,
    });
  }
  if (result.data.code !== code) {
    throw new Error(
      `invalid locale: ${code}\n✖ configuration is for edition ${result.data.code}\n  → at code`,
    );
  }
  return result.data;
}
