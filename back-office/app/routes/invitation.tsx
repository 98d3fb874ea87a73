import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { acceptInvitationEndpoint, apiErrorCode, invitationEndpoint } from '@tradein/contract';
import { data, Form, redirect, useNavigation } from 'react-router';
import { renderSVG } from 'uqr';
import { Field } from '../components/field.tsx';
import { RefusedFieldsAlert } from '../components/refused-fields-alert.tsx';
import { TotpField } from '../components/totp-field.tsx';
import { fieldErrorsOf } from '../components/field-errors.ts';
import { parseForm, refusedByApi, textOf } from '../forms.server.ts';
import { callOps } from '../ops-api.server.ts';
import type { Route } from './+types/invitation';

export const meta: Route.MetaFunction = () => [{ title: 'Invitation · tradein back office' }];

/** Why a link cannot be used: unknown, used or expired. */
type DeadLink = 'unknown' | 'used' | 'expired';

/** The enrolment to show: the secret as text and as a QR code of its otpauth URI. */
function enrolment(secret: string, otpauthUri: string) {
  const svg = renderSVG(otpauthUri, { border: 2 });
  return { secret, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The invitation of the link, or why it is dead. */
async function readInvitation(
  context: Route.LoaderArgs['context'],
  request: Request,
  token: string,
) {
  const answer = await callOps(context, request, invitationEndpoint, { params: { token } });
  if (answer.ok) return { ok: true as const, invitation: answer.data };
  let dead: DeadLink = 'unknown';
  if (answer.error.code === apiErrorCode.invitationUsed) dead = 'used';
  else if (answer.error.code === apiErrorCode.invitationExpired) dead = 'expired';
  else if (answer.status !== 404) throw data(null, { status: answer.status });
  return { ok: false as const, dead };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const read = await readInvitation(context, request, params.token);
  if (!read.ok)
    return data({ dead: read.dead, invitation: undefined }, read.dead === 'unknown' ? 404 : 410);
  const { email, roles, expiresAt, totp } = read.invitation;
  return {
    dead: undefined,
    invitation: { email, roles, expiresAt, ...enrolment(totp.secret, totp.otpauthUri) },
  };
}

/** Sets the password and enrols the second factor; then the sign-in page. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const values = {
    token: params.token,
    password: textOf(form, 'password'),
    totpSecret: textOf(form, 'totpSecret'),
    totpCode: textOf(form, 'totpCode'),
  };
  const repeated = textOf(form, 'passwordRepeated');
  // The page shows the secret the person scanned again, not a new one.
  const read = await readInvitation(context, request, params.token);
  if (!read.ok) return data({ dead: read.dead, refused: [], enrolment: undefined }, 410);
  const uri = new URL(read.invitation.totp.otpauthUri);
  const scanned = /^[A-Z2-7]{16,128}$/.test(values.totpSecret ?? '')
    ? (values.totpSecret ?? '')
    : read.invitation.totp.secret;
  uri.searchParams.set('secret', scanned);
  const shown = enrolment(scanned, uri.toString());
  const parsed = parseForm(acceptInvitationEndpoint.body, values);
  const refused = parsed.ok ? [] : parsed.refused;
  if (repeated !== values.password) refused.push('passwordRepeated');
  if (!parsed.ok || refused.length > 0)
    return data({ dead: undefined, refused, enrolment: shown }, 400);
  const answer = await callOps(context, request, acceptInvitationEndpoint, { body: parsed.data });
  if (answer.ok) return redirect('/sign-in?welcome=1');
  if (answer.status === 410 || answer.status === 404) {
    const dead: DeadLink =
      answer.error.code === apiErrorCode.invitationExpired
        ? 'expired'
        : answer.status === 404
          ? 'unknown'
          : 'used';
    return data({ dead, refused: [], enrolment: undefined }, answer.status);
  }
  if (answer.status !== 400) throw data(null, { status: answer.status });
  return data({ dead: undefined, refused: refusedByApi(answer.error), enrolment: shown }, 400);
}

const fieldMessages = {
  password: msg`Choose a password of at least 8 characters with a letter and a digit or symbol.`,
  passwordRepeated: msg`Type the same password again.`,
  totpCode: msg`The code does not match: scan the QR code again and type the 6 digits your app shows now.`,
  totpSecret: msg`Reload the page and scan the new QR code.`,
};

/** What a dead link says, and what to do. */
function DeadLinkMessage({ dead }: { dead: DeadLink }) {
  return (
    <main className="sign-in" id="main">
      <h1>
        {dead === 'expired' ? (
          <Trans>This invitation has expired</Trans>
        ) : dead === 'used' ? (
          <Trans>This invitation was already used</Trans>
        ) : (
          <Trans>This invitation link is not known</Trans>
        )}
      </h1>
      <p>
        {dead === 'used' ? (
          <Trans>If you set up your account with it, sign in.</Trans>
        ) : (
          <Trans>Invitations are valid for 24 hours. Ask an admin to invite you again.</Trans>
        )}
      </p>
      <p>
        <a href="/sign-in">
          <Trans>Go to sign-in</Trans>
        </a>
      </p>
    </main>
  );
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const navigation = useNavigation();
  const dead = actionData?.dead ?? loaderData.dead;
  if (dead !== undefined || loaderData.invitation === undefined) {
    return <DeadLinkMessage dead={dead ?? 'unknown'} />;
  }
  const { email, roles } = loaderData.invitation;
  const shown = actionData?.enrolment ?? loaderData.invitation;
  const { refused, error } = fieldErrorsOf(i18n, actionData?.refused, fieldMessages);
  return (
    <main className="sign-in" id="main">
      <h1>
        <Trans>Set up your back-office account</Trans>
      </h1>
      <p>
        <Trans>
          You were invited as {email} with the roles {roles.join(', ')}.
        </Trans>
      </p>
      <RefusedFieldsAlert refused={refused} />
      <Form method="post" className="stack" noValidate>
        <input type="hidden" name="totpSecret" value={shown.secret} />
        <Field
          id="password"
          type="password"
          autoComplete="new-password"
          required
          label={<Trans>New password</Trans>}
          hint={<Trans>At least 8 characters, with a letter and a digit or symbol.</Trans>}
          error={error('password')}
        />
        <Field
          id="passwordRepeated"
          type="password"
          autoComplete="new-password"
          required
          label={<Trans>The password again</Trans>}
          error={error('passwordRepeated')}
        />
        <section className="enrolment" aria-labelledby="enrolment-heading">
          <h2 id="enrolment-heading">
            <Trans>Second factor</Trans>
          </h2>
          <p>
            <Trans>
              Scan the QR code with an authenticator app (such as Aegis, Google Authenticator or
              1Password), or type the secret into it.
            </Trans>
          </p>
          <img
            className="enrolment__qr"
            src={shown.qrCode}
            width={200}
            height={200}
            alt={i18n._(msg`QR code of the secret for your authenticator app`)}
          />
          <p>
            <Trans>Secret:</Trans> <code className="enrolment__secret">{shown.secret}</code>
          </p>
          {error('totpSecret') === undefined ? null : (
            <p className="field__error">{error('totpSecret')}</p>
          )}
          <TotpField label={<Trans>Code your app shows now</Trans>} error={error('totpCode')} />
        </section>
        <button
          type="submit"
          className="button button--primary"
          disabled={navigation.state === 'submitting'}
        >
          <Trans>Set up account</Trans>
        </button>
      </Form>
    </main>
  );
}
