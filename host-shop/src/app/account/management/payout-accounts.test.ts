import type { CustomerPaymentAccount } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import {
  checkBankForm,
  checkPaypalForm,
  customerIriOf,
  ibanEnding,
  maskedIban,
  payoutAccountsOf,
  primaryLinkBody,
  primaryPayoutAccount,
  readBankForm,
  referencedId,
} from './payout-accounts.ts';
import { loggedInAccount } from './test-fixtures.ts';

const customer = '/api/customers/customers/7f2c1f5e-0000-4000-8000-000000000001';

function paymentAccount(
  id: number,
  link: { bankAccount?: string | number; paypalAccount?: string | number },
  isPrimary: boolean,
): CustomerPaymentAccount {
  return {
    id,
    bankAccount: link.bankAccount ?? null,
    paypalAccount: link.paypalAccount ?? null,
    paymentType: 'INVOICE',
    isPrimary,
    customer,
  };
}

const bankAccounts = [
  { id: 1, accountHolder: 'Anna Muster', iban: 'DE89370400440532013000' },
  { id: 4, accountHolder: 'Anna Muster', iban: 'AT611904300234573201', bic: 'BKAUATWW' },
];
const paypalAccounts = [{ id: 2, email: 'anna@example.org' }];

describe('payoutAccountsOf', () => {
  it('lists bank accounts, then PayPal accounts, with their IRIs', () => {
    const accounts = payoutAccountsOf({ bankAccounts, paypalAccounts, paymentAccounts: [] });
    expect(accounts.map((account) => account.iri)).toEqual([
      '/api/customers/bank_accounts/1',
      '/api/customers/bank_accounts/4',
      '/api/customers/paypal_accounts/2',
    ]);
    expect(accounts.some((account) => account.isPrimary)).toBe(false);
    expect(primaryPayoutAccount(accounts)).toBeUndefined();
  });

  it('marks the account the primary payment account links, not one of the other kind with the same id', () => {
    const accounts = payoutAccountsOf({
      bankAccounts: [{ id: 2, accountHolder: 'Anna Muster', iban: 'DE89370400440532013000' }],
      paypalAccounts,
      paymentAccounts: [
        paymentAccount(1, { bankAccount: '/api/customers/bank_accounts/2' }, false),
        paymentAccount(2, { paypalAccount: '/api/customers/paypal_accounts/2' }, true),
      ],
    });
    expect(accounts.map((account) => [account.kind, account.isPrimary])).toEqual([
      ['bank', false],
      ['paypal', true],
    ]);
    expect(primaryPayoutAccount(accounts)?.iri).toBe('/api/customers/paypal_accounts/2');
  });

  it('takes the newest primary should two be marked, and reads bare ids', () => {
    const accounts = payoutAccountsOf({
      bankAccounts,
      paypalAccounts,
      paymentAccounts: [
        paymentAccount(9, { bankAccount: 4 }, true),
        paymentAccount(3, { bankAccount: '/api/customers/bank_accounts/1' }, true),
      ],
    });
    expect(primaryPayoutAccount(accounts)?.iri).toBe('/api/customers/bank_accounts/4');
    expect(accounts.filter((account) => account.isPrimary)).toHaveLength(1);
  });
});

describe('referencedId', () => {
  it('reads the id at the end of an IRI, or takes a bare id', () => {
    expect(referencedId('/api/customers/bank_accounts/12')).toBe(12);
    expect(referencedId(5)).toBe(5);
    expect(referencedId('/api/customers/bank_accounts/abc')).toBeUndefined();
  });
});

describe('maskedIban', () => {
  it('keeps country, check digits and the last four characters, in groups of four', () => {
    expect(maskedIban('DE89370400440532013000')).toBe('DE89 •••• •••• •••• ••30 00');
    expect(maskedIban('de89 3704 0044 0532 0130 00')).toBe('DE89 •••• •••• •••• ••30 00');
    expect(maskedIban('AT611904300234573201')).toBe('AT61 •••• •••• •••• 3201');
    expect(ibanEnding('DE89 3704 0044 0532 0130 00')).toBe('3000');
  });

  it('never shows the middle of the account number', () => {
    expect(maskedIban('DE89370400440532013000')).not.toMatch(/3704|0532/);
  });
});

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe('bank account form', () => {
  it('refuses a wrong check digit, a missing holder and a malformed BIC', () => {
    const values = readBankForm(
      form({ accountHolder: ' ', iban: 'DE88 3704 0044 0532 0130 00', bic: 'DEUT' }),
    );
    expect(checkBankForm(values)).toEqual({
      ok: false,
      errors: { accountHolder: 'required', iban: 'iban', bic: 'bic' },
    });
  });

  it.each([
    ['Brazilian', 'BR18 0036 0305 0000 1000 9795 493C 1'],
    ['Turkish', 'TR33 0006 1005 1978 6457 8413 26'],
  ])('refuses a %s IBAN as outside the SEPA area', (_country, iban) => {
    const values = readBankForm(form({ accountHolder: 'Anna Muster', iban }));
    expect(checkBankForm(values)).toEqual({ ok: false, errors: { iban: 'ibanNotSepa' } });
  });

  it('sends the IBAN in electronic form, the BIC upper case, and leaves out an empty BIC', () => {
    const values = readBankForm(
      form({ accountHolder: 'Anna Muster', iban: ' de89 3704 0044 0532 0130 00 ', bic: '' }),
    );
    expect(checkBankForm(values)).toEqual({
      ok: true,
      body: { accountHolder: 'Anna Muster', iban: 'DE89370400440532013000' },
    });
    expect(checkBankForm({ ...values, bic: 'cobadeffxxx' }, 4)).toEqual({
      ok: true,
      body: {
        id: 4,
        accountHolder: 'Anna Muster',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
      },
    });
  });
});

describe('PayPal account form', () => {
  it('checks the address and sends it lower case, with the id when it changes one', () => {
    expect(checkPaypalForm({ email: 'anna@' })).toEqual({ ok: false, errors: { email: 'email' } });
    expect(checkPaypalForm({ email: '' })).toEqual({ ok: false, errors: { email: 'required' } });
    expect(checkPaypalForm({ email: 'Anna@Example.org' })).toEqual({
      ok: true,
      body: { email: 'anna@example.org' },
    });
    expect(checkPaypalForm({ email: 'anna@example.org' }, 2)).toEqual({
      ok: true,
      body: { id: 2, email: 'anna@example.org' },
    });
  });
});

describe('primaryLinkBody', () => {
  it('names exactly one payout account, as primary INVOICE account of the customer', () => {
    expect(
      primaryLinkBody({ kind: 'bank', iri: '/api/customers/bank_accounts/4' }, customer),
    ).toEqual({
      paypalAccount: null,
      bankAccount: '/api/customers/bank_accounts/4',
      paymentType: 'INVOICE',
      isPrimary: true,
      customer,
    });
    expect(
      primaryLinkBody({ kind: 'paypal', iri: '/api/customers/paypal_accounts/2' }, customer),
    ).toMatchObject({ paypalAccount: '/api/customers/paypal_accounts/2', bankAccount: null });
  });

  it('is a body the contract accepts', async () => {
    const { createCustomerPaymentAccountEndpoint } = await import('@tradein/contract');
    const body = primaryLinkBody({ kind: 'bank', iri: '/api/customers/bank_accounts/4' }, customer);
    expect(createCustomerPaymentAccountEndpoint.body.safeParse(body).success).toBe(true);
  });
});

describe('customerIriOf', () => {
  it('builds the IRI from the id when the customer record is not loaded', () => {
    expect(customerIriOf(loggedInAccount)).toBe(customer);
  });
});
