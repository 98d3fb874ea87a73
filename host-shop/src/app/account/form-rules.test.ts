import { updateBankAccountsEndpoint } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import { checkForm, internationalPhone, readableIban, type FormRefusals } from './form-rules.ts';

type BankField = 'accountHolder' | 'iban';
const bankRefusals: FormRefusals<BankField> = {
  paths: { accountHolder: 'accountHolder', iban: 'iban' },
  codes: { accountHolder: 'name', iban: 'iban' },
};

describe('checkForm', () => {
  it('answers the body the contract parsed', () => {
    const request = { accountHolder: 'Anna Muster', iban: 'DE89370400440532013000' };
    expect(
      checkForm(updateBankAccountsEndpoint.body, request, bankRefusals, request, 'iban'),
    ).toEqual({
      ok: true,
      body: request,
    });
  });

  it('puts each refusal beside its field, an empty field as required', () => {
    const values = { accountHolder: '', iban: 'BR1800360305000010009795493C1' };
    expect(
      checkForm(updateBankAccountsEndpoint.body, values, bankRefusals, values, 'iban'),
    ).toEqual({
      ok: false,
      errors: { accountHolder: 'required', iban: 'ibanNotSepa' },
    });
  });

  it('puts a refusal the form has no field for on the fallback field', () => {
    const values = { accountHolder: 'Anna Muster', iban: 'DE89370400440532013000' };
    expect(
      checkForm(
        updateBankAccountsEndpoint.body,
        { ...values, bic: 'X' },
        bankRefusals,
        values,
        'iban',
      ),
    ).toEqual({ ok: false, errors: { iban: 'invalid' } });
  });
});

describe('IBANs for people', () => {
  it('reads an IBAN in groups of four', () => {
    expect(readableIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
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
    expect(internationalPhone('123', 'de')).toBeUndefined();
    expect(internationalPhone('call me', 'fr')).toBeUndefined();
  });
});
