import * as z from 'zod/mini';
import {
  customerIdSchema,
  customerNumberSchema,
  emailSchema,
  languageSchema,
  lowercaseEmailSchema,
  textLineChecks,
} from './primitives.ts';
import { pure } from './pure.ts';

/**
 * A new password: 8–128 characters with at least one letter and at least one digit or symbol.
 * Length matters most; the second class keeps out single dictionary words. Like every text, one
 * line of well-formed Unicode: a lone surrogate would be hashed as U+FFFD, so two passwords
 * would be one.
 */
export const passwordSchema = /* @__PURE__ */ pure(() =>
  z.string().check(
    z.minLength(8, 'Password must be at least 8 characters'),
    z.maxLength(128, 'Password must be at most 128 characters'),
    ...textLineChecks('Password'),
    z.refine((password) => /\p{L}/u.test(password), 'Password must contain a letter'),
    z.refine(
      (password) => /[^\p{L}\s]/u.test(password),
      'Password must contain a digit or a symbol',
    ),
  ),
);

/**
 * A password as typed at login: any non-empty line of text, since older passwords predate the
 * rules (a password field cannot take control characters or line breaks anyway).
 */
const loginPasswordSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(
      z.minLength(1, 'Password must not be empty'),
      z.maxLength(1024, 'Password is too long'),
      ...textLineChecks('Password'),
    ),
);

/** A token carried in a request header: no whitespace, so it cannot split the header. */
const headerTokenSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9._~+/=-]{1,8192}$/, 'Token must be non-empty and contain no spaces'),
    ),
);

/** Body of `POST /api/account/login`: the username is the e-mail address. */
export const loginRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({
    username: emailSchema,
    password: loginPasswordSchema,
  }),
);

/** Answer of login and refresh: the token pair (OAuth field names). */
export const tokenPairSchema = /* @__PURE__ */ pure(() =>
  z.object({
    access_token: headerTokenSchema,
    refresh_token: headerTokenSchema,
    expires_in: z.optional(z.int().check(z.positive('expires_in must be positive'))),
    token_type: z.optional(z.string().check(z.maxLength(32))),
  }),
);
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** Headers of `POST /api/account/loginRefresh`. */
export const refreshHeadersSchema = /* @__PURE__ */ pure(() =>
  z.object({ refresh: headerTokenSchema }),
);

/** Headers of `POST /api/account/logout`. */
export const logoutHeadersSchema = /* @__PURE__ */ pure(() =>
  z.object({
    access: headerTokenSchema,
    refresh: headerTokenSchema,
  }),
);

/** Headers of activation and password reset: the token from the e-mailed link. */
export const tokenHeadersSchema = /* @__PURE__ */ pure(() =>
  z.object({ token: headerTokenSchema }),
);

/** Headers of `GET /api/activateCustomerByIdentifier`. */
export const identifierHeadersSchema = /* @__PURE__ */ pure(() =>
  z.object({ identifier: headerTokenSchema }),
);

/** Body of `POST /api/account/changePassword`; the new password must differ from the current one. */
export const changePasswordRequestSchema = /* @__PURE__ */ pure(() =>
  z
    .object({
      password: passwordSchema,
      userId: customerIdSchema,
      email: emailSchema,
      currentPassword: loginPasswordSchema,
    })
    .check(
      z.refine((body) => body.password !== body.currentPassword, {
        error: 'New password must differ from the current password',
        path: ['password'],
      }),
    ),
);

/** Body of `POST /api/account/forgotPasswordMail`: the mail is written in `lang`. */
export const forgotPasswordRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({ email: emailSchema, lang: languageSchema }),
);

/**
 * Body of `POST /api/account/resendActivation`: that of forgotPasswordMail, with the address
 * lower-case as registration sends it (the activation link goes to the registered address).
 */
export const resendActivationRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({ email: lowercaseEmailSchema, lang: languageSchema }),
);

/** Body of `POST /api/account/resetPassword` (the reset token travels in the `token` header). */
export const resetPasswordRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({ password: passwordSchema }),
);

/**
 * Answer of `POST /api/account/activateRegistration` as it arrives: the token may be missing,
 * which {@link parseActivation} turns into an error (§5, §8).
 */
export const activationAnswerSchema = /* @__PURE__ */ pure(() =>
  z.object({
    token: z.optional(z.nullable(z.string())),
    activated: z.boolean(),
  }),
);

/** A successful activation: it always carries a token. */
export interface Activation {
  token: string;
  activated: boolean;
}

/** Reads an activation answer; throws an Error when it is malformed or carries no token. */
export function parseActivation(answer: unknown): Activation {
  const parsed = activationAnswerSchema.safeParse(answer);
  if (!parsed.success) {
    throw new Error(`Activation failed: unexpected answer: ${z.prettifyError(parsed.error)}`);
  }
  const { token, activated } = parsed.data;
  if (token === undefined || token === null || token.length === 0) {
    throw new Error('Activation failed: the answer carries no token');
  }
  return { token, activated };
}

/** Answer of `GET /api/activateCustomerByIdentifier`. */
export const customerActivationSchema = /* @__PURE__ */ pure(() =>
  z.object({ activated: z.boolean() }),
);

/**
 * Query of both delete calls: the account id (token subject) and the customer number. The server
 * deletes only when both name the same customer, so one wrong value cannot delete another.
 */
export const deleteAccountQuerySchema = /* @__PURE__ */ pure(() =>
  z.object({
    customerId: customerIdSchema,
    customerIdentifier: customerNumberSchema,
  }),
);
export type DeleteAccountQuery = z.infer<typeof deleteAccountQuerySchema>;
