import type { TrackedEventName } from '@tradein/client-core';
import type { TrackingEventFields } from '@tradein/contract';
import { createContext, useContext } from 'react';
import type { WidgetConfig } from '../element/widget-attributes.ts';
import type { Flow } from './flow.ts';
import type { LazyApiClient } from './lazy-api-client.ts';

/** Raises the tracking events of §7; the tracker obeys the element's consent itself. */
export interface EventTracker {
  track(eventName: TrackedEventName, fields?: TrackingEventFields): void;
}

/** What every screen of one element works with. */
export interface WidgetServices {
  /** The element's validated attributes. */
  config: WidgetConfig;
  /** The trade API client of this element (its `api-base`), with the shared account's auth. */
  api: LazyApiClient;
  /** This element's tracking (offer generated, added to cart, trade created). */
  tracker: EventTracker;
  /** This element's navigation. */
  flow: Flow;
  /** The element itself, for `tradein:*` events; undefined in unit tests without an element. */
  host: Element | undefined;
}

export const WidgetServicesContext = createContext<WidgetServices | null>(null);

/** The services of the element a component renders in. */
export function useWidgetServices(): WidgetServices {
  const services = useContext(WidgetServicesContext);
  if (services === null) throw new Error('useWidgetServices outside <WidgetApp>');
  return services;
}
