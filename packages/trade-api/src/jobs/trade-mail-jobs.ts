import { tradeStatusSchema, type TradeStatus } from '@tradein/contract';
import * as z from 'zod/mini';
import type { TradeDb } from '../db/create-database.ts';
import { afterSaleOf, contactOf } from '../trades/after-sale.ts';
import { createClarificationLink } from '../trades/clarification-links.ts';
import { tradeShopOrigin, type MailLinks } from '../trades/shop-links.ts';
import type { TradeDeps } from '../trades/trade-deps.ts';
import { labelOf } from '../trades/trade-label.ts';
import {
  hasStatusMail,
  sendClarificationMail,
  sendStatusMail,
  sendTradeConfirmation,
  tradeConfirmationSent,
  sendUpwardCorrectionMail,
} from '../trades/trade-mail.ts';
import { renewTradeMailboxToken, tradeMailboxProofLink } from '../trades/trade-mailbox-proof.ts';
import {
  lineRevision,
  loadTrade,
  revisedItemsTotal,
  type TradeRecord,
} from '../trades/trade-view.ts';
import { issueTradeStatusToken, tradeStatusLink } from '../trades/trade-status-link.ts';
import { revisedVoucherBonus } from '../trades/vouchers.ts';
import { enqueueJob } from './job-queue.ts';
import { sendOrThrow } from './mail-attempt.ts';
import { createJobWorker, defineJobHandler, newWorkerId, type JobHandler } from './job-worker.ts';

/*
 * The mails of a trade, sent as jobs: the job is written in the transaction that stores or
 * changes the trade, so a committed trade or change always gets its mail (retried when the mail
 * server fails) and a rolled-back one never does. Each mail is rendered when it is sent, from the
 * trade as it stands then, in the trade's edition.
 */

/** The confirmation of a new trade, with its shipping label. */
export const tradeConfirmationMailKind = 'trade-confirmation-mail';
/** A status change's mail. */
export const tradeStatusMailKind = 'trade-status-mail';
/** The mail of a revised offer (a clarification, or an upward correction). */
export const tradeRevisionMailKind = 'trade-revision-mail';

/** Every mail job of one trade has a dedupe key starting with this. */
function tradeMailKeyPrefix(tradeId: number): string {
  return `trade-mail:${tradeId}:`;
}

/** What the status and revision mails need. */
export interface TradeMailJobDeps extends TradeDeps {
  /**
   * The shop of every edition and mode and the signing secret: a mail's links go to the shop
   * its trade was made in, whichever node sends it.
   */
  links: MailLinks;
}

/**
 * Enqueues the confirmation mail of a new trade, in the checkout's transaction (`db` is that
 * transaction): the trade and its mail are committed together or not at all. One per trade.
 * The payload names the trade only; the label, the after-sale facts and a guest's mailbox link
 * are made when the mail is written.
 */
export async function enqueueTradeConfirmationMail(
  db: TradeDb,
  trade: { id: number; tradeNumber: string },
  at: string,
): Promise<void> {
  await enqueueJob(
    db,
    {
      kind: tradeConfirmationMailKind,
      dedupeKey: `${tradeMailKeyPrefix(trade.id)}confirmation`,
      payload: { tradeNumber: trade.tradeNumber },
      runAt: new Date(at),
    },
    new Date(at),
  );
}

/**
 * Enqueues the mail of a status change, in the transaction that writes the change (`db` is that
 * transaction). A trade reaches each status at most once, so the trade and the status make the
 * dedupe key. `clarification` gets none here: the revised offer that opens the clarification has
 * its own mail ({@link enqueueRevisionMail}), which is the clarification mail.
 */
export async function enqueueTradeStatusMail(
  db: TradeDb,
  trade: { id: number; tradeNumber: string },
  status: TradeStatus,
  at: string,
): Promise<void> {
  if (!hasStatusMail(status)) return;
  await enqueueJob(
    db,
    {
      kind: tradeStatusMailKind,
      dedupeKey: `${tradeMailKeyPrefix(trade.id)}status:${status}`,
      payload: { tradeNumber: trade.tradeNumber, status },
      runAt: new Date(at),
    },
    new Date(at),
  );
}

/**
 * Enqueues the mail of a revised offer for one line, in the transaction that stores the revision:
 * a clarification mail asking for a decision, or the good news of an upward correction.
 */
export async function enqueueRevisionMail(
  db: TradeDb,
  trade: { id: number; tradeNumber: string },
  revision: { position: number; upward: boolean; at: string },
): Promise<void> {
  await enqueueJob(
    db,
    {
      kind: tradeRevisionMailKind,
      dedupeKey: `${tradeMailKeyPrefix(trade.id)}revision:${revision.position}:${revision.at}`,
      payload: {
        tradeNumber: trade.tradeNumber,
        position: revision.position,
        upward: revision.upward,
        revisedAt: revision.at,
      },
      runAt: new Date(revision.at),
    },
    new Date(revision.at),
  );
}

/** The customer's address, or null when the trade has no customer or the customer none. */
async function recipientOf(db: TradeDb, record: TradeRecord): Promise<string | null> {
  if (record.customerId === null) return null;
  const row = await db
    .selectFrom('customers')
    .select('email')
    .where('id', '=', record.customerId)
    .executeTakeFirst();
  return row === undefined || row.email.trim() === '' ? null : row.email;
}

const confirmationMailPayloadSchema = z.object({ tradeNumber: z.string() });

/**
 * Sends the confirmation of a new trade with its shipping label: what to do by when, how the
 * money comes, the status page, and for a guest the link that proves the mailbox. That link's
 * token is issued here, when the mail is written (only its hash is stored, so it cannot wait in
 * the job); it replaces the token of any earlier attempt's mail.
 */
function confirmationMailHandler(deps: TradeMailJobDeps): JobHandler {
  return defineJobHandler(
    tradeConfirmationMailKind,
    confirmationMailPayloadSchema,
    async (payload, { now }) => {
      const record = await loadTrade(deps.db, payload.tradeNumber);
      if (record === null) return;
      const to = await recipientOf(deps.db, record);
      if (to === null) return;
      // Sent by an attempt whose end was never recorded: sending again would also replace the
      // mailbox link of the mail the seller has.
      if (await tradeConfirmationSent(deps.db, record, to)) return;
      const label = await labelOf(record);
      const afterSale = await afterSaleOf(deps.db, deps.links, record, now);
      const token = await renewTradeMailboxToken(deps.db, record.id, now);
      const proofLink =
        token === undefined
          ? undefined
          : tradeMailboxProofLink(tradeShopOrigin(deps.links, record), token);
      await sendOrThrow(deps.mailer, (mailer) =>
        sendTradeConfirmation(deps.db, mailer, now, record, to, label, afterSale, proofLink),
      );
    },
  );
}

const statusMailPayloadSchema = z.object({
  tradeNumber: z.string(),
  status: tradeStatusSchema,
});

/** Sends the mail of a status change, from the trade as it stands when the job runs. */
function statusMailHandler(deps: TradeMailJobDeps): JobHandler {
  return defineJobHandler(
    tradeStatusMailKind,
    statusMailPayloadSchema,
    async (payload, { now }) => {
      const { status } = payload;
      // Never enqueued (see enqueueTradeStatusMail); nothing to send.
      if (!hasStatusMail(status)) return;
      const record = await loadTrade(deps.db, payload.tradeNumber);
      // A deleted trade, or a customer without an address (a guest who gave none): nobody to tell.
      if (record === null) return;
      const to = await recipientOf(deps.db, record);
      if (to === null) return;
      const token = await issueTradeStatusToken(deps.links.jwtSecret, record.tradeNumber, now);
      const follow = {
        statusUrl: tradeStatusLink(tradeShopOrigin(deps.links, record), token),
        contact: contactOf(deps.links, record),
      };
      await sendOrThrow(deps.mailer, (mailer) =>
        sendStatusMail(deps.db, mailer, now, status, { record, to, follow }),
      );
    },
  );
}

const revisionMailPayloadSchema = z.object({
  tradeNumber: z.string(),
  position: z.number().check(z.int(), z.positive()),
  upward: z.boolean(),
  revisedAt: z.iso.datetime(),
});

/**
 * Sends the mail of a revised offer. The capability link of the clarification page is made
 * here, when the mail is written (only its hash is stored, so it cannot wait in the job), valid
 * from the revision like the revised offer. A revision that a newer one replaced, or a
 * clarification decided before its mail went out, sends nothing: the newer revision has its own
 * mail, and a decided offer needs no question.
 */
function revisionMailHandler(deps: TradeMailJobDeps): JobHandler {
  return defineJobHandler(
    tradeRevisionMailKind,
    revisionMailPayloadSchema,
    async (payload, { now }) => {
      const record = await loadTrade(deps.db, payload.tradeNumber);
      if (record === null) return;
      const item = record.items.find((candidate) => candidate.position === payload.position);
      const revision = item === undefined ? undefined : lineRevision(record, item);
      if (revision === undefined || revision.createdAt !== payload.revisedAt) return;
      if (!payload.upward && revision.state !== 'open') return;
      const to = await recipientOf(deps.db, record);
      if (to === null) return;
      const itemsTotal = revisedItemsTotal(record);
      const bonus = await revisedVoucherBonus(deps.db, record.voucherCode, itemsTotal);
      const { link } = await createClarificationLink(
        deps.db,
        record.id,
        new Date(payload.revisedAt),
      );
      const mail = {
        record,
        to,
        shopOrigin: tradeShopOrigin(deps.links, record),
        link,
        revisedTotalCents: itemsTotal + bonus,
      };
      await sendOrThrow(deps.mailer, (mailer) =>
        payload.upward
          ? sendUpwardCorrectionMail(deps.db, mailer, now, { ...mail, position: payload.position })
          : sendClarificationMail(deps.db, mailer, now, mail),
      );
    },
  );
}

/**
 * The handlers of a trade's mails. Every one links the trade's shop, so without the shops'
 * origins (the operator command line) there are none: the jobs wait for a node's worker.
 */
export function tradeMailHandlers(deps: TradeDeps & { links?: MailLinks }): JobHandler[] {
  const { links } = deps;
  return links === undefined
    ? []
    : [
        confirmationMailHandler({ ...deps, links }),
        statusMailHandler({ ...deps, links }),
        revisionMailHandler({ ...deps, links }),
      ];
}

/** A worker's log that says nothing: the jobs' own rows keep what failed. */
const quietLog = { info() {}, warn() {}, error() {} };

/**
 * Sends the mails a trade has waiting now, in this process, instead of at the next run of a
 * node's worker: for steps whose mail the seller expects at once (the confirmation of a new
 * trade, a revised offer, the payout).
 * Without the shops' origins (the operator command line) it sends nothing. The jobs are claimed like any worker claims them, so a
 * node's worker running at the same moment sends none of them twice. A mail that fails stays in
 * its job (error, retry time) for the nodes' workers; this never throws, since the step itself
 * is committed already.
 */
export async function sendTradeMailsNow(
  deps: TradeDeps & { links?: MailLinks },
  trade: { id: number },
): Promise<void> {
  const worker = createJobWorker({
    db: deps.db,
    clock: deps.clock,
    log: quietLog,
    handlers: tradeMailHandlers(deps),
    workerId: newWorkerId('now'),
  });
  await worker.runDueJobs({ dedupeKeyPrefix: tradeMailKeyPrefix(trade.id) }).catch(() => undefined);
}
