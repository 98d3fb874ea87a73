/*
 * Realistic valid examples shared by the tests of this package, and a helper that lists where a
 * value fails a schema. Not exported from the package.
 */
import type * as z from 'zod/mini';
import type * as catalogue from './catalogue.ts';
import type { Address, AddressInput, Customer, People } from './customer.ts';
import type { CustomerPaymentAccount } from './payment-accounts.ts';

/** Dotted paths of the issues a value raises against a schema; empty when it is valid. */
export function issuePaths(schema: z.ZodMiniType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.map(String).join('.'));
}

/** Messages of the issues a value raises against a schema; empty when it is valid. */
export function issueMessages(schema: z.ZodMiniType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

export const iphone13Series: catalogue.Series = {
  id: 31,
  name: 'iPhone 13',
  url: 'iphone-13',
  content: '<p>Sell your iPhone 13 at a fair price.</p>',
  metaDescription: 'Sell your used iPhone 13',
  metaKeywords: 'iphone 13, sell, trade in',
  thumbnail: '/images/series/iphone-13.webp',
};

const iphone14Series: catalogue.Series = {
  ...iphone13Series,
  id: 32,
  name: 'iPhone 14',
  url: 'iphone-14',
  thumbnail: null,
};

export const apple: catalogue.Manufacturer = {
  id: 2,
  name: 'Apple',
  url: 'apple',
  content: '',
  metaDescription: 'Sell Apple devices',
  metaKeywords: 'apple',
  thumbnail: 'https://cdn.example.com/manufacturers/apple.png',
  series: [iphone13Series, iphone14Series],
  topSeries: [32],
};

export const smartphones: catalogue.Category = {
  id: 1,
  name: 'Smartphones',
  url: 'smartphones',
  content: '<h1>Sell your smartphone</h1>',
  metaDescription: 'Sell your used smartphone',
  metaKeywords: 'smartphone, sell',
  thumbnail: '/images/categories/smartphones.webp',
  manufacturers: [apple],
  topManufacturers: [2],
};

export const displayQuestion: catalogue.Question = {
  id: 7,
  code: 'DISPLAY',
  description: 'Look for scratches and cracks with the screen switched off.',
  question: 'Is the display free of cracks?',
  answers: [
    { id: 71, code: 'DISPLAY_OK', text: 'Yes, no cracks' },
    { id: 72, code: 'DISPLAY_CRACKED', text: 'No, it is cracked' },
  ],
};

export const iphone13: catalogue.Device = {
  id: 1001,
  name: 'Apple iPhone 13 128 GB',
  model: 'A2633',
  variant: '128 GB',
  variants: [
    { id: 1001, url: 'apple-iphone-13-128gb', variant: '128 GB', bestPriceCents: 31_000 },
    { id: 1002, url: 'apple-iphone-13-256gb', variant: '256 GB', bestPriceCents: 34_500 },
  ],
  url: 'apple-iphone-13-128gb',
  bestPriceCents: 31_000,
  category: 'Smartphones',
  categoryId: 1,
  manufacturer: 'Apple',
  manufacturerId: 2,
  series: 'iPhone 13',
  seriesId: 31,
  image: '/images/devices/1001.webp',
  thumbnail: '/images/devices/1001-thumb.webp',
  questions: [displayQuestion],
};

/** A search or browse result: an Apple iPhone 13 model of the given id and name. */
export function deviceSummary(id: number, name: string): catalogue.DeviceSummary {
  return {
    id,
    name,
    model: name,
    variant: '',
    variants: [{ id, url: `device-${id}`, variant: '', bestPriceCents: 10_000 }],
    url: `device-${id}`,
    bestPriceCents: 10_000,
    category: 'Smartphones',
    categoryId: 1,
    manufacturer: 'Apple',
    manufacturerId: 1,
    series: 'iPhone 13',
    seriesId: 13,
    image: null,
    thumbnail: null,
  };
}

export const berlinAddressInput: AddressInput = {
  salutation: 'ms',
  firstName: 'Anna',
  lastName: 'Schmidt',
  street: 'Invalidenstraße',
  houseNumber: '117a',
  zip: '10115',
  city: 'Berlin',
  country: 'de',
};

/** The seller of the checkout tests: a guest's sender address, as the checkout sends it. */
export const sellerAddressInput: AddressInput = {
  salutation: 'ms',
  firstName: 'Jonas',
  lastName: 'Weber',
  street: 'Torstraße',
  houseNumber: '12',
  zip: '10119',
  city: 'Berlin',
  country: 'de',
};

/** The seller's payout: a bank transfer (payment type 13) to a valid German IBAN. */
export const sellerSepaPayout = {
  paymentType: 13,
  accountHolder: 'Jonas Weber',
  iban: 'DE89370400440532013000',
} as const;

export const berlinAddress: Address = { id: 12, ...berlinAddressInput, addressAddition: '3. OG' };

export const customer: Customer = {
  id: '6f1c2a4e-93b1-4c55-8d7e-2f4a9b0c1d2e',
  iri: '/api/customers/customers/6f1c2a4e-93b1-4c55-8d7e-2f4a9b0c1d2e',
  peopleIri: '/api/customers/people/88',
  customerNumber: '100234',
  email: 'anna.schmidt@example.com',
  firstName: 'Anna',
  lastName: 'Schmidt',
  company: null,
  locale: 'de-DE',
  isGuest: false,
  createdAt: '2024-03-01T09:30:00Z',
};

/** Anna's person record (`customer.peopleIri`) with her Berlin address. */
export const annaPeople: People = {
  id: 88,
  salutation: 'ms',
  firstName: 'Anna',
  lastName: 'Schmidt',
  address: berlinAddress,
  customer: customer.iri,
};

/** Anna's primary payment account as she sends it: a transfer to her stored bank account 4. */
export const paymentAccountInput: Omit<CustomerPaymentAccount, 'id'> = {
  paypalAccount: null,
  bankAccount: '/api/customers/bank_accounts/4',
  paymentType: 'INVOICE',
  isPrimary: true,
  customer: customer.iri,
};

/** {@link paymentAccountInput} as stored. */
export const paymentAccount: CustomerPaymentAccount = { id: 9, ...paymentAccountInput };

/** A trade just created by a checkout of 50 €, as the trade API answers it (no items listed). */
export const createdTradeAnswer = {
  tradeId: 41,
  tradeNumber: 'T-2026-000041',
  edition: 'de',
  status: 'created',
  shopMode: 'default',
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  currency: 'EUR',
  itemsTotalCents: 5000,
  voucher: null,
  taxCents: 0,
  shippingCents: 0,
  totalCents: 5000,
  paymentType: 13,
  items: [],
  clarification: null,
  events: [],
  labelPath: '/api/trade/trades/T-2026-000041/label.pdf',
};

export { vatIdExamples } from './vat-id-examples.ts';
