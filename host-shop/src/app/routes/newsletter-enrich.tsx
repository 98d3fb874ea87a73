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
import type { Route } from './+types/newsletter-enrich';

/**
 * `/newsletter/enrich` without a link's hash: the details of a subscription are changed through
 * the personal link of our e-mails, so the page says where to find it and offers the sign-up.
 */
export function loader(args: Route.LoaderArgs) {
  const screen = newsletterScreenOf(args, 'newsletterEnrich');
  const { request, i18n } = screen;
  return {
    seo: newsletterSeo(screen, {
      title: i18n._(msg`Your newsletter`),
      description: i18n._(msg`Subscribe to our newsletter or change what you receive.`),
    }),
    paths: newsletterPaths(request.site.edition),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export default function NewsletterEnrich({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page newsletter-page">
      <h1>
        <Trans>Your newsletter</Trans>
      </h1>
      <p className="lead">
        <Trans>
          To add your name or choose your topics, open the personal link in one of our e-mails: the
          confirmation e-mail after you subscribed, or the end of any newsletter. The link keeps
          your details safe, so this page cannot show them without it.
        </Trans>
      </p>
      <SubscribeForm heading={<Trans>Not subscribed yet?</Trans>} />
      <p>
        <Trans>Questions about your subscription? Our service team is glad to help.</Trans>{' '}
        <Link to={loaderData.paths.contact}>
          <Trans>Contact us</Trans>
        </Link>
      </p>
    </main>
  );
}
