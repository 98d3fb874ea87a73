import { opsOverviewEndpoint, type StaffRole } from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import type { Route } from '../server/route.ts';
import { guardedRoute } from '../staff/guarded-route.ts';
import { opsOverview } from './overview.ts';

/*
 * The back office's overview call, `GET /api/ops/overview` (contract: ops-overview.ts;
 * docs/trades.md, "The overview"): any staff member may read it.
 */

/** Registers the overview call under `/api/ops/`. */
export function registerOverviewRoutes(
  route: Route,
  deps: { db: TradeDb; clock: () => Date },
): void {
  const anyStaff: readonly StaffRole[] = [];
  guardedRoute(route, deps)(opsOverviewEndpoint, anyStaff, async () =>
    opsOverview(deps.db, deps.clock()),
  );
}
