import { describe, expect, it } from 'vitest';

describe('@tradein/trade-api', () => {
  it('exports exactly its public API', async () => {
    expect(Object.keys(await import('./index.ts')).toSorted()).toEqual([
      'HttpError',
      'buildCatalogue',
      'buildTradeApi',
      'canonicalCatalogueOrder',
      'createCatalogueSearch',
      'createDatabase',
      'createTradeApiServer',
      'databaseDialect',
      'healthEndpoint',
      'imageKinds',
      'loadCatalogue',
      'migrateToLatest',
      'migrations',
      'openTradeApi',
      'readTradeApiConfig',
      'seedCatalogue',
      'tableNames',
    ]);
  });
});
