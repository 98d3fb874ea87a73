import { describe, expect, it } from 'vitest';
import { atEdition } from './configs/at.ts';
import { deEdition } from './configs/de.ts';
import { esEdition } from './configs/es.ts';
import { frEdition } from './configs/fr.ts';
import { itEdition } from './configs/it.ts';
import { editionConfigSchema, loadEditionConfig } from './edition-config-schema.ts';

type Mutable = Record<string, unknown>;

/** A deep, mutable copy of a raw configuration to break on purpose. */
function copyOf(raw: object): Mutable {
  return structuredClone(raw) as Mutable;
}

function errorOf(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`threw a non-Error: ${String(error)}`, { cause: error });
  }
  throw new Error('did not throw');
}

const rawConfigs = [
  ['at', atEdition],
  ['de', deEdition],
  ['es', esEdition],
  ['fr', frEdition],
  ['it', itEdition],
] as const;

describe('loadEditionConfig', () => {
  it.each(rawConfigs)('parses the shipped %s configuration', (code, raw) => {
    const config = loadEditionConfig(code, raw);
    expect(config.code).toBe(code);
    expect(editionConfigSchema.safeParse(raw).success).toBe(true);
  });

  it.each([undefined, null])('throws exactly "missing locale" for %s', (raw) => {
    expect(errorOf(() => loadEditionConfig('de', raw)).message).toBe('missing locale');
  });

  it.each([['de'], [42], [[]], [{}], [true]])('throws "invalid locale" for %j', (raw) => {
    expect(errorOf(() => loadEditionConfig('de', raw)).message).toMatch(/^invalid locale/);
  });

  it('attaches the zod issues as cause and lists them readably in the message', () => {
    const broken = copyOf(deEdition);
    delete broken['zipFormatRegExp'];
    broken['timeZone'] = 'Europe/Atlantis';
    const error = errorOf(() => loadEditionConfig('de', broken));
    expect(error.message).toMatch(/^invalid locale: de\n/);
    expect(error.message).toContain('→ at zipFormatRegExp');
    expect(error.message).toContain('must be an IANA time zone');
    expect(error.message).toContain('→ at timeZone');
    expect(Array.isArray(error.cause)).toBe(true);
    expect(error.cause).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['zipFormatRegExp'] }),
        expect.objectContaining({ path: ['timeZone'] }),
      ]),
    );
  });

  it('rejects a configuration loaded under another edition code', () => {
    const error = errorOf(() => loadEditionConfig('at', deEdition));
    expect(error.message).toMatch(/^invalid locale: at/);
    expect(error.message).toContain('configuration is for edition de');
  });

  // Each case breaks one rule of the schema and names the field the message must point at.
  it.each<[string, object, (config: Mutable) => void, string]>([
    ['an unknown field', deEdition, (c) => (c['colour'] = 'red'), 'Unrecognized key: "colour"'],
    ['a missing field', deEdition, (c) => delete c['dateFormat'], 'dateFormat'],
    ['a wrong date format', deEdition, (c) => (c['dateFormat'] = 'yyyy-MM-dd'), 'dateFormat'],
    ['an unknown street form', deEdition, (c) => (c['streetForm'] = 'numberFirst'), 'streetForm'],
    ['a non-canonical locale', deEdition, (c) => (c['icuLocale'] = 'de_DE'), 'icuLocale'],
    ['a language unlike the locale', deEdition, (c) => (c['language'] = 'fr'), 'language'],
    ['an http buy shop link', deEdition, (c) => (c['buyShopLink'] = 'http://x.de'), 'buyShopLink'],
    ['an unanchored zip regexp', deEdition, (c) => (c['zipFormatRegExp'] = '[0-9]{5}'), 'zip'],
    ['a zip regexp accepting ""', deEdition, (c) => (c['zipFormatRegExp'] = '^[0-9]*$'), 'zip'],
    ['a broken zip regexp', deEdition, (c) => (c['zipFormatRegExp'] = '^([0-9]$'), 'zip'],
    [
      'a PayPal id other than 2',
      deEdition,
      (c) => (c['paymentTypes'] = { DirectDebitSwift: 13, Paypal: 3 }),
      'paymentTypes.Paypal',
    ],
    [
      'a selected payment type that does not exist',
      deEdition,
      (c) => (c['selectedPaymentType'] = 7),
      'selectedPaymentType',
    ],
    [
      'nine contact subjects',
      deEdition,
      (c) => (c['helpWidget'] as { contactSubjects: unknown[] }).contactSubjects.pop(),
      'exactly 10',
    ],
    [
      'a repeated contact subject key',
      deEdition,
      (c) => {
        const subjects = (c['helpWidget'] as { contactSubjects: { key: string }[] })
          .contactSubjects;
        subjects[1] = { ...subjects[0]!, key: subjects[0]!.key };
      },
      'helpWidget.contactSubjects[1].key',
    ],
    ['B2B switched off in de', deEdition, (c) => (c['hasB2B'] = false), 'routes.b2bAnkaufsportal'],
    [
      'a b2bWidget host without B2B',
      atEdition,
      (c) =>
        (c['hosts'] as unknown[]).push({
          host: 'b2b.tradein.at',
          shopMode: 'b2bWidget',
          environment: 'production',
        }),
      'b2bWidget hosts need hasB2B',
    ],
    [
      'a B2B partner contact without B2B',
      atEdition,
      (c) =>
        ((c['contact'] as Mutable)['b2bpartner'] = {
          fromAddress: 'noreply@tradein.at',
          fromName: 'tradein Business',
          toAddress: 'b2b@tradein.at',
        }),
      'contact.b2bpartner',
    ],
    [
      'an agan landing page without agan hosts',
      esEdition,
      (c) => ((c['landingPages'] as Mutable)['agan'] = 'AGAN_ES'),
      'landingPages.agan',
    ],
    [
      'a host with a port',
      esEdition,
      (c) => ((c['hosts'] as Mutable[])[0]!['host'] = 'a.es:80'),
      'hosts[0].host',
    ],
    [
      'a host listed twice',
      esEdition,
      (c) => (c['hosts'] as unknown[]).push({ ...(c['hosts'] as object[])[0]! }),
      'listed twice',
    ],
    [
      'a domain that is no production host',
      esEdition,
      (c) => (c['domain'] = 'tradein.es.example'),
      'domain',
    ],
    [
      'a missing route',
      esEdition,
      (c) => delete (c['routes'] as Mutable)['contact'],
      'routes.contact',
    ],
    [
      'a B2B route without B2B',
      esEdition,
      (c) => ((c['routes'] as Mutable)['b2bAnkaufsportal'] = '/b2b/portal'),
      'routes.b2bAnkaufsportal',
    ],
    [
      'a route with other parameter names',
      frEdition,
      (c) => ((c['routes'] as Mutable)['productDetail'] = '/produits/{slug}'),
      'parameters must be {pdp}',
    ],
    [
      'two routes with the same pattern',
      frEdition,
      (c) => ((c['routes'] as Mutable)['checkout'] = '/contact'),
      'same pattern as route contact',
    ],
    [
      'a malformed route pattern',
      frEdition,
      (c) => ((c['routes'] as Mutable)['contact'] = 'contact'),
      'routes.contact',
    ],
    ['an unknown route name', frEdition, (c) => ((c['routes'] as Mutable)['faq'] = '/faq'), 'faq'],
    [
      'a redirect to an uncaptured parameter',
      itEdition,
      (c) => (c['redirects'] as unknown[]).push({ from: '/x', to: '/prodotti/{pdp}', status: 301 }),
      'not captured by "from": pdp',
    ],
    [
      'a redirect to itself',
      itEdition,
      (c) => (c['redirects'] as unknown[]).push({ from: '/x', to: '/x', status: 301 }),
      'redirects to itself',
    ],
    [
      'a redirect to an http URL',
      itEdition,
      (c) => (c['redirects'] as unknown[]).push({ from: '/x', to: 'http://a.it', status: 302 }),
      'must be an https URL or a path pattern',
    ],
    [
      'a redirect with status 307',
      itEdition,
      (c) => (c['redirects'] as unknown[]).push({ from: '/x', to: '/', status: 307 }),
      'redirects',
    ],
    [
      'social media buttons switched on without buttons',
      esEdition,
      (c) => (c['hasSocialMediaButtons'] = true),
      'socialMediaButtons',
    ],
    [
      'a search index of another country',
      itEdition,
      (c) => ((c['search'] as Mutable)['devicesIndex'] = 'devices_de'),
      'must be devices_it',
    ],
    [
      'a non-numeric Dynamic Yield site id',
      itEdition,
      (c) => ((c['dynamicYield'] as Mutable)['siteId'] = 'abc'),
      'dynamicYield.siteId',
    ],
    [
      'a relative shipping logo path',
      itEdition,
      (c) => ((c['footerShippingLogo'] as Mutable)['imagePath'] = 'brt.svg'),
      'footerShippingLogo.imagePath',
    ],
  ])('rejects %s', (_case, raw, breakIt, expected) => {
    const broken = copyOf(raw);
    breakIt(broken);
    const code = (raw as { code: string }).code;
    const error = errorOf(() => loadEditionConfig(code, broken));
    expect(error.message).toMatch(/^invalid locale/);
    expect(error.message).toContain(expected);
  });
});
