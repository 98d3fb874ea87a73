import { buildSearchRequest, deviceSchema, type Device } from '@tradein/contract';
import { apiCaller, checkoutBody, type ApiCall } from '@tradein/trade-api/test-kit';
import type { TestBackOffice } from '../../../test-kit/back-office-kit.ts';

/*
 * Trades for the trades screens' tests, made as a seller makes them: a guest finds devices of
 * the seeded catalogue, asks for offers with the best answers and checks out through the shop's
 * trade API of the built server.
 */

/** The shop's trade API of the back office's server. */
export function shopApi(office: TestBackOffice): ApiCall {
  return apiCaller(`http://127.0.0.1:${office.server.port}`);
}

/** A device of the seeded catalogue found by its name, as the widget finds it. */
async function catalogueDevice(api: ApiCall, text: string): Promise<Device> {
  const search = async (query: Parameters<typeof buildSearchRequest>[0]) => {
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

/** A trade a guest checked out: its number and devices. */
export interface GuestTrade {
  tradeNumber: string;
  devices: number;
}

/**
 * A guest (`email`, named Jonas `lastName`) sells the devices found by `texts`, one each, in
 * their best condition; answers the trade's number.
 */
export async function guestTrade(
  api: ApiCall,
  email: string,
  texts: readonly string[] = ['iphone 13', 'galaxy s21'],
  lastName = 'Weber',
): Promise<GuestTrade> {
  const session = await api('POST', '/api/account/guestSession', { body: { locale: 'de-DE' } });
  const token = String(session.body['access_token']);
  const guest = await api('POST', '/api/customers/guest_account_number', {
    body: { email, firstName: 'Jonas', lastName, locale: 'de-DE' },
    token,
  });
  if (guest.status >= 300) throw new Error(`guest: ${guest.status} ${guest.text}`);
  const offers: { offerId: string; quantity: number }[] = [];
  for (const text of texts) {
    const device = await catalogueDevice(api, text);
    const offer = await api('POST', '/api/trade/offers', {
      body: {
        edition: 'de',
        deviceId: device.id,
        answers: device.questions.map((question) => ({
          questionId: question.id,
          answerId: question.answers[0]?.id ?? 0,
        })),
      },
    });
    if (offer.status >= 300) throw new Error(`offer: ${offer.status} ${offer.text}`);
    offers.push({ offerId: String(offer.body['offerId']), quantity: 1 });
  }
  const trade = await api('POST', '/api/trade/trades', { body: checkoutBody(offers), token });
  if (trade.status !== 201) throw new Error(`checkout: ${trade.status} ${trade.text}`);
  return { tradeNumber: String(trade.body['tradeNumber']), devices: texts.length };
}
