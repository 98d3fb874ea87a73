import { writeFile } from 'node:fs/promises';
import { formatMoney } from '@tradein/editions';
import type { AuditActor } from '../audit/audit-log.ts';
import type { CatalogueChangeOrigin } from '../catalogue-changes/catalogue-change.ts';
import {
  cancelPayoutBatch,
  confirmPayoutBatch,
  createPayoutBatch,
  PayoutBatchError,
  payoutBatches,
  payoutBatchFile,
  tradesReadyToPay,
  type PayoutBatch,
  type PayoutMethod,
} from '../payouts/payout-batches.ts';
import type { PayoutDebtor } from '../payouts/payout-files.ts';
import type { MailLinks } from '../trades/shop-links.ts';
import type { TradeDeps } from '../trades/trade-deps.ts';
import { RefusedError, single, UsageError } from './ops-command-line.ts';

/*
 * `npm run ops -- payouts …` (docs/payouts.md): the trades ready to pay, a batch and its file for
 * the bank or PayPal, and confirming a batch once the money went out. The work is done by
 * ../payouts/payout-batches.ts, which the back office calls too.
 */

/** What the payout commands need of the operator commands' dependencies (`OpsDeps`). */
export type PayoutCommandDeps = TradeDeps & {
  links?: MailLinks;
  origin?: CatalogueChangeOrigin;
  /** Our bank account for SEPA payouts (PAYOUT_ACCOUNT_*). */
  payoutAccount?: PayoutDebtor;
};

/** The audit actor of the command line: `ops:<login>`, its login and the command line. */
function actorOf(deps: PayoutCommandDeps, positional: readonly string[]): AuditActor {
  const origin = deps.origin ?? { actor: 'ops', source: positional.join(' ') };
  return { actor: origin.actor, label: origin.actor.replace(/^ops:/, ''), source: origin.source };
}

const methodWords: Record<PayoutMethod, string> = { sepa: 'SEPA', paypal: 'PayPal' };

function describeBatch(batch: PayoutBatch): string {
  const closed = batch.closedAt === null ? '' : `, ${batch.state} ${batch.closedAt}`;
  return `${batch.batchNumber}  ${batch.state.padEnd(9)} ${methodWords[batch.method].padEnd(6)} ${String(batch.tradeNumbers.length).padStart(4)} trade(s)  ${formatMoney('de', batch.totalCents)}  ${batch.fileName}  (made ${batch.createdAt} by ${batch.createdBy}${closed})`;
}

function batchNumberOf(positional: readonly string[]): string {
  const batchNumber = positional[2];
  if (batchNumber === undefined || !/^PB-\d{4}-\d{6}$/.test(batchNumber)) {
    throw new UsageError(`payouts ${positional[1] ?? ''} needs a batch number like PB-2026-000001`);
  }
  return batchNumber;
}

/** `payouts ready|batch|list|file|confirm|cancel`. */
export async function runPayoutCommand(
  positional: readonly string[],
  options: Map<string, string[]>,
  deps: PayoutCommandDeps,
  print: (line: string) => void,
): Promise<number> {
  try {
    switch (positional[1]) {
      case 'ready': {
        const ready = await tradesReadyToPay(deps.db);
        for (const trade of ready) {
          print(
            `${trade.tradeNumber}  ${trade.status.padEnd(9)} ${methodWords[trade.method].padEnd(6)} ${formatMoney('de', trade.amountCents)}  ${trade.payee}  (since ${trade.createdAt})`,
          );
        }
        if (ready.length === 0) print('No trade is ready to pay.');
        return 0;
      }
      case 'batch': {
        const method = single(options, 'method');
        if (method !== 'sepa' && method !== 'paypal') {
          throw new UsageError('payouts batch needs --method sepa or --method paypal');
        }
        const all = single(options, 'all') !== undefined;
        const named = positional.slice(2);
        if (all === named.length > 0) {
          throw new UsageError('payouts batch takes trade numbers or --all, not both or neither');
        }
        const tradeNumbers = all
          ? (await tradesReadyToPay(deps.db))
              .filter((trade) => trade.method === method)
              .map((trade) => trade.tradeNumber)
          : named;
        const batch = await createPayoutBatch(deps.db, {
          method,
          tradeNumbers,
          debtor: deps.payoutAccount,
          by: actorOf(deps, positional),
          now: deps.clock(),
        });
        print(describeBatch(batch));
        print(
          `Get the file with: npm run ops -- payouts file ${batch.batchNumber} ${batch.fileName}; confirm the batch once the money went out.`,
        );
        return 0;
      }
      case 'list':
        for (const batch of await payoutBatches(deps.db)) print(describeBatch(batch));
        return 0;
      case 'file': {
        const batchNumber = batchNumberOf(positional);
        const file = await payoutBatchFile(deps.db, batchNumber);
        const target = positional[3] ?? file.fileName;
        await writeFile(target, file.content);
        print(`saved ${file.fileName} (${Buffer.byteLength(file.content)} bytes) to ${target}`);
        return 0;
      }
      case 'confirm': {
        const batch = await confirmPayoutBatch(
          deps,
          batchNumberOf(positional),
          actorOf(deps, positional),
        );
        print(describeBatch(batch));
        if (deps.links === undefined) {
          print(
            'The sellers’ mails go out with the next job run of a shop or API node (every 10 seconds while one runs).',
          );
        }
        return 0;
      }
      case 'cancel': {
        const batch = await cancelPayoutBatch(
          deps.db,
          batchNumberOf(positional),
          actorOf(deps, positional),
          deps.clock(),
        );
        print(describeBatch(batch));
        return 0;
      }
      default:
        throw new UsageError('payouts needs ready, batch, list, file, confirm or cancel');
    }
  } catch (error) {
    if (error instanceof PayoutBatchError) throw new RefusedError(error.message);
    throw error;
  }
}
