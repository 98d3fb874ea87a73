import { msg } from '@lingui/core/macro';
import {
  answerClarificationEndpoint,
  apiErrorCode,
  confirmTradeMailboxEndpoint,
  createTradeEndpoint,
  getTradeEndpoint,
  tradeLabelEndpoint,
} from '@tradein/contract';
import { i18nForEdition } from '../i18n/server-i18n.ts';
import { HttpError } from '../server/http-error.ts';
import type { AuthenticatedCustomer, Route } from '../server/route.ts';
import { afterSaleOf } from './after-sale.ts';
import { checkout } from './checkout.ts';
import { IdempotencyKeyInUseError } from './checkout-idempotency.ts';
import { labelOf } from './trade-label.ts';
import { registerClarificationRoutes } from './clarification-routes.ts';
import { decideClarification, decideClarificationLines } from './clarification-decisions.ts';
import { lifecycleErrorAnswer } from './lifecycle-answers.ts';
import type { TradeDeps, TradeRouteDeps } from './trade-deps.ts';
import { TradeMailCapError } from './trade-mail-cap.ts';
import { registerTradeStatusRoutes } from './trade-status-routes.ts';
import { proveTradeMailbox } from './trade-mailbox-proof.ts';
import { loadTrade, tradeView, type TradeRecord } from './trade-view.ts';

/**
 * The trade a route parameter names, if the token's customer owns it. Someone else's trade
 * answers 404 exactly like a missing one, so trade numbers cannot be probed.
 */
async function ownedTrade(
  deps: TradeDeps,
  params: { tradeNumber: string },
  customer: AuthenticatedCustomer | null,
): Promise<TradeRecord> {
  const record = await loadTrade(deps.db, params.tradeNumber);
  if (record === null || customer === null || record.customerId !== customer.customerId) {
    throw new HttpError(404, apiErrorCode.notFound, 'There is no such trade');
  }
  return record;
}

/**
 * Registers the trade calls: checkout `POST /api/trade/trades`,
 * `GET /api/trade/trades/:tradeNumber`, its label PDF and the clarification decision (bearer),
 * the confirmation link of a guest's trade mail (`POST /api/trade/trades/confirm_mailbox`,
 * authorised by its one-time token), and the calls of a clarification link
 * (`/api/trade/clarifications/…`, authorised by the link).
 */
export function registerTradeRoutes(route: Route, deps: TradeRouteDeps): void {
  route(createTradeEndpoint, async ({ body, headers, customer, request, reply }) => {
    if (customer === null) throw new HttpError(401, apiErrorCode.unauthorized, 'Log in first');
    try {
      const key = headers['idempotency-key'];
      const trade = await checkout(deps, customer.customerId, body, request.ip, key);
      reply.code(201);
      return trade;
    } catch (error) {
      if (error instanceof TradeMailCapError || error instanceof IdempotencyKeyInUseError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      throw error;
    }
  });
  route(confirmTradeMailboxEndpoint, async ({ body }) => {
    const proof = await proveTradeMailbox(deps.db, body.token, deps.clock());
    if (proof === undefined) {
      const i18n = i18nForEdition(body.edition);
      throw new HttpError(
        400,
        apiErrorCode.invalidToken,
        i18n._(
          msg`This link is invalid, has expired or has been used already. You can still find your trade by the trade number in the e-mail.`,
        ),
      );
    }
    return proof;
  });
  route(getTradeEndpoint, async ({ params, customer }) => {
    const record = await ownedTrade(deps, params, customer);
    return {
      ...(await tradeView(deps.db, record)),
      afterSale: await afterSaleOf(deps.db, deps.config, record, deps.clock()),
    };
  });
  route(tradeLabelEndpoint, async ({ params, customer, reply }) => {
    const record = await ownedTrade(deps, params, customer);
    const pdf = await labelOf(record);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="label-${record.tradeNumber}.pdf"`)
      .send(Buffer.from(pdf));
  });
  route(answerClarificationEndpoint, async ({ params, customer, body }) => {
    const record = await ownedTrade(deps, params, customer);
    if (record.status !== 'clarification') {
      throw new HttpError(
        409,
        apiErrorCode.noOpenClarification,
        `Trade ${record.tradeNumber} is ${record.status} and waits for no decision`,
      );
    }
    try {
      const updated =
        'decisions' in body
          ? await decideClarificationLines(deps, record.tradeNumber, body.decisions, 'customer')
          : await decideClarification(deps, record.tradeNumber, body.decision, 'customer');
      return await tradeView(deps.db, updated);
    } catch (error) {
      throw lifecycleErrorAnswer(error);
    }
  });
  registerClarificationRoutes(route, deps);
  registerTradeStatusRoutes(route, deps);
}
