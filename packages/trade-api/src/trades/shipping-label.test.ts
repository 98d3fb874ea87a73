import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-kit/test-databases.ts';
import {
  addressFor,
  startTradesFixture,
  type TradesFixture,
} from '../../test-kit/trade-test-kit.ts';
import { senderLines } from './shipping-label.ts';

/** Every content stream of the label's page, decoded to text. */
async function pageContent(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const contents = pdf.getPage(0).node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => pdf.context.lookup(ref))
      : [contents];
  return streams
    .map((stream) =>
      stream instanceof PDFRawStream
        ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
        : '',
    )
    .join('\n');
}

/** How the standard fonts write a text into a content stream: upper-case hex. */
function hexOf(text: string): string {
  return Buffer.from(text, 'latin1').toString('hex').toUpperCase();
}

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
  it('print a valid address as before', () => {
    const address = { ...addressFor('de'), company: 'Musterhandel GmbH', addressAddition: '3. OG' };
    expect(senderLines(JSON.stringify(address))).toEqual([
      'Erika Müller',
      'Musterhandel GmbH',
      'Hauptstraße 5a',
      '3. OG',
      '10115 Berlin',
      'DE',
    ]);
  });

  it('leave out every part that fails the rules of today, and keep the rest', () => {
    expect(senderLines(JSON.stringify(advertisingAddress))).toEqual([
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
    const lines = senderLines(JSON.stringify({ ...addressFor('de'), ...change }));
    expect(lines.slice(0, 2)).toEqual(firstLines);
    expect(lines.join('\n')).not.toContain(Object.values(change)[0]);
  });

  it('print nothing of a snapshot that is not an address', () => {
    expect(senderLines('not json')).toEqual([]);
    expect(senderLines('null')).toEqual([]);
    expect(senderLines('{"zip":"10115","city":"Berlin","country":"de"}')).toEqual([
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
    const text = await pageContent(new Uint8Array(await label.arrayBuffer()));
    expect(text).not.toContain(hexOf('evil'));
    expect(text).not.toContain(hexOf('Visit'));
    expect(text).toContain(hexOf('Weber'));
    expect(text).toContain(hexOf('Torstraße 12'));
    expect(text).toContain(hexOf('10119 Berlin'));
  });
});
