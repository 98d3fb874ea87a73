import {
  customerResourceIri,
  normalizeIban,
  updateBankAccountsEndpoint,
  updatePaypalAccountsEndpoint,
  type BankAccount,
  type CustomerPaymentAccount,
  type PaypalAccount,
} from '@tradein/contract';
import type * as z from 'zod/mini';
import type { LoggedInAccount } from '../account-gate.tsx';
import {
  checkForm,
  readableIban,
  textOf,
  type FormCheck,
  type FormRefusals,
} from '../form-rules.ts';

/** One payout account of the customer, bank or PayPal, with whether payouts go to it. */
export type PayoutAccount =
  | { kind: 'bank'; iri: string; account: BankAccount; isPrimary: boolean }
  | { kind: 'paypal'; iri: string; account: PaypalAccount; isPrimary: boolean };

/** The customer's three lists as the API answers them. */
export interface PayoutRecords {
  bankAccounts: readonly BankAccount[];
  paypalAccounts: readonly PaypalAccount[];
  paymentAccounts: readonly CustomerPaymentAccount[];
}

/** The id a reference names: the API answers IRIs, but the contract also allows a bare id. */
export function referencedId(reference: string | number): number | undefined {
  if (typeof reference === 'number') return reference;
  const id = /\/(\d+)$/.exec(reference)?.[1];
  return id === undefined ? undefined : Number(id);
}

/**
 * The payment account payouts go to. The API keeps at most one primary; should an older record
 * still have two, the newest (highest id) is the one the API set last.
 */
function primaryPaymentAccount(
  paymentAccounts: readonly CustomerPaymentAccount[],
): CustomerPaymentAccount | undefined {
  return paymentAccounts
    .filter((paymentAccount) => paymentAccount.isPrimary)
    .toSorted((first, second) => second.id - first.id)[0];
}

/** The customer's payout accounts, bank accounts first, each marked when payouts go to it. */
export function payoutAccountsOf(records: PayoutRecords): PayoutAccount[] {
  const primary = primaryPaymentAccount(records.paymentAccounts);
  const primaryBank =
    primary === undefined || primary.bankAccount === null
      ? undefined
      : referencedId(primary.bankAccount);
  const primaryPaypal =
    primary === undefined || primary.paypalAccount === null
      ? undefined
      : referencedId(primary.paypalAccount);
  return [
    ...records.bankAccounts.map((account): PayoutAccount => ({
      kind: 'bank',
      iri: customerResourceIri('bank_accounts', account.id),
      account,
      isPrimary: account.id === primaryBank,
    })),
    ...records.paypalAccounts.map((account): PayoutAccount => ({
      kind: 'paypal',
      iri: customerResourceIri('paypal_accounts', account.id),
      account,
      isPrimary: account.id === primaryPaypal,
    })),
  ];
}

/** The account payouts go to, if the customer has chosen one. */
export function primaryPayoutAccount(
  accounts: readonly PayoutAccount[],
): PayoutAccount | undefined {
  return accounts.find((account) => account.isPrimary);
}

/**
 * An IBAN for a list: country and check digits, then only the last four characters, in groups of
 * four (`DE89 •••• •••• •••• ••30 00`): enough to recognise one's account, too little to use it.
 */
export function maskedIban(iban: string): string {
  const electronic = normalizeIban(iban);
  if (electronic.length <= 8) return readableIban(electronic);
  const masked = electronic.slice(0, 4) + '•'.repeat(electronic.length - 8) + electronic.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The last four characters of an IBAN, which is how a screen reader names a masked one. */
export function ibanEnding(iban: string): string {
  return normalizeIban(iban).slice(-4);
}

/** The fields of the bank account form. */
export type BankField = 'accountHolder' | 'iban' | 'bic';
export type BankFormValues = Record<BankField, string>;

/** Reads the bank account form; every value trimmed. */
export function readBankForm(form: FormData): BankFormValues {
  return {
    accountHolder: textOf(form, 'accountHolder'),
    iban: textOf(form, 'iban'),
    bic: textOf(form, 'bic'),
  };
}

/** The body of `PATCH bank_accounts`, as the contract checks it. */
export type BankAccountPatch = z.output<typeof updateBankAccountsEndpoint.body>;

/** Where the bank account form shows the refusals of its call, and with which message. */
export const bankRefusals: FormRefusals<BankField> = {
  paths: { accountHolder: 'accountHolder', iban: 'iban', bic: 'bic' },
  codes: { accountHolder: 'name', iban: 'iban', bic: 'bic' },
};

/**
 * Checks the bank account form with the API's rules (a SEPA IBAN with its check digits, an
 * optional BIC) and makes the body of `PATCH bank_accounts`: the IBAN in electronic form, the BIC
 * in upper case or left out; with `id` it changes that account, without it adds one.
 */
export function checkBankForm(
  values: BankFormValues,
  id?: number,
): FormCheck<BankAccountPatch, BankField> {
  const body = {
    ...(id === undefined ? {} : { id }),
    accountHolder: values.accountHolder,
    iban: normalizeIban(values.iban),
    ...(values.bic === '' ? {} : { bic: values.bic.toUpperCase() }),
  };
  return checkForm(updateBankAccountsEndpoint.body, body, bankRefusals, values, 'iban');
}

/** The field of the PayPal account form. */
export type PaypalField = 'email';
export type PaypalFormValues = Record<PaypalField, string>;

/** Reads the PayPal account form. */
export function readPaypalForm(form: FormData): PaypalFormValues {
  return { email: textOf(form, 'email') };
}

/** The body of `PATCH paypal_accounts`, as the contract checks it. */
export type PaypalAccountPatch = z.output<typeof updatePaypalAccountsEndpoint.body>;

/** Where the PayPal form shows the refusals of its call, and with which message. */
export const paypalRefusals: FormRefusals<PaypalField> = {
  paths: { email: 'email' },
  codes: { email: 'email' },
};

/**
 * Checks the PayPal account form with the API's rule and makes the body of `PATCH
 * paypal_accounts` (the address lower-case, as the API stores it); with `id` it changes that
 * account.
 */
export function checkPaypalForm(
  values: PaypalFormValues,
  id?: number,
): FormCheck<PaypalAccountPatch, PaypalField> {
  const body = { ...(id === undefined ? {} : { id }), email: values.email.toLowerCase() };
  return checkForm(updatePaypalAccountsEndpoint.body, body, paypalRefusals, values, 'email');
}

/** The customer's IRI, as the payment account names its owner. */
export function customerIriOf(account: LoggedInAccount): string {
  return account.customerData?.iri ?? customerResourceIri('customers', account.customerId);
}

/**
 * The body of `POST customer_payment_accounts` that makes a payout account the primary one (§7).
 * The same call links an account that was never linked, so one body serves both.
 */
export function primaryLinkBody(payout: Pick<PayoutAccount, 'kind' | 'iri'>, customerIri: string) {
  return {
    paypalAccount: payout.kind === 'paypal' ? payout.iri : null,
    bankAccount: payout.kind === 'bank' ? payout.iri : null,
    paymentType: 'INVOICE' as const,
    isPrimary: true,
    customer: customerIri,
  };
}
