import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { editionCodes, getEdition, type EditionCode } from '@tradein/editions';
import { accountPaths } from '../account/account-paths.server.ts';
import { ActivationView } from '../account/registration/activation-view.tsx';
import {
  activationToken,
  registrationAction,
} from '../account/registration/registration-action.server.ts';
import { RegistrationForm } from '../account/registration/registration-form.tsx';
import { ResendActivation, ResentPage } from '../account/registration/resend-activation.tsx';
import { screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { Route } from './+types/account-register';

/** The languages a customer may choose for mails: one per edition, named in the page's language. */
function localeOptions(language: string, edition: EditionCode) {
  const names = new Intl.DisplayNames([language], { type: 'language' });
  return {
    current: getEdition(edition).icuLocale,
    options: editionCodes.map((code) => {
      const locale = getEdition(code).icuLocale;
      return { locale, label: names.of(locale) ?? locale };
    }),
  };
}

/**
 * `/account/register`: the registration form, and with `?token=` the page behind the activation
 * link. Opening the link changes nothing (mail programs open links to check them); the customer
 * activates with the button. Both are plain form posts (account/registration/).
 */
export function loader(args: Route.LoaderArgs) {
  const { request, i18n } = screenOf(args, ['accountRegister']);
  const query = new URL(args.request.url).searchParams;
  const hasLink = query.has('token');
  return {
    seo: pageSeo(request, {
      route: 'accountRegister',
      title: i18n._(hasLink ? msg`Activate your account` : msg`Create your customer account`),
      description: i18n._(
        hasLink
          ? msg`Activate your customer account with the link from your e-mail.`
          : msg`Register to follow your trades and sell faster next time.`,
      ),
      noIndex: true,
    }),
    hasLink,
    token: activationToken(query.get('token')) ?? null,
    locales: localeOptions(request.site.language, request.site.edition),
    edition: request.site.edition,
    paths: accountPaths(request.site.edition),
  };
}

export function action(args: Route.ActionArgs) {
  return registrationAction(args);
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

function RegisterPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, 'loaderData' | 'actionData'>) {
  const heading = (
    <h1>
      <Trans>Create your customer account</Trans>
    </h1>
  );
  if (actionData?.kind === 'registered') {
    const { email } = actionData;
    return (
      <main id="main" className="page">
        {heading}
        <output className="notice notice--success">
          <Trans>
            Almost done: check your mailbox. We have sent a link to {email}. Open it within 48 hours
            to activate your account.
          </Trans>
        </output>
        <ResendActivation email={email} />
      </main>
    );
  }
  if (actionData?.kind === 'resent' || actionData?.kind === 'resendRefused') {
    return <ResentPage heading={heading} result={actionData} />;
  }
  const refused =
    actionData?.kind === 'refused' || actionData?.kind === 'busy' ? actionData : undefined;
  return (
    <main id="main" className="page">
      {heading}
      <p className="lead">
        <Trans>
          With an account you follow every trade, print labels again and sell faster next time.
        </Trans>
      </p>
      <RegistrationForm
        edition={loaderData.edition}
        locales={loaderData.locales}
        overviewPath={loaderData.paths.overview}
        refused={refused}
      />
      <ResendActivation />
    </main>
  );
}

export default function AccountRegister({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.hasLink || actionData?.kind === 'activation' ? (
    <ActivationView token={loaderData.token} paths={loaderData.paths} actionData={actionData} />
  ) : (
    <RegisterPage loaderData={loaderData} actionData={actionData} />
  );
}
