import {
  createCustomerPaymentAccountEndpoint,
  getBankAccountsEndpoint,
  getCustomerPaymentAccountsEndpoint,
  getPaypalAccountsEndpoint,
  updateBankAccountsEndpoint,
  updatePaypalAccountsEndpoint,
} from '@tradein/contract';
import type { Route } from '../server/route.ts';
import type { ResolvedAccountDeps } from './account-deps.ts';
import {
  bankAccountFromRow,
  customerPaymentAccountFromRow,
  notFound,
  numericReferenceId,
  ownerOf,
  paypalAccountFromRow,
  referenceId,
} from './customer-records.ts';

/**
 * Registers the customer's payout accounts: bank and PayPal accounts, and the payment accounts
 * that name one of them as the payout (one primary).
 */
export function registerPayoutAccountRoutes(route: Route, deps: ResolvedAccountDeps): void {
  const { db } = deps;
  const stamp = () => deps.clock().toISOString();

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
}
