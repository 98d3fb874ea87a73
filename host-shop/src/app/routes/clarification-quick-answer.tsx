import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { quickAnswerClarificationEndpoint } from '@tradein/contract';
import { buildPath } from '@tradein/editions';
import { formatMoney } from '@tradein/editions/client';
import { useEffect, useRef } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import {
  chosenPayout,
  isOpenLine,
  revisedLineCents,
} from '../clarification/clarification-choices.ts';
import { ClarificationDevice } from '../clarification/clarification-device.tsx';
import {
  answeredMeanwhile,
  clarificationHeaders,
  clarificationLinkOf,
  loadClarification,
  quickAnswerOfferOf,
  refusedLink,
} from '../clarification/clarification-link.server.ts';
import { inspectionPhotoPath } from '../clarification/inspection-photo-path.ts';
import { ClarificationTotal } from '../clarification/payout-summary.tsx';
import { useSite } from '../root.tsx';
import { notFound, screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { Route } from './+types/clarification-quick-answer';

/*
 * The quick answer of a clarification mail (`/clarificationQuickAnswer/{id}/{trade}/{offerid}`):
 * one device and its revised offer, with one button that accepts it. Opening the link changes
 * nothing (mail programs open links to check them); the button is a plain form post, which
 * answers with a redirect to the confirmation (`?accepted=1`), so that a reload sends nothing
 * again. A link whose offer is answered already, or that the API refuses, answers the
 * expired-link 404 page.
 */

const screens = ['clarificationQuickAnswer'] as const;

/** The query of the confirmation the post leads to. */
const acceptedMarker = 'accepted';

export async function loader(args: Route.LoaderArgs) {
  const { request, match, i18n } = screenOf(args, screens);
  const link = clarificationLinkOf(match.params);
  const offerId = quickAnswerOfferOf(match.params);
  const view = await loadClarification(request, link);
  const line = view.lines.find((candidate) => candidate.offerId === offerId);
  const confirmation = args.url.searchParams.get(acceptedMarker) === '1';
  // The confirmation shows an accepted offer; the question, an offer that still waits.
  const usable = confirmation
    ? line?.decision === 'accept'
    : view.state === 'open' && line !== undefined && isOpenLine(line);
  if (line === undefined || !usable) notFound();
  const { edition } = request.site;
  return {
    seo: pageSeo(request, {
      route: 'clarificationQuickAnswer',
      params: match.params,
      title: i18n._(msg`Accept the revised offer`),
      description: i18n._(msg`Accept the revised offer for your device in one step.`),
      noIndex: true,
      sharedAcrossEditions: false,
    }),
    view,
    line,
    confirmation,
    photoPath: line.hasInspectionPhoto
      ? inspectionPhotoPath(link.link, link.tradeNumber, line.position)
      : null,
    clarificationPath: buildPath(edition, 'clarification', {
      id: link.link,
      trade: link.tradeNumber,
    }),
  };
}

/** Accepts the named offer, then shows the confirmation (post, redirect, get). */
export async function action(args: Route.ActionArgs) {
  const { request, match } = screenOf(args, screens);
  const link = clarificationLinkOf(match.params);
  const offerId = quickAnswerOfferOf(match.params);
  try {
    await request.visitorApi().call(quickAnswerClarificationEndpoint, {
      params: { link: link.link, tradeNumber: link.tradeNumber },
      body: { offerId },
    });
  } catch (error) {
    // Refused, answered already, or an offer the trade no longer waits for: the link is spent.
    if (refusedLink(error) || answeredMeanwhile(error)) notFound();
    throw error;
  }
  throw redirect(`${args.url.pathname}?${acceptedMarker}=1`, 303);
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export const headers = clarificationHeaders;

export default function ClarificationQuickAnswer({ loaderData }: Route.ComponentProps) {
  const { view, line, confirmation, photoPath, clarificationPath } = loaderData;
  const { edition } = useSite();
  // From the post until its answer is drawn: a second click meanwhile would come too late.
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod !== undefined;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { deviceName } = line;
  const { tradeNumber } = view;
  const lineTotal = formatMoney(edition, revisedLineCents(line));
  // After the post the page shows the confirmation: the focus goes to what it says.
  useEffect(() => {
    if (confirmation) headingRef.current?.focus();
  }, [confirmation]);

  if (confirmation) {
    const stillOpen = view.state === 'open';
    return (
      <main id="main" className="page clarification-page" data-state="quick-confirmed">
        <h1 ref={headingRef} tabIndex={-1}>
          <Trans>Thank you: you accepted the revised offer</Trans>
        </h1>
        <p className="notice notice--success">
          <Trans>
            We keep {deviceName} for {lineTotal}.
          </Trans>
        </p>
        {stillOpen ? (
          <>
            <p>
              <Trans>Other devices of trade {tradeNumber} still wait for your decision.</Trans>
            </p>
            <Link className="button" to={clarificationPath}>
              <Trans>Decide for the other devices</Trans>
            </Link>
          </>
        ) : (
          <ClarificationTotal
            view={view}
            edition={edition}
            payout={chosenPayout(view, {})}
            clock={{ kind: 'unknown' }}
          />
        )}
      </main>
    );
  }
  return (
    <main id="main" className="page clarification-page" data-state="quick">
      <h1>
        <Trans>Accept the revised offer for {deviceName}?</Trans>
      </h1>
      <p className="lead">
        <Trans>Trade {tradeNumber}: our inspection led to a new offer for this device.</Trans>
      </p>
      <ul className="clarification-devices">
        <ClarificationDevice line={line} edition={edition} photoPath={photoPath} />
      </ul>
      <Form method="post" className="quick-answer">
        <button
          type="submit"
          className="button clarification-confirm"
          aria-disabled={sending}
          onClick={(event) => {
            if (sending) event.preventDefault();
          }}
        >
          {sending ? (
            <Trans>Sending your answer…</Trans>
          ) : (
            <Trans>Accept the revised offer of {lineTotal}</Trans>
          )}
        </button>
      </Form>
      <p>
        <Trans>Would you rather have the device back, or see all devices of the trade?</Trans>
      </p>
      <Link className="button button--secondary" to={clarificationPath}>
        <Trans>Open the whole clarification</Trans>
      </Link>
    </main>
  );
}
