import {
  apiErrorCode,
  createGuestAccountNumberEndpoint,
  type Customer,
  customerResourceIri,
  getCustomerEndpoint,
  getPeopleEndpoint,
  type People,
  updatePeopleEndpoint,
} from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import { validationError } from '../server/api-context.ts';
import { HttpError } from '../server/http-error.ts';
import type { Route } from '../server/route.ts';
import type { ResolvedAccountDeps } from './account-deps.ts';
import {
  addressColumns,
  addressFromRow,
  customerIri,
  notFound,
  numericReferenceId,
  ownerOf,
  referenceId,
  toSalutation,
} from './customer-records.ts';
import { editionForLocale } from './edition-for-locale.ts';

/** The 409 for a guest who has not given name and e-mail address yet. */
function guestDetailsMissing(): HttpError {
  return new HttpError(
    409,
    apiErrorCode.guestDetailsMissing,
    'Please give your name and e-mail address first (guest account number).',
  );
}

/** The person record of a customer, created on first use for customers made elsewhere. */
async function peopleOf(db: TradeDb, customerId: string) {
  const found = await db
    .selectFrom('people')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (found !== undefined) return found;
  return db
    .insertInto('people')
    .values({ customer_id: customerId, address_id: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Registers who the customer is: the customer record, the person record with its current
 * address, and the details a guest gives for its account number.
 */
export function registerPersonRoutes(route: Route, deps: ResolvedAccountDeps): void {
  const { db } = deps;
  const stamp = () => deps.clock().toISOString();

  route(createGuestAccountNumberEndpoint, async ({ body, customer }) => {
    const owner = ownerOf(customer);
    const edition = editionForLocale(body.locale);
    if (edition === undefined) {
      throw validationError([{ path: ['locale'], message: 'No shop edition speaks this locale' }]);
    }
    const row = await db
      .selectFrom('customers')
      .select(['customer_number', 'is_guest'])
      .where('id', '=', owner)
      .executeTakeFirst();
    if (row === undefined) throw notFound('Customer');
    if (row.is_guest !== 1) {
      throw new HttpError(
        409,
        apiErrorCode.notAGuest,
        'You are logged in: your trades are booked on your own customer number.',
      );
    }
    await db
      .updateTable('customers')
      .set({
        email: body.email.trim().toLowerCase(),
        first_name: body.firstName,
        last_name: body.lastName,
        locale: body.locale,
        edition,
        updated_at: stamp(),
      })
      .where('id', '=', owner)
      .execute();
    return { accountNumber: row.customer_number, customerIri: customerIri(owner) };
  });

  route(getPeopleEndpoint, async ({ customer }): Promise<People> => {
    const owner = ownerOf(customer);
    const person = await db
      .selectFrom('customers')
      .select(['salutation', 'first_name', 'last_name'])
      .where('id', '=', owner)
      .executeTakeFirst();
    if (person === undefined) throw notFound('Person');
    // The contract's person has a name, which a guest gives only with its details.
    if (person.first_name === '') throw guestDetailsMissing();
    const people = await peopleOf(db, owner);
    const address =
      people.address_id === null
        ? undefined
        : await db
            .selectFrom('addresses')
            .selectAll()
            .where('id', '=', people.address_id)
            .where('customer_id', '=', owner)
            .executeTakeFirst();
    return {
      id: people.id,
      salutation: toSalutation(person.salutation ?? address?.salutation ?? null),
      firstName: person.first_name,
      lastName: person.last_name,
      address: address === undefined ? null : addressFromRow(address),
      customer: customerIri(owner),
    };
  });

  route(updatePeopleEndpoint, async ({ body, customer }): Promise<People> => {
    const owner = ownerOf(customer);
    const people = await peopleOf(db, owner);
    if (
      body.peopleIri !== customerResourceIri('people', people.id) ||
      referenceId(body.customerIri) !== owner
    ) {
      throw notFound('Person');
    }
    const person = await db
      .selectFrom('customers')
      .select(['salutation', 'first_name', 'last_name'])
      .where('id', '=', owner)
      .executeTakeFirstOrThrow();
    if (person.first_name === '') throw guestDetailsMissing();
    const now = stamp();
    const address = await db.transaction().execute(async (trx) => {
      let addressRow;
      if (typeof body.address === 'object') {
        addressRow = await trx
          .insertInto('addresses')
          .values({
            customer_id: owner,
            ...addressColumns(body.address),
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } else {
        const addressId = numericReferenceId(body.address);
        addressRow =
          addressId === null
            ? undefined
            : await trx
                .selectFrom('addresses')
                .selectAll()
                .where('id', '=', addressId)
                .where('customer_id', '=', owner)
                .executeTakeFirst();
        if (addressRow === undefined) throw notFound('Address');
      }
      await trx
        .updateTable('people')
        .set({ address_id: addressRow.id })
        .where('id', '=', people.id)
        .execute();
      return addressRow;
    });
    return {
      id: people.id,
      salutation: toSalutation(person.salutation ?? address.salutation),
      firstName: person.first_name,
      lastName: person.last_name,
      address: addressFromRow(address),
      customer: customerIri(owner),
    };
  });

  route(getCustomerEndpoint, async ({ customer }): Promise<Customer> => {
    const owner = ownerOf(customer);
    const row = await db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', owner)
      .executeTakeFirst();
    if (row === undefined) throw notFound('Customer');
    if (row.email === '') throw guestDetailsMissing();
    const people = await peopleOf(db, owner);
    return {
      id: row.id,
      iri: customerIri(row.id),
      peopleIri: customerResourceIri('people', people.id),
      customerNumber: row.customer_number,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      company: row.company,
      locale: row.locale,
      isGuest: row.is_guest === 1,
      createdAt: row.created_at,
    };
  });
}
