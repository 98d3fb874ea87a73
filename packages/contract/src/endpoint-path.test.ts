import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { apiEndpoints } from './api-endpoints.ts';
import { catalogueImageEndpoint } from './catalogue-images.ts';
import { endpointPath, fillPathTemplate } from './endpoint-path.ts';
import { sellerPhotoEndpoint } from './seller-photos.ts';
import { tradeLabelEndpoint } from './trades.ts';

describe('endpointPath', () => {
  it('fills every parameter of an endpoint, percent-encoded', () => {
    expect(endpointPath(tradeLabelEndpoint, { tradeNumber: 'T-2026-000001' })).toBe(
      '/api/trade/trades/T-2026-000001/label.pdf',
    );
    expect(
      endpointPath(sellerPhotoEndpoint, {
        tradeNumber: 'T-2026-000001',
        position: '2',
        photoId: 'a/b c',
      }),
    ).toBe('/api/trade/trades/T-2026-000001/items/2/photos/a%2Fb%20c');
  });

  it('fills a parameter that shares its segment with a suffix', () => {
    expect(endpointPath(catalogueImageEndpoint, { kind: 'device', id: '1001' })).toBe(
      '/api/trade/images/device/1001.svg',
    );
  });

  it('throws for a missing parameter instead of building a wrong path', () => {
    expect(() =>
      endpointPath(sellerPhotoEndpoint, { tradeNumber: 'T-2026-000001' } as never),
    ).toThrow(/params\.position missing path parameter/);
  });
});

describe('fillPathTemplate', () => {
  it('lists every unusable value and every unknown name', () => {
    expect(fillPathTemplate('/a/:x/b/:y', { x: '', y: '..', z: 'zz' })).toEqual({
      path: '/a/:x/b/:y',
      issues: [
        { path: 'params.x', message: 'a path parameter must not be empty' },
        { path: 'params.y', message: 'a path parameter must not be "." or ".."' },
        { path: 'params.z', message: 'the path /a/:x/b/:y has no :z' },
      ],
    });
  });

  it('refuses parameters that are no object of names', () => {
    expect(fillPathTemplate('/a/:x', ['1']).issues).toEqual([
      { path: 'params', message: 'path parameters must be an object of names' },
      { path: 'params.x', message: 'missing path parameter' },
    ]);
  });
});

describe('route parameters of the contract', () => {
  // The server parses `request.params` with the schema, so each `:name` must be one of its keys.
  it.each(Object.entries(apiEndpoints))(
    '%s declares exactly the parameters of its path',
    (_name, endpoint) => {
      const names = [...endpoint.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map(
        (match) => match[1],
      );
      const declared =
        endpoint.params === undefined
          ? []
          : Object.keys((endpoint.params as z.ZodMiniObject).shape);
      expect(declared.toSorted()).toEqual(names.toSorted());
    },
  );
});
