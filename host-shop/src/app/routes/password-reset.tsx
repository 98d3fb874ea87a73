import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiHttpStatus } from '@tradein/client-core';
import { resetPasswordEndpoint } from '@tradein/contract';
import { buildPath } from '@tradein/editions';
import { useId } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { readForm } from '../form-data.server.ts';
import { screenOf } from '../screen.server.ts';
import { RefusedLink } from '../components/refused-link.tsx';
import { pageMeta, pageSeo } from '../seo.ts';
import type { Route } from './+types/password-reset';

/** The paths of the page: the localized one of §2 and its unlocalized alias. */
const screens = ['accountPasswordReset', 'basePasswordReset'] as const;

type ResetResult =
  | { changed: true }
  /** The password broke the rules; the form comes back with the link's token. */
  | { changed: false; weakPassword: true; token: string }
  | { changed: false };

/** The token of a reset link, or undefined when the value cannot be one. */
function resetToken(value: unknown): string | undefined {
  const parsed = resetPasswordEndpoint.headers?.safeParse({ token: value });
  return parsed?.success === true ? parsed.data.token : undefined;
}

/**
 * The page behind the link of a password-reset mail: the customer chooses a new password, checked
 * with the contract's rules. The password is sent once and never shown back.
 */
export function loader(args: Route.LoaderArgs) {
  const { request, match, i18n } = screenOf(args, screens);
  const query = new URL(args.request.url).searchParams;
  return {
    seo: pageSeo(request, {
      route: match.name,
      params: match.params,
      title: i18n._(msg`Choose a new password`),
      description: i18n._(msg`Choose a new password for your customer account.`),
      noIndex: true,
    }),
    token: resetToken(query.get('token')) ?? null,
    contactPath: buildPath(request.site.edition, 'contact'),
  };
}

export async function action(args: Route.ActionArgs) {
  const { request } = screenOf(args, screens);
  const form = await readForm(args.request);
  const token = resetToken(form.get('token'));
  if (token === undefined) return data<ResetResult>({ changed: false }, { status: 400 });
  const body = resetPasswordEndpoint.body.safeParse({ password: form.get('password') });
  if (!body.success) {
    return data<ResetResult>({ changed: false, weakPassword: true, token }, { status: 400 });
  }
  try {
    await request.visitorApi().call(resetPasswordEndpoint, { body: body.data, headers: { token } });
    return data<ResetResult>({ changed: true });
  } catch (error) {
    if (apiHttpStatus(error) === 400) {
      return data<ResetResult>({ changed: false }, { status: 400 });
    }
    throw error;
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export default function PasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const id = useId();
  const { contactPath } = loaderData;
  const sending = useNavigation().state === 'submitting';
  const heading = (
    <h1>
      <Trans>Choose a new password</Trans>
    </h1>
  );
  if (actionData?.changed === true) {
    return (
      <main id="main" className="page">
        {heading}
        <output className="notice notice--success">
          <Trans>Your new password is set. Log in with it the next time you sell.</Trans>
        </output>
      </main>
    );
  }
  const weak = actionData !== undefined && 'weakPassword' in actionData;
  const token = weak ? actionData.token : loaderData.token;
  if (token === null || (actionData?.changed === false && !weak)) {
    return (
      <RefusedLink heading={heading} contactPath={contactPath}>
        <Trans>
          This link is invalid, has expired or has been used already. Ask for a new one where you
          log in, or write to our service team.
        </Trans>
      </RefusedLink>
    );
  }
  return (
    <main id="main" className="page">
      {heading}
      <Form method="post" className="form" noValidate aria-label={t`New password`}>
        <input type="hidden" name="token" value={token} />
        <div className="field">
          <label htmlFor={`${id}-password`}>
            <Trans>New password</Trans>
          </label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={weak ? true : undefined}
            aria-describedby={`${id}-password-hint`}
          />
          <p className={weak ? 'field-error' : 'field-hint'} id={`${id}-password-hint`}>
            <Trans>
              Use at least 8 characters, with at least one letter and one digit or symbol.
            </Trans>
          </p>
        </div>
        <button type="submit" className="button" disabled={sending}>
          <Trans>Save the new password</Trans>
        </button>
      </Form>
    </main>
  );
}
