import { apiErrorCode, clientIdEndpoint, controllingEndpoint } from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import { HttpError } from '../server/http-error.ts';
import type { Route } from '../server/route.ts';
import { issueClientId } from './client-ids.ts';
import {
  defaultTrackingLimits,
  recordControllingEvent,
  type TrackingLimits,
} from './controlling-events.ts';

/** What the tracking routes need. */
export interface TrackingDeps {
  db: TradeDb;
  /** The current time; tests pass a fixed clock. */
  clock?: () => Date;
  /** Rate limit and retry window; {@link defaultTrackingLimits} when left out. */
  limits?: TrackingLimits;
}

/**
 * Registers the tracking calls of §7: `POST /api/controlling/controlling` records an event of a
 * client id we issued (400 `unknown_client_id` otherwise, 429 `too_many_requests` over the
 * per-client limit, retries stored once), and `GET /api/client-id` issues a new client id.
 */
export function registerTrackingRoutes(route: Route, deps: TrackingDeps): void {
  const clock = deps.clock ?? (() => new Date());
  const limits = deps.limits ?? defaultTrackingLimits;

  route(controllingEndpoint, async ({ body }) => {
    const outcome = await recordControllingEvent(deps.db, body, clock(), limits);
    if (outcome === 'unknown-client') {
      throw new HttpError(
        400,
        apiErrorCode.unknownClientId,
        'The client id was not issued by this service',
        [{ path: 'clientId', message: 'Unknown client id; fetch a new one from /api/client-id' }],
      );
    }
    if (outcome === 'rate-limited') {
      throw new HttpError(
        429,
        apiErrorCode.tooManyRequests,
        'Too many tracking events from this client; try again later',
      );
    }
    return { ok: true as const };
  });

  route(clientIdEndpoint, async ({ reply }) => {
    // A client id belongs to one browser: no cache may hand it to another.
    reply.header('cache-control', 'no-store');
    return { hash: await issueClientId(deps.db, clock()) };
  });
}
