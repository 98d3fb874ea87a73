import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  answerClarificationLinesEndpoint,
  type ClarificationLine,
  type ClarificationView,
} from '@tradein/contract';
import { buildPath } from '@tradein/editions';
import { formatMoney, type EditionCode } from '@tradein/editions/client';
import { useEffect, useRef } from 'react';
import { data, Link, type ShouldRevalidateFunctionArgs } from 'react-router';
import {
  chosenPayout,
  choicesOfForm,
  openLines,
  type DecisionChoices,
} from '../clarification/clarification-choices.ts';
import {
  answeredMeanwhile,
  clarificationHeaders,
  clarificationLinkOf,
  loadClarification,
  refusedLink,
  type ClarificationLink,
} from '../clarification/clarification-link.server.ts';
import { ClarificationReview } from '../clarification/clarification-review.tsx';
import { DecisionForm } from '../clarification/decision-form.tsx';
import { inspectionPhotoPath } from '../clarification/inspection-photo-path.ts';
import { readForm } from '../form-data.server.ts';
import { useSite } from '../root.tsx';
import { notFound, screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { Route } from './+types/clarification';

/*
 * The page behind the link of a clarification mail (`/clarification/{id}/{trade}`), without a
 * login: each device with what the customer answered against what the inspection found, and a
 * decision per revised device (its revised offer, or the device back), sent all at once. An
 * upward correction shows as good news; an answered clarification opens read-only until the
 * link expires. Every link the trade API refuses answers the expired-link 404 page.
 */

const screens = ['clarification'] as const;

/** What a post of the decisions led to. */
type DecisionResult =
  /** Sent: the clarification as it now stands, and when (the payout day counts from it). */
  | { kind: 'answered'; view: ClarificationView; answeredAt: string }
  /** Refused here: devices without a choice, and the choices to show again. */
  | { kind: 'incomplete'; missing: number[]; choices: DecisionChoices }
  /** Answered or changed meanwhile (another window, our team): the page shows how it stands. */
  | { kind: 'stale' };

export async function loader(args: Route.LoaderArgs) {
  const { request, match, i18n } = screenOf(args, screens);
  const link = clarificationLinkOf(match.params);
  const view = await loadClarification(request, link);
  const { edition } = request.site;
  return {
    seo: pageSeo(request, {
      route: 'clarification',
      params: match.params,
      title: i18n._(msg`Your revised offer`),
      description: i18n._(msg`The result of the inspection of your devices, and your decision.`),
      noIndex: true,
      // The address is a capability of one customer: no other edition's address names it.
      sharedAcrossEditions: false,
    }),
    view,
    link,
    renderedAt: new Date().toISOString(),
    contactPath: buildPath(edition, 'contact'),
  };
}

/**
 * Sends the customer's decisions, one per open device, all at once. A form post without
 * JavaScript: the page it answers shows the result.
 */
export async function action(args: Route.ActionArgs) {
  const { request, match } = screenOf(args, screens);
  const link = clarificationLinkOf(match.params);
  const form = await readForm(args.request);
  const view = await loadClarification(request, link);
  const open = openLines(view);
  if (open.length === 0) return data<DecisionResult>({ kind: 'stale' }, { status: 409 });
  const choices = choicesOfForm(view, (name) => form.get(name));
  const decisions = open.flatMap((line) => {
    const decision = choices[line.position];
    return decision === undefined ? [] : [{ position: line.position, decision }];
  });
  if (decisions.length < open.length) {
    const missing = open
      .filter((line) => choices[line.position] === undefined)
      .map((line) => line.position);
    return data<DecisionResult>({ kind: 'incomplete', missing, choices }, { status: 400 });
  }
  try {
    const answered = await request.visitorApi().call(answerClarificationLinesEndpoint, {
      params: { link: link.link, tradeNumber: link.tradeNumber },
      body: { decisions },
    });
    return data<DecisionResult>({
      kind: 'answered',
      view: answered,
      answeredAt: new Date().toISOString(),
    });
  } catch (error) {
    if (refusedLink(error)) notFound();
    if (answeredMeanwhile(error)) return data<DecisionResult>({ kind: 'stale' }, { status: 409 });
    throw error;
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

/**
 * The page is read again after a post that came too late (409): React Router keeps the data of
 * a refused post's page, which here would still offer the decisions taken meanwhile.
 */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const result = actionResult as Partial<DecisionResult> | undefined;
  return result?.kind === 'stale' || defaultShouldRevalidate;
}

export const headers = clarificationHeaders;

export default function Clarification({ loaderData, actionData }: Route.ComponentProps) {
  const { view, link, renderedAt, contactPath } = loaderData;
  const { edition } = useSite();
  const photoPath = photoPathOf(link);
  const { tradeNumber } = view;

  if (actionData?.kind === 'answered') {
    return (
      <Answered
        view={actionData.view}
        edition={edition}
        answeredAt={actionData.answeredAt}
        photoPath={photoPath}
        contactPath={contactPath}
      />
    );
  }
  if (view.state === 'open') {
    return (
      <main id="main" className="page clarification-page" data-state="open">
        <h1>
          <Trans>Your revised offer for trade {tradeNumber}</Trans>
        </h1>
        {actionData?.kind === 'stale' ? <StaleNotice /> : null}
        <DecisionForm
          // A fresh form when the page comes back changed (its radio buttons start anew).
          key={view.lines.map((line) => `${line.position}:${line.offerId ?? ''}`).join()}
          view={view}
          edition={edition}
          photoPath={photoPath}
          initialChoices={actionData?.kind === 'incomplete' ? actionData.choices : {}}
          missing={actionData?.kind === 'incomplete' ? actionData.missing : noneMissing}
          renderedAt={renderedAt}
        />
      </main>
    );
  }
  if (view.state === 'info') {
    return (
      <main id="main" className="page clarification-page" data-state="info">
        <h1>
          <Trans>Good news about your trade {tradeNumber}</Trans>
        </h1>
        <p className="lead notice notice--success">
          <Trans>
            Our inspection found your devices in better condition than described, so we raised our
            offer. There is nothing for you to do: we pay you the new total.
          </Trans>
        </p>
        <ClarificationReview
          view={view}
          edition={edition}
          photoPath={photoPath}
          clock={{ kind: 'unknown' }}
        />
        <ContactLine contactPath={contactPath} />
      </main>
    );
  }
  return (
    <main id="main" className="page clarification-page" data-state="answered">
      <h1>
        <Trans>Your decisions on trade {tradeNumber}</Trans>
      </h1>
      {actionData?.kind === 'stale' ? (
        <StaleNotice />
      ) : (
        <p className="lead">
          <Trans>You have answered our revised offer. There is nothing more for you to do.</Trans>
        </p>
      )}
      <ClarificationReview
        view={view}
        edition={edition}
        photoPath={photoPath}
        clock={{ kind: 'unknown' }}
      />
      <ContactLine contactPath={contactPath} />
    </main>
  );
}

const noneMissing: readonly number[] = [];

/** The inspection photo's address of each line that has one. */
function photoPathOf(link: ClarificationLink) {
  return (line: ClarificationLine): string | null =>
    line.hasInspectionPhoto
      ? inspectionPhotoPath(link.link, link.tradeNumber, line.position)
      : null;
}

/** The confirmation after the decisions were sent: the new total and what happens next. */
function Answered({
  view,
  edition,
  answeredAt,
  photoPath,
  contactPath,
}: {
  view: ClarificationView;
  edition: EditionCode;
  answeredAt: string;
  photoPath(line: ClarificationLine): string | null;
  contactPath: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The page changed under the button the customer pressed: the focus goes to what it says now.
  useEffect(() => headingRef.current?.focus(), []);
  const payout = chosenPayout(view, {});
  const total = formatMoney(edition, view.revisedTotalCents);
  const { tradeNumber } = view;
  return (
    <main id="main" className="page clarification-page" data-state="confirmed">
      <h1 ref={headingRef} tabIndex={-1}>
        <Trans>Thank you: your decisions are saved</Trans>
      </h1>
      <div className="notice notice--success clarification-next">
        <p>
          <Trans>What happens next with trade {tradeNumber}:</Trans>
        </p>
        <ul>
          {payout.paysOut ? (
            <li>
              <Trans>
                We pay you the new total of <strong>{total}</strong>.
              </Trans>
            </li>
          ) : null}
          {payout.returned.length > 0 ? (
            <li>
              <Trans>
                We send the devices you asked for back to you, with free return shipping.
              </Trans>
            </li>
          ) : null}
          <li>
            <Trans>
              There is nothing more for you to do. Until the link expires, this page shows your
              decisions.
            </Trans>
          </li>
        </ul>
      </div>
      <ClarificationReview
        view={view}
        edition={edition}
        photoPath={photoPath}
        clock={{ kind: 'answered', at: answeredAt }}
      />
      <ContactLine contactPath={contactPath} />
    </main>
  );
}

/** Said when the page's decisions came too late: answered or changed meanwhile. */
function StaleNotice() {
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => noticeRef.current?.focus(), []);
  return (
    <p className="notice notice--error" role="alert" tabIndex={-1} ref={noticeRef}>
      <Trans>
        This clarification changed meanwhile (answered in another window, or updated by our team).
        Here is how it stands now.
      </Trans>
    </p>
  );
}

function ContactLine({ contactPath }: { contactPath: string }) {
  return (
    <p className="clarification-contact">
      <Trans>Questions about the inspection?</Trans>{' '}
      <Link to={contactPath}>
        <Trans>Contact us</Trans>
      </Link>
    </p>
  );
}
