import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { apiErrorCode, staffSignInEndpoint } from '@tradein/contract';
import { data, Form, redirect, redirectDocument, useNavigation } from 'react-router';
import { Field, FormAlert, FormNotice } from '../components/field.tsx';
import { TotpField } from '../components/totp-field.tsx';
import { fieldErrorsOf } from '../components/field-errors.ts';
import { parseForm, refusedByApi, textOf } from '../forms.server.ts';
import { callOps, cookieHeaders } from '../ops-api.server.ts';
import { localReturnPath, optionalStaffSession } from '../staff-session.server.ts';
import type { Route } from './+types/sign-in';

export const meta: Route.MetaFunction = () => [{ title: 'Sign in · tradein back office' }];

/** Already signed in: straight on. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = localReturnPath(url.searchParams.get('next')) ?? '/';
  if ((await optionalStaffSession(context, request)) !== undefined) throw redirect(next);
  return {
    signedOut: url.searchParams.get('signedOut') === '1',
    welcome: url.searchParams.get('welcome') === '1',
  };
}

/** Why a sign-in was refused as a whole. */
type Refusal = 'credentials' | 'disabled' | 'throttled';

/** Signs in with e-mail, password and the authenticator's code. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const email = textOf(form, 'email') ?? '';
  const values = { email, password: textOf(form, 'password'), totpCode: textOf(form, 'totpCode') };
  const parsed = parseForm(staffSignInEndpoint.body, values);
  if (!parsed.ok) return data({ email, refused: parsed.refused, refusal: undefined }, 400);
  const answer = await callOps(context, request, staffSignInEndpoint, { body: parsed.data });
  if (answer.ok) {
    const next = localReturnPath(new URL(request.url).searchParams.get('next')) ?? '/';
    // A new document: the member's language may differ from the sign-in page's.
    return redirectDocument(next, { headers: cookieHeaders(answer.setCookies, request) });
  }
  let refusal: Refusal | undefined;
  if (answer.error.code === apiErrorCode.accountDisabled) refusal = 'disabled';
  else if (answer.status === 429) refusal = 'throttled';
  else if (answer.status === 401) refusal = 'credentials';
  if (refusal === undefined && answer.status !== 400) throw data(null, { status: answer.status });
  return data(
    { email, refused: refusal === undefined ? refusedByApi(answer.error) : [], refusal },
    answer.status,
  );
}

const fieldMessages = {
  email: msg`Enter the e-mail address you were invited with.`,
  password: msg`Enter your password.`,
  totpCode: msg`Enter the 6 digits your authenticator app shows now.`,
};

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const navigation = useNavigation();
  const { error } = fieldErrorsOf(i18n, actionData?.refused, fieldMessages);
  return (
    <main className="sign-in" id="main">
      <h1>
        <Trans>Sign in to the back office</Trans>
      </h1>
      {loaderData.signedOut && actionData === undefined ? (
        <FormNotice>
          <Trans>You are signed out.</Trans>
        </FormNotice>
      ) : null}
      {loaderData.welcome && actionData === undefined ? (
        <FormNotice>
          <Trans>Your account is ready. Sign in with your password and a new code.</Trans>
        </FormNotice>
      ) : null}
      {actionData?.refusal === 'credentials' ? (
        <FormAlert>
          <Trans>
            E-mail, password or code is not right. Check them and type the code your app shows now.
          </Trans>
        </FormAlert>
      ) : null}
      {actionData?.refusal === 'disabled' ? (
        <FormAlert>
          <Trans>This account is disabled. Ask an admin to enable it again.</Trans>
        </FormAlert>
      ) : null}
      {actionData?.refusal === 'throttled' ? (
        <FormAlert>
          <Trans>Too many attempts. Wait a few minutes, then try again.</Trans>
        </FormAlert>
      ) : null}
      <Form method="post" className="stack" noValidate>
        <Field
          id="email"
          type="email"
          autoComplete="username"
          required
          label={<Trans>E-mail</Trans>}
          defaultValue={actionData?.email ?? ''}
          error={error('email')}
        />
        <Field
          id="password"
          type="password"
          autoComplete="current-password"
          required
          label={<Trans>Password</Trans>}
          error={error('password')}
        />
        <TotpField
          label={<Trans>Code from your authenticator app</Trans>}
          error={error('totpCode')}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={navigation.state === 'submitting'}
        >
          <Trans>Sign in</Trans>
        </button>
      </Form>
    </main>
  );
}
