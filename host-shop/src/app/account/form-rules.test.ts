import { describe, expect, it } from 'vitest';
import {
  addressErrors,
  bicError,
  electronicIban,
  ibanError,
  internationalPhone,
  phoneError,
  readableIban,
  type AddressValues,
} from './form-rules.ts';

const address: AddressValues = {
  salutation: 'ms',
  firstName: 'Anna',
  lastName: 'Muster',
  company: '',
  street: 'Hauptstraße',
  houseNumber: '12a',
  addressAddition: '',
  zip: '10115',
  city: 'Berlin',
};

describe('addressErrors', () => {
  it('accepts a complete address of the edition', () => {
    expect(addressErrors(address, 'de')).toEqual({});
    expect(addressErrors({ ...address, zip: '1010' }, 'at')).toEqual({});
  });

  it('names each refused field with its reason', () => {
    expect(
      addressErrors(
        {
          ...address,
          firstName: 'Anna2',
          street: '',
          zip: '1010',
          company: 'Visit http://evil.example',
          salutation: 'king',
        },
        'de',
      ),
    ).toEqual({
      salutation: 'required',
      firstName: 'name',
      street: 'required',
      zip: 'postalCode',
      company: 'addressLine',
    });
  });

  it('follows the French postal rule (first two digits 01-98)', () => {
    expect(addressErrors({ ...address, zip: '75001' }, 'fr')).toEqual({});
    expect(addressErrors({ ...address, zip: '99001' }, 'fr')).toEqual({ zip: 'postalCode' });
  });
});

describe('IBAN and BIC', () => {
  it('checks the check digits of an IBAN typed with spaces and lower case', () => {
    expect(ibanError('de89 3704 0044 0532 0130 00')).toBeUndefined();
    expect(ibanError('DE88 3704 0044 0532 0130 00')).toBe('iban');
    expect(ibanError('')).toBe('required');
  });

  it('formats an IBAN for the API and for people', () => {
    expect(electronicIban('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(readableIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('takes an empty or valid BIC only', () => {
    expect(bicError('')).toBeUndefined();
    expect(bicError('deutdeff')).toBeUndefined();
    expect(bicError('DEUTDEFF500')).toBeUndefined();
    expect(bicError('DEUT')).toBe('bic');
  });
});

describe('phone numbers', () => {
  it('reads a national number in the edition country, in international form', () => {
    expect(internationalPhone('0170 1234567', 'de')).toBe('+49 170 1234567');
    expect(internationalPhone('0664 1234567', 'at')).toBe('+43 664 1234567');
    expect(internationalPhone('612 34 56 78', 'es')).toBe('+34 612 34 56 78');
  });

  it('keeps the country a number names', () => {
    expect(internationalPhone('+33 6 12 34 56 78', 'de')).toBe('+33 6 12 34 56 78');
  });

  it('refuses what is no number', () => {
    expect(phoneError('123', 'de')).toBe('phone');
    expect(phoneError('call me', 'fr')).toBe('phone');
    expect(phoneError('', 'it')).toBe('required');
  });
});
