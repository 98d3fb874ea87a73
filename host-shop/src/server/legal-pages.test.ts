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
    ['de.localhost', 'Deutschland', 'tel:+493023125000', 'mailto:service@tradein.de'],
    ['at.localhost', 'Deutschland', 'tel:+43150000000', 'mailto:service@tradein.at'],
    ['es.localhost', 'Alemania', 'tel:+34910000000', 'mailto:atencion@tradein.es'],
    ['fr.localhost', 'Allemagne', 'tel:+33100000000', 'mailto:service@tradein.fr'],
    ['it.localhost', 'Germania', 'tel:+390200000000', 'mailto:assistenza@tradein.it'],
  ])('%s shows the configured company, register and contact', async (host, country, tel, mail) => {
    const response = await shop.get(host, '/content/imprint');
    expect(response.statusCode).toBe(200);
    const main = mainOf(response.body);
    for (const value of [
      'tradein GmbH',
      'Musterstraße 1',
      '10115 Berlin',
      country,
      'Amtsgericht Charlottenburg (Berlin)',
      'HRB 000000 B',
      'DE000000000',
      'Erika Mustermann, Max Mustermann',
      `href="${tel}"`,
      `href="${mail}"`,
    ]) {
      expect(main).toContain(value);
    }
    expect(main).not.toContain('[[');
  });

  it('labels the fields in the page’s language', async () => {
    const main = mainOf((await shop.get('fr.localhost', '/content/imprint')).body);
    for (const label of ['Éditeur du site', 'Dirigeants', 'Registre', 'Numéro d’immatriculation']) {
      expect(main).toContain(label);
    }
  });
});

describe('the terms', () => {
  it.each([
    ['es.localhost', 'mailto:atencion@tradein.es'],
    ['fr.localhost', 'mailto:service@tradein.fr'],
  ])('of %s give the company’s address from the configuration', async (host, mail) => {
    const main = mainOf((await shop.get(host, '/content/terms')).body);
    expect(main).toContain('<address class="legal-address"><strong>tradein GmbH</strong>');
    expect(main).toContain(`href="${mail}"`);
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
