import { buildSearchRequest, deviceSchema, type CheckoutRequest } from '@tradein/contract';
import { apiCaller, checkoutBody, type ApiCall } from '@tradein/trade-api/test-kit';
import type { TestBackOffice } from '../../../test-kit/back-office-kit.ts';

/*
 * Trades for the payouts and overview tests, made as sellers and staff make them: a guest sells a
 * device of the seeded catalogue through the shop's API, then the operator's commands receive it
 * and inspect it as answered, which makes it ready to pay.
 */

/** Our bank account for SEPA files, as the server's environment names it. */
export const payoutAccountEnv = {
  PAYOUT_ACCOUNT_NAME: 'Tradein GmbH',
  PAYOUT_ACCOUNT_IBAN: 'DE02120300000000202051',
  PAYOUT_ACCOUNT_BIC: 'BYLADEM1001',
};

/** The seller's IBAN of every SEPA trade (checkoutBody's). */
export const sellerIban = 'DE89370400440532013000';

/** A trade as its checkout answered. */
export interface MadeTrade {
  tradeNumber: string;
  /** What the trade pays once inspected as answered. */
  amountCents: number;
}

/** The shop's API of the back office's server. */
export function shopApi(office: TestBackOffice): ApiCall {
  return apiCaller(`http://127.0.0.1:${office.server.port}`);
}

/** A device of the seeded catalogue, its id and the best answer of each question. */
async function catalogueDevice(api: ApiCall) {
  const search = async (query: Parameters<typeof buildSearchRequest>[0]) => {
    const answer = await api('POST', '/api/trade/searches', {
      body: buildSearchRequest(query, 'devices_de'),
    });
    if (answer.status !== 200) throw new Error(`search: ${answer.status} ${answer.text}`);
    return (answer.body as { hits: unknown[] }).hits;
  };
  const [first] = (await search({ kind: 'deviceSearch', text: 'iphone 13' })) as { url: string }[];
  if (first === undefined) throw new Error('the seeded catalogue has no iPhone 13');
  const [hit] = await search({ kind: 'deviceByUrl', url: first.url });
  const device = deviceSchema.parse(hit);
  return {
    deviceId: device.id,
    answers: device.questions.map((question) => ({
      questionId: question.id,
      answerId: question.answers[0]?.id ?? 0,
    })),
  };
}

/** A guest's trade of one device; `checkout` changes the body (a PayPal payout, say). */
export async function guestTrade(
  office: TestBackOffice,
  email: string,
  checkout: Partial<CheckoutRequest> = {},
): Promise<MadeTrade> {
  const api = shopApi(office);
  const session = await api('POST', '/api/account/guestSession', { body: { locale: 'de-DE' } });
  const token = String(session.body['access_token']);
  const guest = await api('POST', '/api/customers/guest_account_number', {
    body: { email, firstName: 'Jonas', lastName: 'Weber', locale: 'de-DE' },
    token,
  });
  if (guest.status >= 300) throw new Error(`guest: ${guest.status} ${guest.text}`);
  const device = await catalogueDevice(api);
  const offer = await api('POST', '/api/trade/offers', { body: { edition: 'de', ...device } });
  if (offer.status >= 300) throw new Error(`offer: ${offer.status} ${offer.text}`);
  const trade = await api('POST', '/api/trade/trades', {
    body: checkoutBody([{ offerId: String(offer.body['offerId']), quantity: 1 }], checkout),
    token,
  });
  if (trade.status !== 201) throw new Error(`checkout: ${trade.status} ${trade.text}`);
  return {
    tradeNumber: String(trade.body['tradeNumber']),
    amountCents: Number(offer.body['priceCents']),
  };
}

/** A guest's trade, received and inspected as answered: ready to pay. */
export async function readyTrade(
  office: TestBackOffice,
  email: string,
  checkout: Partial<CheckoutRequest> = {},
): Promise<MadeTrade> {
  const trade = await guestTrade(office, email, checkout);
  await office.ops('receive', trade.tradeNumber);
  await office.ops('inspect', trade.tradeNumber, '--item', '1');
  return trade;
}

/** A PayPal payout to `email`, for {@link readyTrade}'s `checkout`. */
export function paypalPayout(email: string): Partial<CheckoutRequest> {
  return { payout: { paymentType: 2, email } } as Partial<CheckoutRequest>;
}
