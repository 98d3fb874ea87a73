// Registration (§7 `POST /api/account/register`): its own module, since its body carries the
// address and payout schemas (IBAN, BIC) that the other account calls never need; a browser
// that logs in does not load them.
import { payPalPaymentMethod } from '@tradein/editions/client';
import * as z from 'zod/mini';
import { passwordSchema } from './account.ts';
import { addressInputSchema, type AddressInput } from './customer.ts';
import { bankAccountInputSchema, paypalAccountInputSchema } from './payment-accounts.ts';
import { localeSchema, lowercaseEmailSchema, personNameSchema } from './primitives.ts';
import { pure } from './pure.ts';
import { tradeMailboxTokenSchema } from './trades.ts';

/** How a new customer wants to be paid: a PayPal account for type 2, else a bank account (§9). */
export const registrationPaymentSchema = /* @__PURE__ */ pure(() =>
  z
    .object({
      paymentType: z.int().check(z.positive('Payment type must be a positive integer')),
      paypalAccount: z.nullable(paypalAccountInputSchema),
      bankAccount: z.nullable(bankAccountInputSchema),
    })
    .check(
      z.superRefine((payment, context) => {
        const payPal = payment.paymentType === payPalPaymentMethod;
        if (payPal && (payment.paypalAccount === null || payment.bankAccount !== null)) {
          context.addIssue({
            code: 'custom',
            path: ['paypalAccount'],
            message: 'Payment type 2 (PayPal) needs a PayPal account and no bank account',
            input: payment.paypalAccount,
          });
        }
        if (!payPal && (payment.bankAccount === null || payment.paypalAccount !== null)) {
          context.addIssue({
            code: 'custom',
            path: ['bankAccount'],
            message: 'SEPA payment needs a bank account and no PayPal account',
            input: payment.bankAccount,
          });
        }
      }),
    ),
);
export type RegistrationPayment = z.infer<typeof registrationPaymentSchema>;

/** The single password credential of a registration: never temporary (§5). */
const passwordCredentialSchema = /* @__PURE__ */ pure(() =>
  z.object({
    type: z.literal('password'),
    value: passwordSchema,
    temporary: z.literal(false),
  }),
);

/**
 * Body of `POST /api/account/register` (§7, Keycloak style). The e-mail address is the
 * username and must be lower-case (§5); the payment may be added later, so it may be `null`.
 */
export const registerRequestSchema = /* @__PURE__ */ pure(() =>
  z
    .object({
      enabled: z.boolean(),
      firstName: personNameSchema,
      lastName: personNameSchema,
      username: lowercaseEmailSchema,
      email: lowercaseEmailSchema,
      // Exactly one password. An array with both bounds rather than a tuple: the widget already
      // carries zod's array and length checks, a tuple schema would add 0.5 kB to its first load.
      credentials: z
        .array(passwordCredentialSchema)
        .check(
          z.minLength(1, 'Exactly one password credential'),
          z.maxLength(1, 'Exactly one password credential'),
        ),
      attributes: z.object({ locale: localeSchema }),
      Address: addressInputSchema,
      Payment: z.nullable(registrationPaymentSchema),
      // The `accountClaim` of a guest checkout just made with the same address: the account
      // holds that trade once activated. An unknown or foreign claim is ignored.
      tradeClaim: z.optional(tradeMailboxTokenSchema),
    })
    .check(
      z.refine((body) => body.username === body.email, {
        error: 'Username must be the e-mail address',
        path: ['username'],
      }),
    ),
);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** What a registration form collects. */
export interface RegistrationInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  locale: string;
  address: AddressInput;
  payment: RegistrationPayment | null;
  /** The `accountClaim` of the guest checkout this account is created with. */
  tradeClaim?: string | undefined;
}

/**
 * The register body of what a form collects, not yet checked: lower-cases the e-mail (also used
 * as username), sets one non-temporary password credential and enables the account. A form
 * parses it with {@link registerRequestSchema} to show refusals at its fields.
 */
export function registrationRequestOf(input: RegistrationInput) {
  const email = input.email.trim().toLowerCase();
  return {
    enabled: true,
    firstName: input.firstName,
    lastName: input.lastName,
    username: email,
    email,
    credentials: [{ type: 'password' as const, value: input.password, temporary: false as const }],
    attributes: { locale: input.locale },
    Address: input.address,
    Payment: input.payment,
    tradeClaim: input.tradeClaim,
  };
}

/**
 * Builds the register body ({@link registrationRequestOf}), checked. Throws an Error naming every
 * invalid field (the ZodError is its `cause`).
 */
export function buildRegistrationBody(input: RegistrationInput): RegisterRequest {
  const parsed = registerRequestSchema.safeParse(registrationRequestOf(input));
  if (!parsed.success) {
    throw new Error(`Invalid registration: ${z.prettifyError(parsed.error)}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
