import {
  updateAddressesEndpoint,
  updatePeopleEndpoint,
  type Address,
  type Customer,
  type People,
} from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import type { AddressValues } from '../form-rules.ts';
import {
  addressLines,
  addressOneLine,
  addressOwner,
  addressPatchBody,
  addressValuesOf,
  checkAddress,
  mainAddressBody,
  mainAddressFirst,
  mainAddressId,
  newMainAddressBody,
} from './address-changes.ts';

const form: AddressValues = {
  salutation: 'ms',
  firstName: 'Anna',
  lastName: 'Muster',
  company: '',
  street: 'Hauptstraße',
  houseNumber: '1a',
  addressAddition: '',
  zip: '10115',
  city: 'Berlin',
};

const stored: Address = {
  id: 7,
  salutation: 'mr',
  firstName: 'Ben',
  lastName: 'Kurz',
  company: 'Kurz GmbH',
  street: 'Ringstraße',
  houseNumber: '12',
  addressAddition: 'Hinterhaus',
  zip: '1010',
  city: 'Wien',
  country: 'at',
};

const people: People = {
  id: 3,
  salutation: 'ms',
  firstName: 'Anna',
  lastName: 'Muster',
  address: stored,
  customer: '/api/customers/customers/c-1',
};

/** The body of a form the contract accepts. */
function checked(values: AddressValues, edition: 'de' | 'at') {
  const check = checkAddress(values, edition);
  if (!check.ok) throw new Error(`refused: ${JSON.stringify(check.errors)}`);
  return check.body;
}

describe('checkAddress', () => {
  it('accepts a complete address of the edition, in its country, without empty optional lines', () => {
    expect(checkAddress(form, 'de')).toEqual({
      ok: true,
      body: {
        salutation: 'ms',
        firstName: 'Anna',
        lastName: 'Muster',
        street: 'Hauptstraße',
        houseNumber: '1a',
        zip: '10115',
        city: 'Berlin',
        country: 'de',
      },
    });
    expect(checkAddress({ ...form, zip: '1010' }, 'at').ok).toBe(true);
  });

  it('names each refused field with its reason, by the contract’s rules', () => {
    expect(
      checkAddress(
        {
          ...form,
          firstName: 'Anna2',
          street: '',
          zip: '1010',
          company: 'Visit http://evil.example',
          city: 'B'.repeat(101),
        },
        'de',
      ),
    ).toEqual({
      ok: false,
      errors: {
        firstName: 'name',
        street: 'required',
        zip: 'postalCode',
        company: 'addressLine',
        city: 'tooLong',
      },
    });
  });

  it('refuses a salutation the form does not offer', () => {
    expect(checkAddress({ ...form, salutation: 'king' }, 'de')).toEqual({
      ok: false,
      errors: { salutation: 'invalid' },
    });
  });

  it('follows the French postal rule (first two digits 01-98)', () => {
    expect(checkAddress({ ...form, zip: '75001' }, 'fr').ok).toBe(true);
    expect(checkAddress({ ...form, zip: '99001' }, 'fr')).toEqual({
      ok: false,
      errors: { zip: 'postalCode' },
    });
  });
});

describe("checkAddress: street and house number as the edition's country writes them", () => {
  const paris: AddressValues = {
    ...form,
    street: '12 rue de Rivoli',
    houseNumber: '',
    zip: '75001',
  };

  it.each([
    ['fr', '75001'],
    ['es', '28013'],
    ['it', '00184'],
  ] as const)('%s takes one street line and sends no house number', (edition, zip) => {
    const check = checkAddress({ ...paris, zip }, edition);
    expect(check.ok).toBe(true);
    expect(check.ok && check.body.street).toBe('12 rue de Rivoli');
    expect(check.ok && 'houseNumber' in check.body).toBe(false);
  });

  it.each(['de', 'at'] as const)('%s asks for the house number', (edition) => {
    expect(
      checkAddress({ ...form, houseNumber: '', zip: edition === 'at' ? '1010' : '10115' }, edition),
    ).toEqual({ ok: false, errors: { houseNumber: 'required' } });
  });
});

describe('addressPatchBody', () => {
  it('adds a checked address without id', () => {
    const body = addressPatchBody(checked(form, 'de'));
    expect(body).not.toHaveProperty('id');
    expect(updateAddressesEndpoint.body.safeParse(body).success).toBe(true);
  });

  it('edits the address it names by id', () => {
    const body = addressPatchBody(checked(form, 'de'), 12);
    expect(body).toMatchObject({ id: 12, street: 'Hauptstraße', country: 'de' });
    expect(updateAddressesEndpoint.body.safeParse(body).success).toBe(true);
  });

  it('sends back a stored address unchanged when its form is saved as it was', () => {
    expect(addressPatchBody(checked(addressValuesOf(stored), 'at'), stored.id)).toEqual(stored);
  });
});

describe('addressValuesOf', () => {
  it('fills every field of the form, missing optional lines as empty text', () => {
    const { company: _company, addressAddition: _addition, ...plain } = stored;
    expect(addressValuesOf(plain)).toEqual({
      salutation: 'mr',
      firstName: 'Ben',
      lastName: 'Kurz',
      company: '',
      street: 'Ringstraße',
      houseNumber: '12',
      addressAddition: '',
      zip: '1010',
      city: 'Wien',
    });
  });
});

describe('the main address', () => {
  const customer = {
    iri: '/api/customers/customers/c-1',
    peopleIri: '/api/customers/people/3',
  } as Customer;

  it('is set by the address’s IRI with the customer’s own IRIs', () => {
    const body = mainAddressBody(9, addressOwner(customer, people));
    expect(body).toEqual({
      address: '/api/customers/addresses/9',
      peopleIri: '/api/customers/people/3',
      customerIri: '/api/customers/customers/c-1',
    });
    expect(updatePeopleEndpoint.body.safeParse(body).success).toBe(true);
  });

  it('takes the IRIs from the person record while the session has no customer loaded', () => {
    expect(addressOwner(null, people)).toEqual({
      peopleIri: '/api/customers/people/3',
      customerIri: '/api/customers/customers/c-1',
    });
  });

  it('can be a new address, stored by the same call', () => {
    const body = newMainAddressBody(checked(form, 'de'), addressOwner(customer, people));
    expect(body.address).toEqual(checked(form, 'de'));
    expect(updatePeopleEndpoint.body.safeParse(body).success).toBe(true);
  });

  it('is the person record’s address, listed first', () => {
    const other = { ...stored, id: 2 };
    const last = { ...stored, id: 9 };
    expect(mainAddressId(people)).toBe(7);
    expect(mainAddressId({ ...people, address: null })).toBeNull();
    expect(mainAddressFirst([other, stored, last], 7).map(({ id }) => id)).toEqual([7, 2, 9]);
    expect(mainAddressFirst([other, last], null).map(({ id }) => id)).toEqual([2, 9]);
  });
});

describe('addressLines', () => {
  it('prints an address as its label does, leaving out empty lines', () => {
    expect(addressLines(stored)).toEqual([
      'Ben Kurz',
      'Kurz GmbH',
      'Ringstraße 12',
      'Hinterhaus',
      '1010 Wien',
    ]);
    expect(addressLines({ ...stored, company: '', addressAddition: undefined })).toEqual([
      'Ben Kurz',
      'Ringstraße 12',
      '1010 Wien',
    ]);
    expect(addressOneLine(stored)).toBe('Ringstraße 12, 1010 Wien');
  });

  it('prints a one-line street as it was written', () => {
    const { houseNumber: _none, ...withoutNumber } = stored;
    const paris = { ...withoutNumber, street: '12 rue de Rivoli', zip: '75001', city: 'Paris' };
    expect(addressLines({ ...paris, country: 'fr' })).toContain('12 rue de Rivoli');
    expect(addressOneLine(paris)).toBe('12 rue de Rivoli, 75001 Paris');
  });
});
