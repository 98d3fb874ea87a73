import { describe, expect, it } from 'vitest';
import * as contract from './index.ts';
import { apiEndpoints } from './api-endpoints.ts';
import { endpoints } from './endpoints.ts';
import { newsletterEndpoints } from './newsletter.ts';
import { offerEndpoints } from './offers.ts';
import { sessionEndpoints } from './session.ts';
import { tradeEndpoints } from './trades.ts';

describe('apiEndpoints', () => {
  it('holds every group without one name shadowing another', () => {
    const groups = [
      endpoints,
      sessionEndpoints,
      newsletterEndpoints,
      offerEndpoints,
      tradeEndpoints,
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

  // Importing one endpoint const (not the objects) is what keeps a client bundle small.
  it.each(Object.keys(apiEndpoints))('exports %s also as its own const', (name) => {
    const exported: Record<string, unknown> = contract;
    expect(exported[`${name}Endpoint`]).toBe(apiEndpoints[name as keyof typeof apiEndpoints]);
  });
});
