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

/** Registers the health check; a database that does not answer makes it a 503. */
export function registerHealthRoute(route: Route, db: TradeDb): void {
  route(healthEndpoint, async ({ request }) => {
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      request.log.error({ err: error }, 'database ping failed');
      throw new HttpError(503, apiErrorCode.databaseUnavailable, 'The database is not reachable');
    }
    return { status: 'ok', database: 'ok' } as const;
  });
}
