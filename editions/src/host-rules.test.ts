import { describe, expect, it } from 'vitest';
import { editionCodes } from './edition-code.ts';
import { getEdition } from './editions.ts';
import { buildHostIndex, normalizeHost, resolveHost } from './host-rules.ts';

// Every host rule of the shop, written out so that a changed rule shows up here.
const hostTable = [
  // Local hosts, exactly as the design card lists them.
  ['localhost', 'de', 'de', 'default', 'local'],
  ['127.0.0.1', 'de', 'de', 'default', 'local'],
  ['de.localhost', 'de', 'de', 'default', 'local'],
  ['at.localhost', 'at', 'de', 'default', 'local'],
  ['es.localhost', 'es', 'es', 'default', 'local'],
  ['fr.localhost', 'fr', 'fr', 'default', 'local'],
  ['it.localhost', 'it', 'it', 'default', 'local'],
  ['b2b.localhost', 'de', 'de', 'b2bWidget', 'local'],
  ['agan.localhost', 'de', 'de', 'agan', 'local'],
  ['aganwidget.localhost', 'de', 'de', 'aganwidget', 'local'],
  // Production.
  ['www.tradein.de', 'de', 'de', 'default', 'production'],
  ['tradein.de', 'de', 'de', 'default', 'production'],
  ['b2b.tradein.de', 'de', 'de', 'b2bWidget', 'production'],
  ['www.agan.de', 'de', 'de', 'agan', 'production'],
  ['agan.de', 'de', 'de', 'agan', 'production'],
  ['widget.agan.de', 'de', 'de', 'aganwidget', 'production'],
  ['www.tradein.at', 'at', 'de', 'default', 'production'],
  ['tradein.at', 'at', 'de', 'default', 'production'],
  ['www.tradein.es', 'es', 'es', 'default', 'production'],
  ['tradein.es', 'es', 'es', 'default', 'production'],
  ['www.tradein.fr', 'fr', 'fr', 'default', 'production'],
  ['tradein.fr', 'fr', 'fr', 'default', 'production'],
  ['www.tradein.it', 'it', 'it', 'default', 'production'],
  ['tradein.it', 'it', 'it', 'default', 'production'],
  // Test.
  ['test.tradein.de', 'de', 'de', 'default', 'test'],
  ['test.b2b.tradein.de', 'de', 'de', 'b2bWidget', 'test'],
  ['test.agan.de', 'de', 'de', 'agan', 'test'],
  ['test.widget.agan.de', 'de', 'de', 'aganwidget', 'test'],
  ['test.tradein.at', 'at', 'de', 'default', 'test'],
  ['test.tradein.es', 'es', 'es', 'default', 'test'],
  ['test.tradein.fr', 'fr', 'fr', 'default', 'test'],
  ['test.tradein.it', 'it', 'it', 'default', 'test'],
  // Stage.
  ['stage.tradein.de', 'de', 'de', 'default', 'stage'],
  ['stage.b2b.tradein.de', 'de', 'de', 'b2bWidget', 'stage'],
  ['stage.agan.de', 'de', 'de', 'agan', 'stage'],
  ['stage.widget.agan.de', 'de', 'de', 'aganwidget', 'stage'],
  ['stage.tradein.at', 'at', 'de', 'default', 'stage'],
  ['stage.tradein.es', 'es', 'es', 'default', 'stage'],
  ['stage.tradein.fr', 'fr', 'fr', 'default', 'stage'],
  ['stage.tradein.it', 'it', 'it', 'default', 'stage'],
] as const;

describe('resolveHost', () => {
  it.each(hostTable)('%s -> %s/%s/%s/%s', (host, edition, language, shopMode, environment) => {
    expect(resolveHost(host)).toEqual({ edition, language, shopMode, environment });
  });

  it('knows no host beyond the table above', () => {
    const declared = editionCodes.flatMap((code) => getEdition(code).hosts.map((r) => r.host));
    expect(declared.toSorted()).toEqual(hostTable.map(([host]) => host).toSorted());
  });

  it.each([
    ['WWW.TRADEIN.DE', 'de', 'default'],
    ['www.tradein.de:443', 'de', 'default'],
    ['www.tradein.de.', 'de', 'default'],
    ['www.tradein.de.:8443', 'de', 'default'],
    ['Localhost:8080', 'de', 'default'],
    ['127.0.0.1:8080', 'de', 'default'],
    ['B2B.localhost:8080', 'de', 'b2bWidget'],
    ['  fr.localhost  ', 'fr', 'default'],
    ['Test.B2B.Tradein.De.', 'de', 'b2bWidget'],
  ] as const)('tolerates %j', (host, edition, shopMode) => {
    expect(resolveHost(host)).toMatchObject({ edition, shopMode });
  });

  it.each([
    '',
    ':8080',
    'tradein.com',
    'www.tradein.ch',
    'shop.tradein.de',
    'evil-tradein.de',
    'www.tradein.de.evil.example',
    'tradein.de.evil.example',
    'b2b.tradein.at',
    'b2b.tradein.fr',
    'dev.tradein.de',
    'at.b2b.localhost',
    'ch.localhost',
    'localhost.localdomain',
    '[::1]:8080',
    'https://www.tradein.de',
  ])('returns undefined for the unknown host %j', (host) => {
    expect(resolveHost(host)).toBeUndefined();
  });

  it('offers the B2B widget only in editions with hasB2B', () => {
    const b2bEditions = hostTable
      .filter(([, , , shopMode]) => shopMode === 'b2bWidget')
      .map(([, edition]) => edition);
    for (const edition of b2bEditions) expect(getEdition(edition).hasB2B).toBe(true);
  });

  it('returns frozen results', () => {
    expect(Object.isFrozen(resolveHost('localhost'))).toBe(true);
  });
});

describe('normalizeHost', () => {
  it.each([
    ['WWW.Tradein.DE:80', 'www.tradein.de'],
    ['tradein.de.', 'tradein.de'],
    ['[::1]:8080', '::1'],
    ['[::1', '[::1'],
  ])('%j -> %j', (host, expected) => {
    expect(normalizeHost(host)).toBe(expected);
  });
});

describe('buildHostIndex', () => {
  it('refuses a host claimed by two editions', () => {
    const de = getEdition('de');
    const at = getEdition('at');
    const thief = {
      ...at,
      hosts: [...at.hosts, { ...de.hosts[0]!, environment: 'test' as const }],
    };
    expect(() => buildHostIndex([de, thief])).toThrow(
      'Host www.tradein.de is declared by editions de and at',
    );
  });
});
