import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { staffPreferencesEndpoint } from '@tradein/contract';
import { data, Form, redirectDocument, useNavigation } from 'react-router';
import { CsrfField, Field, FormNotice } from '../components/field.tsx';
import { RefusedFieldsAlert } from '../components/refused-fields-alert.tsx';
import { parseForm, refusedByApi, textOf } from '../forms.server.ts';
import { callOps } from '../ops-api.server.ts';
import { requireStaffSession } from '../staff-session.server.ts';
import { useStaffSession } from './staff-layout.tsx';
import type { Route } from './+types/account';

export const meta: Route.MetaFunction = () => [{ title: 'Your account · tradein back office' }];

/** Changes the member's language and shown name; the next page is in the chosen language. */
export async function action({ context, request }: Route.ActionArgs) {
  await requireStaffSession(context, request);
  const form = await request.formData();
  const name = textOf(form, 'name')?.trim();
  const values = { locale: textOf(form, 'locale'), ...(name === '' ? {} : { name }) };
  const parsed = parseForm(staffPreferencesEndpoint.body, values);
  if (!parsed.ok) return data({ refused: parsed.refused }, 400);
  const answer = await callOps(context, request, staffPreferencesEndpoint, {
    body: parsed.data,
    csrfToken: textOf(form, 'csrf'),
  });
  if (answer.ok) return redirectDocument('/account?saved=1');
  if (answer.status !== 400) throw data(null, { status: answer.status });
  return data({ refused: refusedByApi(answer.error) }, 400);
}

const refusalMessages = {
  name: msg`Enter a name of at most 100 characters on one line, or leave it empty.`,
  locale: msg`Choose English or German.`,
};

/** Whether the page follows a saved change. */
export function loader({ request }: Route.LoaderArgs) {
  return { saved: new URL(request.url).searchParams.get('saved') === '1' };
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const { staff, csrfToken } = useStaffSession();
  const navigation = useNavigation();
  const refused = new Set(actionData?.refused ?? []);
  return (
    <>
      <h1>
        <Trans>Your account</Trans>
      </h1>
      <dl className="facts">
        <dt>
          <Trans>E-mail</Trans>
        </dt>
        <dd>{staff.email}</dd>
        <dt>
          <Trans>Roles</Trans>
        </dt>
        <dd>{staff.roles.join(', ')}</dd>
      </dl>
      <section aria-labelledby="preferences-heading" className="panel">
        <h2 id="preferences-heading">
          <Trans>Language and name</Trans>
        </h2>
        {loaderData.saved && actionData === undefined ? (
          <FormNotice>
            <Trans>Saved.</Trans>
          </FormNotice>
        ) : null}
        <RefusedFieldsAlert refused={refused} />
        <Form method="post" className="stack" noValidate>
          <CsrfField token={csrfToken} />
          <Field
            id="name"
            autoComplete="name"
            label={<Trans>Name shown in the back office</Trans>}
            defaultValue={staff.name ?? ''}
            error={refused.has('name') ? i18n._(refusalMessages.name) : undefined}
          />
          <fieldset className="choices">
            <legend>
              <Trans>Language</Trans>
            </legend>
            <label>
              <input type="radio" name="locale" value="en" defaultChecked={staff.locale === 'en'} />
              English
            </label>
            <label>
              <input type="radio" name="locale" value="de" defaultChecked={staff.locale === 'de'} />
              Deutsch
            </label>
            {refused.has('locale') ? (
              <p className="field__error">{i18n._(refusalMessages.locale)}</p>
            ) : null}
          </fieldset>
          <button
            type="submit"
            className="button button--primary"
            disabled={navigation.state === 'submitting'}
          >
            <Trans>Save</Trans>
          </button>
        </Form>
      </section>
      <section aria-labelledby="sessions-heading" className="panel">
        <h2 id="sessions-heading">
          <Trans>Sessions</Trans>
        </h2>
        <p>
          <Trans>
            Signed in on a shared or lost device? End every session of your account, this one
            included.
          </Trans>
        </p>
        <Form method="post" action="/sign-out">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="everywhere" value="1" />
          <button type="submit" className="button" aria-describedby="sessions-heading">
            {t`Sign out everywhere`}
          </button>
        </Form>
      </section>
    </>
  );
}
