import type { Trade } from '@tradein/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, type OutboxMail } from '../../test-kit/outbox-mail.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { testConfig } from '../../test-kit/test-server.ts';
import { startTradesFixture, type TradesFixture } from '../../test-kit/trade-test-kit.ts';
import type { Mailer } from '../mail/mailer.ts';
import { resolveClarificationLink } from '../trades/clarification-links.ts';
import { decideClarification } from '../trades/clarification-decisions.ts';
import { LifecycleError } from '../trades/lifecycle-errors.ts';
import { inspectTrade, payTrade, receiveTrade } from '../trades/lifecycle-steps.ts';
import { clarifyTrade } from '../trades/offer-revision.ts';
import type { JobLog } from './job-worker.ts';
import { createTradeJobWorker } from './trade-jobs.ts';
import {
  tradeConfirmationMailKind,
  tradeRevisionMailKind,
  tradeStatusMailKind,
} from './trade-mail-jobs.ts';
import { dayMs } from '../time/day.ts';

const quiet: JobLog = { info() {}, warn() {}, error() {} };

describe.each(testDatabases())('the mails of a trade as jobs on $name', (engine) => {
  let fixture: TradesFixture;
  let customer: { id: string; email: string };
  let now = new Date('2026-03-02T09:00:00.000Z');
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
    fixture.setNow(now);
  };
  const deps = () => ({ ...fixture.deps, clock: () => now, links: testConfig });
  /** One run of a node's worker. */
  const runWorker = () => createTradeJobWorker(deps(), quiet).runDueJobs();

  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
    fixture.setNow(now);
    customer = await fixture.createCustomer();
  });
  afterAll(() => fixture.close());

  /** Checks out two lines for the customer: device 1000 like new, device 1001 good. */
  const newTrade = () =>
    fixture.checkOutPhones(customer.id, [
      { deviceId: 1000, grade: 1 },
      { deviceId: 1001, grade: 2 },
    ]);

  /** The mails of one trade after its confirmation, oldest first. */
  async function mailsOf(trade: Trade): Promise<OutboxMail[]> {
    return (await readOutbox(fixture.outboxDir)).filter(
      (mail) =>
        mail.to === customer.email &&
        mail.kind !== 'trade-confirmation' &&
        (mail.subject.includes(trade.tradeNumber) || mail.text.includes(trade.tradeNumber)),
    );
  }

  /** The mail jobs of one trade after its confirmation (which checkout sent already). */
  async function jobsOf(trade: Trade) {
    const row = await fixture.db
      .selectFrom('trades')
      .select('id')
      .where('trade_number', '=', trade.tradeNumber)
      .executeTakeFirstOrThrow();
    return fixture.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', 'like', `trade-mail:${row.id}:%`)
      .where('kind', '!=', tradeConfirmationMailKind)
      .orderBy('id')
      .execute();
  }

  it('enqueues a mail with every status change and sends each once', async () => {
    const trade = await newTrade();
    advance(60_000);
    await receiveTrade(deps(), trade.tradeNumber);
    const [received] = await jobsOf(trade);
    // Written with the change (same moment as its event), not sent yet.
    expect(received).toMatchObject({
      kind: tradeStatusMailKind,
      run_at: now.toISOString(),
      created_at: now.toISOString(),
      attempts: 0,
      done_at: null,
    });
    const event = await fixture.db
      .selectFrom('trade_events')
      .innerJoin('trades', 'trades.id', 'trade_events.trade_id')
      .select('trade_events.created_at')
      .where('trades.trade_number', '=', trade.tradeNumber)
      .where('trade_events.status', '=', 'received')
      .executeTakeFirstOrThrow();
    expect(event.created_at).toBe(received?.created_at);
    expect(await mailsOf(trade)).toEqual([]);

    expect(await runWorker()).toMatchObject({ done: 1 });
    expect(await runWorker()).toMatchObject({ done: 0 });
    const [mail] = await mailsOf(trade);
    expect(mail?.subject).toBe(
      `Dein Paket zum Verkauf ${trade.tradeNumber} ist bei uns angekommen`,
    );
    expect(mail?.kind).toBe('trade-status');

    // A refused step writes no job.
    await expect(payTrade(deps(), trade.tradeNumber)).rejects.toBeInstanceOf(LifecycleError);
    expect(await jobsOf(trade)).toHaveLength(1);

    await inspectTrade(deps(), trade.tradeNumber, { item: 1, findings: {} });
    await inspectTrade(deps(), trade.tradeNumber, { item: 2, findings: {} });
    await runWorker();
    // The findings matched: paid from inspected, its mail sent at once by the step itself.
    await payTrade(deps(), trade.tradeNumber);
    await runWorker();
    const subjects = (await mailsOf(trade)).map((entry) => entry.subject);
    expect(subjects).toEqual([
      `Dein Paket zum Verkauf ${trade.tradeNumber} ist bei uns angekommen`,
      `Die Geräte deines Verkaufs ${trade.tradeNumber} werden geprüft`,
      `Dein Verkauf ${trade.tradeNumber} wurde ausgezahlt`,
    ]);
    const jobs = await jobsOf(trade);
    expect(jobs.map((job) => job.dedupe_key.replace(/^trade-mail:\d+:/, ''))).toEqual([
      'status:received',
      'status:inspected',
      'status:paid',
    ]);
    expect(jobs.every((job) => job.done_at !== null && job.attempts === 1)).toBe(true);
  });

  it('sends the clarification mail at once through its job, with a link that opens the page', async () => {
    const trade = await newTrade();
    await receiveTrade(deps(), trade.tradeNumber);
    await inspectTrade(deps(), trade.tradeNumber, { item: 1, findings: { GRADE: 'GRADE_USED' } });
    await inspectTrade(deps(), trade.tradeNumber, { item: 2, findings: { GRADE: 'GRADE_USED' } });
    await clarifyTrade(deps(), trade.tradeNumber, { item: 1, priceCents: 4000 });
    // Another line revised while in clarification gets its mail too.
    await clarifyTrade(deps(), trade.tradeNumber, { item: 2, priceCents: 3000 });
    await runWorker();

    const clarifications = (await mailsOf(trade)).filter((mail) => mail.kind === 'clarification');
    expect(clarifications).toHaveLength(2);
    const link = new RegExp(`/clarification/([A-Za-z0-9_-]+)/${trade.tradeNumber}`).exec(
      clarifications[1]?.text ?? '',
    )?.[1];
    expect(link).toBeDefined();
    const opened = await resolveClarificationLink(fixture.db, link ?? '', trade.tradeNumber, now);
    expect(opened?.expiresAt).toBe(new Date(now.getTime() + 14 * dayMs).toISOString());
    const revisionJobs = (await jobsOf(trade)).filter((job) => job.kind === tradeRevisionMailKind);
    expect(revisionJobs).toHaveLength(2);
    expect(revisionJobs.every((job) => job.done_at !== null)).toBe(true);

    // Deciding writes the accepted mail, which a node's worker sends.
    await decideClarification(deps(), trade.tradeNumber, 'accept', 'customer');
    expect(await runWorker()).toMatchObject({ done: 1 });
    await payTrade(deps(), trade.tradeNumber);
    const subjects = (await mailsOf(trade)).map((mail) => mail.subject);
    expect(
      subjects.filter((subject) => subject === `Dein Verkauf ${trade.tradeNumber} ist angenommen`),
    ).toHaveLength(1);
    expect(subjects.filter((subject) => subject.includes('ausgezahlt'))).toHaveLength(1);
  });

  it('tells of a return, and of an upward correction without a status mail of its own', async () => {
    const returned = await newTrade();
    await receiveTrade(deps(), returned.tradeNumber);
    await inspectTrade(deps(), returned.tradeNumber, {
      item: 1,
      findings: { GRADE: 'GRADE_USED' },
    });
    await clarifyTrade(deps(), returned.tradeNumber, { item: 1, priceCents: 100 });
    await decideClarification(deps(), returned.tradeNumber, 'return', 'customer');
    await runWorker();
    expect((await mailsOf(returned)).at(-1)?.subject).toBe(
      `Die Geräte deines Verkaufs ${returned.tradeNumber} kommen zu dir zurück`,
    );

    const better = await newTrade();
    await receiveTrade(deps(), better.tradeNumber);
    await inspectTrade(deps(), better.tradeNumber, {
      item: 2,
      findings: { GRADE: 'GRADE_LIKE_NEW' },
    });
    await clarifyTrade(deps(), better.tradeNumber, { item: 2, priceCents: 99_999 });
    await runWorker();
    const mails = await mailsOf(better);
    expect(mails.map((mail) => mail.kind)).toEqual([
      'trade-status',
      'trade-status',
      'clarification',
    ]);
    expect(mails.at(-1)?.text).toContain(better.tradeNumber);
  });

  it('retries a refused clarification mail, and drops it once a newer revision was mailed', async () => {
    const trade = await newTrade();
    await receiveTrade(deps(), trade.tradeNumber);
    await inspectTrade(deps(), trade.tradeNumber, { item: 1, findings: { GRADE: 'GRADE_USED' } });
    await runWorker();
    let refuse = true;
    const flaky: Mailer = {
      send: (message) =>
        refuse
          ? Promise.reject(new Error('connection refused'))
          : fixture.deps.mailer.send(message),
      close: () => undefined,
    };
    // The revision stands although its mail was refused; the job keeps the mail for later.
    const revised = await clarifyTrade({ ...deps(), mailer: flaky }, trade.tradeNumber, {
      item: 1,
      priceCents: 4000,
    });
    expect(revised.status).toBe('clarification');
    const [pending] = (await jobsOf(trade)).filter((job) => job.kind === tradeRevisionMailKind);
    expect(pending).toMatchObject({ attempts: 1, done_at: null, last_error: 'connection refused' });
    expect((await mailsOf(trade)).filter((mail) => mail.kind === 'clarification')).toEqual([]);

    // The mail server is back; the operator revises the line again before the retry is due.
    refuse = false;
    advance(10_000);
    await clarifyTrade(deps(), trade.tradeNumber, { item: 1, priceCents: 3500 });
    advance(60_000);
    await runWorker();
    const clarifications = (await mailsOf(trade)).filter((mail) => mail.kind === 'clarification');
    // Only the newer revision was mailed; the older job ran and sent nothing.
    expect(clarifications).toHaveLength(1);
    expect(clarifications[0]?.text).toContain('35,00');
    expect((await jobsOf(trade)).every((job) => job.done_at !== null)).toBe(true);
  });

  it('finishes the job of a guest who left no address without a mail', async () => {
    const guest = await fixture.createCustomer({ guest: true });
    const trade = await newTrade();
    await fixture.db
      .updateTable('trades')
      .set({ customer_id: guest.id })
      .where('trade_number', '=', trade.tradeNumber)
      .execute();
    await fixture.db
      .updateTable('customers')
      .set({ email: '' })
      .where('id', '=', guest.id)
      .execute();
    await receiveTrade(deps(), trade.tradeNumber);
    expect(await runWorker()).toMatchObject({ done: 1, retried: 0 });
    const [job] = await jobsOf(trade);
    expect(job?.done_at).not.toBeNull();
  });
});
