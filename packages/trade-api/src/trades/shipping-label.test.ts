import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { firstPdfPage, hexOf } from '../../test-kit/pdf-page.ts';
import {
  addressFor,
  startTradesFixture,
  type TradesFixture,
} from '../../test-kit/trade-test-kit.ts';
import { senderLines } from './shipping-label.ts';

/** A stored address from before the name rules, written by someone who wanted to advertise. */
const advertisingAddress = {
  ...addressFor('de'),
  firstName: 'Visit http://evil.example',
  lastName: 'Weber',
  company: 'www.evil.example',
  street: 'Torstraße',
  houseNumber: '12',
  addressAddition: 'mail deals@evil.example',
  zip: '10119',
  city: 'Berlin',
};

describe('the sender lines of a label', () => {
  it('print a German address with street and house number, the addition above the street', () => {
    const address = { ...addressFor('de'), company: 'Musterhandel GmbH', addressAddition: '3. OG' };
    expect(senderLines(JSON.stringify(address), 'de')).toEqual([
      'Erika Müller',
      'Musterhandel GmbH',
      '3. OG',
      'Hauptstraße 5a',
      '10115 Berlin',
      'DE',
    ]);
  });

  it.each([
    ['fr', '12 rue de Rivoli', '75001', 'Paris'],
    ['es', 'Calle Mayor 5', '28013', 'Madrid'],
    ['it', 'Via Roma 10', '00184', 'Roma'],
  ] as const)('print the one street line of %s as it was written', (edition, street, zip, city) => {
    const { houseNumber: _none, ...address } = addressFor(edition);
    expect(senderLines(JSON.stringify({ ...address, street, zip, city }), edition)).toEqual([
      'Erika Müller',
      street,
      `${zip} ${city}`,
      edition.toUpperCase(),
    ]);
  });

  it.each([
    ['fr', '12 rue de Rivoli'],
    ['es', 'rue de Rivoli, 12'],
    ['de', 'rue de Rivoli 12'],
  ] as const)(
    'print a street and house number stored apart in the order of %s',
    (edition, streetLine) => {
      const address = { ...addressFor(edition), street: 'rue de Rivoli', houseNumber: '12' };
      expect(senderLines(JSON.stringify(address), edition)[1]).toBe(streetLine);
    },
  );

  it('leave out every part that fails the rules of today, and keep the rest', () => {
    expect(senderLines(JSON.stringify(advertisingAddress), 'de')).toEqual([
      'Weber',
      'Torstraße 12',
      '10119 Berlin',
      'DE',
    ]);
  });

  it.each([
    ['a name with a control character', { lastName: 'Weber\u0000' }, ['Erika', 'Hauptstraße 5a']],
    ['a postal code of another country', { zip: '1010' }, ['Erika Müller', 'Hauptstraße 5a']],
    ['an unknown country', { country: 'xx' }, ['Erika Müller', 'Hauptstraße 5a']],
  ])('leave out %s', (_case, change, firstLines) => {
    const lines = senderLines(JSON.stringify({ ...addressFor('de'), ...change }), 'de');
    expect(lines.slice(0, 2)).toEqual(firstLines);
    expect(lines.join('\n')).not.toContain(Object.values(change)[0]);
  });

  it('print nothing of a snapshot that is not an address', () => {
    expect(senderLines('not json', 'de')).toEqual([]);
    expect(senderLines('null', 'de')).toEqual([]);
    expect(senderLines('{"zip":"10115","city":"Berlin","country":"de"}', 'de')).toEqual([
      '10115 Berlin',
      'DE',
    ]);
  });
});

describe.each(testDatabases())('the label of a stored trade on $name', (engine) => {
  let fixture: TradesFixture;
  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
  });
  afterAll(() => fixture.close());

  it('prints only the stored names and lines that pass the name rules', async () => {
    const customer = await fixture.createCustomer();
    const trade = await fixture.checkOutPhones(customer.id, [{ deviceId: 1000, grade: 2 }]);
    // As a trade stored before names were checked as names carries it.
    await fixture.db
      .updateTable('trades')
      .set({ address_snapshot: JSON.stringify(advertisingAddress) })
      .where('trade_number', '=', trade.tradeNumber)
      .execute();

    const label = await fixture.call('GET', `/api/trade/trades/${trade.tradeNumber}/label.pdf`, {
      customer: customer.id,
    });
    expect(label.status).toBe(200);
    const { text } = await firstPdfPage(new Uint8Array(await label.arrayBuffer()));
    expect(text).not.toContain(hexOf('evil'));
    expect(text).not.toContain(hexOf('Visit'));
    expect(text).toContain(hexOf('Weber'));
    expect(text).toContain(hexOf('Torstraße 12'));
    expect(text).toContain(hexOf('10119 Berlin'));
  });

  /** The page's text lines, top to bottom, as the standard fonts write them (hex strings). */
  async function labelOf(tradeNumber: string, customer: string): Promise<string> {
    const label = await fixture.call('GET', `/api/trade/trades/${tradeNumber}/label.pdf`, {
      customer,
    });
    expect(label.status).toBe(200);
    return (await firstPdfPage(new Uint8Array(await label.arrayBuffer()))).text;
  }

  it('prints a French one-line street as written, above postal code and city', async () => {
    const customer = await fixture.createCustomer({ edition: 'fr' });
    const offerId = await fixture.insertOffer({ priceCents: 12_000, edition: 'fr' });
    const { houseNumber: _none, ...address } = addressFor('fr');
    const trade = await fixture.checkOut(customer.id, [{ offerId, quantity: 1 }], {
      edition: 'fr',
      address: { ...address, street: '12 rue de Rivoli', zip: '75001', city: 'Paris' },
    });

    const text = await labelOf(trade.tradeNumber, customer.id);
    const street = text.indexOf(hexOf('12 rue de Rivoli'));
    const city = text.indexOf(hexOf('75001 Paris'));
    expect(street).toBeGreaterThan(-1);
    expect(city).toBeGreaterThan(street);
    // Our receiving address in France, written the French way too.
    expect(text).toContain(hexOf('10 rue de la Logistique'));
    expect(text).toContain(hexOf('69007 Lyon'));
  });

  it('prints a German street with its house number after it', async () => {
    const customer = await fixture.createCustomer();
    const trade = await fixture.checkOutPhones(customer.id, [{ deviceId: 1000, grade: 2 }], {
      address: { ...addressFor('de'), street: 'Musterstraße', houseNumber: '1' },
    });

    const text = await labelOf(trade.tradeNumber, customer.id);
    expect(text).toContain(hexOf('Musterstraße 1'));
    expect(text.indexOf(hexOf('10115 Berlin'))).toBeGreaterThan(
      text.indexOf(hexOf('Musterstraße 1')),
    );
    expect(text).toContain(hexOf('Lagerstraße 1'));
  });
});
