import { createTradeEndpoint } from '@tradein/contract';
import {
  sellerAddressInput,
  sellerSepaPayout,
  vatIdExamples,
} from '@tradein/contract/test-fixtures';
import { describe, expect, it } from 'vitest';
import {
  buildCheckoutRequest,
  emptyCheckoutForm,
  mapServerFieldErrors,
  validateCheckoutForm,
  vatIdError,
  type CheckoutFormValues,
} from './checkout-form.ts';

const offer = '0b7c8a52-58c4-4e0f-9a43-6a1b1f0e2c11';
const business = { edition: 'de', mode: 'b2bWidget', partner: undefined } as const;

/** A business seller's form, complete but for what the test sets. */
function filled(overrides: Partial<CheckoutFormValues> = {}): CheckoutFormValues {
  const { country: _fromEdition, ...address } = sellerAddressInput;
  return {
    ...emptyCheckoutForm(),
    ...address,
    company: 'Musterhandel GmbH',
    email: 'jonas.weber@example.org',
    accountHolder: sellerSepaPayout.accountHolder,
    iban: 'DE89 3704 0044 0532 0130 00',
    acceptedTerms: true,
    ...overrides,
  };
}

describe('the VAT ID of a business checkout', () => {
  describe.each(vatIdExamples)('$country', ({ prefix, valid, wrongCheckDigits }) => {
    it(`accepts ${valid} and sends it in the request the API parses`, () => {
      const values = filled({ vatId: valid });
      expect(validateCheckoutForm(values, 'de', { asGuest: true, business: true })).toEqual({});
      const body = buildCheckoutRequest(values, [{ offerId: offer, quantity: 1 }], business);
      expect(body.vatId).toBe(valid);
      expect(createTradeEndpoint.body.safeParse(body).success).toBe(true);
    });

    it(`refuses ${wrongCheckDigits} for its check digits and ${prefix}1 for its format`, () => {
      expect(vatIdError(wrongCheckDigits)).toBe('vatIdCheckDigits');
      expect(vatIdError(`${prefix}1`)).toBe('vatIdFormat');
      expect(
        validateCheckoutForm(filled({ vatId: wrongCheckDigits }), 'de', {
          asGuest: true,
          business: true,
        }),
      ).toEqual({ vatId: 'vatIdCheckDigits' });
    });
  });

  it('is optional: an empty field is no error and sends nothing', () => {
    const values = filled({ vatId: '  ' });
    expect(validateCheckoutForm(values, 'de', { asGuest: true, business: true })).toEqual({});
    const body = buildCheckoutRequest(values, [{ offerId: offer, quantity: 1 }], business);
    expect('vatId' in body).toBe(false);
  });

  it('sends a typed number normalised', () => {
    const body = buildCheckoutRequest(
      filled({ vatId: 'de 136.695-976' }),
      [{ offerId: offer, quantity: 1 }],
      business,
    );
    expect(body.vatId).toBe('DE136695976');
  });

  it('names a number without an EU prefix', () => {
    expect(vatIdError('136695976')).toBe('vatIdCountry');
    expect(vatIdError('GB980780684')).toBe('vatIdCountry');
  });

  it('neither checks nor sends a VAT ID left in the form of a consumer sale', () => {
    const values = filled({ vatId: 'not a number' });
    expect(validateCheckoutForm(values, 'de', { asGuest: true })).toEqual({});
    const body = buildCheckoutRequest(values, [{ offerId: offer, quantity: 1 }], {
      ...business,
      mode: 'default',
    });
    expect('vatId' in body).toBe(false);
  });

  it("places the API's refusal of the VAT ID on its field", () => {
    expect(
      mapServerFieldErrors([{ path: 'vatId', message: 'VAT ID check digits do not match (DE)' }]),
    ).toEqual({ fields: { vatId: 'vatIdFormat' }, offers: false, other: false });
  });
});
