import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiEndpoints } from './api-endpoints.ts';
import { catalogueImageEndpoints } from './catalogue-images.ts';
import { catalogueRevisionEndpoints } from './catalogue-revision.ts';
import { clarificationEndpoints } from './clarification.ts';
import { contactEndpoints } from './contact.ts';
import { endpoints } from './endpoints.ts';
import { newsletterEndpoints } from './newsletter.ts';
import { offerEndpoints } from './offers.ts';
import { sellerPhotoEndpoints } from './seller-photos.ts';
import { sessionEndpoints } from './session.ts';
import { tradeStatusEndpoints } from './trade-status.ts';
import { tradeEndpoints } from './trades.ts';

describe('apiEndpoints', () => {
  it('holds every group without one name shadowing another', () => {
    const groups = [
      endpoints,
      catalogueImageEndpoints,
      catalogueRevisionEndpoints,
      sessionEndpoints,
      newsletterEndpoints,
      offerEndpoints,
      tradeEndpoints,
      tradeStatusEndpoints,
      sellerPhotoEndpoints,
      clarificationEndpoints,
      contactEndpoints,
    ];
    const names = groups.flatMap((group) => Object.keys(group));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(apiEndpoints).toSorted()).toEqual(names.toSorted());
  });

  it('gives every call its own method and path', () => {
    const routes = Object.values(apiEndpoints).map(
      (endpoint) => `${endpoint.method} ${endpoint.path}`,
    );
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('keeps every call under /api', () => {
    for (const endpoint of Object.values(apiEndpoints)) expect(endpoint.path).toMatch(/^\/api\//);
  });
});

const repositoryRoot = join(import.meta.dirname, '../../..');

/** Source files below a folder, tests included: they call the API too. */
function sources(folder: string): { path: string; text: string }[] {
  return readdirSync(join(repositoryRoot, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      return { path: relative(repositoryRoot, file), text: readFileSync(file, 'utf8') };
    });
}

describe('one name for each call', () => {
  const contractSources = sources('packages/contract/src')
    .map(({ text }) => text)
    .join('\n');
  const index = readFileSync(join(import.meta.dirname, 'index.ts'), 'utf8');

  // Importing one endpoint const (not a group) is also what keeps a client bundle small.
  it.each(Object.keys(apiEndpoints))('%s is the const named after it, exported as such', (name) => {
    expect(contractSources).toContain(`${name}: ${name}Endpoint,`);
    expect(index).toMatch(new RegExp(`\\b${name}Endpoint\\b`));
  });

  it('is how the server, the clients and their tests reach a call: never through a group', () => {
    const throughGroup = [
      'packages/trade-api',
      'packages/client-core',
      'widget/src',
      'host-shop/src',
    ]
      .flatMap(sources)
      .flatMap(({ path, text }) =>
        [...text.matchAll(/(?<![\w.])(?:apiEndpoints|[a-z]*[eE]ndpoints)\.[a-zA-Z]+/g)].map(
          (match) => `${path}: ${match[0]}`,
        ),
      );
    expect(throughGroup).toEqual([]);
  });

  it('keeps the groups inside the contract', () => {
    expect(index).not.toMatch(/^  (?:endpoints|[a-z]+Endpoints),$/m);
  });
});
