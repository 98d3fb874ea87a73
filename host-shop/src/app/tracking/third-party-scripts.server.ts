import { getEdition, thirdPartyTools } from '@tradein/editions';
import type { ConsentGatedScript } from '../consent/consent-page-script.ts';
import type { Site } from '../site.ts';

/**
 * Dynamic Yield collects its data and serves its images from several hosts of its own domain
 * (its CSP guide asks for `https://*.dynamicyield.com` in `connect-src` and `img-src`).
 */
const dynamicYieldDataSources = 'https://*.dynamicyield.com';

/**
 * The third-party scripts of the host's shop, in the order they run, with the purpose each
 * needs the visitor's consent for: the scripts of the edition's third-party tools
 * (`thirdPartyTools` of `@tradein/editions`, the list the privacy policy names too).
 */
export function thirdPartyScripts(site: Site): ConsentGatedScript[] {
  return thirdPartyTools(getEdition(site.edition), site.shopMode).flatMap((tool) =>
    tool.scripts.map((src) => ({ src, category: tool.purpose })),
  );
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
