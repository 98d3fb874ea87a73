import * as z from 'zod/mini';
import { pure } from './pure.ts';

/** Rules of an error answer, shared by the schema and the zod-free {@link readApiError}. */
const errorCodePattern = /^[a-z][a-z0-9_]{0,63}$/;
const maxMessageLength = 2000;
const maxFieldPathLength = 500;

/** One invalid field of a request: its dotted path (`Address.zip`, `cart.0.price`) and what is wrong. */
export const apiFieldErrorSchema = /* @__PURE__ */ pure(() =>
  z.object({
    path: z.string().check(z.maxLength(maxFieldPathLength)),
    message: z
      .string()
      .check(z.minLength(1, 'Message must not be empty'), z.maxLength(maxMessageLength)),
  }),
);
export type ApiFieldError = z.infer<typeof apiFieldErrorSchema>;

/**
 * The body of every non-2xx answer of the trade API. `code` is a stable machine-readable word
 * (e.g. `validation_failed`, `unauthorized`, `not_found`) the client may branch on; `message` is
 * for people; `fields` names the invalid fields of a 400.
 */
export const apiErrorSchema = /* @__PURE__ */ pure(() =>
  z.object({
    error: z.object({
      code: z
        .string()
        .check(z.regex(errorCodePattern, 'Error code must be a lower-case snake_case word')),
      message: z
        .string()
        .check(z.minLength(1, 'Message must not be empty'), z.maxLength(maxMessageLength)),
      fields: z.optional(z.array(apiFieldErrorSchema)),
    }),
  }),
);
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A non-null object that is not an array: what `z.object` accepts. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string of `min`–`max` UTF-16 code units, as zod counts length. */
function isText(value: unknown, min: number, max: number): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max;
}

/**
 * Reads an error answer by the rules of {@link apiErrorSchema}, without zod: the answer with
 * unknown keys dropped, or `undefined` when it does not match. A client that only reads error
 * bodies uses it so that zod stays out of its bundle.
 */
export function readApiError(value: unknown): ApiError | undefined {
  if (!isRecord(value) || !isRecord(value.error)) return undefined;
  const { code, message, fields } = value.error;
  if (typeof code !== 'string' || !errorCodePattern.test(code)) return undefined;
  if (!isText(message, 1, maxMessageLength)) return undefined;
  if (fields === undefined) return { error: { code, message } };
  if (!Array.isArray(fields)) return undefined;
  const read: ApiFieldError[] = [];
  for (const field of fields) {
    if (!isRecord(field)) return undefined;
    if (!isText(field.path, 0, maxFieldPathLength)) return undefined;
    if (!isText(field.message, 1, maxMessageLength)) return undefined;
    read.push({ path: field.path, message: field.message });
  }
  return { error: { code, message, fields: read } };
}

/**
 * Every code the trade API answers in `error.code`, by name: the server answers with these, and
 * clients branch on them through this object, never on a string of their own. Clients must still
 * accept codes they do not know (the schema takes any snake_case word), as the API may add some.
 */
export const apiErrorCode = {
  accountDisabled: 'account_disabled',
  accountNotActivated: 'account_not_activated',
  alreadyReceived: 'already_received',
  b2bCapExceeded: 'b2b_cap_exceeded',
  badRequest: 'bad_request',
  changedMeanwhile: 'changed_meanwhile',
  clarificationAnswered: 'clarification_answered',
  clarificationNotFound: 'clarification_not_found',
  databaseUnavailable: 'database_unavailable',
  forbidden: 'forbidden',
  guestDetailsMissing: 'guest_details_missing',
  idempotencyKeyInUse: 'idempotency_key_in_use',
  idempotencyKeyReused: 'idempotency_key_reused',
  internalError: 'internal_error',
  invalidCredentials: 'invalid_credentials',
  invalidRefreshToken: 'invalid_refresh_token',
  invalidStatus: 'invalid_status',
  invalidToken: 'invalid_token',
  invitationExpired: 'invitation_expired',
  invitationNotFound: 'invitation_not_found',
  invitationUsed: 'invitation_used',
  lastAdmin: 'last_admin',
  malformedJson: 'malformed_json',
  malformedRequest: 'malformed_request',
  methodNotAllowed: 'method_not_allowed',
  newsletterUnavailable: 'newsletter_unavailable',
  noOpenClarification: 'no_open_clarification',
  notAGuest: 'not_a_guest',
  notFound: 'not_found',
  offerAlreadyTraded: 'offer_already_traded',
  payloadTooLarge: 'payload_too_large',
  payoutAccountMissing: 'payout_account_missing',
  photoLimit: 'photo_limit',
  photoTooLarge: 'photo_too_large',
  photoType: 'photo_type',
  requestFailed: 'request_failed',
  serviceUnavailable: 'service_unavailable',
  staffExists: 'staff_exists',
  storageUnavailable: 'storage_unavailable',
  subscriptionNotActive: 'subscription_not_active',
  subscriptionNotFound: 'subscription_not_found',
  tokenExpired: 'token_expired',
  tooManyAttempts: 'too_many_attempts',
  tooManyRequests: 'too_many_requests',
  tradeShipped: 'trade_shipped',
  unauthorized: 'unauthorized',
  unknownClientId: 'unknown_client_id',
  unsupportedMediaType: 'unsupported_media_type',
  validationFailed: 'validation_failed',
  wrongPassword: 'wrong_password',
} as const;

/** One of {@link apiErrorCode}. */
export type ApiErrorCode = (typeof apiErrorCode)[keyof typeof apiErrorCode];

/** Joins an issue path into the dotted form of {@link ApiFieldError}; the empty path is the whole body. */
export function joinPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment) => (typeof segment === 'symbol' ? (segment.description ?? '') : String(segment)))
    .join('.');
}

/** Builds the 400 answer for validation issues (e.g. `error.issues` of a failed zod parse). */
export function apiErrorFromIssues(
  issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[],
  message = 'The request is not valid',
): ApiError {
  return {
    error: {
      code: apiErrorCode.validationFailed,
      message,
      fields: issues.map((issue) => ({ path: joinPath(issue.path), message: issue.message })),
    },
  };
}
