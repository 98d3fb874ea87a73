import { customerResourceIri, type Address, type Customer, type People } from '@tradein/contract';
import type { EditionCode } from '@tradein/editions/client';
import {
  addressBody,
  addressFields,
  type AddressField,
  type AddressValues,
  type FieldErrorCode,
} from '../form-rules.ts';

/** The message each address field shows when the API refuses it. */
export const addressErrorCodes: Readonly<Record<AddressField, FieldErrorCode>> = {
  salutation: 'invalid',
  firstName: 'name',
  lastName: 'name',
  company: 'addressLine',
  street: 'addressLine',
  houseNumber: 'houseNumber',
  addressAddition: 'addressLine',
  zip: 'postalCode',
  city: 'addressLine',
};

/**
 * The body of `PATCH /api/customers/addresses` from a checked form: with the id of the address
 * being edited it updates that one, without it adds a new one. The country is the edition's.
 */
export function addressPatchBody(values: AddressValues, edition: EditionCode, id?: number) {
  return id === undefined ? addressBody(values, edition) : { id, ...addressBody(values, edition) };
}

/** Whose person record a change of the main address is for: the IRIs the API checks. */
export interface AddressOwner {
  peopleIri: string;
  customerIri: string;
}

/**
 * The IRIs of the customer's person and customer records: from the customer the session
 * loaded, or from the person record itself while the session has not loaded the customer.
 */
export function addressOwner(customer: Customer | null, people: People): AddressOwner {
  return customer === null
    ? { peopleIri: customerResourceIri('people', people.id), customerIri: people.customer }
    : { peopleIri: customer.peopleIri, customerIri: customer.iri };
}

/** The body of `PATCH /api/customers/people` that makes one of the customer's addresses the main one. */
export function mainAddressBody(addressId: number, owner: AddressOwner) {
  return { address: customerResourceIri('addresses', addressId), ...owner };
}

/**
 * The body of `PATCH /api/customers/people` that stores a new address from a checked form and
 * makes it the main one in the same call.
 */
export function newMainAddressBody(
  values: AddressValues,
  edition: EditionCode,
  owner: AddressOwner,
) {
  return { address: addressBody(values, edition), ...owner };
}

/** A stored address as the form shows it for editing (missing optional lines are empty). */
export function addressValuesOf(address: Address): AddressValues {
  const values = Object.fromEntries(addressFields.map((field) => [field, ''])) as AddressValues;
  for (const field of addressFields) values[field] = address[field] ?? '';
  return values;
}

/**
 * The lines of an address as a shipping label prints them: name (and company), street and
 * house number, addition, postal code and city. Every edition's country writes the postal code
 * before the city.
 */
export function addressLines(address: Address): string[] {
  return [
    `${address.firstName} ${address.lastName}`,
    address.company ?? '',
    `${address.street} ${address.houseNumber}`,
    address.addressAddition ?? '',
    `${address.zip} ${address.city}`,
  ].filter((line) => line.trim() !== '');
}

/** How an address reads in one line (`Hauptstraße 1, 10115 Berlin`), for confirmations and names. */
export function addressOneLine(
  address: Pick<Address, 'street' | 'houseNumber' | 'zip' | 'city'>,
): string {
  return `${address.street} ${address.houseNumber}, ${address.zip} ${address.city}`;
}

/** The id of the customer's main address (the one of the person record), null when none. */
export function mainAddressId(people: People): number | null {
  return people.address?.id ?? null;
}

/** The addresses with the main one first, the others in the order they were added. */
export function mainAddressFirst(addresses: readonly Address[], mainId: number | null): Address[] {
  const main = addresses.filter((address) => address.id === mainId);
  return [...main, ...addresses.filter((address) => address.id !== mainId)];
}
