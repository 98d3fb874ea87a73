import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  apiErrorCode,
  inviteStaffEndpoint,
  staffListEndpoint,
  updateStaffEndpoint,
  type StaffMemberView,
  type StaffRole,
} from '@tradein/contract';
import { data, Form, Link, useNavigation } from 'react-router';
import { DataTable } from '../components/data-table.tsx';
import { CsrfField, Field, FormAlert, FormNotice } from '../components/field.tsx';
import { ScrollRegion } from '../components/scroll-table.tsx';
import { parseForm, refusedByApi, textOf } from '../forms.server.ts';
import { callOps } from '../ops-api.server.ts';
import { staffRoles } from '../roles.ts';
import { requireStaffSession } from '../staff-session.server.ts';
import { useStaffSession } from './staff-layout.tsx';
import type { Route } from './+types/staff';

export const meta: Route.MetaFunction = () => [{ title: 'Staff · tradein back office' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffSession(context, request, ['admin']);
  const answer = await callOps(context, request, staffListEndpoint);
  if (!answer.ok) throw data(null, { status: answer.status });
  return { staff: answer.data.staff };
}

/** What the page says after a form: the link of a new invitation, or a refusal. */
type Outcome =
  | { kind: 'invited'; email: string; invitationUrl: string; expiresAt: string }
  | { kind: 'changed'; email: string }
  | { kind: 'refused'; refused: string[]; form: 'invite' | 'member'; memberId?: string }
  | { kind: 'exists'; email: string }
  | { kind: 'lastAdmin' };

/** Invites, changes roles, disables or enables, by the form's `intent`. */
export async function action({ context, request }: Route.ActionArgs) {
  await requireStaffSession(context, request, ['admin']);
  const form = await request.formData();
  const csrfToken = textOf(form, 'csrf');
  const roles = form.getAll('roles').filter((value) => typeof value === 'string');
  const intent = textOf(form, 'intent');
  if (intent === 'invite') {
    const email = textOf(form, 'email') ?? '';
    const parsed = parseForm(inviteStaffEndpoint.body, { email, roles });
    if (!parsed.ok) {
      return data<Outcome>({ kind: 'refused', refused: parsed.refused, form: 'invite' }, 400);
    }
    const answer = await callOps(context, request, inviteStaffEndpoint, {
      body: parsed.data,
      csrfToken,
    });
    if (answer.ok) {
      const { invitationUrl, expiresAt, staff } = answer.data;
      return data<Outcome>({ kind: 'invited', email: staff.email, invitationUrl, expiresAt });
    }
    if (answer.error.code === apiErrorCode.staffExists)
      return data<Outcome>({ kind: 'exists', email }, 409);
    if (answer.status !== 400) throw data(null, { status: answer.status });
    return data<Outcome>(
      { kind: 'refused', refused: refusedByApi(answer.error), form: 'invite' },
      400,
    );
  }
  const id = textOf(form, 'id') ?? '';
  // A form of this page names a member and one of its three changes; anything else is no
  // request of the page's (changed by hand): refused without asking the API.
  const member = updateStaffEndpoint.params?.safeParse({ id });
  if (member?.success !== true || !['roles', 'disable', 'enable'].includes(intent ?? '')) {
    throw data(null, { status: 400 });
  }
  const body = intent === 'roles' ? { roles } : { disabled: intent === 'disable' };
  const parsed = parseForm(updateStaffEndpoint.body, body);
  if (!parsed.ok) {
    return data<Outcome>(
      { kind: 'refused', refused: parsed.refused, form: 'member', memberId: id },
      400,
    );
  }
  const answer = await callOps(context, request, updateStaffEndpoint, {
    params: { id },
    body: parsed.data,
    csrfToken,
  });
  if (answer.ok) return data<Outcome>({ kind: 'changed', email: answer.data.email });
  if (answer.error.code === apiErrorCode.lastAdmin)
    return data<Outcome>({ kind: 'lastAdmin' }, 409);
  if (answer.status !== 400) throw data(null, { status: answer.status });
  return data<Outcome>(
    { kind: 'refused', refused: refusedByApi(answer.error), form: 'member', memberId: id },
    400,
  );
}

/** A member's state in words. */
function MemberState({ member }: { member: StaffMemberView }) {
  if (member.disabledAt !== null) return <Trans>Disabled</Trans>;
  if (member.invitationPending) return <Trans>Invitation pending</Trans>;
  return <Trans>Active</Trans>;
}

/** Checkboxes of the roles, `checked` ticked. */
function RoleChoices({
  name,
  checked,
  legend,
}: {
  name: string;
  checked: readonly StaffRole[];
  legend: string;
}) {
  const { i18n } = useLingui();
  return (
    <fieldset className="choices choices--inline">
      <legend>{legend}</legend>
      {staffRoles.map(({ role, label, allows }) => (
        <label key={role} title={i18n._(allows)}>
          <input type="checkbox" name={name} value={role} defaultChecked={checked.includes(role)} />
          {i18n._(label)}
        </label>
      ))}
    </fieldset>
  );
}

const inviteMessages = {
  email: msg`Enter the person's e-mail address.`,
  roles: msg`Choose at least one role.`,
};

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const { csrfToken, staff: me } = useStaffSession();
  const navigation = useNavigation();
  const outcome = actionData as Outcome | undefined;
  const inviteRefused = new Set(
    outcome?.kind === 'refused' && outcome.form === 'invite' ? outcome.refused : [],
  );
  return (
    <>
      <h1>
        <Trans>Staff</Trans>
      </h1>
      {outcome?.kind === 'invited' ? (
        <FormNotice>
          <Trans>
            {outcome.email} is invited. Send them this one-time link; it is valid for 24 hours:
          </Trans>{' '}
          <code className="copyable">{outcome.invitationUrl}</code>
        </FormNotice>
      ) : null}
      {outcome?.kind === 'changed' ? (
        <FormNotice>
          <Trans>{outcome.email} is changed.</Trans>
        </FormNotice>
      ) : null}
      {outcome?.kind === 'exists' ? (
        <FormAlert>
          <Trans>
            {outcome.email} is a staff member already: change their roles in the list below.
          </Trans>
        </FormAlert>
      ) : null}
      {outcome?.kind === 'lastAdmin' ? (
        <FormAlert>
          <Trans>This is the last active admin: make someone else admin first.</Trans>
        </FormAlert>
      ) : null}
      {outcome?.kind === 'refused' && outcome.form === 'member' ? (
        <FormAlert>
          <Trans>Give a member at least one role.</Trans>
        </FormAlert>
      ) : null}
      <section className="panel" aria-labelledby="invite-heading">
        <h2 id="invite-heading">
          <Trans>Invite a person</Trans>
        </h2>
        <Form method="post" className="stack" noValidate>
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="invite" />
          <Field
            id="email"
            type="email"
            autoComplete="off"
            required
            label={<Trans>E-mail</Trans>}
            error={inviteRefused.has('email') ? i18n._(inviteMessages.email) : undefined}
          />
          <RoleChoices name="roles" checked={[]} legend={t`Roles`} />
          {inviteRefused.has('roles') ? (
            <p className="field__error">{i18n._(inviteMessages.roles)}</p>
          ) : null}
          <button
            type="submit"
            className="button button--primary"
            disabled={navigation.state === 'submitting'}
          >
            <Trans>Invite</Trans>
          </button>
        </Form>
      </section>
      <ScrollRegion label={t`Everyone with access to the back office`}>
        <DataTable
          caption={<Trans>Everyone with access to the back office</Trans>}
          columns={[
            { label: <Trans>Person</Trans> },
            { label: <Trans>State</Trans> },
            { label: <Trans>Roles</Trans> },
            { label: <Trans>Access</Trans> },
          ]}
        >
          {loaderData.staff.map((member) => (
            <tr key={member.id}>
              <th scope="row">
                {member.name === null ? member.email : `${member.name} (${member.email})`}
                <br />
                <Link to={`/audit?actor=${encodeURIComponent(`staff:${member.id}`)}`}>
                  <Trans>Changes by this person</Trans>
                </Link>
              </th>
              <td>
                <MemberState member={member} />
              </td>
              <td>
                <Form method="post" className="inline-form">
                  <CsrfField token={csrfToken} />
                  <input type="hidden" name="id" value={member.id} />
                  <RoleChoices
                    name="roles"
                    checked={member.roles}
                    legend={t`Roles of ${member.email}`}
                  />
                  <button type="submit" name="intent" value="roles" className="button">
                    <Trans>Save roles</Trans>
                  </button>
                </Form>
              </td>
              <td>
                {member.id === me.id ? null : (
                  <Form method="post">
                    <CsrfField token={csrfToken} />
                    <input type="hidden" name="id" value={member.id} />
                    {member.disabledAt === null ? (
                      <button
                        type="submit"
                        name="intent"
                        value="disable"
                        className="button button--danger"
                      >
                        {t`Disable ${member.email}`}
                      </button>
                    ) : (
                      <button type="submit" name="intent" value="enable" className="button">
                        {t`Enable ${member.email}`}
                      </button>
                    )}
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </ScrollRegion>
    </>
  );
}
