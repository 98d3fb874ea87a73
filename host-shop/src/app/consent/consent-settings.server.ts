import { CLIENT_ID_COOKIE } from '@tradein/client-core';
import { buildPath, getEdition } from '@tradein/editions';
import { consentCheckDelayMs } from '@tradein/editions/client';
import type { ShopRequest } from '../shop-context.ts';
import { thirdPartyScripts } from '../tracking/third-party-scripts.server.ts';
import {
  consentCategories,
  consentCookieName,
  consentCookieSeconds,
  consentEventName,
  consentRequestEventName,
  localeCookieName,
  personalizationCookie,
  tcfPurposes,
} from './consent-choice.ts';
import type { ConsentPageSettings } from './consent-page-script.ts';

/** What the banner of a page needs, decided on the server from the host's edition. */
export interface ConsentBannerData {
  /** The edition's application id, sent with every controlling event. */
  readonly applicationId: string;
  /** The privacy policy the banner links to. */
  readonly privacyPath: string;
  /** The settings of the page's consent script. */
  readonly page: ConsentPageSettings;
}

/** The consent banner's data for a request's site (the shop layout's loader). */
export function consentBannerData({ site }: Pick<ShopRequest, 'site'>): ConsentBannerData {
  const edition = getEdition(site.edition);
  const scripts = thirdPartyScripts(site);
  return {
    applicationId: edition.application,
    privacyPath: buildPath(site.edition, 'content', { slug: 'privacy' }),
    page: {
      categories: consentCategories,
      cookieName: consentCookieName,
      maxAgeSeconds: consentCookieSeconds,
      checkDelayMs: consentCheckDelayMs,
      tcfPurposes,
      scripts,
      language: site.language,
      localeCookieName,
      personalizationCookie: scripts.some((script) => script.category === 'personalization')
        ? personalizationCookie
        : null,
      clientIdCookieName: CLIENT_ID_COOKIE,
      eventName: consentEventName,
      requestEventName: consentRequestEventName,
    },
  };
}
