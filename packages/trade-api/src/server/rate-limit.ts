import { msg } from '@lingui/core/macro';
import { setupI18n, type I18n } from '@lingui/core';
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { apiErrorCode, createOfferEndpoint, type Endpoint } from '@tradein/contract';
import { editionCodeSchema } from '@tradein/editions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { databaseDialect, type TradeDb } from '../db/create-database.ts';
import { i18nForEdition } from '../i18n/server-i18n.ts';
import { messages as english } from '../locales/en.po';
import { HttpError } from './http-error.ts';

/** The window the offer limit counts in: a minute. */
const offerRateLimitWindowMs = 60_000;

/** A call limited per client: at most `max` calls in each window of `windowMs`. */
interface LimitedCall {
  endpoint: Endpoint;
  max: number;
  windowMs: number;
}

/** What the limits need. */
export interface RateLimitOptions {
  db: TradeDb;
  /** The current time; tests pass a movable clock. */
  clock: () => Date;
  /** Offers one client may create per minute (`TradeApiConfig.offerRateLimit`). */
  offerRateLimit: number;
}

/**
 * Counts one more call of a client to a limited call in the database; answers the calls of the
 * current window and the milliseconds until it ends.
 */
export async function countCall(
  db: TradeDb,
  scope: string,
  client: string,
  now: Date,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const at = now.toISOString();
  const windowEndsAt = new Date(now.getTime() + windowMs).toISOString();
  // One statement: the row is locked while it is counted, so parallel calls on any node each
  // count once, and a window that has ended starts over.
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ scope, client, hits: 1, window_ends_at: windowEndsAt })
    .onConflict((conflict) =>
      conflict.columns(['scope', 'client']).doUpdateSet((eb) => {
        const ended = eb('rate_limit_counters.window_ends_at', '<=', at);
        return {
          hits: eb
            .case()
            .when(ended)
            .then(eb.lit(1))
            .else(eb('rate_limit_counters.hits', '+', eb.lit(1)))
            .end(),
          window_ends_at: eb
            .case()
            .when(ended)
            .then(windowEndsAt)
            .else(eb.ref('rate_limit_counters.window_ends_at'))
            .end(),
        };
      }),
    )
    .returning(['hits', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return {
    current: Number(row.hits),
    ttl: Math.max(0, new Date(row.window_ends_at).getTime() - now.getTime()),
  };
}

/** Deletes the counters of windows that have ended; answers how many went. */
export async function deleteEndedRateLimitWindows(db: TradeDb, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_counters')
    .where('window_ends_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A store for `@fastify/rate-limit` on the database, for PostgreSQL: the counters live in
 * `rate_limit_counters`, so every API node on the same database counts the same calls. A store
 * in memory would let each node count on its own, multiplying the limit by the nodes. The
 * statements are the same on SQLite (the tests run them on both).
 */
function databaseStore(db: TradeDb, clock: () => Date): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly #scope: string;

    constructor(_options: unknown, scope = 'all') {
      this.#scope = scope;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      countCall(db, this.#scope, key, clock(), timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: unknown): FastifyRateLimitStore {
      // The plugin hands a route's merged options with the route under `routeInfo`.
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new DatabaseRateLimitStore(options, `${String(route?.method)} ${String(route?.url)}`);
    }
  };
}

/** Clients a node's memory counts before it drops the windows that have ended. */
const memoryStoreSweepSize = 10_000;

/**
 * A store in the node's memory, for SQLite: SQLite serves one node (docs/trade-api.md), so
 * there is nothing to share, and a counter row written per call would be a second write beside
 * the offer's own, which halved the offer throughput of `npm run bench:api`. Ended windows are
 * dropped whenever many clients are counted, so memory stays bounded by the clients of a window.
 */
function memoryStore(clock: () => Date): FastifyRateLimitStoreCtor {
  return class MemoryRateLimitStore implements FastifyRateLimitStore {
    readonly #windows = new Map<string, { hits: number; endsAt: number }>();

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = clock().getTime();
      let window = this.#windows.get(key);
      if (window === undefined || window.endsAt <= now) {
        if (window === undefined && this.#windows.size >= memoryStoreSweepSize) {
          for (const [client, counted] of this.#windows) {
            if (counted.endsAt <= now) this.#windows.delete(client);
          }
        }
        window = { hits: 0, endsAt: now + timeWindow };
        this.#windows.set(key, window);
      }
      window.hits += 1;
      callback(null, { current: window.hits, ttl: window.endsAt - now });
    }

    child(): FastifyRateLimitStore {
      // Each limited call counts on its own.
      return new MemoryRateLimitStore();
    }
  };
}

/** English, for a call that names no edition. */
function englishI18n(): I18n {
  return setupI18n({ locale: 'en', messages: { en: english } });
}

/** The 429 answer, in the language of the edition the call names (English without one). */
function tooManyRequests(request: FastifyRequest): HttpError {
  const named = (request.body as { edition?: unknown } | undefined)?.edition;
  const edition = editionCodeSchema.safeParse(named);
  const i18n = edition.success ? i18nForEdition(edition.data) : englishI18n();
  return new HttpError(
    429,
    apiErrorCode.tooManyRequests,
    i18n._(msg`Too many requests from your connection. Please wait a moment and try again.`),
  );
}

/**
 * Limits costly public calls per client (`@fastify/rate-limit`; counters in the database on
 * PostgreSQL, in the node's memory on SQLite): for now `POST /api/trade/offers`, which stores a
 * row per call. A client is its address as the request names it (`request.ip`), an IPv6 client
 * its /64 network. Over the limit: 429 `too_many_requests` with `retry-after` in seconds. Call
 * before registering routes.
 */
export async function installRateLimits(
  api: FastifyInstance,
  options: RateLimitOptions,
): Promise<void> {
  const limited: LimitedCall[] = [
    {
      endpoint: createOfferEndpoint,
      max: options.offerRateLimit,
      windowMs: offerRateLimitWindowMs,
    },
  ];
  // Routes are made from contract endpoints, which carry no route config: name the limit here,
  // before the plugin's own hook (added after this one) reads it.
  api.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const call = limited.find(
      ({ endpoint }) => route.url === endpoint.path && methods.includes(endpoint.method),
    );
    if (call === undefined) return;
    route.config = {
      ...route.config,
      rateLimit: { max: call.max, timeWindow: call.windowMs },
    };
  });
  await api.register(rateLimit, {
    global: false,
    // After the body is read: the answer speaks the language of the edition it names.
    hook: 'preHandler',
    store:
      databaseDialect(options.db) === 'postgres'
        ? databaseStore(options.db, options.clock)
        : memoryStore(options.clock),
    errorResponseBuilder: (request) => tooManyRequests(request),
    onExceeded: (request) => request.log.info('rate limit reached'),
  });
}
