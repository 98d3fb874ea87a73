import {
  addressRefusalPaths,
  normalizeIban,
  registerEndpoint,
  registrationRequestOf,
  type RegistrationPayment,
} from '@tradein/contract';
import type { EditionCode } from '@tradein/editions';
import { defaultPaymentType, payPalPaymentMethod } from '@tradein/editions/client';
import {
  addressBody,
  addressFieldCodes,
  checkForm,
  readAddress,
  textOf,
  type FormRefusals,
} from '../form-rules.ts';
import {
  payoutChoices,
  type PayoutChoice,
  type RegistrationField,
  type RegistrationValues,
} from './registration-result.ts';

/** The registration form as posted: every value trimmed, the password as typed. */
export type RegistrationForm = Record<RegistrationField, string> & { payout: PayoutChoice };

/**
 * Where the registration form shows the refusals of its request (the register body of §7, as
 * the API's own check or its 400 name them), and with which message.
 */
export const registrationRefusals: FormRefusals<RegistrationField> = {
  paths: {
    ...addressRefusalPaths('Address'),
    firstName: 'firstName',
    lastName: 'lastName',
    email: 'email',
    username: 'email',
    credentials: 'password',
    'attributes.locale': 'locale',
    'Payment.bankAccount.accountHolder': 'accountHolder',
    'Payment.bankAccount.iban': 'iban',
    'Payment.bankAccount.bic': 'bic',
    'Payment.paypalAccount.email': 'paypalEmail',
  },
  codes: {
    ...addressFieldCodes,
    email: 'email',
    password: 'weakPassword',
    locale: 'invalid',
    accountHolder: 'name',
    iban: 'iban',
    bic: 'bic',
    paypalEmail: 'email',
  },
};

/** Reads the registration form. */
export function readRegistration(form: FormData): RegistrationForm {
  const choice = form.get('payout');
  const password = form.get('password');
  return {
    ...readAddress(form),
    email: textOf(form, 'email').toLowerCase(),
    password: typeof password === 'string' ? password : '',
    locale: textOf(form, 'locale'),
    payout: payoutChoices.find((value) => value === choice) ?? 'later',
    accountHolder: textOf(form, 'accountHolder'),
    iban: textOf(form, 'iban'),
    bic: textOf(form, 'bic'),
    paypalEmail: textOf(form, 'paypalEmail').toLowerCase(),
  };
}

/** The values the form shows again after a refusal: all but the password. */
export function shownAgain({ password: _password, ...values }: RegistrationForm) {
  return values satisfies RegistrationValues;
}

/** The payout of the chosen method, the others' fields left out; none for `later`. */
function paymentOf(values: RegistrationForm): RegistrationPayment | null {
  if (values.payout === 'sepa') {
    return {
      paymentType: defaultPaymentType,
      paypalAccount: null,
      bankAccount: {
        accountHolder: values.accountHolder,
        iban: normalizeIban(values.iban),
        ...(values.bic === '' ? {} : { bic: values.bic.toUpperCase() }),
      },
    };
  }
  if (values.payout === 'paypal') {
    return {
      paymentType: payPalPaymentMethod,
      paypalAccount: { email: values.paypalEmail },
      bankAccount: null,
    };
  }
  return null;
}

/** Checks the registration with the register call's own schema, in the edition's country. */
export function checkRegistration(values: RegistrationForm, edition: EditionCode) {
  const request = registrationRequestOf({
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    password: values.password,
    locale: values.locale,
    address: addressBody(values, edition),
    payment: paymentOf(values),
  });
  return checkForm(registerEndpoint.body, request, registrationRefusals, values, 'email');
}
