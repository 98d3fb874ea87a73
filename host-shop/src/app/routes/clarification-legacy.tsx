import { buildPath } from '@tradein/editions';
import { redirect } from 'react-router';
import {
  clarificationLinkOf,
  quickAnswerOfferOf,
} from '../clarification/clarification-link.server.ts';
import { screenOf } from '../screen.server.ts';
import type { Route } from './+types/clarification-legacy';

/*
 * The old shop's clarification links, still in customers' mailboxes:
 * `/browser/clarification/id/{id}/trade/{trade}` and
 * `/browser/clarificationQuickAnswer/id/{id}/trade/{trade}/offerid/{offerid}` move for good (301)
 * to the new pages with the same parameters and query. They are routes of their own rather than
 * redirect rules of the editions, since their parameters sit between literal segments; a link
 * whose parameters cannot be one answers the expired-link 404 page at once.
 */

const screens = ['clarificationLegacy', 'clarificationQuickAnswerLegacy'] as const;

/** The new page of an old link, or the expired-link 404 page when it cannot be one. */
export function loader(args: Route.LoaderArgs) {
  const { request, match } = screenOf(args, screens);
  const { link, tradeNumber } = clarificationLinkOf(match.params);
  const { edition } = request.site;
  const target =
    match.name === 'clarificationQuickAnswerLegacy'
      ? buildPath(edition, 'clarificationQuickAnswer', {
          id: link,
          trade: tradeNumber,
          offerid: quickAnswerOfferOf(match.params),
        })
      : buildPath(edition, 'clarification', { id: link, trade: tradeNumber });
  throw redirect(`${target}${args.url.search}`, 301);
}

/**
 * A post to an old address (a form of the old shop's page, still open in a tab) goes the same
 * way: it decides nothing and leads to the new page, which asks again.
 */
export function action(args: Route.ActionArgs) {
  return loader(args);
}

export default function ClarificationLegacy() {
  return null;
}
