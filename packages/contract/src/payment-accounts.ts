/**
 * Payout accounts of a customer: IBAN and BIC, bank and PayPal accounts, and the payment account
 * that links them. Apart from the other customer schemas because the IBAN check (ibantools) is
 * heavy: a browser bundle pays for it only where it checks a payout.
 */
import {
  electronicFormatIBAN,
  isSEPACountry,
  isValidBIC,
  validateIBAN,
  ValidationErrorsIBAN,
} from 'ibantools';
import * as z from 'zod/mini';
import { referenceSchema } from './customer.ts';
import { accountHolderSchema, emailSchema, idSchema, storedNameSchema } from './primitives.ts';
import { pure } from './pure.ts';

/**
 * Brings a typed IBAN into the electronic form the API carries: upper case, no spaces.
 * Returns the input unchanged when it cannot be read as an IBAN, so validation still names it.
 */
export function normalizeIban(iban: string): string {
  return electronicFormatIBAN(iban) ?? iban;
}

/** An IBAN in electronic form with a SEPA country and correct check digits (payout is SEPA). */
export const ibanSchema = /* @__PURE__ */ pure(() =>
  z.string().check(
    z.superRefine((iban, context) => {
      const report = (message: string, params?: { reason: 'ibanNotSepa' }) =>
        context.addIssue({ code: 'custom', message, input: iban, ...(params && { params }) });
      if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) {
        report(
          'IBAN must be upper-case letters and digits without spaces, starting with a country code',
        );
        return;
      }
      if (!isSEPACountry(iban.slice(0, 2))) {
        // Named for forms, which say that only SEPA accounts are paid rather than "invalid".
        report(`IBAN country ${iban.slice(0, 2)} is not in the SEPA area`, {
          reason: 'ibanNotSepa',
        });
        return;
      }
      const result = validateIBAN(iban);
      if (result.valid) return;
      // A wrong length also fails the checksum, so shape errors are named first.
      const errors = new Set(result.errorCodes);
      if (
        errors.has(ValidationErrorsIBAN.WrongBBANLength) ||
        errors.has(ValidationErrorsIBAN.WrongBBANFormat)
      ) {
        report(`IBAN does not have the length and format of ${iban.slice(0, 2)}`);
      } else if (errors.has(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) {
        report('IBAN account number check digits are wrong');
      } else {
        report('IBAN check digits are wrong');
      }
    }),
  ),
);

/** A BIC (SWIFT code) of 8 or 11 characters. */
export const bicSchema = /* @__PURE__ */ pure(() =>
  z.string().check(
    z.regex(
      /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/,
      'BIC must be 8 or 11 upper-case letters and digits',
    ),
    z.refine((bic) => isValidBIC(bic), 'BIC does not name a known country'),
  ),
);

/** Fields of a bank account except its id, as a request sends them. */
const bankAccountFields = /* @__PURE__ */ pure(() => ({
  accountHolder: accountHolderSchema,
  iban: ibanSchema,
  bic: z.optional(bicSchema),
}));

/**
 * A stored bank account for SEPA payouts. Its holder keeps the rule it was accepted under
 * (answers read back old records).
 */
export const bankAccountSchema = /* @__PURE__ */ pure(() =>
  z.object({ id: idSchema, ...bankAccountFields, accountHolder: storedNameSchema }),
);
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** A bank account as a form submits it (no id yet). */
export const bankAccountInputSchema = /* @__PURE__ */ pure(() => z.object(bankAccountFields));

/** Body of `PATCH /api/customers/bank_accounts`: with `id` updates that account, without adds one. */
export const bankAccountPatchSchema = /* @__PURE__ */ pure(() =>
  z.object({ id: z.optional(idSchema), ...bankAccountFields }),
);

/** A stored PayPal account (payment type 2). */
export const paypalAccountSchema = /* @__PURE__ */ pure(() =>
  z.object({ id: idSchema, email: emailSchema }),
);
export type PaypalAccount = z.infer<typeof paypalAccountSchema>;

/** A PayPal account as a form submits it (no id yet). */
export const paypalAccountInputSchema = /* @__PURE__ */ pure(() =>
  z.object({ email: emailSchema }),
);

/** Body of `PATCH /api/customers/paypal_accounts`: with `id` updates that account, without adds one. */
export const paypalAccountPatchSchema = /* @__PURE__ */ pure(() =>
  z.object({ id: z.optional(idSchema), email: emailSchema }),
);

/** Exactly one of the two payout accounts is named. */
const exactlyOnePayoutAccount = /* @__PURE__ */ pure(() =>
  z.refine<{ paypalAccount: unknown; bankAccount: unknown }>(
    (account) => (account.paypalAccount === null) !== (account.bankAccount === null),
    { error: 'Name exactly one of paypalAccount or bankAccount', path: ['bankAccount'] },
  ),
);

/** Fields of a customer payment account except its id (§7). */
const customerPaymentAccountFields = /* @__PURE__ */ pure(() => ({
  paypalAccount: z.nullable(referenceSchema('paypal_accounts')),
  bankAccount: z.nullable(referenceSchema('bank_accounts')),
  paymentType: z.literal('INVOICE'),
  isPrimary: z.boolean(),
  customer: referenceSchema('customers'),
}));

/** Body of `POST /api/customers/customer_payment_accounts` (§7): links one payout account. */
export const customerPaymentAccountInputSchema = /* @__PURE__ */ pure(() =>
  z.object(customerPaymentAccountFields).check(exactlyOnePayoutAccount),
);

/** A stored customer payment account: the payout account it links and whether it is primary. */
export const customerPaymentAccountSchema = /* @__PURE__ */ pure(() =>
  z.object({ id: idSchema, ...customerPaymentAccountFields }).check(exactlyOnePayoutAccount),
);
export type CustomerPaymentAccount = z.infer<typeof customerPaymentAccountSchema>;
