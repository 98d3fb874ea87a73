import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import {
  newsletterPaths,
  newsletterScreenOf,
  newsletterSeo,
} from '../newsletter/newsletter-screen.server.ts';
import { SubscribeForm } from '../newsletter/subscribe-form.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/newsletter-unsubscribe-success';

/** `/newsletter/unsubscribe/success`: where the unsubscribe button leads. */
export function loader(args: Route.LoaderArgs) {
  const screen = newsletterScreenOf(args, 'newsletterUnsubscribeSuccess');
  const { request, i18n } = screen;
  return {
    seo: newsletterSeo(screen, {
      title: i18n._(msg`You are unsubscribed`),
      description: i18n._(msg`Your newsletter subscription has ended.`),
    }),
    paths: newsletterPaths(request.site.edition),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export default function NewsletterUnsubscribeSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page newsletter-page">
      <h1>
        <Trans>You are unsubscribed</Trans>
      </h1>
      <output className="notice notice--success" data-notice="unsubscribed">
        <Trans>
          You will receive no more newsletters from us. We have deleted the name and topics you gave
          us.
        </Trans>
      </output>
      <SubscribeForm heading={<Trans>Changed your mind? Subscribe again</Trans>} />
      <p>
        <Link to={loaderData.paths.home}>
          <Trans>Go to the home page</Trans>
        </Link>
      </p>
    </main>
  );
}
