import {
  buildSearchRequest,
  deviceSchema,
  type Device,
  type OfferAnswer,
  type Question,
  type CheckoutRequest,
  type SearchQuery,
} from '@tradein/contract';
import { checkoutBody, type ApiCall } from '@tradein/trade-api/test-kit';

/*
 * Test set-up of a sale, for the shop's HTTP and browser tests: a seller finds a device of the
 * seeded catalogue, answers its questions and checks out through the trade API, as the widget
 * does, as a guest or as a logged-in customer.
 */

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

/** Which answer of each question the seller gives: the first (best) or the last (worst). */
export type AnswerPick = 'best' | 'worst';

/** The answer a seller picks for a question. */
export function answerOf(question: Question, pick: AnswerPick) {
  return pick === 'best' ? question.answers[0] : question.answers.at(-1);
}

function answersOf(device: Device, pick: AnswerPick): OfferAnswer[] {
  return device.questions.map((question) => ({
    questionId: question.id,
    answerId: answerOf(question, pick)?.id ?? 0,
  }));
}

/** The devices of a sale, one line each, answered as picked. */
export type SaleLines = readonly { device: Device; pick: AnswerPick }[];

/** A trade as its checkout answered, with the offered price per piece of each line (by position). */
export interface PlacedTrade {
  tradeNumber: string;
  createdAt: string;
  prices: number[];
}

/**
 * Asks an offer for every line and checks them out with a customer's or a guest's token;
 * `checkout` changes the checkout's body (a business sale's shop mode and VAT ID, say).
 */
export async function checkOut(
  api: ApiCall,
  token: string,
  lines: SaleLines,
  checkout: Partial<CheckoutRequest> = {},
): Promise<PlacedTrade> {
  const offers: { offerId: string; priceCents: number }[] = [];
  for (const { device, pick } of lines) {
    const offer = await api('POST', '/api/trade/offers', {
      body: { edition: 'de', deviceId: device.id, answers: answersOf(device, pick) },
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
    createdAt: String(trade.body['createdAt']),
    prices: offers.map((offer) => offer.priceCents),
  };
}

/** A guest sells devices: a guest session, the guest's details, the checkout. */
export async function guestTrade(
  api: ApiCall,
  email: string,
  lines: SaleLines,
): Promise<PlacedTrade & { token: string }> {
  const session = await api('POST', '/api/account/guestSession', { body: { locale: 'de-DE' } });
  const token = String(session.body['access_token']);
  const guest = await api('POST', '/api/customers/guest_account_number', {
    body: { email, firstName: 'Jonas', lastName: 'Weber', locale: 'de-DE' },
    token,
  });
  if (guest.status >= 300) throw new Error(`guest: ${guest.status} ${guest.text}`);
  return { ...(await checkOut(api, token, lines)), token };
}
