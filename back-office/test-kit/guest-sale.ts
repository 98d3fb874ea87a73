import {
  buildSearchRequest,
  deviceSchema,
  type CheckoutRequest,
  type Device,
  type SearchQuery,
} from '@tradein/contract';
import { apiCaller, checkoutBody, type ApiCall } from '@tradein/trade-api/test-kit';
import { beforeAll } from 'vitest';
import type { TestBackOffice } from './back-office-kit.ts';

/*
 * Trades for the back office's tests, made as a seller makes them: a device of the seeded
 * catalogue found by the widget's search, an offer per device with the seller's answers, and a
 * guest checkout through the real trade API of the back office's server; ready trades are then
 * received and inspected as answered by the operator's commands.
 */

/** Our bank account for SEPA files, as the server's environment names it. */
export const payoutAccountEnv = {
  PAYOUT_ACCOUNT_NAME: 'Tradein GmbH',
  PAYOUT_ACCOUNT_IBAN: 'DE02120300000000202051',
  PAYOUT_ACCOUNT_BIC: 'BYLADEM1001',
};

/** The seller's IBAN of every SEPA trade (checkoutBody's). */
export const sellerIban = 'DE89370400440532013000';

/** Which answer of every question the seller gives: the first (best) or the last (worst). */
type AnswerPick = 'best' | 'worst';

/** A guest's trade: its number, the guest's address and token, the offered price per line. */
export interface GuestSale {
  tradeNumber: string;
  email: string;
  /** The guest's bearer token (the seller's photos of the trade, say). */
  token: string;
  prices: number[];
  /** What the trade pays once inspected as answered: the sum of the prices. */
  amountCents: number;
}

/** How the guest checks out: their last name (first name Jonas), changes of the checkout body. */
export interface SaleOptions {
  lastName?: string;
  /** Changes the checkout body (a PayPal payout, say: {@link paypalPayout}). */
  checkout?: Partial<CheckoutRequest>;
}

/** The trade API of the back office's server (`http://127.0.0.1:<port>`). */
export function shopApi(office: TestBackOffice): ApiCall {
  return apiCaller(`http://127.0.0.1:${office.server.port}`);
}

/** A device of the seeded catalogue with its condition questions, found as the widget does. */
export async function catalogueDevice(api: ApiCall, text: string): Promise<Device> {
  const search = async (query: SearchQuery) => {
    const answer = await api('POST', '/api/trade/searches', {
      body: buildSearchRequest(query, 'devices_de'),
    });
    if (answer.status !== 200) throw new Error(`search ${text}: ${answer.status}`);
    return (answer.body as { hits: unknown[] }).hits;
  };
  const [first] = (await search({ kind: 'deviceSearch', text })) as { url: string }[];
  if (first === undefined) throw new Error(`nothing found for ${text}`);
  const [device] = await search({ kind: 'deviceByUrl', url: first.url });
  return deviceSchema.parse(device);
}

/** A guest at `email` sells `lines` (each device answered as picked) through the real API. */
export async function guestSale(
  api: ApiCall,
  email: string,
  lines: readonly { device: Device; pick: AnswerPick }[],
  { lastName = 'Weber', checkout = {} }: SaleOptions = {},
): Promise<GuestSale> {
  const session = await api('POST', '/api/account/guestSession', { body: { locale: 'de-DE' } });
  const token = String(session.body['access_token']);
  const guest = await api('POST', '/api/customers/guest_account_number', {
    body: { email, firstName: 'Jonas', lastName, locale: 'de-DE' },
    token,
  });
  if (guest.status >= 300) throw new Error(`guest: ${guest.status} ${guest.text}`);
  const offers: { offerId: string; priceCents: number }[] = [];
  for (const { device, pick } of lines) {
    const answers = device.questions.map((question) => ({
      questionId: question.id,
      answerId: (pick === 'best' ? question.answers[0] : question.answers.at(-1))?.id ?? 0,
    }));
    const offer = await api('POST', '/api/trade/offers', {
      body: { edition: 'de', deviceId: device.id, answers },
    });
    if (offer.status >= 300) throw new Error(`offer: ${offer.status} ${offer.text}`);
    offers.push({
      offerId: String(offer.body['offerId']),
      priceCents: Number(offer.body['priceCents']),
    });
  }
  const trade = await api('POST', '/api/trade/trades', {
    body: checkoutBody(
      offers.map(({ offerId }) => ({ offerId, quantity: 1 })),
      checkout,
    ),
    token,
  });
  if (trade.status !== 201) throw new Error(`checkout: ${trade.status} ${trade.text}`);
  return {
    tradeNumber: String(trade.body['tradeNumber']),
    email,
    token,
    prices: offers.map((offer) => offer.priceCents),
    amountCents: offers.reduce((sum, offer) => sum + offer.priceCents, 0),
  };
}

/** A guest sells the devices found by `texts`, one each, in their best condition. */
export async function guestTrade(
  api: ApiCall,
  email: string,
  texts: readonly string[] = ['iphone 13', 'galaxy s21'],
  options: SaleOptions = {},
): Promise<GuestSale> {
  const lines = [];
  for (const text of texts)
    lines.push({ device: await catalogueDevice(api, text), pick: 'best' as const });
  return guestSale(api, email, lines, options);
}

/** A guest's trade of an iPhone 13, received and inspected as answered: ready to pay. */
export async function readyTrade(
  office: TestBackOffice,
  email: string,
  checkout: Partial<CheckoutRequest> = {},
): Promise<GuestSale> {
  const trade = await guestTrade(shopApi(office), email, ['iphone 13'], { checkout });
  await office.ops('receive', trade.tradeNumber);
  await office.ops('inspect', trade.tradeNumber, '--item', '1');
  return trade;
}

/** A PayPal payout to `email`, for {@link readyTrade}'s `checkout`. */
export function paypalPayout(email: string): Partial<CheckoutRequest> {
  return { payout: { paymentType: 2, email } } as Partial<CheckoutRequest>;
}

/** The seeded devices {@link useGuestSales} finds. */
type Seeded = 'phone' | 'tablet';

/**
 * Before a file's tests, finds the seeded iPhone 13 (`phone`) and Galaxy S21 (`tablet`); then
 * `sale()` makes a fresh guest (`<name>.<n>@example.org`) sell them in the best condition.
 */
export function useGuestSales(office: TestBackOffice, name: string) {
  let found: ({ api: ApiCall } & Record<Seeded, Device>) | undefined;
  let guests = 0;
  beforeAll(async () => {
    const api = shopApi(office);
    const phone = await catalogueDevice(api, 'iphone 13');
    found = { api, phone, tablet: await catalogueDevice(api, 'galaxy s21') };
  }, 60_000);
  const ready = () => {
    if (found === undefined) throw new Error('the devices are found before the tests run');
    return found;
  };
  return {
    get api() {
      return ready().api;
    },
    get phone() {
      return ready().phone;
    },
    /** A fresh guest sells `devices` (by default the phone and the tablet). */
    sale(devices: readonly Seeded[] = ['phone', 'tablet']): Promise<GuestSale> {
      guests += 1;
      const lines = devices.map((device) => ({ device: ready()[device], pick: 'best' as const }));
      return guestSale(ready().api, `${name}.${guests}@example.org`, lines);
    },
  };
}
