import type { AddressField, FieldErrors } from '../form-rules.ts';

/** How the new customer wants to be paid; `later` registers without a payout account. */
export type PayoutChoice = 'later' | 'sepa' | 'paypal';

/** The choices of payout, in the order the form offers them. */
export const payoutChoices: readonly PayoutChoice[] = ['later', 'sepa', 'paypal'];

/** The fields of the registration form besides the address. */
export type RegistrationField =
  AddressField | 'email' | 'password' | 'locale' | 'accountHolder' | 'iban' | 'bic' | 'paypalEmail';

/** What the form sends back after a refusal: every value but the password. */
export type RegistrationValues = Partial<Record<Exclude<RegistrationField, 'password'>, string>> & {
  payout?: PayoutChoice;
};

/** What the registration page's actions answer, and so what the page shows next. */
export type RegisterResult =
  | { kind: 'activation'; activated: boolean }
  | { kind: 'registered'; email: string }
  | { kind: 'refused'; errors: FieldErrors<RegistrationField>; values: RegistrationValues }
  | { kind: 'busy'; values: RegistrationValues }
  | { kind: 'resent'; email: string }
  | { kind: 'resendRefused'; email: string };
