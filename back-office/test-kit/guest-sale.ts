import { buildSearchRequest, deviceSchema, type Device, type SearchQuery } from '@tradein/contract';
import { apiCaller, checkoutBody, type ApiCall } from '@tradein/trade-api/test-kit';
import type { TestBackOffice } from './back-office-kit.ts';

/*
 * Trades for the back office's tests, made as a seller makes them: a device of the seeded
 * catalogue found by the widget's search, an offer per device with the seller's answers, and a
 * guest checkout through the real trade API of the back office's server.
 */

/** Which answer of every question the seller gives: the first (best) or the last (worst). */
type AnswerPick = 'best' | 'worst';

/** A guest's trade: its number, the guest's address and token, the offered price per line. */
export interface GuestSale {
  tradeNumber: string;
  email: string;
  /** The guest's bearer token (the seller's photos of the trade, say). */
  token: string;
  prices: number[];
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
): Promise<GuestSale> {
  const session = await api('POST', '/api/account/guestSession', { body: { locale: 'de-DE' } });
  const token = String(session.body['access_token']);
  const guest = await api('POST', '/api/customers/guest_account_number', {
    body: { email, firstName: 'Jonas', lastName: 'Weber', locale: 'de-DE' },
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
    body: checkoutBody(offers.map(({ offerId }) => ({ offerId, quantity: 1 }))),
    token,
  });
  if (trade.status !== 201) throw new Error(`checkout: ${trade.status} ${trade.text}`);
  return {
    tradeNumber: String(trade.body['tradeNumber']),
    email,
    token,
    prices: offers.map((offer) => offer.priceCents),
  };
}
