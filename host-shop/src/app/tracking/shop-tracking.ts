// The shop's own tracking client, in its own chunk: a page fetches it when the visitor first
// allows statistics, never before.
import { createApiClient, createTracker, type Tracker } from '@tradein/client-core';

/** Options of {@link startShopTracking}. */
export interface ShopTrackingOptions {
  /** The edition's application id. */
  readonly applicationId: string;
  /** The URL the visitor landed on: its touchpoint parameters are the visit's (§9). */
  readonly landingUrl: string;
  /** Replaces the same-origin trade API's fetch (tests). */
  readonly fetch?: typeof fetch;
}

let started: Tracker | undefined;

/**
 * Starts the shop's tracker once per page: the client core's tracker (gated by `$consent`; client
 * id from `GET /api/client-id` of our own origin, events to `POST /api/controlling/controlling`)
 * and the landing page's `marketing_touchpoint` when its URL carries touchpoint parameters.
 * Failures are logged by the tracker ('error creating controlling order'), never shown.
 */
export function startShopTracking(options: ShopTrackingOptions): Tracker {
  if (started !== undefined) return started;
  const api = createApiClient({
    baseUrl: '',
    environment: 'production',
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  started = createTracker({
    call: (endpoint, callOptions) => api.call(endpoint, callOptions),
    affiliateBaseUrl: location.origin,
    applicationId: options.applicationId,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  started.captureTouchpoints(options.landingUrl);
  return started;
}

/** Forgets the started tracker (between tests). */
export function stopShopTracking(): void {
  started?.stop();
  started = undefined;
}
