import type { SearchQuery, SearchResult } from '@tradein/contract';
import type { EditionCode } from '@tradein/editions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../catalogue/build-catalogue.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import type { TradeDb } from '../db/create-database.ts';
import { startTestServer, type RunningServer } from '../../test-kit/test-server.ts';
import { createCatalogueSearch, createSearchIndexes } from './catalogue-search.ts';
import { createSearchIndex } from './search-index.ts';
import { postSearch } from '../../test-kit/search-call.ts';

const catalogue = buildCatalogue();
const sqlite = testDatabases().find((database) => database.name === 'sqlite');
if (!sqlite) throw new Error('SQLite test database missing');

let db: TradeDb;
let server: RunningServer;

beforeAll(async () => {
  db = await sqlite.create();
  server = await startTestServer(db, { search: createCatalogueSearch(catalogue) });
});
afterAll(async () => {
  await server.close();
  await sqlite.destroy(db);
});

/** Sends a search exactly as the client core does ({@link postSearch}) to this file's server. */
const search = (edition: EditionCode, query: SearchQuery, size?: number): Promise<SearchResult> =>
  postSearch(server.origin, edition, query, size);

describe('POST /api/trade/searches on the seed catalogue', () => {
  it.each([
    ['iphne 13 pr', 'iPhone 13 Pro'],
    ['galxy s21 ultr', 'Galaxy S21 Ultra'],
    ['macbok air m1', 'MacBook Air'],
  ])('finds %s through the real route', async (text, model) => {
    const result = await search('de', { kind: 'deviceSearch', text });
    if (result.kind !== 'deviceSearch') throw new Error(result.kind);
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.hits[0]?.model).toContain(model);
  });

  it('lists the categories in the edition language, in display order', async () => {
    const german = await search('de', { kind: 'categories' });
    const spanish = await search('es', { kind: 'categories' });
    if (german.kind !== 'categories' || spanish.kind !== 'categories') throw new Error('kind');
    expect(german.hits).toHaveLength(catalogue.categories.length);
    expect(german.hits.map((category) => category.id)).toEqual(
      spanish.hits.map((category) => category.id),
    );
    expect(german.hits.map((category) => category.name)).not.toEqual(
      spanish.hits.map((category) => category.name),
    );
    expect(german.hits[0]?.manufacturers.length).toBeGreaterThan(0);
  });

  it('looks a device up by its url with its questions', async () => {
    const device = catalogue.devices[0];
    if (!device) throw new Error('empty catalogue');
    const result = await search('it', { kind: 'deviceByUrl', url: device.pages.it.url });
    if (result.kind !== 'deviceByUrl') throw new Error(result.kind);
    expect(result.hits).toHaveLength(1);
    expect(result.hits[0]?.id).toBe(device.id);
    expect(result.hits[0]?.questions.length).toBeGreaterThan(0);
    const missing = await search('it', { kind: 'deviceByUrl', url: 'no-such-device' });
    expect(missing).toEqual({ kind: 'deviceByUrl', total: 0, hits: [] });
  });

  it('lists the devices of a series newest first, by id and by url alike', async () => {
    const series = catalogue.series.find(
      (entry) => catalogue.devices.filter((device) => device.seriesId === entry.id).length > 3,
    );
    if (!series) throw new Error('no series with several devices');
    const byId = await search('fr', { kind: 'devicesBySeries', seriesId: series.id });
    const byUrl = await search('fr', { kind: 'devicesBySeries', seriesUrl: series.pages.fr.url });
    expect(byUrl).toEqual(byId);
    if (byId.kind !== 'devicesBySeries') throw new Error(byId.kind);
    const released = byId.hits.map((hit) => {
      const device = catalogue.devices.find((entry) => entry.id === hit.id);
      return (device?.releaseYear ?? 0) * 100 + (device?.releaseMonth ?? 0);
    });
    expect(released).toEqual(released.toSorted((a, b) => b - a));
    const limited = await search('fr', { kind: 'devicesBySeries', seriesId: series.id }, 2);
    if (limited.kind !== 'devicesBySeries') throw new Error(limited.kind);
    expect(limited.hits).toHaveLength(2);
    expect(limited.total).toBe(byId.total);
  });

  it('matches a category url to its aggregation of manufacturers', async () => {
    const category = catalogue.categories[0];
    if (!category) throw new Error('no category');
    const result = await search('de', { kind: 'aggregationByUrl', url: category.pages.de.url });
    if (result.kind !== 'aggregationByUrl') throw new Error(result.kind);
    expect(result.hits[0]?.category.id).toBe(category.id);
    expect(result.hits[0]?.manufacturers.length).toBeGreaterThan(0);
    const unknown = await search('de', { kind: 'aggregationByUrl', url: 'nothing-here' });
    expect(unknown.total).toBe(0);
  });
});

describe('the search indexes of the editions', () => {
  it('builds one index for editions that name and address everything alike (at and de)', () => {
    const indexes = createSearchIndexes(catalogue);
    const at = indexes.get('at');
    const de = indexes.get('de');
    expect(at?.edition).toBe('at');
    expect(at?.searchDevices).toBe(de?.searchDevices);
    // Other languages have their own names and urls, and their own index.
    expect(indexes.get('fr')?.searchDevices).not.toBe(de?.searchDevices);
    const own = createSearchIndex(catalogue, 'at');
    for (const text of ['iphone 13', 'galaxy s2', 'macbok pro']) {
      expect(at?.searchDevices(text, { limit: 5 }).map((hit) => hit.device.id)).toEqual(
        own.searchDevices(text, { limit: 5 }).map((hit) => hit.device.id),
      );
    }
  });

  it('builds an index of its own for an edition whose pages differ', () => {
    const renamed = {
      ...catalogue,
      devices: catalogue.devices.map((device, position) =>
        position === 0
          ? { ...device, pages: { ...device.pages, at: { ...device.pages.at, url: 'anders' } } }
          : device,
      ),
    };
    const indexes = createSearchIndexes(renamed);
    expect(indexes.get('at')?.searchDevices).not.toBe(indexes.get('de')?.searchDevices);
    expect(indexes.get('at')?.deviceByUrl('anders')?.id).toBe(catalogue.devices[0]?.id);
    expect(indexes.get('de')?.deviceByUrl('anders')).toBeUndefined();
  });
});
