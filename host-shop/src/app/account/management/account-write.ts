import { ApiHttpError, ApiRequestError, apiHttpStatus, type ApiClient } from '@tradein/client-core';
import type { ApiFieldError } from '@tradein/contract';
import { accountApi } from '../account-api.ts';
import type { FieldErrorCode, FieldErrors } from '../form-rules.ts';
import { endRefusedSession, endsSession } from '../session.ts';

/**
 * Why a change of the customer's data failed, for the sentence the form shows: the session is
 * over (the page turns into the login form), the API refused the entries, the record is gone
 * (changed in another window), or no answer came.
 */
export type WriteFailure = 'sessionEnded' | 'refused' | 'notFound' | 'unreachable';

/** How a change ended: its answer, or why it failed with the fields the API named. */
export type WriteResult<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly failure: WriteFailure;
      readonly fields: readonly ApiFieldError[];
    };

/**
 * The invalid fields a failed call names: the `fields` of a 400 answer, or the issues of a
 * request the client refused to send (the contract's own schema); none for anything else.
 */
export function reportedFields(error: unknown): readonly ApiFieldError[] {
  if (error instanceof ApiRequestError) return error.issues;
  if (error instanceof ApiHttpError && error.status === 400) return error.body?.error.fields ?? [];
  return [];
}

/** The failure of a change by the error of its call. */
export function writeFailureOf(error: unknown): WriteFailure {
  if (endsSession(error)) return 'sessionEnded';
  if (error instanceof ApiRequestError) return 'refused';
  switch (apiHttpStatus(error)) {
    case 400:
    case 409:
    case 422:
      return 'refused';
    case 404:
      return 'notFound';
    default:
      return 'unreachable';
  }
}

/**
 * Maps the fields an API call reported to the fields of a form, each with the message its field
 * shows (`codes`). A reported path names its field in its last segment that is a form field, so
 * `zip` and `address.zip` (an address inside a person) both land on the postal code. Fields the
 * form does not have are left out; the form then shows its general message.
 */
export function formFieldErrors<Field extends string>(
  fields: readonly ApiFieldError[],
  codes: Readonly<Record<Field, FieldErrorCode>>,
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const { path } of fields) {
    const field = path
      .split('.')
      .findLast((segment): segment is Field => Object.hasOwn(codes, segment));
    if (field !== undefined) errors[field] ??= codes[field];
  }
  return errors;
}

/**
 * Sends one change with the logged-in customer's token. A call refused for the session ends it
 * here (the page turns into the login form with its notice); every other failure comes back for
 * the form to explain.
 */
export async function sendAccountWrite<T>(
  send: (api: ApiClient) => Promise<T>,
): Promise<WriteResult<T>> {
  const api = accountApi();
  try {
    return { ok: true, value: await send(api) };
  } catch (error) {
    const failure = writeFailureOf(error);
    if (failure === 'sessionEnded') await endRefusedSession(api);
    return { ok: false, failure, fields: reportedFields(error) };
  }
}
