import {
  apiErrorCode,
  createCustomerPaymentAccountEndpoint,
  createGuestAccountNumberEndpoint,
  createPhoneContactEndpoint,
  type Customer,
  customerResourceIri,
  getAddressesEndpoint,
  getBankAccountsEndpoint,
  getCustomerEndpoint,
  getCustomerPaymentAccountsEndpoint,
  getPaypalAccountsEndpoint,
  getPeopleEndpoint,
  getPhoneContactsEndpoint,
  getTradeHistoryEndpoint,
  type People,
  type TradeHistoryEntry,
  tradeStatusSchema,
  updateAddressesEndpoint,
  updateBankAccountsEndpoint,
  updatePaypalAccountsEndpoint,
  updatePeopleEndpoint,
  updatePhoneContactEndpoint,
} from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import { validationError } from '../server/api-context.ts';
import { HttpError } from '../server/http-error.ts';
import type { AuthenticatedCustomer, Route } from '../server/route.ts';
import { resolveAccountDeps, type AccountDeps } from './account-deps.ts';
import {
  addressColumns,
  addressFromRow,
  bankAccountFromRow,
  customerIri,
  customerPaymentAccountFromRow,
  notFound,
  numericReferenceId,
  paypalAccountFromRow,
  phoneContactFromRow,
  referenceId,
  toSalutation,
} from './customer-records.ts';
import { editionForLocale } from './edition-for-locale.ts';

/**
 * Every customer call reads and writes only the token's customer: queries always carry
 * `customer_id = <token subject>`, so an id of someone else's record finds nothing and answers
 * the same 404 as an id that does not exist.
 */

/** The token's customer id (bearer routes always have one). */
function ownerOf(customer: AuthenticatedCustomer | null): string {
  if (customer === null)
    throw new HttpError(401, apiErrorCode.unauthorized, 'Please log in to continue.');
  return customer.customerId;
}

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

/** The number of trade ids per `in (…)` query, well under every bound-parameter limit. */
const tradeChunk = 500;

/** The customer's trades, newest first, each with its devices. */
async function tradeHistory(db: TradeDb, customerId: string): Promise<TradeHistoryEntry[]> {
  const trades = await db
    .selectFrom('trades')
    .select(['id', 'trade_number', 'created_at', 'status', 'total_cents'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const devices = new Map<number, TradeHistoryEntry['devices']>();
  for (let start = 0; start < trades.length; start += tradeChunk) {
    const ids = trades.slice(start, start + tradeChunk).map((trade) => trade.id);
    const items = await db
      .selectFrom('trade_items')
      .select([
        'trade_id',
        'device_id',
        'offer_id',
        'device_name',
        'price_cents',
        'revised_price_cents',
        'quantity',
      ])
      .where('trade_id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const item of items) {
      const list = devices.get(item.trade_id) ?? [];
      list.push({
        deviceId: item.device_id,
        offerId: item.offer_id,
        name: item.device_name,
        // After inspection the revised price is what the customer is paid.
        price: item.revised_price_cents ?? item.price_cents,
        quantity: item.quantity,
      });
      devices.set(item.trade_id, list);
    }
  }
  const history: TradeHistoryEntry[] = [];
  for (const trade of trades) {
    const status = tradeStatusSchema.safeParse(trade.status);
    const tradeDevices = devices.get(trade.id) ?? [];
    // A trade still being written (no items yet) or with a status the contract lacks is left out.
    if (!status.success || tradeDevices.length === 0) continue;
    history.push({
      tradeId: trade.id,
      tradeNumber: trade.trade_number,
      createdAt: trade.created_at,
      status: status.data,
      total: trade.total_cents,
      devices: tradeDevices,
    });
  }
  return history;
}

/** Registers the customer calls of §7; all need the bearer token and see only its customer. */
export function registerCustomerRoutes(route: Route, accountDeps: AccountDeps): void {
  const deps = resolveAccountDeps(accountDeps);
  const { db } = deps;
  const stamp = () => deps.clock().toISOString();

  route(getAddressesEndpoint, async ({ customer }) => {
    const rows = await db
      .selectFrom('addresses')
      .selectAll()
      .where('customer_id', '=', ownerOf(customer))
      .orderBy('id')
      .execute();
    return rows.map(addressFromRow);
  });

  route(updateAddressesEndpoint, async ({ body, customer }) => {
    const owner = ownerOf(customer);
    const { id, ...address } = body;
    const now = stamp();
    const row =
      id === undefined
        ? await db
            .insertInto('addresses')
            .values({
              customer_id: owner,
              ...addressColumns(address),
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow()
        : await db
            .updateTable('addresses')
            .set({ ...addressColumns(address), updated_at: now })
            .where('id', '=', id)
            .where('customer_id', '=', owner)
            .returningAll()
            .executeTakeFirst();
    if (row === undefined) throw notFound('Address');
    return addressFromRow(row);
  });

  route(getBankAccountsEndpoint, async ({ customer }) => {
    const rows = await db
      .selectFrom('bank_accounts')
      .selectAll()
      .where('customer_id', '=', ownerOf(customer))
      .orderBy('id')
      .execute();
    return rows.map(bankAccountFromRow);
  });

  route(updateBankAccountsEndpoint, async ({ body, customer }) => {
    const owner = ownerOf(customer);
    const now = stamp();
    const columns = { account_holder: body.accountHolder, iban: body.iban, bic: body.bic ?? null };
    const row =
      body.id === undefined
        ? await db
            .insertInto('bank_accounts')
            .values({ customer_id: owner, ...columns, created_at: now, updated_at: now })
            .returningAll()
            .executeTakeFirstOrThrow()
        : await db
            .updateTable('bank_accounts')
            .set({ ...columns, updated_at: now })
            .where('id', '=', body.id)
            .where('customer_id', '=', owner)
            .returningAll()
            .executeTakeFirst();
    if (row === undefined) throw notFound('Bank account');
    return bankAccountFromRow(row);
  });

  route(getPaypalAccountsEndpoint, async ({ customer }) => {
    const rows = await db
      .selectFrom('paypal_accounts')
      .selectAll()
      .where('customer_id', '=', ownerOf(customer))
      .orderBy('id')
      .execute();
    return rows.map(paypalAccountFromRow);
  });

  route(updatePaypalAccountsEndpoint, async ({ body, customer }) => {
    const owner = ownerOf(customer);
    const now = stamp();
    const email = body.email.trim().toLowerCase();
    const row =
      body.id === undefined
        ? await db
            .insertInto('paypal_accounts')
            .values({ customer_id: owner, email, created_at: now, updated_at: now })
            .returningAll()
            .executeTakeFirstOrThrow()
        : await db
            .updateTable('paypal_accounts')
            .set({ email, updated_at: now })
            .where('id', '=', body.id)
            .where('customer_id', '=', owner)
            .returningAll()
            .executeTakeFirst();
    if (row === undefined) throw notFound('PayPal account');
    return paypalAccountFromRow(row);
  });

  route(getCustomerPaymentAccountsEndpoint, async ({ customer }) => {
    const rows = await db
      .selectFrom('customer_payment_accounts')
      .selectAll()
      .where('customer_id', '=', ownerOf(customer))
      .orderBy('id')
      .execute();
    return rows.map(customerPaymentAccountFromRow);
  });

  route(createCustomerPaymentAccountEndpoint, async ({ body, customer }) => {
    const owner = ownerOf(customer);
    if (referenceId(body.customer) !== owner) throw notFound('Customer');
    const paypalId = body.paypalAccount === null ? null : numericReferenceId(body.paypalAccount);
    const bankId = body.bankAccount === null ? null : numericReferenceId(body.bankAccount);
    if (body.paypalAccount !== null) {
      const owned =
        paypalId !== null &&
        (await db
          .selectFrom('paypal_accounts')
          .select('id')
          .where('id', '=', paypalId)
          .where('customer_id', '=', owner)
          .executeTakeFirst()) !== undefined;
      if (!owned) throw notFound('PayPal account');
    }
    if (body.bankAccount !== null) {
      const owned =
        bankId !== null &&
        (await db
          .selectFrom('bank_accounts')
          .select('id')
          .where('id', '=', bankId)
          .where('customer_id', '=', owner)
          .executeTakeFirst()) !== undefined;
      if (!owned) throw notFound('Bank account');
    }
    const row = await db.transaction().execute(async (trx) => {
      // One primary payout account: a new primary demotes the others.
      if (body.isPrimary) {
        await trx
          .updateTable('customer_payment_accounts')
          .set({ is_primary: 0 })
          .where('customer_id', '=', owner)
          .execute();
      }
      return trx
        .insertInto('customer_payment_accounts')
        .values({
          customer_id: owner,
          paypal_account_id: paypalId,
          bank_account_id: bankId,
          payment_type: body.paymentType,
          is_primary: body.isPrimary ? 1 : 0,
          created_at: stamp(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return customerPaymentAccountFromRow(row);
  });

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

  route(getPhoneContactsEndpoint, async ({ customer }) => {
    const rows = await db
      .selectFrom('phone_contacts')
      .selectAll()
      .where('customer_id', '=', ownerOf(customer))
      .orderBy('id')
      .execute();
    return rows.map(phoneContactFromRow);
  });

  route(createPhoneContactEndpoint, async ({ body, customer }) => {
    const now = stamp();
    const row = await db
      .insertInto('phone_contacts')
      .values({
        customer_id: ownerOf(customer),
        phone: body.phone,
        type: body.type,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return phoneContactFromRow(row);
  });

  route(updatePhoneContactEndpoint, async ({ body, customer }) => {
    const row = await db
      .updateTable('phone_contacts')
      .set({ phone: body.phone, type: body.type, updated_at: stamp() })
      .where('id', '=', body.id)
      .where('customer_id', '=', ownerOf(customer))
      .returningAll()
      .executeTakeFirst();
    if (row === undefined) throw notFound('Phone contact');
    return phoneContactFromRow(row);
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

  route(getTradeHistoryEndpoint, async ({ customer }) => tradeHistory(db, ownerOf(customer)));
}
