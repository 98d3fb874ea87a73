// The tracking client of one element, in its own chunk: it is fetched with the first tracked
// event (an offer), never before, so sellers who only search download none of it.
import { createTracker } from '@tradein/client-core';
import type { ConsentState, Tracker } from '@tradein/client-core';
import { getClientEdition } from '@tradein/editions/client';
import type { ReadableAtom } from 'nanostores';
import type { WidgetConfig } from '../element/widget-attributes.ts';
import type { LazyApiClient } from '../shared/lazy-api-client.ts';

/** What an element's tracker is built from. */
export interface WidgetTrackerOptions {
  readonly config: WidgetConfig;
  readonly api: LazyApiClient;
  /** The element's `tracking-consent`; nothing leaves the page until it is `granted`. */
  readonly consent: ReadableAtom<ConsentState>;
}

/**
 * The client core's tracker for an element: events go to the element's trade API (its
 * `api-base` is also the affiliate that issues client ids) under the edition's application id.
 */
export function createWidgetTracker({ config, api, consent }: WidgetTrackerOptions): Tracker {
  return createTracker({
    call: (endpoint, options) => api.call(endpoint, options),
    affiliateBaseUrl: config.apiBase,
    applicationId: getClientEdition(config.edition).application,
    consent,
  });
}
