import {
  addressFormFields,
  addressInputSchema,
  addressRefusalPaths,
  customerResourceIri,
  type Address,
  type AddressInput,
  type Customer,
  type People,
} from '@tradein/contract';
import type { EditionCode } from '@tradein/editions/client';
import {
  addressBody,
  addressFieldCodes,
  checkForm,
  type AddressField,
  type AddressValues,
  type FormRefusals,
} from '../form-rules.ts';

/**
 * Where an address form shows the refusals of its call: the fields of an address body, or of
 * the address inside a person record (a new main address).
 */
export const addressRefusals: FormRefusals<AddressField> = {
  paths: { ...addressRefusalPaths(''), ...addressRefusalPaths('address') },
  codes: addressFieldCodes,
};

/** Checks an address form with the contract's address rule, in the edition's country. */
export function checkAddress(values: AddressValues, edition: EditionCode) {
  return checkForm(
    addressInputSchema,
    addressBody(values, edition),
    addressRefusals,
    values,
    'salutation',
  );
}

/**
 * The body of `PATCH /api/customers/addresses` for a checked address: with the id of the address
 * being edited it updates that one, without it adds a new one.
 */
export function addressPatchBody(address: AddressInput, id?: number) {
  return id === undefined ? address : { id, ...address };
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
 * The body of `PATCH /api/customers/people` that stores a checked new address and makes it the
 * main one in the same call.
 */
export function newMainAddressBody(address: AddressInput, owner: AddressOwner) {
  return { address, ...owner };
}

/** A stored address as the form shows it for editing (missing optional lines are empty). */
export function addressValuesOf(address: Address): AddressValues {
  return Object.fromEntries(
    addressFormFields.map((field) => [field, address[field] ?? '']),
  ) as AddressValues;
}

/**
 * The street line as the customer typed it: the one line of a country that writes street and
 * number together, or street then house number (`Hauptstraße 1`, Germany and Austria).
 */
function streetLine(address: Pick<Address, 'street' | 'houseNumber'>): string {
  return address.houseNumber === undefined
    ? address.street
    : `${address.street} ${address.houseNumber}`;
}

/**
 * The lines of an address for the customer's own pages: name (and company), street line,
 * addition, postal code and city. Every edition's country writes the postal code before the
 * city. (The shipping label prints through the trade API's address templates.)
 */
export function addressLines(address: Address): string[] {
  return [
    `${address.firstName} ${address.lastName}`,
    address.company ?? '',
    streetLine(address),
    address.addressAddition ?? '',
    `${address.zip} ${address.city}`,
  ].filter((line) => line.trim() !== '');
}

/** How an address reads in one line (`Hauptstraße 1, 10115 Berlin`), for confirmations and names. */
export function addressOneLine(
  address: Pick<Address, 'street' | 'houseNumber' | 'zip' | 'city'>,
): string {
  return `${streetLine(address)}, ${address.zip} ${address.city}`;
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
