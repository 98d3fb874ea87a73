import { apiErrorCode, defineEndpoint, emptyBodySchema } from '@tradein/contract';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import type { TradeDb } from '../db/create-database.ts';
import { HttpError } from './http-error.ts';
import type { Route } from './route.ts';

/** `GET /api/health`: the node answers and reaches its database (for load balancers). */
const healthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  auth: 'none',
  body: emptyBodySchema,
  response: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
});

/** How long the health check waits for the database: a load balancer must not wait longer. */
const healthTimeoutMs = 2000;

/**
 * Registers the health check: a 503 (with `Retry-After`) when the database does not answer
 * `select 1` within {@link healthTimeoutMs}, whether it refuses connections or stalls.
 */
export function registerHealthRoute(route: Route, db: TradeDb): void {
  route(healthEndpoint, async ({ request }) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${healthTimeoutMs} ms`)),
        healthTimeoutMs,
      );
    });
    try {
      await Promise.race([sql`select 1`.execute(db), timedOut]);
    } catch (error) {
      request.log.error({ err: error }, 'database ping failed');
      throw new HttpError(503, apiErrorCode.databaseUnavailable, 'The database is not reachable');
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ok', database: 'ok' } as const;
  });
}
