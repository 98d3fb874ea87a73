import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { apiHttpStatus } from '@tradein/client-core';
import { emailSchema, newsletterSubscribeEndpoint } from '@tradein/contract';
import { data, Link } from 'react-router';
import { buildPath } from '@tradein/editions';
import { readForm } from '../form-data.server.ts';
import { filledHoneypot } from '../honeypot.server.ts';
import { NewsletterSignup } from '../layouts/newsletter-signup.tsx';
import { shopRequest } from '../shop-context.ts';
import { createI18n } from '../../i18n/create-i18n.ts';
import type { Route } from './+types/newsletter-signup';

type SignupResult = 'sent' | 'invalid' | 'busy' | 'failed';

/** The page after a sign-up from the footer: what happened and what comes next. */
export function loader({ context }: Route.LoaderArgs) {
  const { site } = shopRequest(context);
  const i18n = createI18n(site.language, site.shopMode);
  return {
    title: i18n._(msg`Newsletter`),
    homePath: buildPath(site.edition, 'home'),
  };
}

/**
 * Signs an address up through the trade API's double opt-in (a confirmation mail). Works as a
 * plain form post; the address is checked with the contract first, so bad input sends nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { site, visitorApi } = shopRequest(context);
  const form = await readForm(request);
  // A bot's post: the answer of a sign-up, and nothing stored or mailed.
  if (filledHoneypot(form)) return { result: 'sent' as SignupResult };
  const email = emailSchema.safeParse(String(form.get('email') ?? '').trim());
  if (!email.success) return data({ result: 'invalid' as SignupResult }, { status: 400 });
  try {
    await visitorApi().call(newsletterSubscribeEndpoint, {
      body: { email: email.data, edition: site.edition, source: 'footer' },
    });
    return { result: 'sent' as SignupResult };
  } catch (error) {
    if (apiHttpStatus(error) === 429) {
      return data({ result: 'busy' as SignupResult }, { status: 429 });
    }
    if (apiHttpStatus(error) === 400) {
      return data({ result: 'invalid' as SignupResult }, { status: 400 });
    }
    throw error;
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData?.title ?? 'Newsletter' },
  { name: 'robots', content: 'noindex' },
];

export default function NewsletterSignupPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData?.result;
  return (
    <main id="main" className="page">
      <h1>
        <Trans>Newsletter</Trans>
      </h1>
      <output className="notice-area">
        {result === 'sent' ? (
          <p className="notice notice--success">
            <Trans>
              Almost done: we sent you an e-mail. Please confirm your address with the link in it.
            </Trans>
          </p>
        ) : result === 'invalid' ? (
          <p className="notice notice--error">
            <Trans>Please enter a valid e-mail address, like name@example.com.</Trans>
          </p>
        ) : result === 'busy' ? (
          <p className="notice notice--error">
            <Trans>Too many sign-ups from here just now. Please try again in an hour.</Trans>
          </p>
        ) : null}
      </output>
      {result === 'sent' ? (
        <Link className="button" to={loaderData.homePath}>
          <Trans>Go to the home page</Trans>
        </Link>
      ) : (
        <NewsletterSignup />
      )}
    </main>
  );
}
