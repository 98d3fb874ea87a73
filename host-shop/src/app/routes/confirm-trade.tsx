import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { apiHttpStatus } from '@tradein/client-core';
import { confirmTradeMailboxEndpoint } from '@tradein/contract';
import { buildPath } from '@tradein/editions';
import { data, Link, useNavigation } from 'react-router';
import { readForm } from '../form-data.server.ts';
import { screenOf } from '../screen.server.ts';
import { LinkConfirmation } from '../components/link-confirmation.tsx';
import { RefusedLink } from '../components/refused-link.tsx';
import { pageMeta, pageSeo } from '../seo.ts';
import type { Route } from './+types/confirm-trade';

type ConfirmResult =
  { confirmed: true; tradeNumber: string; inAccount: boolean } | { confirmed: false };

/** The request for the trade API, or undefined when the token cannot be one. */
function confirmation(edition: string, token: unknown) {
  const parsed = confirmTradeMailboxEndpoint.body.safeParse({ edition, token });
  return parsed.success ? parsed.data : undefined;
}

/**
 * The page behind the link in a guest's trade mail. Opening it changes nothing (mail programs
 * open links to check them); the seller claims the trade with the button, a plain form post.
 */
export function loader(args: Route.LoaderArgs) {
  const { request, i18n } = screenOf(args, ['accountConfirmTrade']);
  const token = new URL(args.request.url).searchParams.get('token');
  return {
    seo: pageSeo(request, {
      route: 'accountConfirmTrade',
      title: i18n._(msg`Confirm your trade`),
      description: i18n._(msg`Confirm that the trade sent to your e-mail address is yours.`),
      noIndex: true,
    }),
    token: confirmation(request.site.edition, token) === undefined ? null : token,
    contactPath: buildPath(request.site.edition, 'contact'),
    accountPath: buildPath(request.site.edition, 'account'),
  };
}

export async function action(args: Route.ActionArgs) {
  const { request } = screenOf(args, ['accountConfirmTrade']);
  const form = await readForm(args.request);
  const body = confirmation(request.site.edition, form.get('token'));
  if (body === undefined) return data<ConfirmResult>({ confirmed: false }, { status: 400 });
  try {
    const answer = await request.visitorApi().call(confirmTradeMailboxEndpoint, { body });
    return data<ConfirmResult>({ confirmed: true, ...answer });
  } catch (error) {
    if (apiHttpStatus(error) === 400) {
      return data<ConfirmResult>({ confirmed: false }, { status: 400 });
    }
    throw error;
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export default function ConfirmTrade({ loaderData, actionData }: Route.ComponentProps) {
  const { token, contactPath, accountPath } = loaderData;
  const sending = useNavigation().state === 'submitting';
  const heading = (
    <h1>
      <Trans>Confirm your trade</Trans>
    </h1>
  );
  if (actionData?.confirmed === true) {
    const { tradeNumber } = actionData;
    return (
      <main id="main" className="page">
        {heading}
        <output className="notice notice--success">
          {actionData.inAccount ? (
            <Trans>Thank you: trade {tradeNumber} is now in your customer account.</Trans>
          ) : (
            <Trans>
              Thank you: trade {tradeNumber} goes into your customer account as soon as you activate
              one with this e-mail address.
            </Trans>
          )}
        </output>
        <Link className="button" to={accountPath}>
          <Trans>To your customer account</Trans>
        </Link>
      </main>
    );
  }
  if (token === null || actionData?.confirmed === false) {
    return (
      <RefusedLink heading={heading} contactPath={contactPath}>
        <Trans>
          This link is invalid, has expired or has been used already. Your trade goes on all the
          same: you find it by the trade number in the e-mail.
        </Trans>
      </RefusedLink>
    );
  }
  return (
    <LinkConfirmation
      heading={heading}
      token={token}
      sending={sending}
      lead={
        <Trans>
          Is this trade yours? Then confirm it, and it shows in your customer account with this
          e-mail address. If you did not sell anything, just close this page.
        </Trans>
      }
    >
      <Trans>Yes, this trade is mine</Trans>
    </LinkConfirmation>
  );
}
