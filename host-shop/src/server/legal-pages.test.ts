import { getEdition, thirdPartyTools, type EditionCode, type ShopMode } from '@tradein/editions';
import { describe, expect, it } from 'vitest';
import { mainOf, useTestShop } from './test-shop.ts';

const shop = useTestShop();

/** Every edition's consumer host and every other shop mode (de only). */
const hosts: ReadonlyArray<readonly [string, EditionCode, ShopMode, string]> = [
  ['de.localhost', 'de', 'default', '/kontakt'],
  ['at.localhost', 'at', 'default', '/kontakt'],
  ['es.localhost', 'es', 'default', '/contacto'],
  ['fr.localhost', 'fr', 'default', '/contact'],
  ['it.localhost', 'it', 'default', '/contatti'],
  ['b2b.localhost', 'de', 'b2bWidget', '/kontakt'],
  ['agan.localhost', 'de', 'agan', '/kontakt'],
  ['aganwidget.localhost', 'de', 'aganwidget', '/kontakt'],
];

/** The script addresses the page's consent script may load (its settings, as JSON in the page). */
function consentScripts(body: string): string[] {
  const settings = /"scripts":(\[[^\]]*\])/.exec(body)?.[1];
  if (settings === undefined) throw new Error('the page has no consent settings');
  return (JSON.parse(settings) as { src: string }[]).map((script) => script.src);
}

/** The tools the privacy page names (`data-tool`). */
function namedTools(body: string): string[] {
  return [...mainOf(body).matchAll(/data-tool="([a-zA-Z]+)"/g)].map((match) => match[1] ?? '');
}

describe('the privacy page', () => {
  it.each(hosts)(
    '%s names exactly the tools its consent can load (%s, %s)',
    async (host, edition, mode) => {
      const response = await shop.get(host, '/content/privacy');
      expect(response.statusCode).toBe(200);
      const tools = thirdPartyTools(getEdition(edition), mode);
      const loadable = consentScripts(response.body);
      // Every script the consent script can load belongs to a tool the page names…
      for (const src of loadable) {
        const owner = tools.find((tool) => tool.scripts.includes(src));
        expect({ src, owner: owner?.id }).toEqual({ src, owner: expect.any(String) });
        expect(namedTools(response.body)).toContain(owner?.id);
      }
      // …and the page names no tool the consent script cannot load.
      expect(namedTools(response.body).toSorted()).toEqual(
        tools
          .filter((tool) => tool.scripts.some((src) => loadable.includes(src)))
          .map((tool) => tool.id)
          .toSorted(),
      );
      const main = mainOf(response.body);
      for (const tool of tools) {
        expect(main).toContain(tool.provider);
        expect(main).toContain(`href="${tool.privacyPolicyUrl}"`);
      }
    },
  );

  it('names Dynamic Yield and the help widget with provider, purpose, category and notice (de)', async () => {
    const main = mainOf((await shop.get('de.localhost', '/content/privacy')).body);
    expect(namedTools(main)).toEqual(['dynamicYield', 'ekomi', 'helpWidget']);
    expect(main).toContain('Dynamic Yield Ltd.');
    expect(main).toContain('Personalisierung');
    expect(main).toContain('Statistik und Marketing');
    expect(main).toContain('Hilfe- und Kontakt-Widget');
    expect(main).toContain('href="https://help.tradein.de/privacy"');
    expect(main).toContain('Verantwortlicher');
  });

  it('says that the B2B shop and editions without tools load none', async () => {
    expect(mainOf((await shop.get('b2b.localhost', '/content/privacy')).body)).toContain(
      'Dieser Shop lädt keine Dienste von Drittanbietern.',
    );
    expect(mainOf((await shop.get('it.localhost', '/content/privacy')).body)).toContain(
      'Questo negozio non carica strumenti di terze parti.',
    );
  });
});

describe('the imprint', () => {
  it.each([
    [
      'de.localhost',
      'Amtsgericht Charlottenburg (Berlin)',
      'HRB 000000 B',
      'Deutschland',
      'tel:+493023125000',
    ],
    ['at.localhost', 'Handelsgericht Wien', 'FN 000000 a', 'Österreich', 'tel:+43150000000'],
    ['es.localhost', 'Registro Mercantil de Madrid', 'Hoja M-000000', 'España', 'tel:+34910000000'],
    ['fr.localhost', 'RCS Paris', 'SIREN 000 000 000', 'France', 'tel:+33100000000'],
    [
      'it.localhost',
      'Registro delle Imprese di Milano',
      'REA MI-0000000',
      'Italia',
      'tel:+390200000000',
    ],
  ])(
    '%s shows the configured company, register and contact',
    async (host, court, number, country, tel) => {
      const response = await shop.get(host, '/content/imprint');
      expect(response.statusCode).toBe(200);
      const main = mainOf(response.body);
      expect(main).toContain(court);
      expect(main).toContain(number);
      expect(main).toContain(country);
      expect(main).toContain(`href="${tel}"`);
      expect(main).not.toContain('[[');
    },
  );

  it('is the Austrian company on the Austrian shop, though it shares the German text', async () => {
    const main = mainOf((await shop.get('at.localhost', '/content/imprint')).body);
    expect(main).toContain('tradein Austria GmbH');
    expect(main).toContain('1010 Wien');
    expect(main).toContain('ATU00000000');
    expect(main).toContain('href="mailto:service@tradein.at"');
    expect(main).not.toContain('Berlin');
  });
});

describe('the contact page', () => {
  it.each(hosts.filter(([, , mode]) => mode === 'default'))(
    '%s shows the phone as a tel: link and the opening hours in its language',
    async (host, edition, _mode, path) => {
      const main = mainOf((await shop.get(host, path)).body);
      const phone = /href="tel:(\+\d+)"/.exec(main)?.[1];
      expect(phone).toBeDefined();
      const days = { de: 'Montag', at: 'Montag', es: 'lunes', fr: 'lundi', it: 'lunedì' }[edition];
      expect(main).toContain(days);
    },
  );

  it('shows the B2B partner team’s phone and hours in the B2B shop', async () => {
    const consumer = mainOf((await shop.get('de.localhost', '/kontakt')).body);
    const b2b = mainOf((await shop.get('b2b.localhost', '/kontakt')).body);
    expect(consumer).toContain('href="tel:+493023125000"');
    expect(consumer).toContain('Samstag');
    expect(b2b).toContain('href="tel:+493023125100"');
    expect(b2b).not.toContain('Samstag');
  });
});

describe('the review seal', () => {
  it('links the edition’s eKomi page in a new tab, without a script', async () => {
    const body = (await shop.get('fr.localhost', '/contact')).body;
    expect(body).toContain('<div class="review-seal">');
    expect(body).toMatch(
      /<a class="review-seal__link" href="https:\/\/www\.ekomi\.de\/bewertungen-tradein-fr\.html" target="_blank" rel="noopener">Lire nos avis sur eKomi(?:<!-- -->)? <span class="visually-hidden">\(s’ouvre dans un nouvel onglet\)<\/span><\/a>/,
    );
    expect(body).toContain('class="review-seal__mark"');
  });
});
