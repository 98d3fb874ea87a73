import { writeFile } from 'node:fs/promises';
import { type TradeStatus, tradeStatusSchema } from '@tradein/contract';
import { formatMoney } from '@tradein/editions';
import { BlobStoreUnavailableError, isBlobKey } from '../blobs/blob-store.ts';
import { migrateLocalFiles } from '../blobs/migrate-local-files.ts';
import { blobStoreKind, openBlobStore, type BlobStoreSettings } from '../blobs/open-blob-store.ts';
import {
  decideClarification,
  decideClarificationLines,
  type LineDecision,
} from '../trades/clarification-decisions.ts';
import { forgetSharedSecret } from '../server/cluster-check.ts';
import {
  CatalogueBusyError,
  type CatalogueChangeOrigin,
} from '../catalogue-changes/catalogue-change.ts';
import { runCatalogueCommand } from './ops-catalogue.ts';
import { parseOptions, RefusedError, single, UsageError } from './ops-command-line.ts';
import type { PayoutDebtor } from '../payouts/payout-files.ts';
import { runPayoutCommand } from './ops-payouts.ts';
import { runPriceCommand } from './ops-prices.ts';
import { runAuditCommand, runStaffCommand } from './ops-staff.ts';
import { LifecycleError, noSuchTrade } from '../trades/lifecycle-errors.ts';
import { inspectTrade, payTrade, receiveTrade } from '../trades/lifecycle-steps.ts';
import { clarifyTrade } from '../trades/offer-revision.ts';
import { listTrades, type TradeListEntry } from '../trades/trade-list.ts';
import { sellerPhotoStorage } from '../photos/photo-storage.ts';
import { sellerPhotosByLine } from '../photos/seller-photos.ts';
import type { MailLinks } from '../trades/shop-links.ts';
import type { TradeDeps } from '../trades/trade-deps.ts';
import {
  isLineReturned,
  lineRevision,
  loadTrade,
  revisionDirection,
  type TradeRecord,
} from '../trades/trade-view.ts';

/**
 * What the operator commands need: the trade dependencies and the settings of the shared file
 * store (the data folder and S3; with the database they choose the store the nodes use, so an
 * inspection photo added here is served by every node). A process that serves the shop (the
 * back office on a node) may pass the shop's origin: `clarify` then sends its mail at once. The
 * command line passes none, and the mail, whose links name the shop, is sent by the next job run
 * of a shop or API node with that node's own origin.
 */
export type OpsDeps = TradeDeps &
  BlobStoreSettings & {
    links?: MailLinks;
    /**
     * Who runs the command, for the price and catalogue history; default `ops` with the
     * command line as the source.
     */
    origin?: CatalogueChangeOrigin;
    /**
     * Whether the database is production's (`NODE_ENV=production`): a change of more than
     * `confirmationThreshold` (ops-command-line.ts) prices then asks before it is written, unless
     * `--yes`.
     * Default false.
     */
    production?: boolean;
    /** Asks the operator a yes/no question; absent when nobody can answer (no terminal). */
    confirm?: (question: string) => Promise<boolean>;
    /** Our bank account for SEPA payouts (PAYOUT_ACCOUNT_*, docs/payouts.md). */
    payoutAccount?: PayoutDebtor;
  };

/** What `clarify` and `pay` say when the mail is left to the nodes. */
const mailLeftToNodes =
  "The mail to the customer goes out with the next job run of a shop or API node (every 10 seconds while one runs), linking the shop of the trade's edition and mode.";

/** The usage text printed on `help` and on a wrong command line. */
const opsUsage = `Usage: npm run ops -- <command>

  list [--status <status>]                 trades, newest first
  show <tradeNumber>                       one trade with items, findings, photos and events
  receive <tradeNumber>                    the parcel arrived (created → received)
  inspect <tradeNumber> --item <n> [--finding <QUESTION>=<ANSWER> …] [--photo <file>]
                                           record what the inspection found for line n
  clarify <tradeNumber> --item <n> --price <cents> [--reason <text>]
                                           revise the offer of line n and mail the customer
                                           (a higher price is accepted at once: good news)
  decide <tradeNumber> --item <n>=accept|return [--item …]
                                           decide every open line for the customer
  accept <tradeNumber>                     accept every open revised offer for the customer
  return <tradeNumber>                     send every device of the trade back
  pay <tradeNumber>                        the payout went out (mails the customer)
  blobs migrate [--dry-run]                copy the photo files of DATA_DIR into the shared
                                           file store (S3 or PostgreSQL); copies only what
                                           the store lacks
  blobs get <key> <file>                   save a file of the store, e.g. a seller photo that
                                           show lists, to a local file
  nodes forget-secret                      after JWT_SECRET was changed on every node on
                                           purpose: the next node to start records the new one

  payouts ready                            trades ready to pay (inspected or accepted), oldest first
  payouts batch --method sepa|paypal (<tradeNumber> … | --all)
                                           an open batch of those trades and its file for the
                                           bank (pain.001 XML) or PayPal (CSV)
  payouts file <batchNumber> [<file>]      save a batch's file (again)
  payouts confirm <batchNumber>            the money went out: its trades become paid
  payouts cancel <batchNumber>             drop an open batch; its trades may be batched again
  payouts list                             every batch, newest first

  prices export [--edition <edition>]      the price list as CSV on standard output
  prices import <file.csv> [--dry-run] [--yes] [--force]
                                           apply the rows whose prices differ, all or nothing
  prices adjust --edition <edition> (--series <name> | --manufacturer <name> | --category <key>)
                --percent <p> [--dry-run] [--yes] [--force]
                                           move the base prices of those devices by p percent
  prices factors [--category <key>]        the price factor of every answer per category
  prices set-factor --category <key> --question <CODE> --answer <CODE> --factor <f> [--dry-run]
                                           change the price factor of one answer
  prices history <deviceId> [--edition <edition>]
                                           every price a device had, with when, who and how
  catalogue import <models.json> [--dry-run] [--yes]
                                           add manufacturers, series and models (the format of
                                           seed/product-lines.json), merged by name
  catalogue retire <deviceId> [--dry-run]  no new offers for the device; offers and trades made
                                           stay valid

  staff add <email> --role <role> [--role …]
                                           invite a person to the back office: prints a
                                           one-time link, valid 24 hours (roles: admin,
                                           inspector, payouts, pricing)
  staff list                               every staff member with roles and state
  staff roles <email> --role <role> [--role …]
                                           give a staff member exactly these roles
  staff disable <email>                    no more sign-in; ends their sessions
  staff enable <email>                     allow sign-in again
  audit [--subject <type>:<id>] [--actor <actor>] [--limit <n>]
                                           the audit log, newest first (default 50), e.g.
                                           --subject trade:T-2026-000001, --actor ops:anna

  --dry-run prints what would change and writes nothing; --force allows a price move of more
  than 50 %; --yes skips the confirmation asked on production before more than 1,000 prices are written.

Statuses: ${tradeStatusSchema.options.join(', ')}`;

function wholeNumber(value: string | undefined, name: string, minimum: number): number {
  if (value === undefined) throw new UsageError(`--${name} is required`);
  if (!/^[0-9]+$/.test(value) || Number(value) < minimum || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`--${name} must be a whole number of at least ${minimum}, not "${value}"`);
  }
  return Number(value);
}

/** Where a revised line stands, as `show` and `list` print it. */
const decisionWords: Record<TradeListEntry['decisions'][number]['state'], string> = {
  open: 'waits for the customer',
  accept: 'accepted',
  return: 'returned',
  up: 'raised, accepted at once',
};

/** The revised devices of a trade and where they stand, e.g. `1 accepted, 2 returned`. */
function describeDecisions(decisions: TradeListEntry['decisions']): string {
  return decisions.map((entry) => `${entry.position} ${decisionWords[entry.state]}`).join(', ');
}

/** The revision of a line in words: its direction and where the decision stands. */
function describeRevision(record: TradeRecord, item: TradeRecord['items'][number]): string {
  const revision = lineRevision(record, item);
  if (revision === undefined) return isLineReturned(record, item) ? '  [returned]' : '';
  const direction = revisionDirection(item, revision);
  const state: TradeListEntry['decisions'][number]['state'] = isLineReturned(record, item)
    ? 'return'
    : revision.state === 'open'
      ? 'open'
      : direction === 'up'
        ? 'up'
        : 'accept';
  return `  [${direction === 'same' ? 'same price' : direction}: ${decisionWords[state]}]`;
}

/**
 * Human-readable lines of one trade, with the files of the seller's photos per line position and
 * the inspection photos where `locate` says (default: their keys in the store).
 */
function describeTrade(
  record: TradeRecord,
  sellerPhotoFiles: ReadonlyMap<number, readonly string[]> = new Map(),
  locate: (key: string) => string = (key) => key,
): string[] {
  const money = (cents: number) => formatMoney(record.edition, cents);
  const lines = [
    `${record.tradeNumber}  ${record.status}  ${record.edition}  ${money(record.totalCents)}` +
      (record.voucherCode === null
        ? ''
        : `  voucher ${record.voucherCode} +${money(record.voucherBonusCents)}`),
  ];
  for (const item of record.items) {
    const revised = item.revisedPriceCents === null ? '' : ` → ${money(item.revisedPriceCents)}`;
    lines.push(
      `  item ${item.position}: ${item.quantity} × ${item.name} (device ${item.deviceId}) ${money(item.priceCents)}${revised}${describeRevision(record, item)}`,
    );
    const reason = lineRevision(record, item)?.reason;
    if (reason !== undefined && reason !== null) lines.push(`    reason: ${reason}`);
    const found = item.found;
    for (const [question, answer] of Object.entries(item.answered)) {
      const actual = found?.[question];
      const note = found === null ? '' : actual === answer ? '  ✓' : `  found ${actual ?? '?'}`;
      lines.push(`    ${question}: ${answer}${note}`);
    }
    if (item.photoPath !== null) {
      lines.push(
        `    photo: ${isBlobKey(item.photoPath) ? locate(item.photoPath) : item.photoPath}`,
      );
    }
    for (const file of sellerPhotoFiles.get(item.position) ?? []) {
      lines.push(`    seller photo: ${file}`);
    }
  }
  for (const event of record.events) {
    lines.push(`  ${event.at}  ${event.status}${event.note === null ? '' : `  (${event.note})`}`);
  }
  return lines;
}

function tradeNumberOf(positional: readonly string[]): string {
  const tradeNumber = positional[1];
  if (tradeNumber === undefined)
    throw new UsageError(`${positional[0] ?? 'The command'} needs a trade number`);
  return tradeNumber;
}

/** Parses `--finding QUESTION=ANSWER` options. */
function findingsOf(values: readonly string[]): Record<string, string> {
  const findings: Record<string, string> = {};
  for (const value of values) {
    const match = /^([A-Z0-9_]+)=([A-Z0-9_]+)$/.exec(value);
    if (match === null || match[1] === undefined || match[2] === undefined) {
      throw new UsageError(`--finding must look like GRADE=GRADE_GOOD, not "${value}"`);
    }
    findings[match[1]] = match[2];
  }
  return findings;
}

/** Parses the `--item <n>=accept|return` options of `decide`. */
function lineDecisionsOf(values: readonly string[]): LineDecision[] {
  if (values.length === 0) throw new UsageError('decide needs --item <n>=accept|return');
  return values.map((value) => {
    const match = /^([1-9][0-9]{0,5})=(accept|return)$/.exec(value);
    if (match === null || match[1] === undefined) {
      throw new UsageError(`--item must look like 2=accept or 2=return, not "${value}"`);
    }
    return { position: Number(match[1]), decision: match[2] === 'accept' ? 'accept' : 'return' };
  });
}

/**
 * `blobs migrate [--dry-run]` and `blobs get <key> <file>`: the shared file store. `migrate`
 * copies the local photo folders of the data folder into the configured store (nothing to do when
 * the store is that data folder itself).
 */
async function runBlobCommand(
  positional: readonly string[],
  options: Map<string, string[]>,
  deps: OpsDeps,
  print: (line: string) => void,
): Promise<number> {
  const store = openBlobStore(deps, deps.db);
  switch (positional[1]) {
    case 'migrate': {
      const dryRun = single(options, 'dry-run') !== undefined;
      if (blobStoreKind(deps, deps.db) === 'files') {
        print(
          `The file store is the data folder ${deps.dataDir} itself (SQLite, no S3 settings): its files are already where the store keeps them. Set DATABASE_URL to PostgreSQL or the S3_ settings to move them.`,
        );
        return 0;
      }
      await migrateLocalFiles(deps.dataDir, store, { dryRun, print });
      return 0;
    }
    case 'get': {
      const [, , key, file] = positional;
      if (key === undefined || file === undefined) {
        throw new UsageError(
          'blobs get needs a key and a file, e.g. blobs get seller-photos/… photo.jpg',
        );
      }
      if (!isBlobKey(key)) throw new UsageError(`Not a key of the file store: ${key}`);
      const stored = await store.get(key);
      if (stored === undefined) {
        print(`${store.description} has no file ${key}`);
        return 1;
      }
      await writeFile(file, stored.bytes);
      print(`saved ${key} (${stored.contentType}, ${stored.bytes.byteLength} bytes) to ${file}`);
      return 0;
    }
    default:
      throw new UsageError('blobs needs migrate or get');
  }
}

/**
 * Runs one operator command and prints to `print`; answers the process exit code
 * (0 done, 1 refused by the lifecycle, 2 wrong command line).
 */
export async function runOpsCommand(
  argv: readonly string[],
  deps: OpsDeps,
  print: (line: string) => void,
): Promise<number> {
  try {
    const { positional, options } = parseOptions(argv);
    const command = positional[0];
    // Lifecycle steps are audited with the operator (docs/staff.md, "Audit log").
    const origin = deps.origin ?? { actor: 'ops', source: argv.join(' ') };
    const steps = {
      ...deps,
      audit: {
        actor: origin.actor,
        label: origin.actor.replace(/^ops:/, ''),
        source: origin.source,
      },
    };
    let record: TradeRecord;
    let sellerPhotoFiles = new Map<number, string[]>();
    let locate: ((key: string) => string) | undefined;
    let note: string | undefined;
    switch (command) {
      case undefined:
      case 'help':
        print(opsUsage);
        return command === undefined ? 2 : 0;
      case 'list': {
        const status = single(options, 'status');
        let parsedStatus: TradeStatus | undefined;
        if (status !== undefined) {
          const parsed = tradeStatusSchema.safeParse(status);
          if (!parsed.success) throw new UsageError(`Unknown status "${status}"`);
          parsedStatus = parsed.data;
        }
        const trades = await listTrades(deps, parsedStatus);
        for (const trade of trades) {
          const decisions =
            trade.decisions.length === 0 ? '' : `  revised: ${describeDecisions(trade.decisions)}`;
          print(
            `${trade.tradeNumber}  ${trade.status.padEnd(13)} ${trade.edition}  ${trade.items} item(s)  ${formatMoney('de', trade.totalCents)}  ${trade.createdAt}${decisions}`,
          );
        }
        if (trades.length === 0) print('No trades.');
        return 0;
      }
      case 'show': {
        const found = await loadTrade(deps.db, tradeNumberOf(positional));
        if (found === null) throw noSuchTrade(positional[1] ?? '');
        record = found;
        // The operator looks at the seller's photos at inspection: show where their files are.
        const store = openBlobStore(deps, deps.db);
        const storage = sellerPhotoStorage(store);
        sellerPhotoFiles = await sellerPhotosByLine(deps.db, found.id, (photo) =>
          storage.locate(photo.storageKey),
        );
        locate = (key) => store.locate(key);
        break;
      }
      case 'receive':
        record = await receiveTrade(steps, tradeNumberOf(positional));
        break;
      case 'inspect': {
        const photo = single(options, 'photo');
        record = await inspectTrade(steps, tradeNumberOf(positional), {
          item: wholeNumber(single(options, 'item'), 'item', 1),
          findings: findingsOf(options.get('finding') ?? []),
          ...(photo === undefined ? {} : { photo }),
        });
        break;
      }
      case 'clarify': {
        const reason = single(options, 'reason');
        record = await clarifyTrade(steps, tradeNumberOf(positional), {
          item: wholeNumber(single(options, 'item'), 'item', 1),
          priceCents: wholeNumber(single(options, 'price'), 'price', 0),
          ...(reason === undefined ? {} : { reason }),
        });
        if (deps.links === undefined) note = mailLeftToNodes;
        break;
      }
      case 'decide':
        record = await decideClarificationLines(
          steps,
          tradeNumberOf(positional),
          lineDecisionsOf(options.get('item') ?? []),
          'operator',
        );
        break;
      case 'accept':
      case 'return':
        record = await decideClarification(steps, tradeNumberOf(positional), command, 'operator');
        break;
      case 'pay':
        record = await payTrade(steps, tradeNumberOf(positional));
        if (deps.links === undefined) note = mailLeftToNodes;
        break;
      case 'blobs':
        return await runBlobCommand(positional, options, deps, print);
      case 'prices':
        return await runPriceCommand(positional, options, deps, print);
      case 'payouts':
        return await runPayoutCommand(positional, options, deps, print);
      case 'catalogue':
        return await runCatalogueCommand(positional, options, deps, print);
      case 'staff':
        return await runStaffCommand(positional, options, deps, print);
      case 'audit':
        return await runAuditCommand(options, deps, print);
      case 'nodes': {
        if (positional[1] !== 'forget-secret') throw new UsageError('nodes needs forget-secret');
        print(
          (await forgetSharedSecret(deps.db))
            ? 'Forgot the fingerprint of the JWT_SECRET the nodes used. The next node to start records its own; give every node the same JWT_SECRET.'
            : 'No JWT_SECRET fingerprint was stored: the next node to start records its own.',
        );
        return 0;
      }
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
    for (const line of describeTrade(record, sellerPhotoFiles, locate)) print(line);
    if (note !== undefined) print(note);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      print(`${error.message}\n\n${opsUsage}`);
      return 2;
    }
    if (error instanceof RefusedError || error instanceof CatalogueBusyError) {
      print(error.message);
      return 1;
    }
    if (error instanceof LifecycleError) {
      print(error.message);
      return 1;
    }
    if (error instanceof BlobStoreUnavailableError) {
      print(`The file store cannot be reached: ${error.detail}`);
      return 1;
    }
    throw error;
  }
}
