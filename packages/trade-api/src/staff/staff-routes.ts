import {
  acceptInvitationEndpoint,
  apiErrorCode,
  auditEndpoint,
  invitationEndpoint,
  inviteStaffEndpoint,
  staffListEndpoint,
  staffPreferencesEndpoint,
  staffSessionEndpoint,
  staffSignInEndpoint,
  staffSignOutEndpoint,
  staffSignOutEverywhereEndpoint,
  updateStaffEndpoint,
  type StaffRole,
} from '@tradein/contract';
import type { FastifyRequest } from 'fastify';
import type { AccountLimits } from '../accounts/account-deps.ts';
import { withRetryAfter } from '../accounts/session-routes.ts';
import { auditEvents } from '../audit/audit-log.ts';
import type { TradeDb } from '../db/create-database.ts';
import { HttpError } from '../server/http-error.ts';
import type { Route } from '../server/route.ts';
import { backOfficeOrigin } from './back-office-origin.ts';
import {
  changePreferences,
  changeRoles,
  disableStaff,
  enableStaff,
  listStaff,
} from './staff-admin.ts';
import { StaffError, type StaffRefusal } from './staff-error.ts';
import { acceptInvitation, invitationFor, inviteStaff } from './staff-invitations.ts';
import { staffView, type StaffRow } from './staff-records.ts';
import { csrfTokenOf, staffIdleMs, signOut, signOutEverywhere } from './staff-sessions.ts';
import { signIn } from './staff-sign-in.ts';
import { staffCookieName } from './require-staff.ts';
import { actorOf, guardedRoute } from './guarded-route.ts';
import { newTotpEnrolment } from './totp.ts';

/*
 * The back office's staff calls (contract: ops-session.ts; docs/staff.md). Guarded calls check
 * the session, the role and the CSRF token before they read their input, so a caller without a
 * session learns nothing about the input rules and gets 401 whatever it sends.
 */

/** What the staff routes need. */
export interface StaffRouteDeps {
  db: TradeDb;
  clock: () => Date;
  /** The trade API's PUBLIC_ORIGIN; invitation links point at its back-office host. */
  publicOrigin: string;
  /** Default: those of customer logins. */
  limits?: AccountLimits;
}

/** Status and code of each refusal. */
const refusalAnswers: Readonly<
  Record<StaffRefusal, { status: number; code: (typeof apiErrorCode)[keyof typeof apiErrorCode] }>
> = {
  alreadyMember: { status: 409, code: apiErrorCode.staffExists },
  unknownInvitation: { status: 404, code: apiErrorCode.invitationNotFound },
  usedInvitation: { status: 410, code: apiErrorCode.invitationUsed },
  expiredInvitation: { status: 410, code: apiErrorCode.invitationExpired },
  passwordRules: { status: 400, code: apiErrorCode.validationFailed },
  wrongTotpCode: { status: 400, code: apiErrorCode.validationFailed },
  wrongCredentials: { status: 401, code: apiErrorCode.invalidCredentials },
  disabled: { status: 403, code: apiErrorCode.accountDisabled },
  notFound: { status: 404, code: apiErrorCode.notFound },
  lastAdmin: { status: 409, code: apiErrorCode.lastAdmin },
};

/** The field a refusal is about, when it is one field of the body. */
const refusalFields: Partial<Record<StaffRefusal, string>> = {
  passwordRules: 'password',
  wrongTotpCode: 'totpCode',
};

/** Runs a staff operation, turning its refusal into the API's answer. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    const answer = refusalAnswers[error.reason];
    const field = refusalFields[error.reason];
    throw new HttpError(
      answer.status,
      answer.code,
      error.message,
      field === undefined ? undefined : [{ path: field, message: error.message }],
    );
  }
}

/** The `Set-Cookie` value of a staff session (or of its removal, with an empty token). */
function sessionCookie(request: FastifyRequest, token: string): string {
  const parts = [
    `${staffCookieName}=${token}`,
    'HttpOnly',
    'SameSite=Strict',
    'Path=/',
    token === '' ? 'Max-Age=0' : `Max-Age=${Math.floor(staffIdleMs / 1000) * 24}`,
  ];
  if (request.protocol === 'https') parts.push('Secure');
  return parts.join('; ');
}

/** The answer of sign-in and "who am I". */
function sessionAnswer(staff: StaffRow, csrfToken: string) {
  return { staff: staffView(staff), csrfToken };
}

/** Registers the staff calls under `/api/ops/`. */
export function registerStaffRoutes(route: Route, deps: StaffRouteDeps): void {
  const { db, clock } = deps;
  const guarded = guardedRoute(route, deps);
  const adminOnly: readonly StaffRole[] = ['admin'];
  const anyStaff: readonly StaffRole[] = [];

  route(staffSignInEndpoint, async ({ body, request, reply }) => {
    const { token, staff } = await withRetryAfter(reply, () =>
      answering(() =>
        signIn(db, {
          email: body.email,
          password: body.password,
          totpCode: body.totpCode,
          ip: request.ip,
          now: clock(),
          ...(deps.limits === undefined ? {} : { limits: deps.limits }),
        }),
      ),
    );
    reply.header('set-cookie', sessionCookie(request, token));
    return sessionAnswer(staff, csrfTokenOf(token));
  });

  guarded(staffSessionEndpoint, anyStaff, async ({ session }) =>
    sessionAnswer(session.staff, session.csrfToken),
  );

  guarded(staffSignOutEndpoint, anyStaff, async ({ session, request, reply }) => {
    await signOut(db, session.token, clock());
    reply.header('set-cookie', sessionCookie(request, ''));
    return { ok: true as const };
  });

  guarded(staffSignOutEverywhereEndpoint, anyStaff, async ({ session, request, reply }) => {
    await signOutEverywhere(db, session.staff.id, clock());
    reply.header('set-cookie', sessionCookie(request, ''));
    return { ok: true as const };
  });

  guarded(staffPreferencesEndpoint, anyStaff, async ({ body, session, request }) =>
    staffView(
      await changePreferences(db, session.staff.id, {
        locale: body.locale,
        name: body.name,
        by: actorOf(session, request),
        now: clock(),
      }),
    ),
  );

  route(
    invitationEndpoint,
    async ({ params }) => {
      const invitation = await answering(() => invitationFor(db, params.token, clock()));
      return { ...invitation, totp: await newTotpEnrolment(invitation.email) };
    },
    {
      invalidParams: () =>
        new HttpError(404, apiErrorCode.invitationNotFound, 'This invitation link is not known.'),
    },
  );

  route(acceptInvitationEndpoint, async ({ body }) => {
    await answering(() => acceptInvitation(db, { ...body, now: clock() }));
    return { ok: true as const };
  });

  guarded(staffListEndpoint, adminOnly, async () => ({
    staff: (await listStaff(db)).map(staffView),
  }));

  guarded(inviteStaffEndpoint, adminOnly, async ({ body, session, request }) => {
    const invitation = await answering(() =>
      inviteStaff(db, {
        email: body.email,
        roles: body.roles,
        by: actorOf(session, request),
        now: clock(),
      }),
    );
    return {
      staff: staffView(invitation.staff),
      invitationUrl: `${backOfficeOrigin(deps.publicOrigin)}${invitation.path}`,
      expiresAt: invitation.expiresAt,
    };
  });

  guarded(updateStaffEndpoint, adminOnly, async ({ body, params, session, request }) => {
    const by = actorOf(session, request);
    const key = { id: params.id };
    // The body holds exactly one change (the contract's rule), so a refusal changes nothing.
    const row = await answering(() => {
      if (body.roles !== undefined)
        return changeRoles(db, key, { roles: body.roles, by, now: clock() });
      return body.disabled === true
        ? disableStaff(db, key, { by, now: clock() })
        : enableStaff(db, key, { by, now: clock() });
    });
    return staffView(row);
  });

  guarded(auditEndpoint, adminOnly, async ({ query }) => ({
    events: await auditEvents(db, {
      subjectType: query.subjectType,
      subjectId: query.subjectId,
      actor: query.actor,
      limit: query.limit ?? 50,
      before: query.before,
    }),
  }));
}
