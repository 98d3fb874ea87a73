import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreatedTrade } from '@tradein/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOfLink } from '../../test-kit/account-test-kit.ts';
import { mailsTo, readOutbox } from '../../test-kit/outbox-mail.ts';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { testConfig } from '../../test-kit/test-server.ts';
import {
  checkoutBody,
  startTradesFixture,
  type TradesFixture,
} from '../../test-kit/trade-test-kit.ts';
import type { TradeDb } from '../db/create-database.ts';
import { claimDueJobs } from '../jobs/job-queue.ts';
import type { JobLog } from '../jobs/job-worker.ts';
import { createTradeJobWorker } from '../jobs/trade-jobs.ts';
import { tradeConfirmationMailKind } from '../jobs/trade-mail-jobs.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { hashOpaqueToken } from '../tokens/opaque-token.ts';
import { checkout } from './checkout.ts';
import type { TradeRouteDeps } from './trade-deps.ts';
import { proveTradeMailbox, tradeMailboxProofPath } from './trade-mailbox-proof.ts';

const quiet: JobLog = { info() {}, warn() {}, error() {} };

/** A mail server that refuses every mail. */
const refusingMailer: Mailer = {
  send: () => Promise.reject(new Error('connection refused')),
  close: () => undefined,
};

/**
 * The confirmation mail of a new trade is a job written in the checkout's transaction: a stored
 * trade always has it, a rolled-back one never, and it goes out once however many nodes' workers
 * run and whichever of them dies.
 */
describe.each(testDatabases())('the confirmation mail of a checkout on $name', (engine) => {
  let fixture: TradesFixture;
  let otherNode: TradeDb;
  let now = new Date('2026-03-02T09:00:00.000Z');
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
    fixture.setNow(now);
  };
  const clock = () => now;

  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
    fixture.setNow(now);
    otherNode = engine.connectAgain(fixture.db);
  });
  afterAll(async () => {
    await otherNode.destroy();
    await fixture.close();
  });

  /** What `checkout` needs, as a node has it, with another mailer when given. */
  const checkoutDeps = (mailer: Mailer = fixture.deps.mailer): TradeRouteDeps => ({
    db: fixture.db,
    mailer,
    clock,
    config: testConfig,
  });

  /** A checkout body of one fresh offer (device 1000 like new). */
  async function freshBody() {
    const offer = await fixture.requestPhoneOffer(1000, 1);
    return checkoutBody([{ offerId: offer.offerId, quantity: 1 }]);
  }

  /** The confirmation jobs of a trade, with the trade's id. */
  async function confirmationJobOf(trade: CreatedTrade) {
    const { id } = await fixture.db
      .selectFrom('trades')
      .select('id')
      .where('trade_number', '=', trade.tradeNumber)
      .executeTakeFirstOrThrow();
    const jobs = await fixture.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', tradeConfirmationMailKind)
      .where('dedupe_key', 'like', `trade-mail:${id}:%`)
      .execute();
    return jobs.map((job) => ({ ...job, trade_id: id }));
  }

  it('writes the mail as a job of the trade, sends it at once and never again', async () => {
    const customer = await fixture.createCustomer();
    const answer = await fixture.postCheckout(customer.id, (await freshBody()).offers);
    expect(answer.status).toBe(201);
    const trade = (await answer.json()) as CreatedTrade;

    const jobs = await confirmationJobOf(trade);
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job?.dedupe_key).toBe(`trade-mail:${job?.trade_id}:confirmation`);
    // The payload names the trade only: no address, no token.
    expect(JSON.parse(job?.payload ?? '')).toEqual({ tradeNumber: trade.tradeNumber });
    expect(job).toMatchObject({ attempts: 1, last_error: null, created_at: now.toISOString() });
    expect(job?.done_at).not.toBeNull();

    const mails = await mailsTo(fixture.outboxDir, customer.email);
    expect(mails.map((mail) => [mail.kind, mail.subject])).toEqual([
      ['trade-confirmation', `Dein Verkauf ${trade.tradeNumber}`],
    ]);
    expect(mails[0]?.attachments.map((file) => file.filename)).toEqual([
      `label-${trade.tradeNumber}.pdf`,
    ]);
    // The mail links the status page the answer links (signed at the same moment).
    expect(trade.afterSale?.statusUrl).toMatch(/^http:\/\/localhost:8080\/trade\/status\?token=/);
    expect(mails[0]?.text).toContain(trade.afterSale?.statusUrl);

    const worker = createTradeJobWorker({ ...fixture.deps, clock, links: testConfig }, quiet);
    expect(await worker.runDueJobs()).toMatchObject({ done: 0 });
    expect(await mailsTo(fixture.outboxDir, customer.email)).toHaveLength(1);
  });

  it('is not sent again by a job whose worker sent it but could not mark it done', async () => {
    const customer = await fixture.createCustomer({ guest: true });
    const answer = await fixture.postCheckout(customer.id, (await freshBody()).offers);
    const trade = (await answer.json()) as CreatedTrade;
    const [job] = await confirmationJobOf(trade);
    const [sent] = await mailsTo(fixture.outboxDir, customer.email);
    const token = tokenOfLink(sent?.text ?? '', tradeMailboxProofPath);
    // The database froze after the mail went out: the job's end was never written.
    await fixture.db
      .updateTable('jobs')
      .set({ done_at: null, locked_by: null, locked_until: null })
      .where('id', '=', job?.id ?? 0)
      .execute();
    const worker = createTradeJobWorker({ ...fixture.deps, clock, links: testConfig }, quiet);
    expect(await worker.runDueJobs()).toMatchObject({ done: 1 });
    const mails = await mailsTo(fixture.outboxDir, customer.email);
    expect(mails).toHaveLength(1);
    // The mailbox link of the mail the seller has still works: no later attempt replaced it.
    expect(await proveTradeMailbox(fixture.db, token, now)).toMatchObject({
      tradeNumber: trade.tradeNumber,
    });
  });

  it('leaves no job when the trade is rolled back', async () => {
    const customer = await fixture.createCustomer();
    const body = await freshBody();
    const before = await rowCounts(fixture.db);
    // No shop for the edition: the answer cannot be made after the job was written, so the
    // transaction rolls back with the trade and its job.
    const broken: TradeRouteDeps = {
      ...checkoutDeps(),
      config: { ...testConfig, shopOrigins: { ...testConfig.shopOrigins, de: {} } },
    };
    await expect(checkout(broken, customer.id, body, '192.0.2.10')).rejects.toThrow(
      'No shop origin',
    );
    expect(await rowCounts(fixture.db)).toEqual(before);
    expect(await mailsTo(fixture.outboxDir, customer.email)).toEqual([]);
  });

  it('keeps a refused mail in its job; two nodes send it later exactly once', async () => {
    const customer = await fixture.createCustomer();
    const trade = await checkout(
      checkoutDeps(refusingMailer),
      customer.id,
      await freshBody(),
      '192.0.2.11',
    );
    expect(trade.status).toBe('created');
    const [job] = await confirmationJobOf(trade);
    expect(job).toMatchObject({ attempts: 1, done_at: null, last_error: 'connection refused' });
    const failed = await fixture.db
      .selectFrom('mail_log')
      .select(['kind', 'transport'])
      .where('recipient', '=', customer.email)
      .execute();
    expect(failed).toEqual([{ kind: 'trade-confirmation', transport: 'failed' }]);

    // The retry is due after a minute; both nodes' workers run at the same moment.
    advance(61_000);
    const outboxes = await mkdtemp(join(tmpdir(), 'confirmation-nodes-'));
    const mailerA = createMailer({ smtpUrl: undefined, outboxDir: join(outboxes, 'a') });
    const mailerB = createMailer({ smtpUrl: undefined, outboxDir: join(outboxes, 'b') });
    try {
      const links = { clock, links: testConfig };
      const [a, b] = await Promise.all([
        createTradeJobWorker({ ...links, db: fixture.db, mailer: mailerA }, quiet).runDueJobs(),
        createTradeJobWorker({ ...links, db: otherNode, mailer: mailerB }, quiet).runDueJobs(),
      ]);
      expect(a.done + b.done).toBe(1);
      const sent = [
        ...(await readOutbox(join(outboxes, 'a'))),
        ...(await readOutbox(join(outboxes, 'b'))),
      ].filter((mail) => mail.to === customer.email);
      expect(sent.map((mail) => mail.kind)).toEqual(['trade-confirmation']);
      expect(sent[0]?.text).toContain(trade.tradeNumber);
    } finally {
      mailerA.close();
      mailerB.close();
      await rm(outboxes, { recursive: true, force: true });
    }
  });

  it('is sent by another node once the lease of a worker that died has run out', async () => {
    const customer = await fixture.createCustomer();
    const trade = await checkout(
      checkoutDeps(refusingMailer),
      customer.id,
      await freshBody(),
      '192.0.2.12',
    );
    advance(61_000);
    // A node's worker takes the job and dies before sending it.
    const leaseMs = 120_000;
    const taken = await claimDueJobs(fixture.db, {
      workerId: 'node-that-died',
      now,
      leaseMs,
      limit: 10,
      kinds: [tradeConfirmationMailKind],
    });
    expect(taken.map((job) => job.payload)).toContain(
      JSON.stringify({ tradeNumber: trade.tradeNumber }),
    );
    const other = createTradeJobWorker(
      { db: otherNode, mailer: fixture.deps.mailer, clock, links: testConfig },
      quiet,
    );
    expect(await other.runDueJobs()).toMatchObject({ done: 0 });
    expect(await mailsTo(fixture.outboxDir, customer.email)).toEqual([]);

    advance(leaseMs);
    expect(await other.runDueJobs()).toMatchObject({ done: 1 });
    expect(await other.runDueJobs()).toMatchObject({ done: 0 });
    const mails = await mailsTo(fixture.outboxDir, customer.email);
    expect(mails.map((mail) => mail.kind)).toEqual(['trade-confirmation']);
  });

  it("writes a guest's mailbox link when the mail is sent; only the link of the sent mail works", async () => {
    const guest = await fixture.createCustomer({ guest: true });
    const trade = await checkout(
      checkoutDeps(refusingMailer),
      guest.id,
      await freshBody(),
      '192.0.2.13',
    );
    expect(trade.accountClaim).toEqual(expect.any(String));
    const [job] = await confirmationJobOf(trade);
    expect(JSON.parse(job?.payload ?? '')).toEqual({ tradeNumber: trade.tradeNumber });
    const proofOf = () =>
      fixture.db
        .selectFrom('trade_mailbox_proofs')
        .select(['token_hash', 'proven_at'])
        .where('trade_id', '=', job?.trade_id ?? 0)
        .executeTakeFirstOrThrow();
    const refusedAttempt = await proofOf();

    advance(61_000);
    const worker = createTradeJobWorker({ ...fixture.deps, clock, links: testConfig }, quiet);
    expect(await worker.runDueJobs()).toMatchObject({ done: 1 });
    const [mail] = await mailsTo(fixture.outboxDir, guest.email);
    const token = tokenOfLink(mail?.text ?? '', tradeMailboxProofPath);
    const sent = await proofOf();
    // A new token for the mail that went out; the refused attempt's token is gone.
    expect(sent.token_hash).toBe(hashOpaqueToken(token));
    expect(sent.token_hash).not.toBe(refusedAttempt.token_hash);

    expect(await proveTradeMailbox(fixture.db, token, now)).toEqual({
      tradeNumber: trade.tradeNumber,
      inAccount: false,
    });
  });
});
