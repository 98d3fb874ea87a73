import { apiHttpStatus, type ApiClient } from '@tradein/client-core';
import {
  deleteCustomerEndpoint,
  deleteUserEndpoint,
  type DeleteAccountQuery,
} from '@tradein/contract';
import type { LoggedInAccount } from '../account-gate.tsx';
import { endsSession } from '../session.ts';

/**
 * The query of both delete calls: the account id and the customer number, which the API checks
 * name the same customer; undefined when the stored session lacks the number.
 */
export function deletionQuery(account: LoggedInAccount): DeleteAccountQuery | undefined {
  const customerIdentifier = account.customerNumber ?? account.customerData?.customerNumber;
  if (customerIdentifier === undefined || customerIdentifier === null) return undefined;
  return { customerId: account.customerId, customerIdentifier };
}

/** The two calls of a deletion (§7), in their order: the customer record, then the login. */
export type DeletionStep = 'customer' | 'login';

/** A deletion stopped at `step`; the steps before it are done. */
export class DeletionFailure extends Error {
  override readonly name = 'DeletionFailure';
  readonly step: DeletionStep;

  constructor(step: DeletionStep, cause: unknown) {
    super(`Deleting the account stopped at the ${step} call`, { cause });
    this.step = step;
  }
}

/**
 * Deletes the account with the two calls of §7, from `from` on (a retry after the customer
 * record is gone starts at the login). The login call may find the customer already gone (this
 * API deletes customer and login as one record): its token then no longer counts (401, or a
 * refused token refresh) or the customer is not found (404), which means the login is deleted
 * too. Throws a {@link DeletionFailure} naming the step that failed.
 */
export async function deleteAccount(
  api: ApiClient,
  query: DeleteAccountQuery,
  from: DeletionStep = 'customer',
): Promise<void> {
  if (from === 'customer') {
    try {
      await api.call(deleteCustomerEndpoint, { query });
    } catch (error) {
      throw new DeletionFailure('customer', error);
    }
  }
  try {
    await api.call(deleteUserEndpoint, { query });
  } catch (error) {
    if (endsSession(error) || apiHttpStatus(error) === 404) return;
    throw new DeletionFailure('login', error);
  }
}
