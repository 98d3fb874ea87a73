import type { ConsentState, Tracker } from '@tradein/client-core';
import type { ReadableAtom } from 'nanostores';
import type { WidgetConfig } from '../element/widget-attributes.ts';
import type { LazyApiClient } from '../shared/lazy-api-client.ts';
import type { EventTracker } from '../shared/widget-services.tsx';
import type * as TrackingModule from './tracking.ts';

/** An element's tracker, whose code is fetched with the first event. */
export interface LazyTracker extends EventTracker {
  /** Drops waiting events and stops listening to consent (the element went away). */
  stop(): void;
}

/** Options of {@link lazyTracker}. */
export interface LazyTrackerOptions {
  readonly config: WidgetConfig;
  readonly api: LazyApiClient;
  readonly consent: ReadableAtom<ConsentState>;
  /** Loads the tracking module; replaced in tests. */
  readonly load?: () => Promise<typeof TrackingModule>;
}

/**
 * The element's tracker. Events keep their order: each waits for the one tracker, which the
 * first event creates. A failed fetch loses that event (logged) and is tried again with the
 * next one; tracking never stops the sell flow.
 */
export function lazyTracker(options: LazyTrackerOptions): LazyTracker {
  const load = options.load ?? (() => import('./tracking.ts'));
  let tracker: Promise<Tracker | undefined> | undefined;
  let stopped = false;
  return {
    track(eventName, fields) {
      if (stopped) return;
      const current = (tracker ??= load().then(
        (module) => module.createWidgetTracker(options),
        (error: unknown) => {
          console.error('error loading the tracking client', error);
          tracker = undefined;
          return undefined;
        },
      ));
      void current.then((loaded) => {
        if (!stopped) loaded?.track(eventName, fields);
      });
    },
    stop() {
      stopped = true;
      void tracker?.then((loaded) => loaded?.stop());
    },
  };
}
