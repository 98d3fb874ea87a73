import type { EditionConfigInput } from '../edition-config-schema.ts';

/** One redirect rule as an edition configuration declares it. */
export type RedirectRule = EditionConfigInput['redirects'][number];

/** Where the legacy rules of an edition point to. */
interface LegacyTargets {
  /** Language prefix of the old shop's paths, e.g. `/de`. */
  readonly languagePrefix: string;
  readonly contact: string;
  readonly checkout: string;
}

/**
 * Legacy paths every edition redirects permanently (§2): the old language prefix, `/faq`, the old
 * cart page and the old `/browser/...` pages. The two old clarification forms under `/browser/`
 * are routes of their own and are deliberately not listed here.
 */
export function legacyRedirects({
  languagePrefix,
  contact,
  checkout,
}: LegacyTargets): RedirectRule[] {
  return [
    { from: languagePrefix, to: '/', status: 301 },
    { from: `${languagePrefix}/{path*}`, to: '/{path*}', status: 301 },
    { from: '/faq', to: contact, status: 301 },
    { from: '/checkout/viewCart', to: '/', status: 301 },
    { from: '/browser', to: '/', status: 301 },
    { from: '/browser/home', to: '/', status: 301 },
    { from: '/browser/index', to: '/', status: 301 },
    { from: '/browser/contact', to: contact, status: 301 },
    { from: '/browser/faq', to: contact, status: 301 },
    { from: '/browser/checkout', to: checkout, status: 301 },
    { from: '/browser/checkout/viewCart', to: '/', status: 301 },
    { from: '/browser/account', to: '/account', status: 301 },
    { from: '/browser/account/login', to: '/account', status: 301 },
    { from: '/browser/account/register', to: '/account/register', status: 301 },
    { from: '/browser/newsletter/enrich', to: '/newsletter/enrich', status: 301 },
    { from: '/browser/content/{slug}', to: '/content/{slug}', status: 301 },
  ];
}
