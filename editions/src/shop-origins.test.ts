import { describe, expect, it } from 'vitest';
import { deriveShopOrigins, shopHost, shopOriginOf } from './shop-origins.ts';

describe('shop origins', () => {
  it('derives the local shops from the local origin, keeping scheme and port', () => {
    const table = deriveShopOrigins('http://localhost:8123');
    expect(table.de).toEqual({
      default: 'http://localhost:8123',
      b2bWidget: 'http://b2b.localhost:8123',
      agan: 'http://agan.localhost:8123',
      aganwidget: 'http://aganwidget.localhost:8123',
    });
    expect(table.fr).toEqual({ default: 'http://fr.localhost:8123' });
    expect(table.at.default).toBe('http://at.localhost:8123');
    expect(table.es.default).toBe('http://es.localhost:8123');
    expect(table.it.default).toBe('http://it.localhost:8123');
  });

  it('keeps the configured origin for its own shop and derives the others of its environment', () => {
    const local = deriveShopOrigins('http://127.0.0.1:9000');
    expect(local.de.default).toBe('http://127.0.0.1:9000');
    expect(local.fr.default).toBe('http://fr.localhost:9000');
    const production = deriveShopOrigins('https://www.tradein.de');
    expect(production.fr.default).toBe('https://www.tradein.fr');
    expect(production.de.b2bWidget).toBe('https://b2b.tradein.de');
    expect(production.de.agan).toBe('https://www.agan.de');
    const stage = deriveShopOrigins('https://stage.tradein.it');
    expect(stage.de.default).toBe('https://stage.tradein.de');
    expect(stage.it.default).toBe('https://stage.tradein.it');
  });

  it('gives every shop an origin no host rule knows', () => {
    const table = deriveShopOrigins('http://shop.internal:3000');
    expect(table.fr.default).toBe('http://shop.internal:3000');
    expect(table.de.b2bWidget).toBe('http://shop.internal:3000');
  });

  it('falls back to the consumer shop of the edition for a mode it has no shop for', () => {
    const table = deriveShopOrigins('https://www.tradein.de');
    expect(shopOriginOf(table, 'fr', 'b2bWidget')).toBe('https://www.tradein.fr');
    expect(shopOriginOf(table, 'de', 'aganwidget')).toBe('https://widget.agan.de');
  });

  it('names the first host of an edition, mode and environment', () => {
    expect(shopHost('de', 'default', 'production')).toBe('www.tradein.de');
    expect(shopHost('de', 'default', 'local')).toBe('localhost');
    expect(shopHost('fr', 'b2bWidget', 'production')).toBeUndefined();
  });
});
