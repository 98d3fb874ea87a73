import {
  apiErrorCode,
  tradeStatusEndpoint,
  tradeStatusLabelEndpoint,
  type TradeStatusView,
} from '@tradein/contract';
import { HttpError } from '../server/http-error.ts';
import type { Route } from '../server/route.ts';
import { afterSaleOf } from './after-sale.ts';
import { labelOf } from './trade-label.ts';
import type { TradeRouteDeps } from './trade-deps.ts';
import { verifyTradeStatusToken } from './trade-status-link.ts';
import { isLineReturned, loadTrade, type TradeRecord } from './trade-view.ts';

/** One answer for every token that opens nothing, so a prober learns nothing of the reason. */
function statusNotFound(): HttpError {
  return new HttpError(404, apiErrorCode.notFound, 'This status link is invalid or has expired');
}

/** The trade a status token opens, with the token's expiry; a 404 for any other token. */
async function tradeOfToken(
  deps: TradeRouteDeps,
  token: string,
): Promise<{ record: TradeRecord; expiresAt: string }> {
  const verified = await verifyTradeStatusToken(deps.config.jwtSecret, token, deps.clock());
  if (verified === undefined) throw statusNotFound();
  const record = await loadTrade(deps.db, verified.tradeNumber);
  if (record === null) throw statusNotFound();
  return { record, expiresAt: verified.expiresAt };
}

/** The status page's view of a trade: its progress, devices and what to do, nothing personal. */
async function statusView(
  deps: TradeRouteDeps,
  record: TradeRecord,
  token: string,
  expiresAt: string,
): Promise<TradeStatusView> {
  return {
    tradeNumber: record.tradeNumber,
    edition: record.edition,
    shopMode: record.shopMode,
    status: record.status,
    createdAt: record.createdAt,
    events: record.events.map(({ status, at }) => ({ status, at })),
    items: record.items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      priceCents: item.revisedPriceCents ?? item.priceCents,
      returned: isLineReturned(record, item),
    })),
    totalCents: record.totalCents,
    afterSale: await afterSaleOf(deps.db, deps.config, record, deps.clock()),
    labelPath: `${tradeStatusLabelEndpoint.path}?${new URLSearchParams({ token }).toString()}`,
    expiresAt,
  };
}

/**
 * Registers the calls of a trade's status link (docs/trades.md, "Status link"): the view
 * (`POST /api/trade/trade_status`) and the label PDF (`GET …/label.pdf?token=`). A malformed,
 * tampered, foreign or expired token, or one of a trade that no longer exists, answers the same
 * 404 (a malformed one already at the contract's check: a 400 naming the token).
 */
export function registerTradeStatusRoutes(route: Route, deps: TradeRouteDeps): void {
  route(tradeStatusEndpoint, async ({ body, reply }) => {
    const { record, expiresAt } = await tradeOfToken(deps, body.token);
    reply.header('cache-control', 'private, no-store');
    return statusView(deps, record, body.token, expiresAt);
  });
  route(tradeStatusLabelEndpoint, async ({ query, reply }) => {
    const { record } = await tradeOfToken(deps, query.token);
    const pdf = await labelOf(record);
    return reply
      .header('content-type', 'application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="label-${record.tradeNumber}.pdf"`)
      .send(Buffer.from(pdf));
  });
}
