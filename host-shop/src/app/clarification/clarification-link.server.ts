import { apiHttpStatus } from '@tradein/client-core';
import {
  clarificationLinkSchema,
  getClarificationEndpoint,
  offerUuidSchema,
  tradeNumberSchema,
  type ClarificationView,
} from '@tradein/contract';
import type { HeadersFunction } from 'react-router';
import { notFound } from '../screen.server.ts';
import type { ShopRequest } from '../shop-context.ts';

/*
 * The link of a clarification mail (`/clarification/{id}/{trade}`): `{id}` is a capability for
 * one trade that the trade API checks. Every link the pages cannot use (malformed here; unknown,
 * expired, tampered or of another trade at the API) answers the same expired-link 404 page, so
 * that a guessed link learns nothing.
 */

/** The two parameters that open a clarification page, as the API calls take them. */
export interface ClarificationLink {
  link: string;
  tradeNumber: string;
}

/** The link of a page's path parameters (`id`, `trade`); a malformed one answers the 404 page. */
export function clarificationLinkOf(params: Readonly<Record<string, string>>): ClarificationLink {
  const link = clarificationLinkSchema.safeParse(params['id']);
  const tradeNumber = tradeNumberSchema.safeParse(params['trade']);
  if (!link.success || !tradeNumber.success) notFound();
  return { link: link.data, tradeNumber: tradeNumber.data };
}

/** The revised offer a quick-answer link names (`offerid`); a malformed one answers 404. */
export function quickAnswerOfferOf(params: Readonly<Record<string, string>>): string {
  const offerId = offerUuidSchema.safeParse(params['offerid']);
  if (!offerId.success) notFound();
  return offerId.data;
}

/** Whether a call failed because the API refused the link. */
export function refusedLink(error: unknown): boolean {
  return apiHttpStatus(error) === 404;
}

/**
 * Whether a decision came too late: the line or the trade was answered meanwhile (409), or the
 * open devices changed between the page's reading and its post, so that the decisions no longer
 * name them (400 naming `decisions`).
 */
export function answeredMeanwhile(error: unknown): boolean {
  const status = apiHttpStatus(error);
  return status === 409 || status === 400;
}

/** The page of a link, as the trade API tells it; a link it refuses answers the 404 page. */
export async function loadClarification(
  request: ShopRequest,
  { link, tradeNumber }: ClarificationLink,
): Promise<ClarificationView> {
  try {
    return await request
      .visitorApi()
      .call(getClarificationEndpoint, { params: { link, tradeNumber } });
  } catch (error) {
    if (refusedLink(error)) notFound();
    throw error;
  }
}

/**
 * Headers of the pages of a link. The address holds the capability: no shared cache may keep
 * the page, no request to another site names the address (`same-origin`), search engines skip
 * it. Not `no-referrer`: with it a browser sends `Origin: null` on the page's own form posts,
 * which the router refuses as a cross-site action, so the decision would need JavaScript.
 */
export const clarificationHeaders: HeadersFunction = () => ({
  'cache-control': 'private, no-store',
  'referrer-policy': 'same-origin',
  'x-robots-tag': 'noindex, nofollow',
});
