import { describe, expect, it } from 'vitest';
import {
  addressInputSchema,
  addressPatchSchema,
  addressSchema,
  customerResourceIri,
  customerSchema,
  guestAccountNumberSchema,
  guestAccountRequestSchema,
  peoplePatchSchema,
  peopleSchema,
  phoneContactInputSchema,
  phoneContactSchema,
  phoneNumberSchema,
  tradeHistoryEntrySchema,
} from './customer.ts';
import {
  bankAccountPatchSchema,
  bankAccountSchema,
  bicSchema,
  customerPaymentAccountInputSchema,
  customerPaymentAccountSchema,
  ibanSchema,
  normalizeIban,
  paypalAccountPatchSchema,
  paypalAccountSchema,
} from './payment-accounts.ts';
import {
  berlinAddress,
  annaPeople,
  berlinAddressInput,
  customer,
  issueMessages,
  issuePaths,
  paymentAccount,
  paymentAccountInput,
} from './test-fixtures.ts';

const bankAccount = {
  id: 4,
  accountHolder: 'Anna Schmidt',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};
const trade = {
  tradeId: 5512,
  tradeNumber: 'T-2024-005512',
  createdAt: '2024-04-02T14:05:00+02:00',
  status: 'inspected',
  total: 48000,
  devices: [
    {
      deviceId: 1001,
      offerId: 'of_8f2k',
      name: 'Apple iPhone 13 128 GB',
      price: 24000,
      quantity: 2,
    },
  ],
};

describe('customer schemas accept realistic records', () => {
  it.each([
    ['address', addressSchema, berlinAddress],
    ['address input', addressInputSchema, berlinAddressInput],
    ['address patch adding', addressPatchSchema, berlinAddressInput],
    ['address patch updating', addressPatchSchema, { ...berlinAddressInput, id: 12 }],
    [
      'company address',
      addressInputSchema,
      { ...berlinAddressInput, salutation: 'diverse', company: 'Muster GmbH' },
    ],
    ['bank account', bankAccountSchema, bankAccount],
    [
      'bank account without BIC',
      bankAccountSchema,
      { id: 5, accountHolder: 'Luca Rossi', iban: 'IT60X0542811101000000123456' },
    ],
    [
      'bank account patch adding',
      bankAccountPatchSchema,
      { accountHolder: 'Anna Schmidt', iban: 'AT611904300234573201' },
    ],
    ['PayPal account', paypalAccountSchema, { id: 3, email: 'anna@example.com' }],
    ['PayPal account patch', paypalAccountPatchSchema, { email: 'anna@example.com' }],
    ['payment account by IRI', customerPaymentAccountInputSchema, paymentAccountInput],
    [
      'payment account by ids',
      customerPaymentAccountInputSchema,
      { ...paymentAccountInput, paypalAccount: 3, bankAccount: null, customer: 77 },
    ],
    ['stored payment account', customerPaymentAccountSchema, paymentAccount],
    ['phone contact', phoneContactSchema, { id: 2, phone: '+49 170 1234567', type: 'mobile' }],
    ['phone contact input', phoneContactInputSchema, { phone: '+390612345678', type: 'landline' }],
    [
      'people patch with a new address',
      peoplePatchSchema,
      { address: berlinAddressInput, peopleIri: customer.peopleIri, customerIri: customer.iri },
    ],
    [
      'people patch with an address IRI',
      peoplePatchSchema,
      {
        address: '/api/customers/addresses/12',
        peopleIri: customer.peopleIri,
        customerIri: customer.iri,
      },
    ],
    ['people', peopleSchema, annaPeople],
    ['customer', customerSchema, customer],
    [
      'guest request',
      guestAccountRequestSchema,
      { email: 'guest@example.com', firstName: 'Jean', lastName: 'Dupont', locale: 'fr-FR' },
    ],
    [
      'guest account number',
      guestAccountNumberSchema,
      { accountNumber: 'G-100987', customerIri: '/api/customers/customers/100987' },
    ],
    ['trade history entry', tradeHistoryEntrySchema, trade],
  ] as const)('%s', (_name, schema, value) => {
    expect(schema.parse(value)).toEqual(value);
  });
});

describe('customer schemas reject invalid records', () => {
  it.each([
    ['address without id', addressSchema, berlinAddressInput, 'id'],
    [
      'address with unknown country',
      addressInputSchema,
      { ...berlinAddressInput, country: 'ch' },
      'country',
    ],
    [
      'address with blank street',
      addressInputSchema,
      { ...berlinAddressInput, street: ' ' },
      'street',
    ],
    ['address with blank city', addressInputSchema, { ...berlinAddressInput, city: '' }, 'city'],
    [
      'address with unknown salutation',
      addressInputSchema,
      { ...berlinAddressInput, salutation: 'dr' },
      'salutation',
    ],
    [
      'address with empty house number',
      addressInputSchema,
      { ...berlinAddressInput, houseNumber: '' },
      'houseNumber',
    ],
    [
      'bank account with bad IBAN',
      bankAccountSchema,
      { ...bankAccount, iban: 'DE88370400440532013000' },
      'iban',
    ],
    ['bank account with bad BIC', bankAccountSchema, { ...bankAccount, bic: 'COBA' }, 'bic'],
    [
      'bank account without holder',
      bankAccountSchema,
      { ...bankAccount, accountHolder: '' },
      'accountHolder',
    ],
    [
      'PayPal account with bad email',
      paypalAccountSchema,
      { id: 3, email: 'anna.example.com' },
      'email',
    ],
    [
      'payment account naming both accounts',
      customerPaymentAccountInputSchema,
      { ...paymentAccount, paypalAccount: 3 },
      'bankAccount',
    ],
    [
      'payment account naming neither',
      customerPaymentAccountInputSchema,
      { ...paymentAccount, bankAccount: null },
      'bankAccount',
    ],
    [
      'payment account of another type',
      customerPaymentAccountInputSchema,
      { ...paymentAccount, paymentType: 'PAYPAL' },
      'paymentType',
    ],
    [
      'payment account with a wrong-collection IRI',
      customerPaymentAccountInputSchema,
      { ...paymentAccount, bankAccount: '/api/customers/addresses/4' },
      'bankAccount',
    ],
    [
      'payment account without customer',
      customerPaymentAccountInputSchema,
      { ...paymentAccount, customer: undefined },
      'customer',
    ],
    [
      'phone contact with unknown type',
      phoneContactSchema,
      { id: 2, phone: '+49 170 1234567', type: 'pager' },
      'type',
    ],
    [
      'people patch with a customer IRI as people IRI',
      peoplePatchSchema,
      { address: 12, peopleIri: customer.iri, customerIri: customer.iri },
      'peopleIri',
    ],
    [
      'customer with bad createdAt',
      customerSchema,
      { ...customer, createdAt: '01.03.2024' },
      'createdAt',
    ],
    ['customer with bad locale', customerSchema, { ...customer, locale: 'Deutsch' }, 'locale'],
    [
      'trade with unknown status',
      tradeHistoryEntrySchema,
      { ...trade, status: 'shipped' },
      'status',
    ],
    ['trade with total in euros', tradeHistoryEntrySchema, { ...trade, total: 480.5 }, 'total'],
    ['trade without devices', tradeHistoryEntrySchema, { ...trade, devices: [] }, 'devices'],
    [
      'trade device with quantity 0',
      tradeHistoryEntrySchema,
      { ...trade, devices: [{ ...trade.devices[0], quantity: 0 }] },
      'devices.0.quantity',
    ],
  ] as const)('%s', (_name, schema, value, path) => {
    expect(issuePaths(schema, value)).toContain(path);
  });

  it.each(['created', 'received', 'inspected', 'clarification', 'accepted', 'returned', 'paid'])(
    'accepts trade status %s',
    (status) => {
      expect(tradeHistoryEntrySchema.safeParse({ ...trade, status }).success).toBe(true);
    },
  );
});

describe('postal code follows the address country', () => {
  it.each([
    ['at', '1010'],
    ['de', '10115'],
    ['de', '01067'],
    ['es', '28001'],
    ['fr', '75001'],
    ['fr', '01000'],
    ['fr', '98000'],
    ['it', '00184'],
  ] as const)('%s accepts %s', (country, zip) => {
    expect(addressInputSchema.safeParse({ ...berlinAddressInput, country, zip }).success).toBe(
      true,
    );
  });

  it.each([
    ['at', '10115'],
    ['at', '101'],
    ['de', '1010'],
    ['de', '101155'],
    ['de', '1011a'],
    ['es', '2800'],
    ['fr', '99000'],
    ['fr', '00100'],
    ['it', '0018'],
    ['de', ' 10115'],
  ] as const)('%s rejects %j on the zip field', (country, zip) => {
    for (const schema of [addressSchema, addressInputSchema, addressPatchSchema]) {
      const value = { ...berlinAddress, country, zip };
      expect(issuePaths(schema, value)).toEqual(['zip']);
      expect(issueMessages(schema, value)).toEqual([
        `Postal code "${zip}" is not valid in ${country}`,
      ]);
    }
  });
});

describe("street and house number follow the country's form", () => {
  const { houseNumber: _dropped, ...withoutHouseNumber } = berlinAddressInput;
  const parisAddress = {
    ...withoutHouseNumber,
    street: '12 rue de Rivoli',
    zip: '75001',
    city: 'Paris',
    country: 'fr',
  } as const;

  it.each([
    ['fr', '12 rue de Rivoli', '75001'],
    ['fr', 'Lieu-dit Les Granges', '23000'],
    ['es', 'Calle Mayor 5', '28013'],
    ['it', 'Via Roma 10', '00184'],
  ] as const)('%s takes %j as one line without a house number', (country, street, zip) => {
    for (const schema of [addressInputSchema, addressPatchSchema]) {
      const value = { ...parisAddress, street, zip, country };
      expect(schema.parse(value)).toEqual(value);
    }
  });

  it.each(['de', 'at'] as const)(
    '%s refuses an address without a house number, naming it',
    (country) => {
      const value = { ...withoutHouseNumber, country, zip: country === 'at' ? '1010' : '10115' };
      for (const schema of [addressInputSchema, addressPatchSchema]) {
        expect(issuePaths(schema, value)).toEqual(['houseNumber']);
        expect(issueMessages(schema, value)).toEqual([`House number is required in ${country}`]);
      }
    },
  );

  it('refuses a blank one-line street in fr, naming the street', () => {
    expect(issuePaths(addressInputSchema, { ...parisAddress, street: ' ' })).toEqual(['street']);
  });

  it('still takes a house number of its own in fr, as clients sent it before', () => {
    const value = { ...parisAddress, street: 'rue de Rivoli', houseNumber: '12' };
    expect(addressInputSchema.parse(value)).toEqual(value);
  });

  it('reads stored addresses with and without a house number in every country', () => {
    expect(addressSchema.parse(berlinAddress)).toEqual(berlinAddress);
    const storedParis = { id: 13, ...parisAddress };
    expect(addressSchema.parse(storedParis)).toEqual(storedParis);
    const storedBerlinWithout = { id: 14, ...withoutHouseNumber };
    expect(addressSchema.parse(storedBerlinWithout)).toEqual(storedBerlinWithout);
  });
});

describe('IBAN and BIC', () => {
  it.each([
    'DE89370400440532013000',
    'AT611904300234573201',
    'FR1420041010050500013M02606',
    'ES9121000418450200051332',
    'IT60X0542811101000000123456',
    'NL91ABNA0417164300',
  ])('accepts %s', (iban) => {
    expect(ibanSchema.safeParse(iban).success).toBe(true);
  });

  it.each([
    ['DE88370400440532013000', 'IBAN check digits are wrong'],
    ['AT621904300234573201', 'IBAN check digits are wrong'],
    ['FR1520041010050500013M02606', 'IBAN check digits are wrong'],
    ['ES9121000418450200051331', 'IBAN account number check digits are wrong'],
    ['DE8937040044053201300', 'IBAN does not have the length and format of DE'],
    ['BR1800360305000010009795493C1', 'IBAN country BR is not in the SEPA area'],
    [
      'DE89 3704 0044 0532 0130 00',
      'IBAN must be upper-case letters and digits without spaces, starting with a country code',
    ],
    [
      'de89370400440532013000',
      'IBAN must be upper-case letters and digits without spaces, starting with a country code',
    ],
    ['', 'IBAN must be upper-case letters and digits without spaces, starting with a country code'],
  ])('rejects %j: %s', (iban, message) => {
    expect(issueMessages(ibanSchema, iban)).toEqual([message]);
  });

  it('normalizes typed IBANs to the electronic form and leaves garbage for validation to name', () => {
    expect(normalizeIban('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(ibanSchema.safeParse(normalizeIban(' DE89 3704 0044 0532 0130 00 ')).success).toBe(true);
    expect(normalizeIban('')).toBe('');
  });

  it.each(['DEUTDEFF', 'COBADEFFXXX', 'BNPAFRPP'])('accepts BIC %s', (bic) => {
    expect(bicSchema.safeParse(bic).success).toBe(true);
  });

  it.each(['deutdeff', 'DEUT', 'DEUTXXFF', 'COBADEFFXX', 'DEUT DEFF'])('rejects BIC %j', (bic) => {
    expect(bicSchema.safeParse(bic).success).toBe(false);
  });
});

describe('phone numbers', () => {
  it.each([
    '+491701234567',
    '+49 170 1234567',
    '+43-1-5321234',
    '+33 1 23 45 67 89',
    '+39 06 1234 5678',
  ])('accepts %s', (phone) => {
    expect(phoneNumberSchema.safeParse(phone).success).toBe(true);
  });

  it.each([
    '0170 1234567',
    '+0 170 1234567',
    '+49',
    '+49 170  1234567',
    '+49 (170) 1234567',
    '+4917012345678901',
    'call me',
  ])('rejects %j', (phone) => {
    expect(phoneNumberSchema.safeParse(phone).success).toBe(false);
  });
});

describe('customerResourceIri', () => {
  it('builds IRIs the reference schemas accept', () => {
    const iri = customerResourceIri('bank_accounts', 4);
    expect(iri).toBe('/api/customers/bank_accounts/4');
    expect(
      customerPaymentAccountInputSchema.safeParse({ ...paymentAccount, bankAccount: iri }).success,
    ).toBe(true);
    expect(customerResourceIri('customers', customer.id)).toBe(customer.iri);
  });
});
