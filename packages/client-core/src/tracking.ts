import type { ReadableAtom } from 'nanostores';
import {
  controllingEndpoint,
  controllingEventNameSchema,
  controllingRequestSchema,
} from '@tradein/contract';
import type { ControllingRequest, TouchpointParams, TrackingEventFields } from '@tradein/contract';
import { $consent } from './consent.ts';
import type { ConsentState } from './consent.ts';
import { createClientIdSource, fetchClientIdFrom } from './client-id.ts';
import type { ClientIdSource } from './client-id.ts';
import { hasTouchpoints, readTouchpoints } from './touchpoints.ts';

/** The controlling endpoint of spec §7 (`POST /api/controlling/controlling`). */
type ControllingEndpoint = typeof controllingEndpoint;

/** Event names a caller may raise with {@link Tracker.track}; touchpoints come from the URL. */
export type TrackedEventName = Exclude<ControllingRequest['eventName'], 'marketing_touchpoint'>;

/**
 * Posts one controlling event. The HTTP client's `call` fits this shape, and so does any
 * function that posts the body to the controlling endpoint.
 */
export type ControllingCall = (
  endpoint: ControllingEndpoint,
  options: { body: ControllingRequest },
) => Promise<unknown>;

/** An event before the client id is known. */
type PendingEvent = Omit<ControllingRequest, 'clientId'>;

/*
 * The client id is fetched only once consent is granted, but a bad event should be refused at
 * once rather than wait in the queue. So the rest of the body is checked at raise time with a
 * well-formed stand-in id; the real id is checked when it arrives.
 */
const STAND_IN_CLIENT_ID = 'pending-client-id';

function validateEvent(event: PendingEvent): PendingEvent | undefined {
  const parsed = controllingRequestSchema.safeParse({ ...event, clientId: STAND_IN_CLIENT_ID });
  if (!parsed.success) {
    console.error('invalid tracking event', event.eventName, parsed.error.issues);
    return undefined;
  }
  const { clientId: _standIn, ...checked } = parsed.data;
  return checked;
}

/** Something reported to the tracking layer that has no controlling call of its own. */
export type TrackingReport =
  | { readonly kind: 'login'; readonly customerId: string }
  | { readonly kind: 'page'; readonly pageType: string };

/** Options of {@link createTracker}. */
export interface TrackerOptions {
  /** Posts to the controlling endpoint (usually the HTTP client's `call`). */
  readonly call: ControllingCall;
  /** Origin (and optional path prefix) of the affiliate backend that issues client ids. */
  readonly affiliateBaseUrl: string;
  /** The edition's application id sent with every event. */
  readonly applicationId: string;
  /** Consent store to obey; defaults to the page-wide `$consent`. */
  readonly consent?: ReadableAtom<ConsentState>;
  /** Clock, used for the client id cookie's expiry. */
  readonly now?: () => number;
  /** Current page URL, sent with each event; defaults to `location.href`. */
  readonly location?: () => string;
  /** `fetch` used for the client id request; defaults to the global one. */
  readonly fetch?: typeof fetch;
  /** Replaces the cookie-backed client id source (tests, or a host with its own id). */
  readonly clientIds?: ClientIdSource;
  /** Most events kept while consent is unknown; later ones are dropped. Default 50. */
  readonly queueLimit?: number;
}

/** The tracking client of spec §7: consent-gated controlling events and tracking reports. */
export interface Tracker {
  /**
   * Raises a business event (offer generated, added to cart, trade created) with the §3 fields.
   * Returns false (after a console error) when the event is invalid. Never throws.
   */
  track(eventName: TrackedEventName, fields?: TrackingEventFields): boolean;
  /** Raises `marketing_touchpoint` when the URL carries touchpoint parameters; true if raised. */
  captureTouchpoints(url?: string): boolean;
  /** Reports a logged-in customer (spec §4: on start). */
  reportLogin(customerId: string): void;
  /** Reports the type of the page shown (spec §2: the 404 page reports `404`). */
  reportPage(pageType: string): void;
  /** Listens to reports released by consent; returns the unsubscribe function. */
  onReport(listener: (report: TrackingReport) => void): () => void;
  /** Resolves when every event released so far has been sent or dropped. */
  settled(): Promise<void>;
  /** Stops listening to consent and drops queued events. */
  stop(): void;
}

type Pending =
  | { readonly type: 'event'; readonly body: PendingEvent }
  | { readonly type: 'report'; readonly report: TrackingReport };

const DEFAULT_QUEUE_LIMIT = 50;

function currentHref(): string {
  return typeof location === 'undefined' ? '' : location.href;
}

/**
 * Creates the tracking client. Nothing leaves the page (neither a controlling event nor the
 * client id request) until consent is granted; earlier events wait in a bounded queue, are sent
 * in order on grant and dropped on denial. Failures are logged, never thrown to the UI.
 */
export function createTracker(options: TrackerOptions): Tracker {
  if (!controllingRequestSchema.shape.applicationId.safeParse(options.applicationId).success) {
    throw new Error(
      `createTracker: applicationId must be 1–100 letters, digits, ".", "-" or "_", got "${options.applicationId}"`,
    );
  }
  if (
    options.queueLimit !== undefined &&
    (!Number.isSafeInteger(options.queueLimit) || options.queueLimit < 0)
  ) {
    throw new Error(
      `createTracker: queueLimit must be a whole number ≥ 0, got ${options.queueLimit}`,
    );
  }
  const consent = options.consent ?? $consent;
  const currentUrl = options.location ?? currentHref;
  const queueLimit = options.queueLimit ?? DEFAULT_QUEUE_LIMIT;
  const clientIds =
    options.clientIds ??
    createClientIdSource({
      fetchClientId: fetchClientIdFrom(options.affiliateBaseUrl, options.fetch),
      ...(options.now ? { now: options.now } : {}),
    });
  const listeners = new Set<(report: TrackingReport) => void>();
  const inFlight = new Set<Promise<void>>();
  let lastSend: Promise<void> = Promise.resolve();
  let queue: Pending[] = [];
  let stopped = false;

  async function send(body: PendingEvent, clientIdOnItsWay: Promise<string | undefined>) {
    const clientId = await clientIdOnItsWay;
    // No id (already logged), or consent withdrawn while the id was on its way: do not send.
    if (clientId === undefined || consent.get() !== 'granted' || stopped) return;
    try {
      await options.call(controllingEndpoint, {
        body: { ...body, clientId },
      });
    } catch (error) {
      console.error('error creating controlling order', error);
    }
  }

  function deliver(report: TrackingReport): void {
    for (const listener of listeners) {
      try {
        listener(report);
      } catch (error) {
        // A host's analytics hook must not break the shop.
        console.error('error reporting to the tracking layer', error);
      }
    }
  }

  function release(item: Pending): void {
    if (item.type === 'report') {
      deliver(item.report);
      return;
    }
    // ...and the events go one after another: the server stores a sale's events in their order.
    // The client id is asked at once (events raised together share one request)...
    const clientId = clientIds.get();
    const sending = lastSend.then(() => send(item.body, clientId));
    lastSend = sending.catch(() => undefined);
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  }

  function raise(item: Pending): void {
    if (stopped) return;
    const state = consent.get();
    if (state === 'granted') release(item);
    else if (state === 'unknown' && queue.length < queueLimit) queue.push(item);
    // Denied: dropped. Queue full: later events dropped, the first ones (landing touchpoint) kept.
  }

  const unsubscribe = consent.subscribe((state) => {
    if (state === 'unknown') return;
    const waiting = queue;
    queue = [];
    if (state === 'granted') for (const item of waiting) release(item);
  });

  return {
    track(eventName, fields = {}) {
      const name = controllingEventNameSchema.safeParse(eventName);
      if (!name.success || name.data === 'marketing_touchpoint') {
        console.error('invalid tracking event', eventName, 'is not a business event');
        return false;
      }
      const event = validateEvent({
        ...fields,
        applicationId: options.applicationId,
        url: currentUrl(),
        eventName: name.data,
      });
      if (event === undefined) return false;
      raise({ type: 'event', body: event });
      return true;
    },

    captureTouchpoints(url = currentUrl()) {
      const touchpoints: TouchpointParams = readTouchpoints(url);
      if (!hasTouchpoints(touchpoints)) return false;
      const event = validateEvent({
        ...touchpoints,
        applicationId: options.applicationId,
        url,
        eventName: 'marketing_touchpoint',
      });
      if (event === undefined) return false;
      raise({ type: 'event', body: event });
      return true;
    },

    reportLogin(customerId) {
      if (customerId === '') return;
      raise({ type: 'report', report: { kind: 'login', customerId } });
    },

    reportPage(pageType) {
      raise({ type: 'report', report: { kind: 'page', pageType } });
    },

    onReport(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },

    stop() {
      stopped = true;
      queue = [];
      unsubscribe();
    },
  };
}
