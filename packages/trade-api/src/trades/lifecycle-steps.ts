import { readFile } from 'node:fs/promises';
import { openBlobStore, type BlobStoreSettings } from '../blobs/open-blob-store.ts';
import { storeInspectionPhoto } from '../photos/inspection-photos.ts';
import { sendTradeMailsNow } from '../jobs/trade-mail-jobs.ts';
import { changedMeanwhile, LifecycleError } from './lifecycle-errors.ts';
import { loadOfferDevice } from './offer-catalogue.ts';
import type { MailLinks } from './shop-links.ts';
import type { TradeDeps } from './trade-deps.ts';
import { auditTrade, type TradeAuditDeps } from './trade-audit.ts';
import { lineOf, requireTrade, transition } from './trade-transition.ts';
import type { TradeRecord } from './trade-view.ts';
import type { TradeDb } from '../db/create-database.ts';

/*
 * The operator's steps of a trade that need no decision of the customer: the parcel arrives,
 * its devices are inspected, the payout goes out. Revised offers and the customer's decisions
 * have their own modules (offer-revision.ts, clarification-decisions.ts).
 */

/** The parcel arrived: created → received. */
export async function receiveTrade(
  deps: TradeDeps & TradeAuditDeps,
  tradeNumber: string,
): Promise<TradeRecord> {
  const record = await requireTrade(deps.db, tradeNumber);
  const at = deps.clock().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await transition(trx, record, 'received', at, null);
    await auditTrade(trx, deps.audit, {
      action: 'trade.received',
      tradeNumber,
      before: { status: record.status },
      after: { status: 'received' },
      at,
    });
  });
  return requireTrade(deps.db, tradeNumber);
}

/** One inspected line: what was found per question code, and an optional photo to keep. */
export interface InspectionInput {
  item: number;
  /** Question code → answer code as found; questions left out count as answered correctly. */
  findings: Record<string, string>;
  /** A photo file (JPEG, PNG, WebP or GIF) to copy into the shared file store. */
  photo?: string;
}

/** Refuses findings that are no question and answer of the device's category. */
async function checkFindings(
  deps: { db: TradeDb },
  record: TradeRecord,
  item: TradeRecord['items'][number],
  findings: Record<string, string>,
): Promise<void> {
  const device = await loadOfferDevice(deps.db, item.deviceId, record.edition);
  if (device === null)
    throw new LifecycleError('invalid', `Device ${item.deviceId} is no longer in the catalogue`);
  for (const [questionCode, answerCode] of Object.entries(findings)) {
    const question = device.questions.find((candidate) => candidate.code === questionCode);
    if (question === undefined) {
      throw new LifecycleError(
        'invalid',
        `Question ${questionCode} is not asked for this device; use one of ${device.questions.map((q) => q.code).join(', ')}`,
      );
    }
    if (!question.answers.some((answer) => answer.code === answerCode)) {
      throw new LifecycleError(
        'invalid',
        `Answer ${answerCode} is not an answer of ${questionCode}; use one of ${question.answers.map((a) => a.code).join(', ')}`,
      );
    }
  }
}

/**
 * Records what the inspection found for one line (received → inspected on the first line; later
 * lines while inspected). Codes must be questions and answers of the device's category.
 */
export async function inspectTrade(
  deps: TradeDeps & BlobStoreSettings & TradeAuditDeps,
  tradeNumber: string,
  input: InspectionInput,
): Promise<TradeRecord> {
  const record = await requireTrade(deps.db, tradeNumber);
  if (record.status !== 'received' && record.status !== 'inspected') {
    throw new LifecycleError(
      'invalid',
      `Trade ${tradeNumber} is ${record.status}; only received or inspected trades can be inspected`,
    );
  }
  const item = lineOf(record, input.item);
  await checkFindings(deps, record, item, input.findings);
  const findings = { ...item.answered, ...input.findings };
  let photoPath: string | null = item.photoPath;
  if (input.photo !== undefined) {
    const bytes = await readFile(input.photo).catch((error: unknown) => {
      throw new LifecycleError(
        'invalid',
        `Cannot read the photo ${input.photo}: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    // The same store every node serves the clarification page's photo from.
    const key = await storeInspectionPhoto(
      openBlobStore(deps, deps.db),
      tradeNumber,
      input.item,
      bytes,
    );
    if (key === undefined) {
      throw new LifecycleError('invalid', `${input.photo} is no JPEG, PNG, WebP or GIF image`);
    }
    photoPath = key;
  }
  const at = deps.clock().toISOString();
  await deps.db
    .transaction()
    .execute((trx) =>
      recordFindingsWithin(trx, deps.audit, record, item, { findings, photoPath, at }),
    );
  return requireTrade(deps.db, tradeNumber);
}

/**
 * Writes the findings (and photo) of one line inside the caller's transaction, moves a received
 * trade to inspected, and records `trade.item_inspected` with the findings before and after.
 * The line's update is conditional on the findings read, so a save made meanwhile is not
 * overwritten (a `changed meanwhile` lifecycle error).
 */
export async function recordFindingsWithin(
  trx: TradeDb,
  by: TradeAuditDeps['audit'],
  record: TradeRecord,
  item: TradeRecord['items'][number],
  change: { findings: Record<string, string>; photoPath: string | null; at: string },
): Promise<void> {
  let update = trx
    .updateTable('trade_items')
    .set({ inspection_findings: JSON.stringify(change.findings), photo_path: change.photoPath })
    .where('id', '=', item.id);
  const stored = await trx
    .selectFrom('trade_items')
    .select('inspection_findings')
    .where('id', '=', item.id)
    .executeTakeFirst();
  const storedFindings = stored?.inspection_findings ?? null;
  update =
    storedFindings === null
      ? update.where('inspection_findings', 'is', null)
      : update.where('inspection_findings', '=', storedFindings);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw changedMeanwhile(record.tradeNumber);
  if (record.status === 'received') await transition(trx, record, 'inspected', change.at, null);
  await auditTrade(trx, by, {
    action: 'trade.item_inspected',
    tradeNumber: record.tradeNumber,
    before: { position: item.position, findings: item.found, photoPath: item.photoPath },
    after: { position: item.position, findings: change.findings, photoPath: change.photoPath },
    at: change.at,
  });
}

/** The payout went out: inspected → paid (findings matched) or accepted → paid; mails the customer. */
export async function payTrade(
  deps: TradeDeps & TradeAuditDeps & { links?: MailLinks },
  tradeNumber: string,
): Promise<TradeRecord> {
  const record = await requireTrade(deps.db, tradeNumber);
  const at = deps.clock().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await transition(trx, record, 'paid', at, null);
    await auditTrade(trx, deps.audit, {
      action: 'trade.paid',
      tradeNumber,
      before: { status: record.status, totalCents: record.totalCents },
      after: { status: 'paid', totalCents: record.totalCents },
      at,
    });
  });
  const updated = await requireTrade(deps.db, tradeNumber);
  // The paid mail was enqueued with the step; a node (with `links`) sends it at once.
  await sendTradeMailsNow(deps, updated);
  return updated;
}
