import { apiHttpStatus } from '@tradein/client-core';
import {
  tradeStatusEndpoint,
  tradeStatusTokenSchema,
  type TradeStatusView,
} from '@tradein/contract';
import type { HeadersFunction } from 'react-router';
import { notFound } from '../screen.server.ts';
import type { ShopRequest } from '../shop-context.ts';

/*
 * The status page of a trade (`/trade/status?token=…`), opened from the trade's mails and the
 * thank-you page without a login. The token is a signed capability that only the trade API can
 * check; a token it refuses (malformed, tampered, expired) answers the expired-link 404 page, so
 * that a guessed link learns nothing.
 */

/** The trade the address's token opens; any token the API refuses answers the 404 page. */
export async function loadTradeStatus(
  request: ShopRequest,
  url: URL,
): Promise<{ view: TradeStatusView; token: string }> {
  const token = tradeStatusTokenSchema.safeParse(url.searchParams.get('token'));
  if (!token.success) notFound();
  try {
    const view = await request
      .visitorApi()
      .call(tradeStatusEndpoint, { body: { token: token.data } });
    return { view, token: token.data };
  } catch (error) {
    const status = apiHttpStatus(error);
    if (status === 404 || status === 400) notFound();
    throw error;
  }
}

/**
 * Headers of the status page. The address holds the capability: no shared cache keeps the page,
 * no request from it names the address (`no-referrer`), search engines skip it.
 */
export const tradeStatusHeaders: HeadersFunction = () => ({
  'cache-control': 'private, no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
});
