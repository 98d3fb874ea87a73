import {
  apiErrorCode,
  cancelPayoutBatchEndpoint,
  confirmPayoutBatchEndpoint,
  createPayoutBatchEndpoint,
  payoutBatchEndpoint,
  payoutBatchesEndpoint,
  payoutBatchFileEndpoint,
  payoutReadyEndpoint,
  type ApiFieldError,
  type StaffRole,
} from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { HttpError } from '../server/http-error.ts';
import type { Route } from '../server/route.ts';
import { actorOf, guardedRoute } from '../staff/guarded-route.ts';
import { lifecycleErrorAnswer } from '../trades/lifecycle-answers.ts';
import type { MailLinks } from '../trades/shop-links.ts';
import {
  cancelPayoutBatch,
  confirmPayoutBatch,
  createPayoutBatch,
  PayoutBatchError,
  payoutBatchFile,
  type PayoutRefusalReason,
} from './payout-batches.ts';
import type { PayoutDebtor } from './payout-files.ts';
import { payoutBatchDetail, payoutBatchesPage, readyToPayPage } from './payout-queue.ts';

/*
 * The payouts screen's calls under `/api/ops/payouts/` (contract: ops-payouts.ts; docs/payouts.md,
 * "Back-office calls"). Only the role `payouts` opens them. The work is payout-batches.ts, which
 * the command line calls too; refusals become answers that name each trade by its place in the
 * request (`tradeNumbers.<i>`).
 */

/** What the payout routes need. */
export interface PayoutRouteDeps {
  db: TradeDb;
  clock: () => Date;
  /** Sends the sellers' paid mails when a batch is confirmed. */
  mailer: Mailer;
  /** Starts the links of the sellers' mails. */
  links: MailLinks;
  /** Our bank account for SEPA payouts (PAYOUT_ACCOUNT_*); undefined when not configured. */
  payoutAccount: PayoutDebtor | undefined;
}

/** Refusals that are about the state of a trade or batch rather than the request. */
const conflicts: ReadonlySet<PayoutRefusalReason> = new Set([
  'notReady',
  'inOpenBatch',
  'batchClosed',
]);

/**
 * The answer of a refused batch: `404 not_found` for an unknown batch, `409
 * payout_account_missing` without our SEPA account, `409 invalid_status` when a trade is not
 * ready or in an open batch (or the batch is closed), else `400 validation_failed`; the fields
 * name each refused trade by its place in `tradeNumbers`.
 */
function refusalAnswer(error: PayoutBatchError, tradeNumbers: readonly string[] = []): HttpError {
  const reasons = error.refusals.map((refusal) => refusal.reason);
  const message = error.problems.join('; ').slice(0, 2000) || 'The payout batch was refused';
  if (reasons.includes('unknownBatch')) {
    return new HttpError(404, apiErrorCode.notFound, message);
  }
  if (reasons.includes('debtorMissing')) {
    return new HttpError(409, apiErrorCode.payoutAccountMissing, message);
  }
  const fields: ApiFieldError[] = error.refusals.flatMap((refusal) => {
    if (refusal.tradeNumber === undefined) {
      return tradeNumbers.length === 0 ? [] : [{ path: 'tradeNumbers', message: refusal.message }];
    }
    const place = tradeNumbers.indexOf(refusal.tradeNumber);
    return [
      {
        path: place === -1 ? 'tradeNumbers' : `tradeNumbers.${place}`,
        message: `${refusal.tradeNumber}: ${refusal.message}`,
      },
    ];
  });
  const conflict = reasons.some((reason) => conflicts.has(reason));
  return new HttpError(
    conflict ? 409 : 400,
    conflict ? apiErrorCode.invalidStatus : apiErrorCode.validationFailed,
    message,
    fields.length === 0 ? undefined : fields,
  );
}

/** Runs a batch operation, turning its refusal into the API's answer. */
async function answering<T>(work: () => Promise<T>, tradeNumbers?: readonly string[]): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PayoutBatchError) throw refusalAnswer(error, tradeNumbers);
    throw lifecycleErrorAnswer(error);
  }
}

/** Registers the payouts calls under `/api/ops/payouts/`. */
export function registerPayoutRoutes(route: Route, deps: PayoutRouteDeps): void {
  const { db, clock } = deps;
  const guarded = guardedRoute(route, deps);
  const payouts: readonly StaffRole[] = ['payouts'];

  guarded(payoutReadyEndpoint, payouts, async ({ query }) => readyToPayPage(db, query, clock()));

  guarded(payoutBatchesEndpoint, payouts, async ({ query }) => payoutBatchesPage(db, query));

  guarded(payoutBatchEndpoint, payouts, async ({ params }) =>
    answering(() => payoutBatchDetail(db, params.batchNumber)),
  );

  guarded(createPayoutBatchEndpoint, payouts, async ({ body, session, request, reply }) => {
    const batch = await answering(
      () =>
        createPayoutBatch(db, {
          method: body.method,
          tradeNumbers: body.tradeNumbers,
          debtor: deps.payoutAccount,
          by: actorOf(session, request),
          now: clock(),
        }),
      body.tradeNumbers,
    );
    reply.status(201);
    return payoutBatchDetail(db, batch.batchNumber);
  });

  guarded(payoutBatchFileEndpoint, payouts, async ({ params, reply }) => {
    const file = await answering(() => payoutBatchFile(db, params.batchNumber));
    const contentType = file.contentType.startsWith('text/csv')
      ? 'text/csv; charset=utf-8'
      : 'application/xml; charset=utf-8';
    return reply
      .header('content-type', contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(file.content, 'utf8'));
  });

  guarded(confirmPayoutBatchEndpoint, payouts, async ({ params, session, request }) => {
    await answering(() =>
      confirmPayoutBatch(
        { db, mailer: deps.mailer, clock, links: deps.links },
        params.batchNumber,
        actorOf(session, request),
      ),
    );
    return payoutBatchDetail(db, params.batchNumber);
  });

  guarded(cancelPayoutBatchEndpoint, payouts, async ({ params, session, request }) => {
    await answering(() =>
      cancelPayoutBatch(db, params.batchNumber, actorOf(session, request), clock()),
    );
    return payoutBatchDetail(db, params.batchNumber);
  });
}
