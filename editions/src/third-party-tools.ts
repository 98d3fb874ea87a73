import type { EditionConfig } from './edition-config-schema.ts';
import type { ShopMode } from './shop-mode.ts';

/** The consent purposes a third-party tool needs (the shop's banner asks for them). */
export type ThirdPartyPurpose = 'statistics' | 'personalization';

/** A third-party tool the shop loads once the visitor allows its purpose. */
export interface ThirdPartyTool {
  readonly id: 'dynamicYield' | 'ekomi' | 'helpWidget';
  /** Who provides it, as the privacy policy names them. */
  readonly provider: string;
  /** The provider's privacy notice. */
  readonly privacyPolicyUrl: string;
  readonly purpose: ThirdPartyPurpose;
  /** The scripts it loads, in the order they run. */
  readonly scripts: readonly string[];
}

/** Where Dynamic Yield serves its two scripts for a site id (its installation snippet). */
function dynamicYieldScripts(siteId: string): string[] {
  return [
    `https://cdn.dynamicyield.com/api/${siteId}/api_dynamic.js`,
    `https://cdn.dynamicyield.com/api/${siteId}/api_static.js`,
  ];
}

/**
 * The third-party tools of an edition's shop in one shop mode, in the order they run: the one
 * list the consent script loads from and the privacy policy names, so the two cannot differ.
 * Dynamic Yield where the edition enables it (personalization); eKomi's review seal and slider
 * where the edition shows them (statistics and marketing: eKomi counts the views); the
 * help/contact widget where the edition enables it, with its account and public chat key
 * (statistics and marketing: it identifies the visitor to the help service). Only the consumer
 * shop loads them: the B2B portal and the agan shops are other brands, for which the edition's
 * Dynamic Yield site and eKomi account do not speak.
 */
export function thirdPartyTools(edition: EditionConfig, shopMode: ShopMode): ThirdPartyTool[] {
  if (shopMode !== 'default') return [];
  const tools: ThirdPartyTool[] = [];
  if (edition.dynamicYield.enabled) {
    tools.push({
      id: 'dynamicYield',
      provider: 'Dynamic Yield Ltd.',
      privacyPolicyUrl: 'https://www.dynamicyield.com/platform-privacy-policy/',
      purpose: 'personalization',
      scripts: dynamicYieldScripts(edition.dynamicYield.siteId),
    });
  }
  const ekomiScripts = [
    ...(edition.ekomi.showReviewSeal ? [edition.ekomi.sealScriptUrl] : []),
    ...(edition.ekomi.showReviewSlider ? [edition.ekomi.sliderScriptUrl] : []),
  ];
  if (ekomiScripts.length > 0) {
    tools.push({
      id: 'ekomi',
      provider: 'eKomi Ltd.',
      privacyPolicyUrl: 'https://www.ekomi.de/de/datenschutz/',
      purpose: 'statistics',
      scripts: ekomiScripts,
    });
  }
  if (edition.helpWidget.enabled) {
    const loader = new URL(edition.helpWidget.scriptUrl);
    loader.searchParams.set('account', edition.helpWidget.account);
    loader.searchParams.set('key', edition.helpWidget.chatApiKey);
    tools.push({
      id: 'helpWidget',
      provider: edition.helpWidget.provider.name,
      privacyPolicyUrl: edition.helpWidget.provider.privacyPolicyUrl,
      purpose: 'statistics',
      scripts: [loader.href],
    });
  }
  return tools;
}
