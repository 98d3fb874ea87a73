import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { auditTrade } from '../trades/trade-audit.ts';
import type { TradeDb } from '../db/create-database.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { sendTradeMailsNow } from '../jobs/trade-mail-jobs.ts';
import type { MailLinks } from '../trades/shop-links.ts';
import type { TradeDeps } from '../trades/trade-deps.ts';
import { requireTrade, transition } from '../trades/trade-transition.ts';
import {
  PayoutFileError,
  paypalPayoutsCsv,
  sepaCreditTransferXml,
  type PayoutDebtor,
  type PayoutFileProblem,
} from './payout-files.ts';

/*
 * Payout batches (docs/payouts.md): the payouts clerk picks trades that are ready to pay, gets
 * one file for the bank (SEPA) or for PayPal, hands it over, and confirms the batch once the
 * money went out, which marks its trades paid and mails the sellers. A trade is in at most one
 * open batch. Every batch keeps its file, so it can be downloaded again. Each step writes its
 * audit event in its transaction.
 */

/** How a trade is paid: SEPA credit transfer, or PayPal (payment type 2, spec §9). */
export type PayoutMethod = 'sepa' | 'paypal';

/** Trade statuses a payout may follow: inspected as answered, or accepted after clarification. */
const readyStatuses = ['inspected', 'accepted'] as const;

/** A trade that may be paid now. */
export interface ReadyTrade {
  tradeNumber: string;
  status: string;
  method: PayoutMethod;
  amountCents: number;
  /** The account holder or the PayPal address. */
  payee: string;
  createdAt: string;
}

/** A payout batch as listed. */
export interface PayoutBatch {
  batchNumber: string;
  method: PayoutMethod;
  state: 'open' | 'confirmed' | 'cancelled';
  tradeNumbers: string[];
  totalCents: number;
  fileName: string;
  createdAt: string;
  createdBy: string;
  closedAt: string | null;
  closedBy: string | null;
}

/**
 * Why a batch cannot be made, confirmed or cancelled: the trade does not exist, is not ready, is
 * paid by the other method, has no readable account, is in an open batch already, or its payment
 * fails the file's checks (IBAN, BIC, name); or our SEPA account is not configured, no trade was
 * chosen, the batch does not exist or is closed.
 */
export type PayoutRefusalReason =
  | 'unknownTrade'
  | 'notReady'
  | 'wrongMethod'
  | 'payoutAccount'
  | 'inOpenBatch'
  | 'payment'
  | 'debtorMissing'
  | 'noTrades'
  | 'unknownBatch'
  | 'batchClosed';

/** One problem of a batch, naming its trade when it is about one. */
export interface PayoutRefusal {
  reason: PayoutRefusalReason;
  tradeNumber?: string;
  message: string;
}

/** A batch that cannot be made, confirmed or cancelled; names every problem. */
export class PayoutBatchError extends Error {
  constructor(
    readonly problems: readonly string[],
    /** The same problems, each with its reason and trade (the back office answers with them). */
    readonly refusals: readonly PayoutRefusal[] = [],
  ) {
    super(problems.join('\n'));
    this.name = 'PayoutBatchError';
  }
}

/** A {@link PayoutBatchError} of refusals, each written as `<trade>: <message>`. */
function refused(refusals: readonly PayoutRefusal[]): PayoutBatchError {
  return new PayoutBatchError(
    refusals.map((refusal) =>
      refusal.tradeNumber === undefined
        ? refusal.message
        : `${refusal.tradeNumber}: ${refusal.message}`,
    ),
    refusals,
  );
}

/** The payout account stored with a trade at checkout (checkout.ts, `payoutDetails`). */
const sepaDetailsSchema = z.object({
  accountHolder: z.string(),
  iban: z.string(),
  bic: z.optional(z.string()),
});
const paypalDetailsSchema = z.object({ email: z.string() });

/** The payout method of a trade's payment type. */
export const methodOf = (paymentType: number): PayoutMethod =>
  paymentType === 2 ? 'paypal' : 'sepa';

/** The stored payout account of a trade, checked; or what is wrong with it. */
export function payoutAccountOf(
  method: PayoutMethod,
  json: string,
): { payee: string; iban?: string; bic?: string } | string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return 'its stored payout account is not readable';
  }
  if (method === 'paypal') {
    const parsed = paypalDetailsSchema.safeParse(value);
    return parsed.success
      ? { payee: parsed.data.email }
      : 'its stored PayPal account has no e-mail address';
  }
  const parsed = sepaDetailsSchema.safeParse(value);
  if (!parsed.success) return 'its stored bank account is incomplete';
  return {
    payee: parsed.data.accountHolder,
    iban: parsed.data.iban,
    ...(parsed.data.bic === undefined ? {} : { bic: parsed.data.bic }),
  };
}

/** Trades ready to pay and in no open batch, oldest first. */
export async function tradesReadyToPay(db: TradeDb): Promise<ReadyTrade[]> {
  const rows = await db
    .selectFrom('trades')
    .select([
      'trade_number',
      'status',
      'payment_type',
      'payout_details',
      'total_cents',
      'created_at',
    ])
    .where('status', 'in', readyStatuses)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payout_batch_trades')
            .select('trade_id')
            .whereRef('payout_batch_trades.trade_id', '=', 'trades.id')
            .where('payout_batch_trades.open', '=', 1),
        ),
      ),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const method = methodOf(row.payment_type);
    const account = payoutAccountOf(method, row.payout_details);
    return {
      tradeNumber: row.trade_number,
      status: row.status,
      method,
      amountCents: row.total_cents,
      payee: typeof account === 'string' ? '' : account.payee,
      createdAt: row.created_at,
    };
  });
}

/** The next weekday after `now`, `YYYY-MM-DD` (UTC): when the bank is asked to execute. */
function nextBankDay(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** What a new batch needs. */
export interface PayoutBatchRequest {
  method: PayoutMethod;
  tradeNumbers: readonly string[];
  /** Our account (configuration); needed for SEPA. */
  debtor: PayoutDebtor | undefined;
  by: AuditActor;
  now: Date;
}

/** The file problems in words that name the trade of each payment. */
function fileProblems(problems: readonly PayoutFileProblem[], tradeNumbers: readonly string[]) {
  return new PayoutBatchError(
    problems.map((problem) =>
      problem.index === undefined
        ? `${problem.field}: ${problem.message}`
        : `${tradeNumbers[problem.index] ?? `payment ${problem.index + 1}`}, ${problem.field}: ${problem.message}`,
    ),
    problems.map((problem) => {
      const tradeNumber = problem.index === undefined ? undefined : tradeNumbers[problem.index];
      return {
        reason: 'payment' as const,
        ...(tradeNumber === undefined ? {} : { tradeNumber }),
        message: `${problem.field}: ${problem.message}`,
      };
    }),
  );
}

/**
 * Makes an open batch of the given trades and its file. Every trade must exist, be ready to
 * pay, be paid by `method` and be in no other open batch; its stored account must make a valid
 * payment (IBAN and BIC checked). Throws {@link PayoutBatchError} naming each problem; nothing
 * is written then.
 */
export async function createPayoutBatch(
  db: TradeDb,
  request: PayoutBatchRequest,
): Promise<PayoutBatch> {
  const tradeNumbers = [...new Set(request.tradeNumbers)];
  if (tradeNumbers.length === 0) {
    throw refused([{ reason: 'noTrades', message: 'Choose at least one trade' }]);
  }
  if (request.method === 'sepa' && request.debtor === undefined) {
    throw refused([
      {
        reason: 'debtorMissing',
        message:
          'Our bank account for SEPA payouts is not configured: set PAYOUT_ACCOUNT_NAME, PAYOUT_ACCOUNT_IBAN and PAYOUT_ACCOUNT_BIC',
      },
    ]);
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('trades')
        .select(['id', 'trade_number', 'status', 'payment_type', 'payout_details', 'total_cents'])
        .where('trade_number', 'in', tradeNumbers)
        .execute();
      const byNumber = new Map(rows.map((row) => [row.trade_number, row]));
      // A trade in an open batch is named here; the unique index still holds against a race.
      const inOpenBatches = new Map(
        (rows.length === 0
          ? []
          : await trx
              .selectFrom('payout_batch_trades')
              .innerJoin('payout_batches', 'payout_batches.id', 'payout_batch_trades.batch_id')
              .select(['payout_batch_trades.trade_id', 'payout_batches.batch_number'])
              .where(
                'payout_batch_trades.trade_id',
                'in',
                rows.map((row) => row.id),
              )
              .where('payout_batch_trades.open', '=', 1)
              .execute()
        ).map((link) => [link.trade_id, link.batch_number]),
      );
      const problems: PayoutRefusal[] = [];
      const payments: {
        id: number;
        tradeNumber: string;
        amountCents: number;
        payee: string;
        iban?: string;
        bic?: string;
      }[] = [];
      for (const tradeNumber of tradeNumbers) {
        const row = byNumber.get(tradeNumber);
        if (row === undefined) {
          problems.push({ reason: 'unknownTrade', tradeNumber, message: 'there is no such trade' });
          continue;
        }
        if (!(readyStatuses as readonly string[]).includes(row.status)) {
          problems.push({
            reason: 'notReady',
            tradeNumber,
            message: `it is ${row.status}; only inspected or accepted trades are paid`,
          });
          continue;
        }
        const heldBy = inOpenBatches.get(row.id);
        if (heldBy !== undefined) {
          problems.push({
            reason: 'inOpenBatch',
            tradeNumber,
            message: `it is in the open payout batch ${heldBy} already`,
          });
          continue;
        }
        const method = methodOf(row.payment_type);
        if (method !== request.method) {
          problems.push({
            reason: 'wrongMethod',
            tradeNumber,
            message: `it is paid by ${method === 'paypal' ? 'PayPal' : 'SEPA transfer'}`,
          });
          continue;
        }
        const account = payoutAccountOf(method, row.payout_details);
        if (typeof account === 'string') {
          problems.push({ reason: 'payoutAccount', tradeNumber, message: account });
          continue;
        }
        payments.push({ id: row.id, tradeNumber, amountCents: row.total_cents, ...account });
      }
      if (problems.length > 0) throw refused(problems);

      const inserted = await trx
        .insertInto('payout_batches')
        .values({
          batch_number: `pending-${randomUUID()}`,
          method: request.method,
          state: 'open',
          trade_count: payments.length,
          total_cents: payments.reduce((sum, payment) => sum + payment.amountCents, 0),
          file_name: '',
          file_content: '',
          created_at: request.now.toISOString(),
          created_by: request.by.actor,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const batchNumber = `PB-${request.now.getUTCFullYear()}-${String(inserted.id).padStart(6, '0')}`;
      const numbers = payments.map((payment) => payment.tradeNumber);
      let content: string;
      try {
        content =
          request.method === 'sepa'
            ? sepaCreditTransferXml({
                messageId: batchNumber,
                createdAt: request.now,
                executionDate: nextBankDay(request.now),
                debtor: request.debtor as PayoutDebtor,
                transfers: payments.map((payment) => ({
                  endToEndId: payment.tradeNumber,
                  creditorName: payment.payee,
                  iban: payment.iban ?? '',
                  ...(payment.bic === undefined ? {} : { bic: payment.bic }),
                  amountCents: payment.amountCents,
                  remittance: `Trade-in ${payment.tradeNumber}`,
                })),
              })
            : paypalPayoutsCsv(
                payments.map((payment) => ({
                  email: payment.payee,
                  amountCents: payment.amountCents,
                  reference: payment.tradeNumber,
                  note: `Trade-in ${payment.tradeNumber}`,
                })),
              );
      } catch (error) {
        if (error instanceof PayoutFileError) throw fileProblems(error.problems, numbers);
        throw error;
      }
      const fileName = `${batchNumber}.${request.method === 'sepa' ? 'xml' : 'csv'}`;
      await trx
        .updateTable('payout_batches')
        .set({ batch_number: batchNumber, file_name: fileName, file_content: content })
        .where('id', '=', inserted.id)
        .execute();
      await trx
        .insertInto('payout_batch_trades')
        .values(
          payments.map((payment) => ({
            batch_id: inserted.id,
            trade_id: payment.id,
            amount_cents: payment.amountCents,
            open: 1 as const,
          })),
        )
        .execute();
      const batch = await batchOf(trx, batchNumber);
      await recordAudit(trx, {
        by: request.by,
        action: 'payout_batch.created',
        subjectType: 'payout_batch',
        subjectId: batchNumber,
        before: null,
        after: { ...batch, fileContent: undefined },
        at: request.now,
      });
      return batch;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw refused([
        {
          reason: 'inOpenBatch',
          message:
            'A trade of this batch was put in another open batch meanwhile; choose the trades again',
        },
      ]);
    }
    throw error;
  }
}

/** A stored batch with its trade numbers. */
async function batchOf(db: TradeDb, batchNumber: string): Promise<PayoutBatch> {
  const row = await db
    .selectFrom('payout_batches')
    .selectAll()
    .where('batch_number', '=', batchNumber)
    .executeTakeFirst();
  if (row === undefined) {
    throw refused([{ reason: 'unknownBatch', message: `There is no payout batch ${batchNumber}` }]);
  }
  const trades = await db
    .selectFrom('payout_batch_trades')
    .innerJoin('trades', 'trades.id', 'payout_batch_trades.trade_id')
    .select('trades.trade_number')
    .where('payout_batch_trades.batch_id', '=', row.id)
    .orderBy('trades.trade_number')
    .execute();
  return {
    batchNumber: row.batch_number,
    method: row.method === 'paypal' ? 'paypal' : 'sepa',
    state: row.state === 'confirmed' || row.state === 'cancelled' ? row.state : 'open',
    tradeNumbers: trades.map((trade) => trade.trade_number),
    totalCents: row.total_cents,
    fileName: row.file_name,
    createdAt: row.created_at,
    createdBy: row.created_by,
    closedAt: row.closed_at,
    closedBy: row.closed_by,
  };
}

/** Every batch, newest first. */
export async function payoutBatches(db: TradeDb): Promise<PayoutBatch[]> {
  const rows = await db
    .selectFrom('payout_batches')
    .select('batch_number')
    .orderBy('id', 'desc')
    .execute();
  return Promise.all(rows.map((row) => batchOf(db, row.batch_number)));
}

/** A batch's file as it was handed out, to download again. */
export async function payoutBatchFile(
  db: TradeDb,
  batchNumber: string,
): Promise<{ fileName: string; contentType: string; content: string }> {
  const row = await db
    .selectFrom('payout_batches')
    .select(['file_name', 'file_content', 'method'])
    .where('batch_number', '=', batchNumber)
    .executeTakeFirst();
  if (row === undefined) {
    throw refused([{ reason: 'unknownBatch', message: `There is no payout batch ${batchNumber}` }]);
  }
  return {
    fileName: row.file_name,
    contentType: row.method === 'paypal' ? 'text/csv; charset=utf-8' : 'application/xml',
    content: row.file_content,
  };
}

/** Closes an open batch: its trades leave it, so they may be batched again (or are paid). */
async function closeBatch(
  trx: TradeDb,
  batch: PayoutBatch,
  state: 'confirmed' | 'cancelled',
  by: AuditActor,
  now: Date,
): Promise<void> {
  const closed = await trx
    .updateTable('payout_batches')
    .set({ state, closed_at: now.toISOString(), closed_by: by.actor })
    .where('batch_number', '=', batch.batchNumber)
    .where('state', '=', 'open')
    .executeTakeFirst();
  if (Number(closed.numUpdatedRows) !== 1) {
    throw refused([
      { reason: 'batchClosed', message: `Payout batch ${batch.batchNumber} was closed meanwhile` },
    ]);
  }
  await trx
    .updateTable('payout_batch_trades')
    .set({ open: 0 })
    .where(
      'batch_id',
      '=',
      trx.selectFrom('payout_batches').select('id').where('batch_number', '=', batch.batchNumber),
    )
    .execute();
  await recordAudit(trx, {
    by,
    action: `payout_batch.${state}`,
    subjectType: 'payout_batch',
    subjectId: batch.batchNumber,
    before: { state: batch.state },
    after: { state },
    at: now,
  });
}

/** An open batch, or a {@link PayoutBatchError} saying why not. */
async function openBatch(db: TradeDb, batchNumber: string): Promise<PayoutBatch> {
  const batch = await batchOf(db, batchNumber);
  if (batch.state !== 'open') {
    throw refused([
      { reason: 'batchClosed', message: `Payout batch ${batchNumber} is ${batch.state} already` },
    ]);
  }
  return batch;
}

/**
 * The money of an open batch went out: every trade of it becomes paid (with its event and the
 * seller's mail job) and the batch confirmed, in one transaction; then the mails are sent at
 * once when this process serves the shop (`links`), else by the next job run of a node.
 */
export async function confirmPayoutBatch(
  deps: TradeDeps & { links?: MailLinks },
  batchNumber: string,
  by: AuditActor,
): Promise<PayoutBatch> {
  const batch = await openBatch(deps.db, batchNumber);
  const now = deps.clock();
  const records = await Promise.all(
    batch.tradeNumbers.map((tradeNumber) => requireTrade(deps.db, tradeNumber)),
  );
  await deps.db.transaction().execute(async (trx) => {
    for (const record of records) {
      const at = now.toISOString();
      await transition(trx, record, 'paid', at, `payout batch ${batchNumber}`);
      // Each trade's history names its payout and who confirmed it, like `ops pay` does.
      await auditTrade(trx, by, {
        action: 'trade.paid',
        tradeNumber: record.tradeNumber,
        before: { status: record.status, totalCents: record.totalCents },
        after: { status: 'paid', totalCents: record.totalCents, payoutBatch: batchNumber },
        at,
      });
    }
    await closeBatch(trx, batch, 'confirmed', by, now);
  });
  for (const record of records) await sendTradeMailsNow(deps, record);
  return batchOf(deps.db, batchNumber);
}

/** Drops an open batch (its file was not used); its trades may be batched again. */
export async function cancelPayoutBatch(
  db: TradeDb,
  batchNumber: string,
  by: AuditActor,
  now: Date,
): Promise<PayoutBatch> {
  const batch = await openBatch(db, batchNumber);
  await db.transaction().execute((trx) => closeBatch(trx, batch, 'cancelled', by, now));
  return batchOf(db, batchNumber);
}
