import { encodeSearchQuery } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import { checkoutBody, mailsTo } from '@tradein/trade-api/test-kit';
import { useTestShop } from './test-shop.ts';

const shop = useTestShop();

/** A JSON call of the trade API through the shop server that must succeed; answers its body. */
async function api(path: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const answer = await shop.api('POST', path, { body, token });
  if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** Sells a device as a guest with `email`; answers the token of the link in the trade mail. */
async function guestTradeLink(email: string): Promise<{ token: string; tradeNumber: string }> {
  const search = (query: Parameters<typeof encodeSearchQuery>[0], resultSize: number) =>
    api('/api/trade/searches', {
      search: encodeSearchQuery(query),
      application: 'devices_de',
      resultSize,
    }) as Promise<{
      hits: { url: string; id: number; questions: { id: number; answers: { id: number }[] }[] }[];
    }>;
  const [hit] = (await search({ kind: 'deviceSearch', text: 'iphone 13' }, 5)).hits;
  const [device] = (await search({ kind: 'deviceByUrl', url: hit?.url ?? '' }, 1)).hits;
  if (device === undefined) throw new Error('no device found');
  const offer = await api('/api/trade/offers', {
    edition: 'de',
    deviceId: device.id,
    answers: device.questions.map((question) => ({
      questionId: question.id,
      answerId: question.answers[0]?.id,
    })),
  });
  const session = await api('/api/account/guestSession', { locale: 'de-DE' });
  const token = String(session['access_token']);
  await api(
    '/api/customers/guest_account_number',
    { email, firstName: 'Jonas', lastName: 'Weber', locale: 'de-DE' },
    token,
  );
  const trade = await api(
    '/api/trade/trades',
    checkoutBody([{ offerId: String(offer['offerId']), quantity: 1 }]),
    token,
  );
  const [mail] = await mailsTo(shop.outbox, email);
  const link = /https?:\/\/\S*\/account\/confirm-trade\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (link?.[1] === undefined) throw new Error('the trade mail has no confirmation link');
  return { token: link[1], tradeNumber: String(trade['tradeNumber']) };
}

describe('the page behind the link in a guest trade mail', () => {
  it('asks before it claims the trade, then confirms it once', async () => {
    const { token, tradeNumber } = await guestTradeLink('jonas.weber.1@example.org');
    const page = await shop.get('de.localhost', `/account/confirm-trade?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Verkauf bestätigen');
    expect(page.body).toContain(`name="token" value="${token}"`);
    expect(page.body).toContain('noindex');

    const confirmed = await shop.postForm('de.localhost', '/account/confirm-trade', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(tradeNumber);

    const again = await shop.postForm('de.localhost', '/account/confirm-trade', { token });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('Dieser Link ist ungültig');
  });

  it.each([
    ['no token', '/account/confirm-trade'],
    ['a token of the wrong form', '/account/confirm-trade?token=%3Cscript%3E'],
  ])('says the link is invalid for %s, without a form', async (_what, path) => {
    const page = await shop.get('fr.localhost', path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ce lien n');
    expect(page.body).not.toContain('name="token"');
  });

  it('refuses an unknown token and changes nothing', async () => {
    const response = await shop.postForm('it.localhost', '/account/confirm-trade', {
      token: 'a'.repeat(43),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('name="token"');
  });
});
