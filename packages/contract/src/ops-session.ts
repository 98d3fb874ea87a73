import * as z from 'zod/mini';
import { passwordSchema } from './account.ts';
import { defineEndpoint } from './endpoint.ts';
import { emailSchema, emptyBodySchema, okResponseSchema, textLineChecks } from './primitives.ts';
import { pure } from './pure.ts';

/*
 * The back office's own calls under `/api/ops/` (docs/staff.md): staff sign-in with password and
 * TOTP code, the server-side session in the `tradein_staff` cookie, invitations, the staff list
 * and the audit log. Every state-changing call needs the session's CSRF token in the
 * `x-csrf-token` header; no customer bearer token opens any of them.
 */

/** What a staff member may do in the back office. */
const staffRoles = ['admin', 'inspector', 'payouts', 'pricing'] as const;

/** One of {@link staffRoles}. */
export const staffRoleSchema = /* @__PURE__ */ pure(() =>
  z.enum(staffRoles, 'Role must be one of admin, inspector, payouts, pricing'),
);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** The languages of the back office. */
const staffLocaleSchema = /* @__PURE__ */ pure(() => z.enum(['en', 'de']));

/** A non-empty set of roles, each once. */
const staffRolesSchema = /* @__PURE__ */ pure(() =>
  z.array(staffRoleSchema).check(
    z.minLength(1, 'Give at least one role'),
    z.refine((roles) => new Set(roles).size === roles.length, 'Give each role once'),
  ),
);

/** A six-digit code of an authenticator app. */
const totpCodeSchema = /* @__PURE__ */ pure(() =>
  z.string().check(z.regex(/^[0-9]{6}$/, 'Code must be the 6 digits of the authenticator app')),
);

/** A base32 TOTP secret as the enrolment showed it. */
const totpSecretSchema = /* @__PURE__ */ pure(() =>
  z.string().check(z.regex(/^[A-Z2-7]{16,128}$/, 'Secret must be the base32 text shown')),
);

/** A one-time token of a link: 32 random bytes in base64url. */
const linkTokenSchema = /* @__PURE__ */ pure(() =>
  z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'Token is not a token of an invitation')),
);

/** A password as typed at sign-in. */
const signInPasswordSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(
      z.minLength(1, 'Password must not be empty'),
      z.maxLength(1024, 'Password is too long'),
      ...textLineChecks('Password'),
    ),
);

/** A staff member as the back office shows them: never a password hash or TOTP secret. */
export const staffMemberSchema = /* @__PURE__ */ pure(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    name: z.nullable(z.string()),
    locale: staffLocaleSchema,
    roles: z.array(staffRoleSchema),
    /** The invitation is not accepted yet: no password, no second factor. */
    invitationPending: z.boolean(),
    disabledAt: z.nullable(z.string()),
    createdAt: z.string(),
  }),
);
export type StaffMemberView = z.infer<typeof staffMemberSchema>;

/** Answer of sign-in and `GET /api/ops/session`: who is signed in and the session's CSRF token. */
const staffSessionSchema = /* @__PURE__ */ pure(() =>
  z.object({
    staff: staffMemberSchema,
    /** Send as `x-csrf-token` on every state-changing `/api/ops/` call of this session. */
    csrfToken: z.string(),
  }),
);

/** Body of `POST /api/ops/session`. */
const staffSignInRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({ email: emailSchema, password: signInPasswordSchema, totpCode: totpCodeSchema }),
);

/** Headers of state-changing calls: the session's CSRF token. */
const csrfHeadersSchema = /* @__PURE__ */ pure(() =>
  z.object({
    'x-csrf-token': z
      .string('The x-csrf-token header is missing')
      .check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, 'The x-csrf-token header is not a token')),
  }),
);

/** Signs a staff member in; sets the `tradein_staff` cookie. */
export const staffSignInEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/ops/session',
  auth: 'none',
  body: staffSignInRequestSchema,
  response: staffSessionSchema,
});

/** The signed-in staff member of the cookie's session. */
export const staffSessionEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/session',
  auth: 'none',
  body: emptyBodySchema,
  response: staffSessionSchema,
});

/** Ends the cookie's session. */
export const staffSignOutEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'DELETE',
  path: '/api/ops/session',
  auth: 'none',
  body: emptyBodySchema,
  headers: csrfHeadersSchema,
  response: okResponseSchema,
});

/** Ends every session of the signed-in staff member, this one included. */
export const staffSignOutEverywhereEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/ops/session/everywhere',
  auth: 'none',
  body: emptyBodySchema,
  headers: csrfHeadersSchema,
  response: okResponseSchema,
});

/** Body of `PATCH /api/ops/session/preferences`: the member's own language and shown name. */
const staffPreferencesRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({
    locale: staffLocaleSchema,
    name: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'Name must not be empty'),
          z.maxLength(100, 'Name must be at most 100 characters'),
          ...textLineChecks('Name'),
        ),
    ),
  }),
);

/** Changes the signed-in member's language and shown name. */
export const staffPreferencesEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'PATCH',
  path: '/api/ops/session/preferences',
  auth: 'none',
  body: staffPreferencesRequestSchema,
  headers: csrfHeadersSchema,
  response: staffMemberSchema,
});

/** Route parameter of an invitation link. */
const invitationParamsSchema = /* @__PURE__ */ pure(() => z.object({ token: linkTokenSchema }));

/** A fresh TOTP secret for the invited person's authenticator app. */
const totpEnrolmentSchema = /* @__PURE__ */ pure(() =>
  z.object({ secret: z.string(), otpauthUri: z.string() }),
);

/** Answer of `GET /api/ops/invitations/:token`: for whom, and a secret to enrol. */
const invitationViewSchema = /* @__PURE__ */ pure(() =>
  z.object({
    email: z.string(),
    roles: z.array(staffRoleSchema),
    expiresAt: z.string(),
    totp: totpEnrolmentSchema,
  }),
);

/** Whether an invitation link is valid, for whom, and a TOTP secret to show as QR code. */
export const invitationEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/invitations/:token',
  auth: 'none',
  body: emptyBodySchema,
  params: invitationParamsSchema,
  response: invitationViewSchema,
});

/** Body of `POST /api/ops/invitations/accept`. */
const acceptInvitationRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({
    token: linkTokenSchema,
    password: passwordSchema,
    totpSecret: totpSecretSchema,
    totpCode: totpCodeSchema,
  }),
);

/**
 * Accepts an invitation: sets the password and the second factor. The person signs in
 * afterwards; the link itself is no session. Needs no CSRF token: the link's token is the proof.
 */
export const acceptInvitationEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/ops/invitations/accept',
  auth: 'none',
  body: acceptInvitationRequestSchema,
  response: okResponseSchema,
});

/** Every staff member, for admins. */
export const staffListEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/staff',
  auth: 'none',
  body: emptyBodySchema,
  response: z.object({ staff: z.array(staffMemberSchema) }),
});

/** Body of `POST /api/ops/staff`. */
const inviteStaffRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({ email: emailSchema, roles: staffRolesSchema }),
);

/** Invites a person (admins): answers the one-time link, valid 24 hours. */
export const inviteStaffEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/ops/staff',
  auth: 'none',
  body: inviteStaffRequestSchema,
  headers: csrfHeadersSchema,
  response: z.object({
    staff: staffMemberSchema,
    invitationUrl: z.string(),
    expiresAt: z.string(),
  }),
});

/** Body of `PATCH /api/ops/staff/:id`: one change, new roles or disabled/enabled. */
const updateStaffRequestSchema = /* @__PURE__ */ pure(() =>
  z
    .object({ roles: z.optional(staffRolesSchema), disabled: z.optional(z.boolean()) })
    .check(
      z.refine(
        (body) => (body.roles === undefined) !== (body.disabled === undefined),
        'Give either roles or disabled, one change per call',
      ),
    ),
);

/** Changes a staff member's roles or disables/enables them (admins). */
export const updateStaffEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'PATCH',
  path: '/api/ops/staff/:id',
  auth: 'none',
  body: updateStaffRequestSchema,
  headers: csrfHeadersSchema,
  params: z.object({
    id: z.string().check(z.regex(/^[0-9a-f-]{36}$/, 'Id must be a staff id')),
  }),
  response: staffMemberSchema,
});

/** One entry of the audit log. */
const auditEventSchema = /* @__PURE__ */ pure(() =>
  z.object({
    id: z.number(),
    at: z.string(),
    actor: z.string(),
    actorLabel: z.string(),
    action: z.string(),
    subjectType: z.string(),
    subjectId: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    source: z.string(),
  }),
);

/** A short word of a query: one line, at most 200 characters. */
const queryWordSchema = /* @__PURE__ */ pure(() =>
  z.string().check(z.minLength(1), z.maxLength(200), ...textLineChecks('Value')),
);

/** Query of `GET /api/ops/audit`: filters and the page (newest first, `before` an event id). */
const auditQuerySchema = /* @__PURE__ */ pure(() =>
  z.object({
    subjectType: z.optional(queryWordSchema),
    subjectId: z.optional(queryWordSchema),
    actor: z.optional(queryWordSchema),
    limit: z.optional(
      z.pipe(
        z.string().check(z.regex(/^(?:[1-9][0-9]?|1[0-9][0-9]|200)$/, 'Limit must be 1 to 200')),
        z.transform(Number),
      ),
    ),
    before: z.optional(
      z.pipe(
        z.string().check(z.regex(/^[1-9][0-9]{0,14}$/, 'Before must be an event id')),
        z.transform(Number),
      ),
    ),
  }),
);

/** The audit log, newest first (admins). */
export const auditEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'GET',
  path: '/api/ops/audit',
  auth: 'none',
  body: emptyBodySchema,
  query: auditQuerySchema,
  response: z.object({ events: z.array(auditEventSchema) }),
});
