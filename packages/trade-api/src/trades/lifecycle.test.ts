import { tradeSchema } from '@tradein/contract';
import { formatMoney } from '@tradein/editions';
import { PageSizes } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { firstPdfPage, hexOf } from '../../test-kit/pdf-page.ts';
import { decideClarification } from './clarification-decisions.ts';
import { LifecycleError } from './lifecycle-errors.ts';
import { inspectTrade, payTrade, receiveTrade } from './lifecycle-steps.ts';
import { clarifyTrade } from './offer-revision.ts';
import { listTrades } from './trade-list.ts';
import { startTradesFixture, type TradesFixture } from '../../test-kit/trade-test-kit.ts';
import { readOutbox } from '../../test-kit/outbox-mail.ts';
import { testConfig } from '../../test-kit/test-server.ts';

describe.each(testDatabases())('trade lifecycle on $name', (engine) => {
  let fixture: TradesFixture;
  let owner: { id: string; email: string };
  let stranger: { id: string; email: string };
  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
    owner = await fixture.createCustomer();
    stranger = await fixture.createCustomer();
  });
  afterAll(() => fixture.close());
  const clarifyDeps = () => ({ ...fixture.deps, links: testConfig });

  /** Checks out two lines for the owner: 2 × device 1000 like new, 1 × device 1001 good. */
  const newTrade = () =>
    fixture.checkOutPhones(owner.id, [
      { deviceId: 1000, grade: 1, quantity: 2 },
      { deviceId: 1001, grade: 2 },
    ]);

  const getTrade = async (tradeNumber: string, customer = owner.id) =>
    fixture.call('GET', `/api/trade/trades/${tradeNumber}`, { customer });
  const decide = (tradeNumber: string, decision: string, customer = owner.id) =>
    fixture.call('POST', `/api/trade/trades/${tradeNumber}/clarification`, {
      customer,
      body: { decision },
    });

  it('runs created → received → inspected → clarification → accepted → paid', async () => {
    const trade = await newTrade();
    const [first, second] = trade.items;
    if (first === undefined || second === undefined) throw new Error('two lines expected');
    await receiveTrade(fixture.deps, trade.tradeNumber);
    await inspectTrade(fixture.deps, trade.tradeNumber, {
      item: 1,
      findings: { GRADE: 'GRADE_USED' },
    });
    await inspectTrade(fixture.deps, trade.tradeNumber, { item: 2, findings: {} });
    await clarifyTrade(clarifyDeps(), trade.tradeNumber, {
      item: 1,
      priceCents: 4000,
      reason: 'Display scratched',
    });

    const seen = tradeSchema.parse(await (await getTrade(trade.tradeNumber)).json());
    expect(seen.status).toBe('clarification');
    expect(
      seen.items[0]?.findings.find((finding) => finding.questionCode === 'GRADE'),
    ).toMatchObject({
      answeredCode: 'GRADE_LIKE_NEW',
      foundCode: 'GRADE_USED',
      differs: true,
    });
    expect(seen.items[1]?.findings.every((finding) => !finding.differs)).toBe(true);
    expect(seen.clarification).toMatchObject({
      state: 'open',
      items: [
        {
          position: 1,
          priceCents: first.priceCents,
          revisedPriceCents: 4000,
          reason: 'Display scratched',
        },
      ],
      revisedTotalCents: 4000 * 2 + second.priceCents,
    });
    const clarificationMail = (await readOutbox(fixture.outboxDir)).find(
      (mail) => mail.to.includes(owner.email) && mail.subject.includes('Neues Angebot'),
    );
    expect(clarificationMail?.subject).toBe(
      `Neues Angebot für deinen Verkauf ${trade.tradeNumber}`,
    );
    expect(clarificationMail?.text).toContain('Neue Gesamtsumme');

    // Another customer can neither see, label nor decide the trade.
    expect((await getTrade(trade.tradeNumber, stranger.id)).status).toBe(404);
    const before = await rowCounts(fixture.db);
    expect((await decide(trade.tradeNumber, 'accept', stranger.id)).status).toBe(404);
    expect(await rowCounts(fixture.db)).toEqual(before);
    const strangerLabel = await fixture.call(
      'GET',
      `/api/trade/trades/${trade.tradeNumber}/label.pdf`,
      {
        customer: stranger.id,
      },
    );
    expect(strangerLabel.status).toBe(404);

    const accepted = await decide(trade.tradeNumber, 'accept');
    expect(accepted.status).toBe(200);
    const afterAccept = tradeSchema.parse(await accepted.json());
    expect(afterAccept.status).toBe('accepted');
    expect(afterAccept.totalCents).toBe(4000 * 2 + second.priceCents);
    expect(afterAccept.clarification?.state).toBe('accepted');
    expect((await decide(trade.tradeNumber, 'return')).status).toBe(409);

    await payTrade(clarifyDeps(), trade.tradeNumber);
    const paid = tradeSchema.parse(await (await getTrade(trade.tradeNumber)).json());
    expect(paid.status).toBe('paid');
    expect(paid.totalCents).toBe(4000 * 2 + second.priceCents);
    expect(paid.events.map((event) => event.status)).toEqual([
      'created',
      'received',
      'inspected',
      'clarification',
      'accepted',
      'paid',
    ]);
    const paidMail = (await readOutbox(fixture.outboxDir)).find(
      (mail) =>
        mail.to.includes(owner.email) &&
        mail.subject === `Dein Verkauf ${trade.tradeNumber} wurde ausgezahlt`,
    );
    expect(paidMail?.text).toContain(formatMoney('de', 4000 * 2 + second.priceCents));
  });

  it('pays an inspected trade directly when the findings match', async () => {
    const trade = await newTrade();
    await receiveTrade(fixture.deps, trade.tradeNumber);
    await inspectTrade(fixture.deps, trade.tradeNumber, { item: 1, findings: {} });
    const paid = await payTrade(fixture.deps, trade.tradeNumber);
    expect(paid.status).toBe('paid');
    expect(paid.totalCents).toBe(trade.totalCents);
    expect(paid.clarifications).toEqual([]);
  });

  it('returns the devices when the customer asks for them back', async () => {
    const trade = await newTrade();
    await receiveTrade(fixture.deps, trade.tradeNumber);
    await inspectTrade(fixture.deps, trade.tradeNumber, { item: 2, findings: { POWERS_ON: 'NO' } });
    await clarifyTrade(clarifyDeps(), trade.tradeNumber, { item: 2, priceCents: 0 });
    const answer = await decide(trade.tradeNumber, 'return');
    expect(answer.status).toBe(200);
    const returned = tradeSchema.parse(await answer.json());
    expect(returned.status).toBe('returned');
    expect(returned.totalCents).toBe(trade.totalCents);
    await expect(payTrade(fixture.deps, trade.tradeNumber)).rejects.toThrow(
      /returned; it cannot become paid/,
    );
  });

  it('lets the operator accept for the customer', async () => {
    const trade = await newTrade();
    await receiveTrade(fixture.deps, trade.tradeNumber);
    await inspectTrade(fixture.deps, trade.tradeNumber, {
      item: 1,
      findings: { GRADE: 'GRADE_GOOD' },
    });
    await clarifyTrade(clarifyDeps(), trade.tradeNumber, { item: 1, priceCents: 1 });
    const accepted = await decideClarification(
      fixture.deps,
      trade.tradeNumber,
      'accept',
      'operator',
    );
    expect(accepted.status).toBe('accepted');
    expect(accepted.events.at(-1)?.note).toBe('accept by operator');
  });

  it.each([
    [
      'pay a created trade',
      (number: string) => payTrade(fixture.deps, number),
      /created; it cannot become paid/,
    ],
    [
      'inspect before receiving',
      (number: string) => inspectTrade(fixture.deps, number, { item: 1, findings: {} }),
      /only received or inspected/,
    ],
    [
      'clarify before inspecting',
      (number: string) => clarifyTrade(clarifyDeps(), number, { item: 1, priceCents: 5 }),
      /only an inspected trade/,
    ],
    [
      'accept without a clarification',
      (number: string) => decideClarification(fixture.deps, number, 'accept', 'operator'),
      /cannot become accepted/,
    ],
  ])('refuses to %s', async (_case, step, message) => {
    const trade = await newTrade();
    const before = await rowCounts(fixture.db);
    await expect(step(trade.tradeNumber)).rejects.toThrow(message);
    await expect(step(trade.tradeNumber)).rejects.toBeInstanceOf(LifecycleError);
    expect(await rowCounts(fixture.db)).toEqual(before);
  });

  it('refuses unknown findings, items and trades', async () => {
    const trade = await newTrade();
    await receiveTrade(fixture.deps, trade.tradeNumber);
    await expect(
      inspectTrade(fixture.deps, trade.tradeNumber, { item: 1, findings: { COLOUR: 'RED' } }),
    ).rejects.toThrow(/Question COLOUR is not asked/);
    await expect(
      inspectTrade(fixture.deps, trade.tradeNumber, { item: 1, findings: { GRADE: 'SHINY' } }),
    ).rejects.toThrow(/Answer SHINY is not an answer of GRADE/);
    await expect(
      inspectTrade(fixture.deps, trade.tradeNumber, { item: 3, findings: {} }),
    ).rejects.toThrow(/has no item 3/);
    await expect(receiveTrade(fixture.deps, 'T-2026-999999')).rejects.toThrow(/There is no trade/);
    await expect(receiveTrade(fixture.deps, trade.tradeNumber)).rejects.toThrow(
      /received; it cannot become received/,
    );
  });

  it('answers 409 to a clarification decision while none is open', async () => {
    const trade = await newTrade();
    const answer = await decide(trade.tradeNumber, 'accept');
    expect(answer.status).toBe(409);
    expect((await answer.json()) as unknown).toMatchObject({
      error: { code: 'no_open_clarification' },
    });
  });

  it('lists trades by status, newest first', async () => {
    const trade = await newTrade();
    const created = await listTrades(fixture.deps, 'created');
    expect(created[0]?.tradeNumber).toBe(trade.tradeNumber);
    expect(created.every((entry) => entry.status === 'created')).toBe(true);
    expect(created[0]?.items).toBe(2);
  });

  it('serves the A6 shipping label to the owner only', async () => {
    const trade = await newTrade();
    const answer = await fixture.call('GET', `/api/trade/trades/${trade.tradeNumber}/label.pdf`, {
      customer: owner.id,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const { text, size } = await firstPdfPage(new Uint8Array(await answer.arrayBuffer()));
    expect(size).toEqual([...PageSizes.A6]);
    expect(text).toContain(hexOf(trade.tradeNumber));
    expect(text).toContain(hexOf('DHL'));
    expect(text).toContain(hexOf('Empfänger'));
    expect(text).toContain(hexOf('Erika Müller'));
    // The Code 128 bars: dozens of filled paths.
    expect(text.match(/\nh\nf\n/g)?.length ?? 0).toBeGreaterThan(20);
    expect(
      (
        await fixture.call('GET', '/api/trade/trades/T-2026-999999/label.pdf', {
          customer: owner.id,
        })
      ).status,
    ).toBe(404);
    expect(
      (await fixture.call('GET', `/api/trade/trades/${trade.tradeNumber}/label.pdf`)).status,
    ).toBe(401);
  });
});
