import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiErrorCode,
  clarificationViewSchema,
  tradeSchema,
  type ClarificationView,
  type Trade,
} from '@tradein/contract';
import { formatMoney } from '@tradein/editions';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBlobStore } from '../blobs/open-blob-store.ts';
import type { TradeDb } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { HttpError } from '../server/http-error.ts';
import { readOutbox, type OutboxMail } from '../../test-kit/outbox-mail.ts';
import { overlapTransactions } from '../../test-kit/overlapping-transactions.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import { call, checkOutPhones, createCustomer } from '../../test-kit/trade-test-kit.ts';
import { decideWithin } from './clarification-decisions.ts';
import { inspectTrade, payTrade, receiveTrade } from './lifecycle-steps.ts';
import { type ClarifyDeps, clarifyTrade } from './offer-revision.ts';
import { registerOfferRoutes } from './offers.ts';
import { registerTradeRoutes } from './trade-routes.ts';
import { dayMs } from '../time/day.ts';
import { createOpaqueToken } from '../tokens/opaque-token.ts';

/** The first bytes of a PNG file: enough for the photo call to know what it serves. */
const pngBytes = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);

/** A link as the mail carries it: the page's capability and the trade number. */
interface MailedLink {
  link: string;
  tradeNumber: string;
  /** The quick-answer links of the mail, by revised offer. */
  quick: string[];
}

/** The clarification page link and the quick-answer links in a mail's text. */
function linksOf(mail: OutboxMail): MailedLink {
  const page = /\/clarification\/([A-Za-z0-9_-]{43})\/(T-\d{4}-\d+)/.exec(mail.text);
  if (page?.[1] === undefined || page[2] === undefined) {
    throw new Error(`no clarification link in ${mail.text}`);
  }
  const quick = [
    ...mail.text.matchAll(
      /\/clarificationQuickAnswer\/[A-Za-z0-9_-]{43}\/T-\d{4}-\d+\/([0-9a-f-]{36})/g,
    ),
  ].map((match) => match[1] ?? '');
  return { link: page[1], tradeNumber: page[2], quick };
}

/** An answer's JSON error code. */
async function errorCode(answer: Response): Promise<string | undefined> {
  const body = (await answer.json()) as { error?: { code?: string } };
  return body.error?.code;
}

/** A refusal the client caused: what any text in a link must give. */
const refusal = (status: number) => status === 400 || status === 404;

describe.each(testDatabases())('clarification links on $name', (engine) => {
  let db: TradeDb;
  let server: RunningServer;
  let mailer: Mailer;
  let dataDir: string;
  let outboxDir: string;
  let now = new Date('2026-03-02T09:00:00.000Z');
  let deps: ClarifyDeps & { dataDir: string };

  beforeAll(async () => {
    db = await engine.create();
    await migrateToLatest(db);
    await seedCatalogue(db, testCatalogue(6));
    dataDir = await mkdtemp(join(tmpdir(), 'tradein-clarification-'));
    outboxDir = join(dataDir, 'outbox');
    mailer = createMailer({ smtpUrl: undefined, outboxDir });
    deps = { db, mailer, clock: () => now, dataDir, links: testConfig };
    server = await startTestServer(db, {
      authenticate: (request) => {
        const id = request.headers['x-test-customer'];
        if (typeof id !== 'string' || id === '') {
          return Promise.reject(new HttpError(401, apiErrorCode.unauthorized, 'Log in first'));
        }
        return Promise.resolve({ customerId: id });
      },
      extend: (route) => {
        registerOfferRoutes(route, deps);
        registerTradeRoutes(route, { ...deps, config: { ...testConfig, dataDir } });
      },
    });
  });
  afterAll(async () => {
    await server.close();
    mailer.close();
    await engine.destroy(db);
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Checks out 2 × device 1000 (like new) and 1 × device 1001 (good) for a new customer. */
  async function newTrade(voucher?: string): Promise<{ trade: Trade; email: string }> {
    const customer = await createCustomer(db);
    const trade = await checkOutPhones(
      server,
      customer.id,
      [
        { deviceId: 1000, grade: 1, quantity: 2 },
        { deviceId: 1001, grade: 2 },
      ],
      voucher === undefined ? {} : { voucher },
    );
    return { trade, email: customer.email };
  }

  /** Receives and inspects both lines (worse than answered), then revises the given lines. */
  async function clarified(
    trade: Trade,
    prices: Partial<Record<1 | 2, number>>,
    photo?: string,
  ): Promise<void> {
    await receiveTrade(deps, trade.tradeNumber);
    await inspectTrade(deps, trade.tradeNumber, {
      item: 1,
      findings: { GRADE: 'GRADE_USED' },
      ...(photo === undefined ? {} : { photo }),
    });
    await inspectTrade(deps, trade.tradeNumber, { item: 2, findings: { GRADE: 'GRADE_USED' } });
    for (const [item, priceCents] of Object.entries(prices)) {
      await clarifyTrade(deps, trade.tradeNumber, {
        item: Number(item),
        priceCents,
        reason: `Line ${item} scratched`,
      });
    }
  }

  /** The newest mail to an address. */
  async function lastMailTo(email: string): Promise<OutboxMail> {
    const mail = (await readOutbox(outboxDir)).filter((entry) => entry.to === email).at(-1);
    if (mail === undefined) throw new Error(`no mail to ${email}`);
    return mail;
  }

  /** What names a clarification page: the link's capability and the trade number. */
  type PageRef = Pick<MailedLink, 'link' | 'tradeNumber'>;

  const pagePath = ({ link, tradeNumber }: PageRef) =>
    `/api/trade/clarifications/${link}/${tradeNumber}`;

  async function view(link: MailedLink): Promise<ClarificationView> {
    const answer = await call(server, 'GET', pagePath(link));
    expect(answer.status).toBe(200);
    return clarificationViewSchema.parse(await answer.json());
  }

  const answerLines = (link: PageRef, decisions: unknown) =>
    call(server, 'POST', pagePath(link), { body: { decisions } });
  const quickAnswer = (link: PageRef, offerId: unknown) =>
    call(server, 'POST', `${pagePath(link)}/quick`, { body: { offerId } });

  /** The status of a call, GET without a body and POST with one. */
  const statusOf = async (path: string, body?: unknown) =>
    (
      await call(
        server,
        body === undefined ? 'GET' : 'POST',
        path,
        body === undefined ? {} : { body },
      )
    ).status;

  async function storedTrade(tradeNumber: string): Promise<{ status: string; total: number }> {
    const row = await db
      .selectFrom('trades')
      .select(['status', 'total_cents'])
      .where('trade_number', '=', tradeNumber)
      .executeTakeFirstOrThrow();
    return { status: row.status, total: row.total_cents };
  }

  it('mails a link that opens the page without logging in, and takes every device accepted', async () => {
    const { trade, email } = await newTrade();
    const [first, second] = trade.items;
    if (first === undefined || second === undefined) throw new Error('two lines expected');
    await clarified(trade, { 1: first.priceCents - 1000, 2: second.priceCents - 500 });

    const mail = await lastMailTo(email);
    const link = linksOf(mail);
    expect(link.tradeNumber).toBe(trade.tradeNumber);
    expect(mail.text).toContain(
      `${testConfig.publicOrigin}/clarification/${link.link}/${trade.tradeNumber}`,
    );
    expect(link.quick).toHaveLength(2);
    // Only the SHA-256 of the link is stored.
    const stored = await db.selectFrom('clarification_links').selectAll().execute();
    expect(stored.some((row) => row.token_hash.includes(link.link))).toBe(false);
    expect(stored.some((row) => row.token_hash.length === 64)).toBe(true);

    const page = await view(link);
    expect(page).toMatchObject({
      tradeNumber: trade.tradeNumber,
      edition: 'de',
      state: 'open',
      expiresAt: new Date(now.getTime() + 14 * dayMs).toISOString(),
      originalTotalCents: first.priceCents * 2 + second.priceCents,
      revisedTotalCents: (first.priceCents - 1000) * 2 + second.priceCents - 500,
      voucherBonusCents: 0,
      currency: 'EUR',
    });
    expect(page.lines[0]).toMatchObject({
      position: 1,
      deviceName: first.name,
      quantity: 2,
      priceCents: first.priceCents,
      revisedPriceCents: first.priceCents - 1000,
      direction: 'down',
      reason: 'Line 1 scratched',
      hasInspectionPhoto: false,
      sellerPhotos: [],
      decision: null,
    });
    expect(
      page.lines[0]?.findings.find((finding) => finding.questionCode === 'GRADE'),
    ).toMatchObject({ answeredCode: 'GRADE_LIKE_NEW', foundCode: 'GRADE_USED', differs: true });
    expect(page.lines.map((line) => line.offerId)).toEqual(link.quick);

    const answer = await answerLines(link, [
      { position: 2, decision: 'accept' },
      { position: 1, decision: 'accept' },
    ]);
    expect(answer.status).toBe(200);
    const answered = clarificationViewSchema.parse(await answer.json());
    expect(answered.state).toBe('answered');
    expect(answered.lines.map((line) => line.decision)).toEqual(['accept', 'accept']);
    const total = (first.priceCents - 1000) * 2 + second.priceCents - 500;
    expect(await storedTrade(trade.tradeNumber)).toEqual({ status: 'accepted', total });
    // The link still opens the page, read-only.
    expect((await view(link)).state).toBe('answered');
  });

  it('pays for the devices kept when one is returned, with the voucher bonus recomputed', async () => {
    const { trade, email } = await newTrade('WELCOME10');
    const [first, second] = trade.items;
    if (first === undefined || second === undefined) throw new Error('two lines expected');
    await clarified(trade, { 1: first.priceCents - 1000, 2: second.priceCents - 500 });
    const link = linksOf(await lastMailTo(email));

    const kept = (first.priceCents - 1000) * 2;
    const bonus = Math.trunc(kept / 10);
    const answer = await answerLines(link, [
      { position: 1, decision: 'accept' },
      { position: 2, decision: 'return' },
    ]);
    expect(answer.status).toBe(200);
    const page = clarificationViewSchema.parse(await answer.json());
    expect(page.lines.map((line) => line.decision)).toEqual(['accept', 'return']);
    expect(page).toMatchObject({ revisedTotalCents: kept + bonus, voucherBonusCents: bonus });
    expect(await storedTrade(trade.tradeNumber)).toEqual({
      status: 'accepted',
      total: kept + bonus,
    });

    // The owner's view marks the returned device and leaves it out of the totals.
    const own = tradeSchema.parse(
      await (
        await call(server, 'GET', `/api/trade/trades/${trade.tradeNumber}`, {
          customer: await customerOf(trade.tradeNumber),
        })
      ).json(),
    );
    expect(own.items.map((item) => [item.returned, item.lineTotalCents])).toEqual([
      [false, kept],
      [true, 0],
    ]);
    expect(own.itemsTotalCents).toBe(kept);
    expect(own.voucher).toEqual({ code: 'WELCOME10', bonusCents: bonus });
    expect(own.clarification?.items.map((item) => item.decision)).toEqual(['accept', 'return']);

    const paid = await payTrade(deps, trade.tradeNumber);
    expect(paid.totalCents).toBe(kept + bonus);
    expect((await lastMailTo(email)).text).toContain(formatMoney('de', kept + bonus));
  });

  async function customerOf(tradeNumber: string): Promise<string> {
    const row = await db
      .selectFrom('trades')
      .select('customer_id')
      .where('trade_number', '=', tradeNumber)
      .executeTakeFirstOrThrow();
    return row.customer_id ?? '';
  }

  it('returns the trade when every device goes back', async () => {
    const { trade, email } = await newTrade();
    const [first, second] = trade.items;
    if (first === undefined || second === undefined) throw new Error('two lines expected');
    await clarified(trade, { 1: first.priceCents - 1000, 2: second.priceCents - 500 });
    const link = linksOf(await lastMailTo(email));
    const answer = await answerLines(link, [
      { position: 1, decision: 'return' },
      { position: 2, decision: 'return' },
    ]);
    expect(answer.status).toBe(200);
    const page = clarificationViewSchema.parse(await answer.json());
    expect(page).toMatchObject({ state: 'answered', revisedTotalCents: 0 });
    expect((await storedTrade(trade.tradeNumber)).status).toBe('returned');
    await expect(payTrade(deps, trade.tradeNumber)).rejects.toThrow(/cannot become paid/);
  });

  it('keeps a device that matched and pays for it when the revised one is returned', async () => {
    const { trade, email } = await newTrade();
    const [first, second] = trade.items;
    if (first === undefined || second === undefined) throw new Error('two lines expected');
    await clarified(trade, { 1: first.priceCents - 1000 });
    const link = linksOf(await lastMailTo(email));
    expect((await view(link)).lines[1]).toMatchObject({
      direction: 'same',
      offerId: null,
      decision: null,
      revisedPriceCents: second.priceCents,
    });
    const answer = await answerLines(link, [{ position: 1, decision: 'return' }]);
    expect(answer.status).toBe(200);
    expect(await storedTrade(trade.tradeNumber)).toEqual({
      status: 'accepted',
      total: second.priceCents,
    });
  });

  it('raises a price without asking: the trade goes on and the mail tells the good news', async () => {
    const { trade, email } = await newTrade();
    const [first, second] = trade.items;
    if (first === undefined || second === undefined) throw new Error('two lines expected');
    await clarified(trade, { 2: second.priceCents + 700 });

    const record = await db
      .selectFrom('clarifications')
      .select('state')
      .where('trade_id', '=', trade.tradeId)
      .execute();
    expect(record.map((row) => row.state)).toEqual(['accepted']);
    const total = first.priceCents * 2 + second.priceCents + 700;
    expect(await storedTrade(trade.tradeNumber)).toEqual({ status: 'inspected', total });

    const mail = await lastMailTo(email);
    expect(mail.subject).toContain('Gute Nachricht');
    expect(mail.text).toContain(formatMoney('de', second.priceCents + 700));
    const link = linksOf(mail);
    expect(link.quick).toEqual([]);
    const page = await view(link);
    expect(page.state).toBe('info');
    expect(page.lines[1]).toMatchObject({
      direction: 'up',
      decision: 'accept',
      revisedPriceCents: second.priceCents + 700,
    });
    expect(page.revisedTotalCents).toBe(total);
    // Nothing to decide: the page refuses a decision.
    const refused = await answerLines(link, [{ position: 2, decision: 'return' }]);
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe(apiErrorCode.clarificationAnswered);

    const paid = await payTrade(deps, trade.tradeNumber);
    expect(paid).toMatchObject({ status: 'paid', totalCents: total });
  });

  it('accepts the revised offer of one device by its quick answer, the last one moving the trade on', async () => {
    const { trade, email } = await newTrade();
    const [first, second] = trade.items;
    if (first === undefined || second === undefined) throw new Error('two lines expected');
    await clarified(trade, { 1: first.priceCents - 1000, 2: second.priceCents - 500 });
    const link = linksOf(await lastMailTo(email));
    const [firstOffer, secondOffer] = link.quick;

    const one = await quickAnswer(link, firstOffer);
    expect(one.status).toBe(200);
    const afterOne = clarificationViewSchema.parse(await one.json());
    expect(afterOne.state).toBe('open');
    expect(afterOne.lines.map((line) => line.decision)).toEqual(['accept', null]);
    expect((await storedTrade(trade.tradeNumber)).status).toBe('clarification');

    // The same link again: that device is decided.
    const again = await quickAnswer(link, firstOffer);
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe(apiErrorCode.clarificationAnswered);
    // The page now decides only the open device; naming the decided one is a 409.
    const decidedAgain = await answerLines(link, [
      { position: 1, decision: 'return' },
      { position: 2, decision: 'accept' },
    ]);
    expect(decidedAgain.status).toBe(409);

    const two = await quickAnswer(link, secondOffer);
    expect(two.status).toBe(200);
    expect(clarificationViewSchema.parse(await two.json()).state).toBe('answered');
    expect(await storedTrade(trade.tradeNumber)).toEqual({
      status: 'accepted',
      total: (first.priceCents - 1000) * 2 + second.priceCents - 500,
    });
    const late = await quickAnswer(link, secondOffer);
    expect(late.status).toBe(409);
  });

  it('moves the trade on exactly once when the last two devices are decided at the same time', async () => {
    const { trade, email } = await newTrade();
    const [first, second] = trade.items;
    if (first === undefined || second === undefined) throw new Error('two lines expected');
    await clarified(trade, { 1: first.priceCents - 1000, 2: second.priceCents - 500 });
    const link = linksOf(await lastMailTo(email));
    const answers = await Promise.all(link.quick.map((offerId) => quickAnswer(link, offerId)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const events = await db
      .selectFrom('trade_events')
      .select('status')
      .where('trade_id', '=', trade.tradeId)
      .execute();
    expect(events.filter((event) => event.status === 'accepted')).toHaveLength(1);
    expect((await storedTrade(trade.tradeNumber)).status).toBe('accepted');

    // Made to overlap: the second decision waits for the first and sees itself as the last.
    const { trade: held, email: heldEmail } = await newTrade();
    await clarified(held, { 1: first.priceCents - 1000, 2: second.priceCents - 500 });
    expect(linksOf(await lastMailTo(heldEmail)).tradeNumber).toBe(held.tradeNumber);
    const at = now.toISOString();
    const decideLine = (trx: TradeDb, position: number) =>
      decideWithin(
        trx,
        held.tradeNumber,
        { kind: 'lines', decisions: [{ position, decision: 'accept' }], partial: true },
        'customer',
        at,
      );
    const secondOutcome = await overlapTransactions(
      db,
      async (trx) => {
        expect(await decideLine(trx, 1)).toBe('clarification');
      },
      (trx) => decideLine(trx, 2),
    );
    expect(secondOutcome).toEqual({ status: 'fulfilled', value: 'accepted' });

    // The same full decision sent twice at once: one takes effect, the other is told so.
    const { trade: again, email: againEmail } = await newTrade();
    await clarified(again, { 1: first.priceCents - 1000 });
    const againLink = linksOf(await lastMailTo(againEmail));
    const twice = await Promise.all(
      [1, 2].map(() => answerLines(againLink, [{ position: 1, decision: 'return' }])),
    );
    expect(twice.map((answer) => answer.status).toSorted()).toEqual([200, 409]);
  });

  it('answers 404 to an offer of another trade or one a later revision replaced', async () => {
    const { trade, email } = await newTrade();
    const [first] = trade.items;
    if (first === undefined) throw new Error('a line expected');
    await clarified(trade, { 1: first.priceCents - 1000 });
    const old = linksOf(await lastMailTo(email));
    const start = now;
    now = new Date(start.getTime() + 60_000);
    try {
      await clarifyTrade(deps, trade.tradeNumber, { item: 1, priceCents: first.priceCents - 2000 });
    } finally {
      now = start;
    }
    const current = linksOf(await lastMailTo(email));
    expect(current.link).not.toBe(old.link);

    for (const offerId of [old.quick[0], randomUUID(), first.offerId]) {
      const answer = await quickAnswer(current, offerId);
      expect(answer.status).toBe(404);
      expect(await errorCode(answer)).toBe(apiErrorCode.clarificationNotFound);
    }
    // The older mail's link still opens the page, which shows the current revision.
    expect((await view(old)).lines[0]).toMatchObject({
      revisedPriceCents: first.priceCents - 2000,
      offerId: current.quick[0],
    });
  });

  it('opens nothing once the link has expired', async () => {
    const { trade, email } = await newTrade();
    const [first] = trade.items;
    if (first === undefined) throw new Error('a line expected');
    const start = now;
    try {
      await clarified(trade, { 1: first.priceCents - 1000 });
      const link = linksOf(await lastMailTo(email));
      now = new Date(start.getTime() + 14 * dayMs - 1000);
      expect((await view(link)).state).toBe('open');
      now = new Date(start.getTime() + 14 * dayMs);
      for (const answer of [
        await call(server, 'GET', pagePath(link)),
        await answerLines(link, [{ position: 1, decision: 'accept' }]),
        await quickAnswer(link, link.quick[0]),
      ]) {
        expect(answer.status).toBe(404);
        expect(await errorCode(answer)).toBe(apiErrorCode.clarificationNotFound);
      }
      expect((await storedTrade(trade.tradeNumber)).status).toBe('clarification');
    } finally {
      now = start;
    }
  });

  it('answers the same 404 to a tampered, unknown or malformed link, and to a link of another trade', async () => {
    const { trade, email } = await newTrade();
    const { trade: other } = await newTrade();
    const [first] = trade.items;
    if (first === undefined) throw new Error('a line expected');
    await clarified(trade, { 1: first.priceCents - 1000 });
    const link = linksOf(await lastMailTo(email));
    const flipped = `${link.link.slice(0, 10)}${link.link[10] === 'A' ? 'B' : 'A'}${link.link.slice(11)}`;
    const before = await rowCounts(db);
    const cases = [
      { link: flipped, tradeNumber: trade.tradeNumber },
      { link: createOpaqueToken(), tradeNumber: trade.tradeNumber },
      { link: link.link, tradeNumber: other.tradeNumber },
      { link: link.link, tradeNumber: 'T-2026-999999' },
      { link: link.link.slice(1), tradeNumber: trade.tradeNumber },
      { link: `${link.link}=`, tradeNumber: trade.tradeNumber },
      { link: link.link, tradeNumber: 'T-26-1' },
      { link: link.link, tradeNumber: '%E2%80%AE' },
    ];
    const messages = new Set<string>();
    for (const target of cases) {
      for (const answer of [
        await call(server, 'GET', pagePath(target)),
        await call(server, 'GET', `${pagePath(target)}/photo/1`),
        await answerLines(target, [{ position: 1, decision: 'accept' }]),
        await quickAnswer(target, link.quick[0]),
      ]) {
        expect(answer.status).toBe(404);
        const body = (await answer.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe(apiErrorCode.clarificationNotFound);
        messages.add(body.error.message);
      }
    }
    // One answer for every reason: nothing tells a prober which part was wrong.
    expect(messages.size).toBe(1);
    expect(await rowCounts(db)).toEqual(before);
    expect((await view(link)).state).toBe('open');
  });

  it('refuses a decision set that leaves out an open device or names another one, changing nothing', async () => {
    const { trade, email } = await newTrade();
    const [first, second] = trade.items;
    if (first === undefined || second === undefined) throw new Error('two lines expected');
    await clarified(trade, { 1: first.priceCents - 1000, 2: second.priceCents - 500 });
    const link = linksOf(await lastMailTo(email));
    const before = await rowCounts(db);
    for (const decisions of [
      [{ position: 1, decision: 'accept' }],
      [
        { position: 1, decision: 'accept' },
        { position: 2, decision: 'accept' },
        { position: 3, decision: 'accept' },
      ],
      [
        { position: 1, decision: 'accept' },
        { position: 1, decision: 'return' },
        { position: 2, decision: 'accept' },
      ],
      [],
      [
        { position: 1, decision: 'keep' },
        { position: 2, decision: 'accept' },
      ],
      [
        { position: 0, decision: 'accept' },
        { position: 2, decision: 'accept' },
      ],
      'accept',
    ]) {
      const answer = await answerLines(link, decisions);
      expect({ decisions, status: answer.status }).toEqual({ decisions, status: 400 });
      const body = (await answer.json()) as { error: { fields?: { path: string }[] } };
      expect(body.error.fields?.[0]?.path).toMatch(/^decisions/);
    }
    expect(await rowCounts(db)).toEqual(before);
    expect(await storedTrade(trade.tradeNumber)).toMatchObject({ status: 'clarification' });
  });

  it('takes per-device decisions on the owner call too', async () => {
    const { trade } = await newTrade();
    const [first, second] = trade.items;
    if (first === undefined || second === undefined) throw new Error('two lines expected');
    await clarified(trade, { 1: first.priceCents - 1000, 2: second.priceCents - 500 });
    const customer = await customerOf(trade.tradeNumber);
    const path = `/api/trade/trades/${trade.tradeNumber}/clarification`;
    const incomplete = await call(server, 'POST', path, {
      customer,
      body: { decisions: [{ position: 2, decision: 'return' }] },
    });
    expect(incomplete.status).toBe(400);
    const answer = await call(server, 'POST', path, {
      customer,
      body: {
        decisions: [
          { position: 1, decision: 'return' },
          { position: 2, decision: 'accept' },
        ],
      },
    });
    expect(answer.status).toBe(200);
    const decided = tradeSchema.parse(await answer.json());
    expect(decided).toMatchObject({ status: 'accepted', totalCents: second.priceCents - 500 });
    expect(decided.items.map((item) => item.returned)).toEqual([true, false]);
    expect(decided.events.at(-1)?.note).toBe('devices 1 return, 2 accept by customer');
  });

  it('serves the inspection photo by its content, and nothing for a line without one', async () => {
    const { trade, email } = await newTrade();
    const [first] = trade.items;
    if (first === undefined) throw new Error('a line expected');
    // The name says JPEG; the bytes are PNG, and the bytes decide.
    const photo = join(dataDir, 'display.jpg');
    await writeFile(photo, pngBytes);
    await clarified(trade, { 1: first.priceCents - 1000 }, photo);
    const link = linksOf(await lastMailTo(email));
    expect((await view(link)).lines.map((line) => line.hasInspectionPhoto)).toEqual([true, false]);

    const answer = await call(server, 'GET', `${pagePath(link)}/photo/1`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(pngBytes);
    for (const position of ['2', '3', '0', 'x', '01', '1.5']) {
      const missing = await call(server, 'GET', `${pagePath(link)}/photo/${position}`);
      expect({ position, status: missing.status }).toEqual({ position, status: 404 });
      expect(await errorCode(missing)).toBe(apiErrorCode.clarificationNotFound);
    }
  });

  it('refuses an inspection photo that is no image, and never serves stored bytes that are none', async () => {
    const refused = await newTrade();
    const notes = join(dataDir, 'notes.png');
    await writeFile(notes, '<html><script>alert(1)</script></html>');
    await receiveTrade(deps, refused.trade.tradeNumber);
    await expect(
      inspectTrade(deps, refused.trade.tradeNumber, { item: 1, findings: {}, photo: notes }),
    ).rejects.toThrow(`${notes} is no JPEG, PNG, WebP or GIF image`);

    const { trade, email } = await newTrade();
    const [first] = trade.items;
    if (first === undefined) throw new Error('a line expected');
    const photo = join(dataDir, 'display.png');
    await writeFile(photo, pngBytes);
    await clarified(trade, { 1: first.priceCents - 1000 }, photo);
    // The stored file replaced by a page (a broken copy): the bytes decide, not the name.
    const { photo_path: key } = await db
      .selectFrom('trade_items')
      .innerJoin('trades', 'trades.id', 'trade_items.trade_id')
      .select('trade_items.photo_path')
      .where('trades.trade_number', '=', trade.tradeNumber)
      .where('trade_items.photo_path', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(key).toMatch(/^inspection-photos\/t-[0-9a-z-]+-1-[0-9a-f-]{36}\.png$/);
    await openBlobStore({ dataDir }, db).put(
      key ?? '',
      new TextEncoder().encode('<html><script>alert(1)</script></html>'),
      'image/png',
    );
    const link = linksOf(await lastMailTo(email));
    const answer = await call(server, 'GET', `${pagePath(link)}/photo/1`);
    expect(answer.status).toBe(404);
  });

  it('answers 404 or 400, never a server error, to any text in the link, trade, position and offer', async () => {
    const { trade, email } = await newTrade();
    const [first] = trade.items;
    if (first === undefined) throw new Error('a line expected');
    await clarified(trade, { 1: first.priceCents - 1000 });
    const link = linksOf(await lastMailTo(email));
    const before = await rowCounts(db);

    // Any text, URL-encoded as a client would send it, or raw (with stray % signs and dots), up
    // to the router's limit of 100 characters per path parameter: a longer one never reaches
    // a route.
    const encoded = fc
      .oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary-ascii' }))
      .map((text) => ({ text, segment: encodeURIComponent(text) }));
    const raw = fc
      .string({ unit: fc.constantFrom(...'%AZaz09-_.~+'.split('')), maxLength: 50 })
      .map((text) => ({ text, segment: text }));
    const segment = fc
      .oneof(encoded, raw)
      .filter(({ segment: value }) => value !== '' && value.length <= 100);

    await fc.assert(
      fc.asyncProperty(segment, segment, segment, async (a, b, c) => {
        const base = `/api/trade/clarifications`;
        const statuses = [
          await statusOf(`${base}/${a.segment}/${trade.tradeNumber}`),
          await statusOf(`${base}/${link.link}/${a.segment}`),
          await statusOf(`${base}/${a.segment}/${b.segment}`),
          await statusOf(`${base}/${link.link}/${trade.tradeNumber}/photo/${a.segment}`),
          await statusOf(`${base}/${b.segment}/${c.segment}/photo/1`),
          await statusOf(`${base}/${a.segment}/${trade.tradeNumber}/quick`, {
            offerId: link.quick[0],
          }),
          await statusOf(`${base}/${link.link}/${trade.tradeNumber}/quick`, { offerId: a.text }),
          await statusOf(`${base}/${a.segment}/${b.segment}`, {
            decisions: [{ position: 1, decision: 'accept' }],
          }),
        ];
        expect(statuses.filter((status) => !refusal(status))).toEqual([]);
      }),
      { numRuns: 60 },
    );
    // A well-formed offer that is none of the trade's: the 404 of the link.
    expect(await statusOf(`${pagePath(link)}/quick`, { offerId: randomUUID() })).toBe(404);
    expect(await rowCounts(db)).toEqual(before);
    expect((await view(link)).state).toBe('open');
  });
});
