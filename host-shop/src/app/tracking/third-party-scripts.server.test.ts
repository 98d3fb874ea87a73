import { describe, expect, it } from 'vitest';
import { siteForHost } from '../site.ts';
import { thirdPartyScripts, thirdPartySources } from './third-party-scripts.server.ts';

describe("an edition's third-party scripts", () => {
  it('are Dynamic Yield (personalization), the eKomi widgets it shows and the help widget (statistics), in order', () => {
    expect(thirdPartyScripts(siteForHost('fr.localhost'))).toEqual([
      {
        src: 'https://cdn.dynamicyield.com/api/8769434/api_dynamic.js',
        category: 'personalization',
      },
      {
        src: 'https://cdn.dynamicyield.com/api/8769434/api_static.js',
        category: 'personalization',
      },
      { src: 'https://connect.ekomi.de/widget/seal/tradein-fr.js', category: 'statistics' },
      { src: 'https://connect.ekomi.de/widget/slider/tradein-fr.js', category: 'statistics' },
      {
        src: 'https://help.tradein.fr/widget/loader.js?account=tradein&key=pk_chat_fr_9a4d27f6c0b18e35',
        category: 'statistics',
      },
    ]);
  });

  it('leave out what the edition does not enable', () => {
    // Austria shows the eKomi seal without its slider.
    expect(thirdPartyScripts(siteForHost('at.localhost')).map((script) => script.src)).toEqual([
      'https://cdn.dynamicyield.com/api/8769432/api_dynamic.js',
      'https://cdn.dynamicyield.com/api/8769432/api_static.js',
      'https://connect.ekomi.de/widget/seal/tradein-at.js',
      'https://help.tradein.at/widget/loader.js?account=tradein&key=pk_chat_at_8c3e50b1f94a2d77',
    ]);
    expect(thirdPartyScripts(siteForHost('es.localhost'))).toEqual([]);
    expect(thirdPartyScripts(siteForHost('it.localhost'))).toEqual([]);
  });

  it.each(['b2b.localhost', 'agan.localhost', 'aganwidget.localhost'])(
    'are none outside the consumer shop (%s)',
    (host) => {
      expect(thirdPartyScripts(siteForHost(host))).toEqual([]);
      expect(thirdPartySources(siteForHost(host))).toEqual({ script: [], connect: [], img: [] });
    },
  );
});

describe("the origins a page's policy allows for them", () => {
  it('are exactly those of the enabled scripts, with Dynamic Yield’s data hosts', () => {
    expect(thirdPartySources(siteForHost('localhost'))).toEqual({
      script: [
        'https://cdn.dynamicyield.com',
        'https://connect.ekomi.de',
        'https://help.tradein.de',
      ],
      connect: [
        'https://cdn.dynamicyield.com',
        'https://connect.ekomi.de',
        'https://help.tradein.de',
        'https://*.dynamicyield.com',
      ],
      img: [
        'https://cdn.dynamicyield.com',
        'https://connect.ekomi.de',
        'https://help.tradein.de',
        'https://*.dynamicyield.com',
      ],
    });
  });

  it('are none where the edition enables none', () => {
    expect(thirdPartySources(siteForHost('it.localhost'))).toEqual({
      script: [],
      connect: [],
      img: [],
    });
  });
});
