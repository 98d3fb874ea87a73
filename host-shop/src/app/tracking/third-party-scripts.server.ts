import { getEdition } from '@tradein/editions';
import type { ConsentGatedScript } from '../consent/consent-page-script.ts';
import type { Site } from '../site.ts';

/** Where Dynamic Yield serves its two scripts for a site id (its installation snippet). */
function dynamicYieldScripts(siteId: string): string[] {
  return [
    `https://cdn.dynamicyield.com/api/${siteId}/api_dynamic.js`,
    `https://cdn.dynamicyield.com/api/${siteId}/api_static.js`,
  ];
}

/**
 * Dynamic Yield collects its data and serves its images from several hosts of its own domain
 * (its CSP guide asks for `https://*.dynamicyield.com` in `connect-src` and `img-src`).
 */
const dynamicYieldDataSources = 'https://*.dynamicyield.com';

/**
 * The third-party scripts of the host's shop, in the order they run, with the purpose each
 * needs the visitor's consent for: Dynamic Yield where the edition enables it (personalization),
 * eKomi's review seal and slider where the edition shows them (statistics and marketing). Only
 * the consumer shop loads them: the B2B portal and the agan shops are other brands, for which
 * the edition's Dynamic Yield site and eKomi account do not speak. The help/contact widget (chat
 * and tickets) where the edition enables it, with its account and public chat key
 * (statistics and marketing: it identifies the visitor to the help service).
 */
export function thirdPartyScripts(site: Site): ConsentGatedScript[] {
  if (site.shopMode !== 'default') return [];
  const edition = getEdition(site.edition);
  const scripts: ConsentGatedScript[] = [];
  if (edition.dynamicYield.enabled) {
    for (const src of dynamicYieldScripts(edition.dynamicYield.siteId)) {
      scripts.push({ src, category: 'personalization' });
    }
  }
  if (edition.ekomi.showReviewSeal) {
    scripts.push({ src: edition.ekomi.sealScriptUrl, category: 'statistics' });
  }
  if (edition.ekomi.showReviewSlider) {
    scripts.push({ src: edition.ekomi.sliderScriptUrl, category: 'statistics' });
  }
  if (edition.helpWidget.enabled) {
    const loader = new URL(edition.helpWidget.scriptUrl);
    loader.searchParams.set('account', edition.helpWidget.account);
    loader.searchParams.set('key', edition.helpWidget.chatApiKey);
    scripts.push({ src: loader.href, category: 'statistics' });
  }
  return scripts;
}

/** Origins a page's content security policy adds per directive for its third-party scripts. */
export interface ThirdPartySources {
  readonly script: readonly string[];
  readonly connect: readonly string[];
  readonly img: readonly string[];
}

/**
 * The origins the shop's policy allows on a page, exactly those of the scripts the edition
 * enables: each script's origin may run its script, call home and show its images; Dynamic
 * Yield also its data hosts. They are in the policy whether or not the visitor has answered:
 * the page's consent script loads nothing before consent, and a policy cannot change after the
 * page has arrived, when the visitor accepts.
 */
export function thirdPartySources(site: Site): ThirdPartySources {
  const scripts = thirdPartyScripts(site);
  const origins = [...new Set(scripts.map((script) => new URL(script.src).origin))];
  const data = scripts.some((script) => script.src.startsWith('https://cdn.dynamicyield.com/'))
    ? [dynamicYieldDataSources]
    : [];
  return { script: origins, connect: [...origins, ...data], img: [...origins, ...data] };
}
