import { describe, expect, it } from 'vitest';
import { editionCodes } from './edition-code.ts';
import { getEdition } from './editions.ts';
import { shopModes } from './shop-mode.ts';
import { thirdPartyTools } from './third-party-tools.ts';

describe('thirdPartyTools', () => {
  it('are what each edition enables, in the consumer shop', () => {
    const ids = Object.fromEntries(
      editionCodes.map((code) => [
        code,
        thirdPartyTools(getEdition(code), 'default').map((tool) => tool.id),
      ]),
    );
    expect(ids).toEqual({
      at: ['dynamicYield', 'ekomi', 'helpWidget'],
      de: ['dynamicYield', 'ekomi', 'helpWidget'],
      es: [],
      fr: ['dynamicYield', 'ekomi', 'helpWidget'],
      it: [],
    });
  });

  it('name provider, privacy notice, purpose and scripts of each', () => {
    expect(thirdPartyTools(getEdition('at'), 'default')).toEqual([
      {
        id: 'dynamicYield',
        provider: 'Dynamic Yield Ltd.',
        privacyPolicyUrl: 'https://www.dynamicyield.com/platform-privacy-policy/',
        purpose: 'personalization',
        scripts: [
          'https://cdn.dynamicyield.com/api/8769432/api_dynamic.js',
          'https://cdn.dynamicyield.com/api/8769432/api_static.js',
        ],
      },
      {
        id: 'ekomi',
        provider: 'eKomi Ltd.',
        privacyPolicyUrl: 'https://www.ekomi.de/de/datenschutz/',
        purpose: 'statistics',
        // Austria shows the seal without the slider.
        scripts: ['https://connect.ekomi.de/widget/seal/tradein-at.js'],
      },
      {
        id: 'helpWidget',
        provider: 'tradein Help Center',
        privacyPolicyUrl: 'https://help.tradein.at/privacy',
        purpose: 'statistics',
        scripts: [
          'https://help.tradein.at/widget/loader.js?account=tradein&key=pk_chat_at_8c3e50b1f94a2d77',
        ],
      },
    ]);
  });

  it.each(shopModes.filter((mode) => mode !== 'default'))('are none in the %s mode', (mode) => {
    expect(thirdPartyTools(getEdition('de'), mode)).toEqual([]);
  });
});
