import {
  ApiRequestError,
  apiHttpStatus,
  refusedFields,
  type ApiClient,
} from '@tradein/client-core';
import { placeRefusals, type ApiFieldError } from '@tradein/contract';
import { accountApi } from '../account-api.ts';
import type { FormRefusals } from '../form-rules.ts';
import { endRefusedSession, endsSession } from '../session.ts';
import type { FormOutcome } from './use-account-form.ts';

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
 * What a form shows after its change: nothing more once saved or once the session ended (the
 * page turns into the login form); else the fields the API refused, placed by the form's
 * refusal map, and why.
 */
export function writeOutcome<Field extends string>(
  result: WriteResult<unknown>,
  refusals: FormRefusals<Field>,
): FormOutcome<Field> {
  if (result.ok) return { saved: true };
  if (result.failure === 'sessionEnded') return { saved: false };
  return {
    saved: false,
    errors: placeRefusals(result.fields, refusals).errors,
    notice: result.failure,
  };
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
    return { ok: false, failure, fields: refusedFields(error) };
  }
}
