import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiHttpStatus } from '@tradein/client-core';
import { forgotPasswordMailEndpoint } from '@tradein/contract';
import { getEdition } from '@tradein/editions';
import { useId } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { accountPaths } from '../account/account-paths.server.ts';
import { EmailField } from '../account/form-field.tsx';
import { checkForm, textOf, type FieldErrorCode } from '../account/form-rules.ts';
import { HoneypotField } from '../components/honeypot-field.tsx';
import { readForm } from '../form-data.server.ts';
import { filledHoneypot } from '../honeypot.server.ts';
import { screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { Route } from './+types/password-forgot';

/** The paths of the page: the localized one of §2 and its unlocalized alias. */
const screens = ['accountPasswordForgot', 'basePasswordForgot'] as const;

type ForgotResult =
  { sent: true; email: string } | { sent: false; error: FieldErrorCode | 'busy'; email: string };

export function loader(args: Route.LoaderArgs) {
  const { request, match, i18n } = screenOf(args, screens);
  return {
    seo: pageSeo(request, {
      route: match.name,
      params: match.params,
      title: i18n._(msg`Forgot your password?`),
      description: i18n._(msg`Get a link to choose a new password for your customer account.`),
      noIndex: true,
    }),
    paths: accountPaths(request.site.edition),
  };
}

/**
 * Asks the trade API for a reset mail (§7 forgotPasswordMail) in the page's language. The answer
 * is the same whether or not the address has an account, so the page never tells which
 * addresses are customers. Works as a plain form post.
 */
export async function action(args: Route.ActionArgs) {
  const { request } = screenOf(args, screens);
  const form = await readForm(args.request);
  const email = textOf(form, 'email').toLowerCase();
  // A bot's post: the answer of a sent link, and nothing mailed.
  if (filledHoneypot(form)) return data<ForgotResult>({ sent: true, email });
  const checked = checkForm(
    forgotPasswordMailEndpoint.body,
    { email, lang: getEdition(request.site.edition).language },
    { paths: { email: 'email' }, codes: { email: 'email' } },
    { email },
    'email',
  );
  if (!checked.ok) {
    return data<ForgotResult>(
      { sent: false, error: checked.errors.email ?? 'email', email },
      { status: 400 },
    );
  }
  try {
    await request.visitorApi().call(forgotPasswordMailEndpoint, { body: checked.body });
  } catch (failure) {
    if (apiHttpStatus(failure) === 429) {
      return data<ForgotResult>({ sent: false, error: 'busy', email }, { status: 429 });
    }
    throw failure;
  }
  return data<ForgotResult>({ sent: true, email });
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export default function PasswordForgot({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const formId = useId();
  const { paths } = loaderData;
  const sending = useNavigation().state === 'submitting';
  const heading = (
    <h1>
      <Trans>Forgot your password?</Trans>
    </h1>
  );
  if (actionData?.sent === true) {
    const { email } = actionData;
    return (
      <main id="main" className="page">
        {heading}
        <output className="notice notice--success">
          <Trans>
            If {email} belongs to a customer account, we have sent a link to it. The link is valid
            for one hour. Also look in your spam folder.
          </Trans>
        </output>
        <p>
          <Link to={paths.overview}>
            <Trans>Back to the login</Trans>
          </Link>
        </p>
      </main>
    );
  }
  const error = actionData?.sent === false ? actionData.error : undefined;
  return (
    <main id="main" className="page">
      {heading}
      <p className="lead">
        <Trans>
          Enter the e-mail address of your account. We send you a link to choose a new password.
        </Trans>
      </p>
      {error === 'busy' ? (
        <p className="notice notice--error" role="alert">
          <Trans>
            Too many requests from your connection. Please wait a few minutes and try again.
          </Trans>
        </p>
      ) : null}
      <Form method="post" className="form" noValidate aria-label={t`Forgot your password?`}>
        <HoneypotField />
        <EmailField
          formId={formId}
          error={error === 'busy' ? undefined : error}
          defaultValue={actionData?.email}
        />
        <button type="submit" className="button" disabled={sending}>
          <Trans>Send me the link</Trans>
        </button>
      </Form>
      <p>
        <Link to={paths.overview}>
          <Trans>Back to the login</Trans>
        </Link>
      </p>
    </main>
  );
}
