import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailsTo } from '../../test-kit/outbox-mail.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { startTradesFixture, type TradesFixture } from '../../test-kit/trade-test-kit.ts';

/** Informal German: the pronouns of "du" and "ihr", and the imperatives of the German mails. */
const informal =
  /(?<![\p{L}\p{N}])(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|gib|wähle|schick|schicke|schreib|nimm|setze|sichere|melde dich|drucke|hast|musst|kannst)(?![\p{L}\p{N}])/giu;

describe.each(testDatabases())('the German of a trade confirmation on $name', (engine) => {
  let fixture: TradesFixture;
  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
  });
  afterAll(() => fixture.close());
  beforeEach(() => fixture.setNow(new Date('2026-03-02T09:00:00.000Z')));

  /** The confirmation mail of a German one-device trade made in `shopMode`, by a seller of its own. */
  async function confirmation(shopMode: 'default' | 'b2bWidget') {
    const seller = await fixture.createCustomer();
    const offerId = await fixture.insertOffer({ priceCents: 100 });
    const trade = await fixture.checkOut(seller.id, [{ offerId, quantity: 1 }], { shopMode });
    const mails = await mailsTo(fixture.outboxDir, seller.email);
    const mail = mails.find((candidate) => candidate.kind === 'trade-confirmation');
    if (mail === undefined) throw new Error('no confirmation mail');
    return { trade, mail };
  }

  it('speaks formally to a business seller (B2B mode): text, subject and footer', async () => {
    const { trade, mail } = await confirmation('b2bWidget');
    expect(mail.subject).toBe(`Ihr Verkauf ${trade.tradeNumber}`);
    expect(mail.text).toContain(`Vielen Dank für Ihren Verkauf ${trade.tradeNumber}.`);
    expect(mail.text).toContain('Sie erhalten diese Nachricht aufgrund Ihrer Aktivität');
    expect(`${mail.subject}\n${mail.text}`.match(informal)).toBeNull();
    // Money stays in German format.
    expect(mail.text).toMatch(/1,00\s€/u);
  });

  it('keeps "du" for a consumer', async () => {
    const { trade, mail } = await confirmation('default');
    expect(mail.subject).toBe(`Dein Verkauf ${trade.tradeNumber}`);
    expect(mail.text).toContain(`Vielen Dank für deinen Verkauf ${trade.tradeNumber}.`);
    expect(mail.text).toContain('Du erhältst diese Nachricht aufgrund deiner Aktivität');
  });
});
