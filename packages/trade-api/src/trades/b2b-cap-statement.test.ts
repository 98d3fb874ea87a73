import { readFileSync } from 'node:fs';
import type { ApiError } from '@tradein/contract';
import { b2bTradeCapCents, formatMoney } from '@tradein/editions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { startTradesFixture, type TradesFixture } from '../../test-kit/trade-test-kit.ts';
import { b2bCapPeriodDays, b2bCapStatement } from './b2b-cap.ts';

/** The statement of the B2B cap, as the source code of every place that states it writes it. */
const statement =
  'Business sales may total at most {cap} within 30 days: the payouts of all business trades with the same e-mail address in the last 30 days count together, the new trade included; trades sent back do not count.';

/** The catalogs of the places that state the cap, and the source file that states it there. */
const places = [
  ['host-shop/src/locales', 'host-shop/src/app/routes/b2b.tsx'],
  ['packages/trade-api/src/locales', 'packages/trade-api/src/trades/b2b-cap.ts'],
  ['widget/src/features/cart/locales', 'widget/src/features/cart/cart-screen.tsx'],
  ['widget/src/features/offer/locales', 'widget/src/features/offer/offer-screen.tsx'],
  ['widget/src/features/checkout/locales', 'widget/src/features/checkout/checkout-notice.tsx'],
] as const;

const root = new URL('../../../../', import.meta.url);

/** The text of a catalog's quoted lines, joined. */
function join(quoted: string): string {
  return [...quoted.matchAll(/"(.*)"/g)].map((match) => match[1]?.replaceAll('\\"', '"')).join('');
}

/** The translation of `messageId` in a catalog file and the source files it comes from. */
function entryOf(catalog: string, messageId: string): { text: string; origins: string[] } {
  const blocks = readFileSync(new URL(catalog, root), 'utf8').split('\n\n');
  for (const block of blocks) {
    const id = /^msgid ((?:".*"\n)+)/m.exec(`${block}\n`)?.[1];
    const text = /^msgstr ((?:".*"\n?)+)/m.exec(block)?.[1];
    if (id === undefined || text === undefined || join(id) !== messageId) continue;
    const origins = [...block.matchAll(/^#: (.*)$/gm)].flatMap((match) =>
      (match[1] ?? '').split(' '),
    );
    return { text: join(text), origins };
  }
  throw new Error(`${catalog} has no message "${messageId}"`);
}

describe('one statement of the B2B cap', () => {
  it.each(['de', 'de-formal', 'es', 'fr', 'it'])(
    'says the same in %s on the landing page, in the widget and in the API',
    (locale) => {
      const texts = places.map(([catalogs, source]) => {
        const entry = entryOf(`${catalogs}/${locale}.po`, statement);
        expect(entry.origins).toContain(source);
        return entry.text;
      });
      expect(texts[0]).not.toBe('');
      expect(new Set(texts)).toEqual(new Set([texts[0]]));
    },
  );

  it("names the API's period and the editions' cap", () => {
    expect(b2bCapPeriodDays).toBe(30);
    const german = entryOf('packages/trade-api/src/locales/de-formal.po', statement).text;
    expect(b2bCapStatement('de')).toBe(
      german.replace('{cap}', formatMoney('de', b2bTradeCapCents)),
    );
    expect(b2bCapStatement('de')).toContain('5.000,00');
    expect(b2bCapStatement('de')).toContain('30 Tagen');
  });
});

describe.each(testDatabases())(
  'the refusal of a business cart above the cap on $name',
  (engine) => {
    let fixture: TradesFixture;
    beforeAll(async () => {
      fixture = await startTradesFixture(engine);
    });
    afterAll(() => fixture.close());

    it('opens with the statement, then says why this cart does not fit', async () => {
      const seller = await fixture.createCustomer();
      const offerId = await fixture.insertOffer({ priceCents: b2bTradeCapCents + 1 });
      const answer = await fixture.postCheckout(seller.id, [{ offerId, quantity: 1 }], {
        shopMode: 'b2bWidget',
      });
      expect(answer.status).toBe(422);
      const { message } = ((await answer.json()) as ApiError).error;
      const german = entryOf('packages/trade-api/src/locales/de-formal.po', statement).text;
      expect(message.startsWith(german.replace('{cap}', formatMoney('de', b2bTradeCapCents)))).toBe(
        true,
      );
      expect(message).toContain('5.000,01');
    });
  },
);
