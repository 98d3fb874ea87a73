import { randomInt, randomUUID } from 'node:crypto';
import {
  type Address,
  type AddressInput,
  apiErrorCode,
  type BankAccount,
  type CustomerPaymentAccount,
  customerResourceIri,
  type PaypalAccount,
  type PhoneContact,
  type Salutation,
} from '@tradein/contract';
import type { EditionCode } from '@tradein/editions';
import type { Selectable, Transaction } from 'kysely';
import type {
  AddressesTable,
  BankAccountsTable,
  CustomerPaymentAccountsTable,
  PaypalAccountsTable,
  PhoneContactsTable,
  TradeDatabase,
} from '../db/schema.ts';
import type { TradeDb } from '../db/create-database.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { HttpError } from '../server/http-error.ts';
import type { AuthenticatedCustomer } from '../server/route.ts';

/** Stored salutations are those of the contract; anything else reads as `diverse`. */
export function toSalutation(value: string | null): Salutation {
  return value === 'mr' || value === 'ms' ? value : 'diverse';
}

/** A stored address as the contract shows it (optional fields only when set, '' is no house number). */
export function addressFromRow(row: Selectable<AddressesTable>): Address {
  return {
    id: row.id,
    salutation: toSalutation(row.salutation),
    firstName: row.first_name,
    lastName: row.last_name,
    ...(row.company === null ? {} : { company: row.company }),
    street: row.street,
    ...(row.house_number === '' ? {} : { houseNumber: row.house_number }),
    ...(row.address_addition === null ? {} : { addressAddition: row.address_addition }),
    zip: row.zip,
    city: row.city,
    country: row.country as EditionCode,
  };
}

/** The columns of an address from a form (without owner and timestamps). */
export function addressColumns(address: AddressInput) {
  return {
    salutation: address.salutation,
    first_name: address.firstName,
    last_name: address.lastName,
    company: address.company ?? null,
    street: address.street,
    // One line of street and number (`streetForm: 'oneLine'`) has no house number: '' keeps the
    // column NOT NULL for the addresses stored before.
    house_number: address.houseNumber ?? '',
    address_addition: address.addressAddition ?? null,
    zip: address.zip,
    city: address.city,
    country: address.country,
  };
}

/** A stored bank account as the contract shows it. */
export function bankAccountFromRow(row: Selectable<BankAccountsTable>): BankAccount {
  return {
    id: row.id,
    accountHolder: row.account_holder,
    iban: row.iban,
    ...(row.bic === null ? {} : { bic: row.bic }),
  };
}

/** A stored PayPal account as the contract shows it. */
export function paypalAccountFromRow(row: Selectable<PaypalAccountsTable>): PaypalAccount {
  return { id: row.id, email: row.email };
}

/** A stored phone contact as the contract shows it. */
export function phoneContactFromRow(row: Selectable<PhoneContactsTable>): PhoneContact {
  return { id: row.id, phone: row.phone, type: row.type === 'landline' ? 'landline' : 'mobile' };
}

/** The IRI of a customer. */
export function customerIri(customerId: string): string {
  return customerResourceIri('customers', customerId);
}

/**
 * A stored payment account as the contract shows it: the linked payout account and the customer
 * as IRIs. Only `INVOICE` is ever stored, the one payment type of the contract.
 */
export function customerPaymentAccountFromRow(
  row: Selectable<CustomerPaymentAccountsTable>,
): CustomerPaymentAccount {
  return {
    id: row.id,
    paypalAccount:
      row.paypal_account_id === null
        ? null
        : customerResourceIri('paypal_accounts', row.paypal_account_id),
    bankAccount:
      row.bank_account_id === null
        ? null
        : customerResourceIri('bank_accounts', row.bank_account_id),
    paymentType: 'INVOICE',
    isPrimary: row.is_primary === 1,
    customer: customerIri(row.customer_id),
  };
}

/**
 * A new customer number: `K` (registered) or `G` (guest) and ten random digits. Random rather
 * than sequential, so numbers tell nothing about the shop's volume; the unique index catches
 * the rare collision and the caller draws again.
 */
function newCustomerNumber(kind: 'registered' | 'guest'): string {
  const digits = String(randomInt(0, 10_000_000_000)).padStart(10, '0');
  return `${kind === 'guest' ? 'G' : 'K'}${digits}`;
}

/**
 * Inserts a new customer in one transaction: `write` gets a fresh id and customer number; on a
 * collision of the number the whole transaction runs again with a new one (up to five times).
 * `onCollision` first turns a unique violation that is not the number's into the caller's own
 * error (a taken e-mail address).
 */
export async function insertNewCustomer(
  db: TradeDb,
  kind: 'registered' | 'guest',
  write: (
    trx: Transaction<TradeDatabase>,
    customer: { id: string; customerNumber: string },
  ) => Promise<void>,
  onCollision: () => Promise<void> = () => Promise.resolve(),
): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const id = randomUUID();
    try {
      await db
        .transaction()
        .execute((trx) => write(trx, { id, customerNumber: newCustomerNumber(kind) }));
      return id;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await onCollision();
      if (attempt >= 4) throw error;
    }
  }
}

/** The answer for a record that does not exist or belongs to someone else: the same 404 either way. */
export function notFound(what: string): HttpError {
  return new HttpError(404, apiErrorCode.notFound, `${what} not found`);
}

/** The id of a reference given as IRI (`/api/customers/addresses/12`) or plain id. */
export function referenceId(reference: string | number): string {
  return typeof reference === 'number' ? String(reference) : (reference.split('/').pop() ?? '');
}

/** A numeric record id from a reference, or null when it is not one (then nothing matches). */
export function numericReferenceId(reference: string | number): number | null {
  const id = referenceId(reference);
  return /^[1-9][0-9]{0,14}$/.test(id) ? Number(id) : null;
}

/** The token's customer id (bearer routes always have one). */
export function ownerOf(customer: AuthenticatedCustomer | null): string {
  if (customer === null)
    throw new HttpError(401, apiErrorCode.unauthorized, 'Please log in to continue.');
  return customer.customerId;
}
