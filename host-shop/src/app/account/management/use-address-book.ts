import type { ApiClient } from '@tradein/client-core';
import {
  getAddressesEndpoint,
  getPeopleEndpoint,
  updatePeopleEndpoint,
  type Address,
  type People,
} from '@tradein/contract';
import type { LoggedInAccount } from '../account-gate.tsx';
import { useAccountCall } from '../use-account-call.ts';
import { addressOwner, mainAddressBody } from './address-changes.ts';

/** The customer's addresses and the person record that names the main one. */
export interface AddressBook {
  addresses: Address[];
  people: People;
}

/** Loads the customer's addresses and person record together; `reload()` after a change. */
export function useAddressBook(account: LoggedInAccount) {
  return useAccountCall<AddressBook>(`address-book:${account.customerId}`, async (api, signal) => {
    const [addresses, people] = await Promise.all([
      api.call(getAddressesEndpoint, { signal }),
      api.call(getPeopleEndpoint, { signal }),
    ]);
    return { addresses, people };
  });
}

/** Makes one of the customer's stored addresses the main one (the shipping labels' sender). */
export function makeMainAddress(
  api: ApiClient,
  account: LoggedInAccount,
  people: People,
  addressId: number,
): Promise<People> {
  return api.call(updatePeopleEndpoint, {
    body: mainAddressBody(addressId, addressOwner(account.customerData, people)),
  });
}
