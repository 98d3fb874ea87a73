import { addressInputSchema } from '@tradein/contract';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildCheckoutRequest,
  buildRegistrationRequest,
  emptyCheckoutForm,
  firstInvalidField,
  mapServerFieldErrors,
  validateCheckoutForm,
  type CheckoutFormValues,
} from './checkout-form.ts';
import { sellerAddressInput, sellerSepaPayout } from '@tradein/contract/test-fixtures';

const { houseNumber: _separate, ...sellerWithoutHouseNumber } = sellerAddressInput;
const offerA = '0b7c8a52-58c4-4e0f-9a43-6a1b1f0e2c11';
const offerB = '5e2d6f0a-1c3b-4a8e-8f61-2b7d9c4e0a22';

/** The form as the seller of the contract's checkout fixtures fills it in. */
function filled(overrides: Partial<CheckoutFormValues> = {}): CheckoutFormValues {
  // The form asks for no country: the edition gives it.
  const { country: _fromEdition, ...address } = sellerAddressInput;
  return {
    ...emptyCheckoutForm(),
    ...address,
    email: 'jonas.weber@example.org',
    accountHolder: sellerSepaPayout.accountHolder,
    iban: 'DE89 3704 0044 0532 0130 00',
    acceptedTerms: true,
    ...overrides,
  };
}

describe('validateCheckoutForm', () => {
  it('names what a name or an address line cannot hold, as the trade API refuses it', () => {
    const errors = validateCheckoutForm(
      filled({
        firstName: 'Visit http://evil.example',
        lastName: 'Weber2',
        street: 'www.evil.example',
        accountHolder: 'mail me@evil.example',
      }),
      'de',
      { asGuest: true },
    );
    expect(errors).toEqual({
      firstName: 'name',
      lastName: 'name',
      street: 'addressLine',
      accountHolder: 'name',
    });
  });

  it('accepts streets with numbers and companies as account holders', () => {
    const values = filled({ street: 'Straße des 17. Juni', accountHolder: '1&1 Versatel GmbH' });
    expect(validateCheckoutForm(values, 'de', { asGuest: true })).toEqual({});
  });

  it('accepts a complete form', () => {
    expect(validateCheckoutForm(filled(), 'de', { asGuest: true })).toEqual({});
  });

  it('names every missing field of an empty form, with the terms, in form order', () => {
    const errors = validateCheckoutForm(emptyCheckoutForm(), 'de', { asGuest: true });
    expect(errors).toEqual({
      email: 'required',
      firstName: 'required',
      lastName: 'required',
      street: 'required',
      houseNumber: 'required',
      zip: 'required',
      city: 'required',
      accountHolder: 'required',
      iban: 'required',
      acceptedTerms: 'terms',
    });
    expect(firstInvalidField(errors)).toBe('email');
  });

  it.each([
    ['de', '10119', true],
    ['de', '1011', false],
    ['at', '1010', true],
    ['at', '10100', false],
    ['fr', '75001', true],
    ['fr', '00000', false],
    ['es', '28013', true],
    ['it', '00184', true],
    ['it', 'ABCDE', false],
  ] as const)('postal code rule of %s: %s valid = %s', (edition, zip, valid) => {
    const errors = validateCheckoutForm(filled({ zip }), edition, { asGuest: true });
    expect(errors.zip).toBe(valid ? undefined : 'postalCode');
  });

  it.each([
    ['DE89370400440532013000', undefined],
    ['de89 3704 0044 0532 0130 00', undefined],
    ['DE89370400440532013001', 'iban'],
    ['DE8937040044', 'iban'],
    ['US12345678901234567890', 'ibanNotSepa'],
    ['BR1800360305000010009795493C1', 'ibanNotSepa'],
    ['TR33 0006 1005 1978 6457 8413 26', 'ibanNotSepa'],
  ] as const)('checks the IBAN %s', (iban, code) => {
    expect(validateCheckoutForm(filled({ iban }), 'de', { asGuest: true }).iban).toBe(code);
  });

  it('asks for the PayPal address instead of the bank account for PayPal', () => {
    const errors = validateCheckoutForm(
      filled({ payoutMethod: 'paypal', iban: '', accountHolder: '', paypalEmail: 'nope' }),
      'de',
      { asGuest: true },
    );
    expect(errors).toEqual({ paypalEmail: 'email' });
  });

  it.each([
    ['', 'required', 'company'],
    ['   ', 'required', 'company'],
    ['x'.repeat(101), 'tooLong', 'company'],
    [' Musterhandel GmbH ', undefined, undefined],
  ] as const)('asks a business sale for its company (%j → %s)', (company, code, first) => {
    const errors = validateCheckoutForm(filled({ company }), 'de', {
      asGuest: true,
      business: true,
    });
    expect(errors.company).toBe(code);
    expect(firstInvalidField(errors)).toBe(first);
  });

  it.each([
    ['', 'required'],
    ['short1!', 'weakPassword'],
    ['onlyletters', 'weakPassword'],
    ['12345678', 'weakPassword'],
    ['Ankauf-2026', undefined],
  ] as const)('asks a new account for a password (%j → %s)', (newPassword, code) => {
    const errors = validateCheckoutForm(filled({ newPassword }), 'de', {
      asGuest: true,
      newAccount: true,
    });
    expect(errors.newPassword).toBe(code);
  });

  it('does not ask a consumer for a company', () => {
    expect(validateCheckoutForm(filled({ company: '' }), 'de', { asGuest: true })).toEqual({});
  });

  it('needs no guest e-mail for a logged-in customer, and checks voucher and house number', () => {
    const errors = validateCheckoutForm(
      filled({ email: '', voucher: 'NOT VALID!', houseNumber: '-12' }),
      'de',
      { asGuest: false },
    );
    expect(errors).toEqual({ voucher: 'voucher', houseNumber: 'houseNumber' });
  });
});

describe("street and house number as the edition's country writes them", () => {
  it.each(['fr', 'es', 'it'] as const)(
    '%s takes one street line without a house number and sends none',
    (edition) => {
      const values = filled({ street: '12 rue de Rivoli', houseNumber: '', zip: '75001' });
      expect(validateCheckoutForm(values, edition, { asGuest: true })).not.toHaveProperty(
        'houseNumber',
      );
      const body = buildCheckoutRequest(values, [{ offerId: offerA, quantity: 1 }], {
        edition,
        mode: 'default',
        partner: undefined,
      });
      expect(body.address.street).toBe('12 rue de Rivoli');
      expect(body.address).not.toHaveProperty('houseNumber');
    },
  );

  it('takes a one-line street without a digit in fr', () => {
    const values = filled({ street: 'Lieu-dit Les Granges', houseNumber: '', zip: '23000' });
    expect(validateCheckoutForm(values, 'fr', { asGuest: true })).toEqual({});
  });

  it.each(['de', 'at'] as const)('%s asks for the house number in its own field', (edition) => {
    const values = filled({ houseNumber: '', zip: edition === 'at' ? '1010' : '10119' });
    expect(validateCheckoutForm(values, edition, { asGuest: true })).toEqual({
      houseNumber: 'required',
    });
    const body = buildCheckoutRequest(filled(), [{ offerId: offerA, quantity: 1 }], {
      edition: 'de',
      mode: 'default',
      partner: undefined,
    });
    expect(body.address).toMatchObject({ street: 'Torstraße', houseNumber: '12' });
  });

  it("places the API's refusal of a missing house number on the house number field", () => {
    expect(
      mapServerFieldErrors([
        { path: 'address.houseNumber', message: 'House number is required in de' },
      ]).fields,
    ).toEqual({ houseNumber: 'houseNumber' });
  });
});

describe('the form and the trade API agree on the address', () => {
  // The form asks the contract's schema, so a rule changed there changes the form too; these
  // inputs sit on both sides of each rule (lengths, first character, allowed characters).
  const samples = {
    company: fc.oneof(
      fc.string({ minLength: 1, maxLength: 120 }),
      fc.constantFrom('x'.repeat(100), 'x'.repeat(101), 'Muster & Söhne GmbH'),
    ),
    houseNumber: fc.oneof(
      fc.stringMatching(/^[0-9A-Za-z /.\-_#]{1,24}$/),
      fc.constantFrom('12', '12a', '12 b', '1-3', '4/2', '-12', 'x'.repeat(20), 'x'.repeat(21)),
    ),
    addressAddition: fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.constantFrom('x'.repeat(100), 'x'.repeat(101), 'Hinterhaus, 3. OG'),
    ),
  } as const;

  it.each(Object.keys(samples) as (keyof typeof samples)[])(
    'refuses a %s exactly when the contract does',
    (field) => {
      fc.assert(
        fc.property(samples[field], (raw) => {
          const value = raw.trim();
          fc.pre(value !== '');
          const errors = validateCheckoutForm(filled({ [field]: value }), 'de', {
            asGuest: true,
            business: true,
          });
          const refusedByContract = !addressInputSchema.shape[field].safeParse(value).success;
          expect(errors[field] !== undefined).toBe(refusedByContract);
        }),
      );
    },
  );
});

describe('buildCheckoutRequest', () => {
  const lines = [
    { offerId: offerA, quantity: 2 },
    { offerId: offerB, quantity: 1 },
  ];

  it('sends the lines, the address in the edition, a SEPA payout in electronic form and the terms', () => {
    const body = buildCheckoutRequest(
      filled({ newsletterOptIn: true, voucher: ' WELCOME10 ', company: ' Musterhandel GmbH ' }),
      lines,
      {
        edition: 'de',
        mode: 'b2bWidget',
        partner: 'musterhandel',
      },
    );
    expect(body).toEqual({
      edition: 'de',
      offers: lines,
      address: { ...sellerAddressInput, company: 'Musterhandel GmbH' },
      payout: sellerSepaPayout,
      voucher: 'WELCOME10',
      shopMode: 'b2bWidget',
      partner: 'musterhandel',
      acceptedTerms: true,
      newsletterOptIn: true,
    });
  });

  it('sends PayPal as payment type 2 and leaves out what is empty', () => {
    const body = buildCheckoutRequest(
      filled({ payoutMethod: 'paypal', paypalEmail: ' pay@example.org ' }),
      lines,
      { edition: 'fr', mode: 'default', partner: undefined },
    );
    expect(body.payout).toEqual({ paymentType: 2, email: 'pay@example.org' });
    expect('voucher' in body).toBe(false);
    expect('partner' in body).toBe(false);
    expect(body.address.country).toBe('fr');
  });

  it('sends no company for a consumer sale, even one left in the form', () => {
    const body = buildCheckoutRequest(filled({ company: 'Leftover GmbH' }), lines, {
      edition: 'de',
      mode: 'default',
      partner: undefined,
    });
    expect('company' in body.address).toBe(false);
  });
});

describe('buildRegistrationRequest', () => {
  it('registers the name, address and PayPal payout of the checkout with the new password', () => {
    const body = buildRegistrationRequest(
      filled({
        email: ' Jonas.Weber@Example.org ',
        newPassword: 'Ankauf-2026',
        payoutMethod: 'paypal',
        paypalEmail: ' pay@example.org ',
      }),
      { edition: 'fr', mode: 'default', partner: undefined },
    );
    expect(body).toEqual({
      enabled: true,
      firstName: 'Jonas',
      lastName: 'Weber',
      username: 'jonas.weber@example.org',
      email: 'jonas.weber@example.org',
      credentials: [{ type: 'password', value: 'Ankauf-2026', temporary: false }],
      attributes: { locale: 'fr-FR' },
      // The French form has one street line and no house number field.
      Address: { ...sellerWithoutHouseNumber, country: 'fr' },
      Payment: { paymentType: 2, paypalAccount: { email: 'pay@example.org' }, bankAccount: null },
    });
  });
});

describe('mapServerFieldErrors', () => {
  it('puts the fields a 400 names next to their inputs', () => {
    expect(
      mapServerFieldErrors([
        { path: 'address.zip', message: 'Postal code "0000" is not valid in de' },
        { path: 'payout.iban', message: 'IBAN check digits are wrong' },
        { path: 'voucher', message: 'Voucher expired' },
        { path: 'payout.email', message: 'bad' },
        { path: 'address.company', message: 'A business sale needs the company name' },
      ]),
    ).toEqual({
      fields: {
        zip: 'postalCode',
        iban: 'iban',
        voucher: 'voucher',
        paypalEmail: 'email',
        company: 'invalid',
      },
      offers: false,
      other: false,
    });
  });

  it('reports refused offers and unknown paths apart from the fields', () => {
    expect(
      mapServerFieldErrors([
        { path: 'offers.1.offerId', message: 'expired' },
        { path: 'address.country', message: 'must be de' },
      ]),
    ).toEqual({ fields: {}, offers: true, other: true });
  });
});
