import { describe, expect, it } from 'vitest';
import type { ApiFieldError } from './api-error.ts';
import { addressInputSchema } from './customer.ts';
import {
  addressFormFields,
  addressRefusalPaths,
  fieldIssuesOf,
  parseFormRequest,
  placeRefusals,
  type RefusalMap,
} from './form-refusals.ts';
import { bankAccountInputSchema } from './payment-accounts.ts';
import { registerRequestSchema, registrationRequestOf } from './registration.ts';
import { berlinAddressInput } from './test-fixtures.ts';

type BankField = 'accountHolder' | 'iban' | 'bic';
const bankMap: RefusalMap<BankField, 'name' | 'iban' | 'bic'> = {
  paths: { accountHolder: 'accountHolder', iban: 'iban', bic: 'bic' },
  codes: { accountHolder: 'name', iban: 'iban', bic: 'bic' },
};

describe('fieldIssuesOf', () => {
  it('names an IBAN outside the SEPA area, and only that, as ibanNotSepa', () => {
    const brazil = bankAccountInputSchema.safeParse({
      accountHolder: 'Ana Souza',
      iban: 'BR1800360305000010009795493C1',
    });
    const turkey = bankAccountInputSchema.safeParse({
      accountHolder: 'Ayşe Yılmaz',
      iban: 'TR330006100519786457841326',
    });
    const typo = bankAccountInputSchema.safeParse({
      accountHolder: 'Anna Muster',
      iban: 'DE88370400440532013000',
    });
    expect(fieldIssuesOf(brazil.error?.issues ?? [])).toEqual([
      { path: 'iban', reason: 'ibanNotSepa' },
    ]);
    expect(fieldIssuesOf(turkey.error?.issues ?? [])).toEqual([
      { path: 'iban', reason: 'ibanNotSepa' },
    ]);
    expect(fieldIssuesOf(typo.error?.issues ?? [])).toEqual([{ path: 'iban', reason: undefined }]);
  });

  it('names a text longer than a name or address line may be, not a longer limit', () => {
    const long = addressInputSchema.safeParse({ ...berlinAddressInput, street: 'a'.repeat(101) });
    expect(fieldIssuesOf(long.error?.issues ?? [])).toEqual([
      { path: 'street', reason: 'tooLong' },
    ]);
    const mail = registerRequestSchema.safeParse(
      registrationRequestOf({
        firstName: 'Anna',
        lastName: 'Muster',
        email: `${'a'.repeat(250)}@example.org`,
        password: 'Secret-pass-1',
        locale: 'de-DE',
        address: berlinAddressInput,
        payment: null,
      }),
    );
    expect(fieldIssuesOf(mail.error?.issues ?? [])).toContainEqual({
      path: 'email',
      reason: undefined,
    });
  });
});

describe('placeRefusals', () => {
  it('puts a refusal on the field of its path or longest listed prefix, once per field', () => {
    const map: RefusalMap<'password' | 'zip' | 'email', 'weakPassword' | 'postalCode' | 'email'> = {
      paths: { credentials: 'password', 'Address.zip': 'zip', email: 'email', username: 'email' },
      codes: { password: 'weakPassword', zip: 'postalCode', email: 'email' },
    };
    // A refusal of the API names its message, which the form does not show.
    const apiRefusal: ApiFieldError = {
      path: 'credentials.0.value',
      message: 'Password must be at least 8 characters',
    };
    expect(
      placeRefusals(
        [
          apiRefusal,
          { path: 'Address.zip' },
          { path: 'email', reason: 'tooLong' },
          { path: 'username' },
          { path: 'Address.country' },
          { path: '' },
        ],
        map,
      ),
    ).toEqual({
      errors: { password: 'weakPassword', zip: 'postalCode', email: 'tooLong' },
      unplaced: ['Address.country', ''],
    });
  });

  it('calls a refused blank field required, whatever its rule said', () => {
    expect(
      placeRefusals([{ path: 'accountHolder' }, { path: 'iban' }], bankMap, {
        accountHolder: '  ',
        iban: 'DE88',
      }).errors,
    ).toEqual({ accountHolder: 'required', iban: 'iban' });
  });

  it('does not take a field from the object prototype', () => {
    expect(placeRefusals([{ path: 'constructor' }], bankMap)).toEqual({
      errors: {},
      unplaced: ['constructor'],
    });
  });
});

describe('parseFormRequest', () => {
  it('answers the parsed body of a valid request', () => {
    expect(
      parseFormRequest(
        bankAccountInputSchema,
        { accountHolder: 'Anna Muster', iban: 'DE89370400440532013000' },
        bankMap,
      ),
    ).toEqual({
      ok: true,
      body: { accountHolder: 'Anna Muster', iban: 'DE89370400440532013000' },
    });
  });

  it('places the refusals of an invalid one', () => {
    expect(
      parseFormRequest(
        bankAccountInputSchema,
        { accountHolder: 'Ana', iban: 'BR1800360305000010009795493C1', bic: 'X' },
        bankMap,
      ),
    ).toEqual({ ok: false, errors: { iban: 'ibanNotSepa', bic: 'bic' }, unplaced: [] });
  });
});

describe('address fields', () => {
  it('are the fields of the address input but its country', () => {
    expect([...addressFormFields, 'country'].toSorted()).toEqual(
      Object.keys(addressInputSchema.shape).toSorted(),
    );
  });

  it('are found inside a request by its prefix', () => {
    expect(addressRefusalPaths('Address')).toMatchObject({
      'Address.zip': 'zip',
      'Address.firstName': 'firstName',
    });
    expect(addressRefusalPaths('')).toMatchObject({ zip: 'zip', city: 'city' });
  });
});
