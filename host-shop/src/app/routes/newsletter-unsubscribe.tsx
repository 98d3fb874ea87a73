import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { newsletterUnsubscribeEndpoint } from '@tradein/contract';
import { apiHttpStatus } from '@tradein/client-core';
import { data, Form, redirect, useNavigation } from 'react-router';
import { LinkProblem } from '../newsletter/link-problem.tsx';
import { SubscribeForm } from '../newsletter/subscribe-form.tsx';
import {
  emailHashOf,
  newsletterPaths,
  newsletterScreenOf,
  newsletterSeo,
  readSubscription,
  type NewsletterPaths,
} from '../newsletter/newsletter-screen.server.ts';
import { pageMeta, type PageSeo } from '../seo.ts';
import type { Route } from './+types/newsletter-unsubscribe';

const screenName = 'newsletterUnsubscribe';

/** The link names no subscription, a subscription to end, or one that has ended already. */
type UnsubscribeView = 'unknown' | 'confirm' | 'ended';

interface LoaderData {
  seo: PageSeo;
  view: UnsubscribeView;
  paths: NewsletterPaths;
}

/**
 * `/newsletter/unsubscribe/{emailHash}`: asks to confirm with a button (opening the link, as mail
 * programs do to check it, changes nothing). A hash that names no subscription, malformed or an
 * old link of the previous shop (the German redirect brings those here), is the 404 page of the
 * link with what to do instead.
 */
export async function loader(args: Route.LoaderArgs) {
  const screen = newsletterScreenOf(args, screenName);
  const { request, i18n } = screen;
  const emailHash = emailHashOf(screen);
  const subscription =
    emailHash === undefined ? 'unknown' : await readSubscription(request.visitorApi(), emailHash);
  const view: UnsubscribeView =
    subscription === 'unknown'
      ? 'unknown'
      : subscription.status === 'unsubscribed'
        ? 'ended'
        : 'confirm';
  return data<LoaderData>(
    {
      seo: newsletterSeo(screen, {
        title: i18n._(msg`Unsubscribe from the newsletter`),
        description: i18n._(msg`End your newsletter subscription with one click.`),
      }),
      view,
      paths: newsletterPaths(request.site.edition),
    },
    { status: view === 'unknown' ? 404 : 200 },
  );
}

/** Ends the subscription (pending or active) and moves on to the success page. */
export async function action(args: Route.ActionArgs) {
  const screen = newsletterScreenOf(args, screenName);
  const emailHash = emailHashOf(screen);
  if (emailHash === undefined) return data<UnsubscribeView>('unknown', { status: 404 });
  try {
    await screen.request.visitorApi().call(newsletterUnsubscribeEndpoint, { body: { emailHash } });
  } catch (error) {
    if (apiHttpStatus(error) === 404) return data<UnsubscribeView>('unknown', { status: 404 });
    throw error;
  }
  // 303: the browser fetches the success page with GET, so a reload does not post again.
  return redirect(newsletterPaths(screen.request.site.edition).unsubscribeSuccess, 303);
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { paths } = loaderData;
  const view = actionData ?? loaderData.view;
  const sending = useNavigation().state === 'submitting';
  const heading = (
    <h1>
      <Trans>Unsubscribe from the newsletter</Trans>
    </h1>
  );
  if (view === 'unknown') {
    return <LinkProblem heading={heading} kind="unknown" contactPath={paths.contact} />;
  }
  if (view === 'ended') {
    return (
      <main id="main" className="page newsletter-page">
        {heading}
        <output className="notice notice--success" data-notice="alreadyUnsubscribed">
          <Trans>You are unsubscribed already: you receive no newsletter from us.</Trans>
        </output>
        <SubscribeForm heading={<Trans>Subscribe again</Trans>} />
      </main>
    );
  }
  return (
    <main id="main" className="page newsletter-page">
      {heading}
      <p className="lead">
        <Trans>
          Do you want to stop receiving our newsletter? Confirm with the button; we then delete your
          name and topics and send you no more newsletters.
        </Trans>
      </p>
      <Form method="post" className="form">
        <button type="submit" className="button" disabled={sending}>
          <Trans>Unsubscribe</Trans>
        </button>
      </Form>
    </main>
  );
}
