import type {
  VatIdProblem,
  AddressInput,
  ApiFieldError,
  CheckoutRequest,
  RefusalMap,
  RegisterRequest,
  RegistrationPayment,
} from '@tradein/contract';
import {
  accountHolderSchema,
  addressInputSchema,
  addressRefusalPaths,
  buildRegistrationBody,
  fieldIssuesOf,
  placeRefusals,
  emailSchema,
  maxTextFieldLength,
  ibanSchema,
  normalizeIban,
  normalizeVatId,
  vatIdSchema,
  passwordSchema,
  personNameSchema,
  voucherCodeSchema,
} from '@tradein/contract';
import type { EditionCode, ShopMode } from '@tradein/editions/client';
import {
  getClientEdition,
  isB2BMode,
  isValidPostalCode,
  payPalPaymentMethod,
} from '@tradein/editions/client';

/** What the checkout form holds; every text exactly as typed. */
export interface CheckoutFormValues {
  /** The guest's e-mail address (for the confirmation and the guest account). */
  email: string;
  /** The password of an account created with this checkout (sent once, never stored). */
  newPassword: string;
  /** Login: e-mail and password (sent to the login call, never stored) and "remember me". */
  loginEmail: string;
  password: string;
  remember: boolean;
  /** The selling company (business sales only). */
  company: string;
  /** The selling company's VAT ID as typed (business sales only, optional). */
  vatId: string;
  salutation: 'mr' | 'ms' | 'diverse';
  firstName: string;
  lastName: string;
  street: string;
  houseNumber: string;
  addressAddition: string;
  zip: string;
  city: string;
  payoutMethod: 'sepa' | 'paypal';
  accountHolder: string;
  iban: string;
  paypalEmail: string;
  voucher: string;
  acceptedTerms: boolean;
  newsletterOptIn: boolean;
}

/** The form fields an error can stand next to (in the order they appear). */
export const checkoutFieldOrder = [
  'loginEmail',
  'password',
  'email',
  'newPassword',
  'company',
  'vatId',
  'salutation',
  'firstName',
  'lastName',
  'street',
  'houseNumber',
  'zip',
  'city',
  'addressAddition',
  'accountHolder',
  'iban',
  'paypalEmail',
  'voucher',
  'acceptedTerms',
] as const satisfies readonly (keyof CheckoutFormValues)[];

/** A field an error can name. */
export type CheckoutField = (typeof checkoutFieldOrder)[number];

/** Why a field is not accepted; the screen turns the code into a localized sentence. */
export type FieldErrorCode =
  | 'required'
  | 'email'
  | 'postalCode'
  | 'houseNumber'
  | 'tooLong'
  | 'name'
  | 'addressLine'
  | 'iban'
  | 'ibanNotSepa'
  | 'voucher'
  | 'terms'
  | 'weakPassword'
  | VatIdProblem
  | 'invalid';

/** The errors of a form, by field. */
export type FieldErrors = Partial<Record<CheckoutField, FieldErrorCode>>;

/** The form of a fresh checkout. */
export function emptyCheckoutForm(): CheckoutFormValues {
  return {
    email: '',
    newPassword: '',
    loginEmail: '',
    password: '',
    remember: false,
    company: '',
    vatId: '',
    salutation: 'ms',
    firstName: '',
    lastName: '',
    street: '',
    houseNumber: '',
    addressAddition: '',
    zip: '',
    city: '',
    payoutMethod: 'sepa',
    accountHolder: '',
    iban: '',
    paypalEmail: '',
    voucher: '',
    acceptedTerms: false,
    newsletterOptIn: false,
  };
}

/**
 * Whether the edition's country writes the house number in a field of its own (Germany,
 * Austria); elsewhere street and number are one line as people write them ("12 rue de Rivoli").
 */
export function hasHouseNumberField(edition: EditionCode): boolean {
  return getClientEdition(edition).streetForm === 'streetAndHouseNumber';
}

/** Whether one field of an address passes the contract's rule for it (the trade API's own). */
function passesAddressRule(
  field: 'company' | 'houseNumber' | 'addressAddition',
  value: string,
): boolean {
  return addressInputSchema.shape[field].safeParse(value).success;
}

/**
 * Why a text field is refused by the contract's rule for it: empty, too long, or holding what the
 * field cannot (digits or a web address in a name: `wrongCharacters`).
 */
function textError(
  value: string,
  rule: { safeParse(value: string): { success: boolean } },
  wrongCharacters: FieldErrorCode,
): FieldErrorCode | undefined {
  if (value.trim() === '') return 'required';
  if (value.trim().length > maxTextFieldLength) return 'tooLong';
  return rule.safeParse(value).success ? undefined : wrongCharacters;
}

const nameError = (value: string) => textError(value, personNameSchema, 'name');

/** Why an optional address line its rule refuses is wrong: its length, or what it holds. */
const lineError = (value: string): FieldErrorCode =>
  value.trim().length > maxTextFieldLength ? 'tooLong' : 'addressLine';

/**
 * Why a typed VAT ID is refused by the contract's rule (prefix of an EU member state, its
 * format, its check digits); nothing when it is empty, as it is optional.
 */
export function vatIdError(value: string): FieldErrorCode | undefined {
  if (value.trim() === '') return undefined;
  const parsed = vatIdSchema.safeParse(value);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const reason: unknown = issue?.code === 'custom' ? issue.params?.['reason'] : undefined;
  return reason === 'vatIdCountry' || reason === 'vatIdFormat' || reason === 'vatIdCheckDigits'
    ? reason
    : 'vatIdFormat';
}

function emailError(value: string): FieldErrorCode | undefined {
  if (value.trim() === '') return 'required';
  return emailSchema.safeParse(value.trim()).success ? undefined : 'email';
}

/** What a checkout asks for beyond the address, payout and terms. */
export interface CheckoutFormRules {
  /** A guest, or a seller creating an account, gives an e-mail address. */
  readonly asGuest: boolean;
  /** A business sale names its company. */
  readonly business?: boolean;
  /** A seller creating an account chooses a password. */
  readonly newAccount?: boolean;
}

/**
 * Checks the form for a checkout in an edition, with the same rules as the trade API (postal
 * code of the edition's country, IBAN check digits, password rules), so a mistake is named
 * before anything is sent.
 */
export function validateCheckoutForm(
  values: CheckoutFormValues,
  edition: EditionCode,
  { asGuest, business = false, newAccount = false }: CheckoutFormRules,
): FieldErrors {
  const errors: FieldErrors = {};
  const set = (field: CheckoutField, code: FieldErrorCode | undefined) => {
    if (code !== undefined) errors[field] = code;
  };
  if (asGuest) set('email', emailError(values.email));
  if (newAccount) {
    if (values.newPassword === '') set('newPassword', 'required');
    else if (!passwordSchema.safeParse(values.newPassword).success) {
      set('newPassword', 'weakPassword');
    }
  }
  if (business) {
    if (values.company.trim() === '') set('company', 'required');
    else if (!passesAddressRule('company', values.company.trim())) {
      set('company', lineError(values.company));
    }
    set('vatId', vatIdError(values.vatId));
  }
  set('firstName', nameError(values.firstName));
  set('lastName', nameError(values.lastName));
  set('street', textError(values.street, addressInputSchema.shape.street, 'addressLine'));
  set('city', textError(values.city, addressInputSchema.shape.city, 'addressLine'));
  if (hasHouseNumberField(edition)) {
    if (values.houseNumber.trim() === '') set('houseNumber', 'required');
    else if (!passesAddressRule('houseNumber', values.houseNumber.trim())) {
      set('houseNumber', 'houseNumber');
    }
  }
  if (!passesAddressRule('addressAddition', values.addressAddition.trim())) {
    set('addressAddition', lineError(values.addressAddition));
  }
  if (values.zip.trim() === '') set('zip', 'required');
  else if (!isValidPostalCode(edition, values.zip.trim())) set('zip', 'postalCode');
  if (values.payoutMethod === 'paypal') {
    set('paypalEmail', emailError(values.paypalEmail));
  } else {
    set('accountHolder', textError(values.accountHolder, accountHolderSchema, 'name'));
    const iban = ibanSchema.safeParse(normalizeIban(values.iban));
    if (values.iban.trim() === '') set('iban', 'required');
    else if (!iban.success) set('iban', fieldIssuesOf(iban.error.issues)[0]?.reason ?? 'iban');
  }
  const voucher = values.voucher.trim();
  if (voucher !== '' && !voucherCodeSchema.safeParse(voucher).success) set('voucher', 'voucher');
  if (!values.acceptedTerms) set('acceptedTerms', 'terms');
  return errors;
}

/** The first field with an error, in the order of the form (where focus goes on submit). */
export function firstInvalidField(errors: FieldErrors): CheckoutField | undefined {
  return checkoutFieldOrder.find((field) => errors[field] !== undefined);
}

/** The payment type of a payout method: 2 for PayPal, else the edition's SEPA default (§9). */
export function paymentTypeOf(method: CheckoutFormValues['payoutMethod'], edition: EditionCode) {
  return method === 'paypal' ? payPalPaymentMethod : getClientEdition(edition).selectedPaymentType;
}

/** Where the checkout happens: the element's edition, mode and partner. */
export interface CheckoutContext {
  readonly edition: EditionCode;
  readonly mode: ShopMode;
  readonly partner: string | undefined;
}

/**
 * The B2B VAT ID the checkout sends: the typed one normalised, only in a business sale and only
 * when given.
 */
function vatIdOf(values: CheckoutFormValues, context: CheckoutContext): string | undefined {
  const vatId = normalizeVatId(values.vatId);
  return isB2BMode(context.mode) && vatId !== '' ? vatId : undefined;
}

/** The body of the checkout call (`createTrade`) for a validated form and the cart's lines. */
export function buildCheckoutRequest(
  values: CheckoutFormValues,
  lines: ReadonlyArray<{ readonly offerId: string; readonly quantity: number }>,
  context: CheckoutContext,
): CheckoutRequest {
  const paymentType = paymentTypeOf(values.payoutMethod, context.edition);
  const voucher = values.voucher.trim();
  const vatId = vatIdOf(values, context);
  return {
    edition: context.edition,
    offers: lines.map((line) => ({ offerId: line.offerId, quantity: line.quantity })),
    address: addressOf(values, context),
    payout:
      values.payoutMethod === 'paypal'
        ? { paymentType, email: values.paypalEmail.trim() }
        : {
            paymentType,
            accountHolder: values.accountHolder.trim(),
            iban: normalizeIban(values.iban),
          },
    ...(voucher === '' ? {} : { voucher }),
    shopMode: context.mode,
    ...(context.partner === undefined ? {} : { partner: context.partner }),
    ...(vatId === undefined ? {} : { vatId }),
    acceptedTerms: true,
    ...(getClientEdition(context.edition).hasNewsletter
      ? { newsletterOptIn: values.newsletterOptIn }
      : {}),
  };
}

/** The sender address of the form, in the edition's country; the company for a B2B sale only. */
function addressOf(values: CheckoutFormValues, context: CheckoutContext): AddressInput {
  const addition = values.addressAddition.trim();
  const company = isB2BMode(context.mode) ? values.company.trim() : '';
  // Where the street line holds the number, the form has no house number field to send.
  const houseNumber = hasHouseNumberField(context.edition) ? values.houseNumber.trim() : '';
  return {
    salutation: values.salutation,
    ...(company === '' ? {} : { company }),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    street: values.street.trim(),
    ...(houseNumber === '' ? {} : { houseNumber }),
    ...(addition === '' ? {} : { addressAddition: addition }),
    zip: values.zip.trim(),
    city: values.city.trim(),
    country: context.edition,
  };
}

/**
 * The body of the registration call for an account created with the checkout: the same name,
 * address and payout as the trade, the e-mail address in lower case (§5) and the new password.
 * The trade's account claim lets the account hold the guest trade once activated.
 * Throws (naming the fields) when the form does not make a valid registration.
 */
export function buildRegistrationRequest(
  values: CheckoutFormValues,
  context: CheckoutContext,
  tradeClaim?: string | null,
): RegisterRequest {
  const paymentType = paymentTypeOf(values.payoutMethod, context.edition);
  const payment: RegistrationPayment =
    values.payoutMethod === 'paypal'
      ? { paymentType, paypalAccount: { email: values.paypalEmail.trim() }, bankAccount: null }
      : {
          paymentType,
          paypalAccount: null,
          bankAccount: {
            accountHolder: values.accountHolder.trim(),
            iban: normalizeIban(values.iban),
          },
        };
  return buildRegistrationBody({
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email,
    password: values.newPassword,
    locale: getClientEdition(context.edition).icuLocale,
    address: addressOf(values, context),
    payment,
    tradeClaim: tradeClaim ?? undefined,
  });
}

/** The fields of the form a checkout's refusal can name (the login and account fields cannot). */
type RefusedCheckoutField = Exclude<
  CheckoutField,
  'loginEmail' | 'password' | 'email' | 'newPassword'
>;

/** Where the checkout body's refused paths show on the form, and with which message. */
const checkoutRefusals: RefusalMap<RefusedCheckoutField, FieldErrorCode> = {
  paths: {
    ...addressRefusalPaths('address'),
    'payout.accountHolder': 'accountHolder',
    'payout.iban': 'iban',
    'payout.email': 'paypalEmail',
    voucher: 'voucher',
    vatId: 'vatId',
    acceptedTerms: 'acceptedTerms',
  },
  codes: {
    company: 'invalid',
    // The API's 400 says the number is not valid; the field says why from the typed value.
    vatId: 'vatIdFormat',
    salutation: 'invalid',
    firstName: 'invalid',
    lastName: 'invalid',
    street: 'invalid',
    houseNumber: 'houseNumber',
    addressAddition: 'tooLong',
    zip: 'postalCode',
    city: 'invalid',
    accountHolder: 'invalid',
    iban: 'iban',
    paypalEmail: 'email',
    voucher: 'voucher',
    acceptedTerms: 'terms',
  },
};

/** What the checkout's answer or request errors mean for the form. */
export interface MappedServerErrors {
  /** Errors to show next to their fields. */
  readonly fields: FieldErrors;
  /** The cart's offers were refused (expired, already traded): the seller must fix the cart. */
  readonly offers: boolean;
  /** Problems no field of the form can show (reported as one general message). */
  readonly other: boolean;
}

/** Whether a refused path names the cart's offers, which the seller fixes in the cart. */
function isOffer(path: string): boolean {
  return path === 'offers' || path.startsWith('offers.');
}

/**
 * Maps the `fields[].path` of a 400 (or of the client's own request check) to the form, by the
 * contract's one mapping of refusals to fields.
 */
export function mapServerFieldErrors(errors: readonly ApiFieldError[]): MappedServerErrors {
  const { errors: fields, unplaced } = placeRefusals(errors, checkoutRefusals);
  return {
    fields,
    offers: unplaced.some(isOffer),
    other: unplaced.some((path) => !isOffer(path)),
  };
}
