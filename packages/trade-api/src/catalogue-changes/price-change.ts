import type { EditionCode } from '@tradein/editions';
import type { Kysely } from 'kysely';
import type { TradeDb } from '../db/create-database.ts';
import type { TradeDatabase } from '../db/schema.ts';
import {
  describeRevision,
  runCatalogueChange,
  type CatalogueAuditEvent,
  type CatalogueChangeOrigin,
} from './catalogue-change.ts';
import { applyPriceChanges } from './price-writes.ts';

/*
 * What every change of the price list shares (docs/catalogue.md, "The price list is data"): a
 * change is planned as a list of prices that differ from the stored ones, inside the change's
 * transaction (after the lock, so two changes never work on stale prices), then written with
 * one history row per device and edition. A planned list that is empty writes nothing, not even
 * a revision, so the nodes do not reload for nothing.
 */

/** The new prices of one device in one edition; old null for a device that had none there. */
export interface PriceChange {
  deviceId: number;
  edition: EditionCode;
  oldBasePriceCents: number | null;
  newBasePriceCents: number;
  oldRecyclingPriceCents: number | null;
  newRecyclingPriceCents: number;
}

/** One reason a change was refused: where (line of a file, field) and why. */
export interface PriceProblem {
  /** Line of the file, counted from 1 (the header); absent for a command's own input. */
  line?: number;
  /** The column or input that is wrong, e.g. `basePriceCents`, `series`. */
  field?: string;
  message: string;
}

/** A change refused before anything was written; names every problem found. */
export class PriceChangeRefusedError extends Error {
  constructor(readonly problems: readonly PriceProblem[]) {
    super(problems.map(describeProblem).join('\n'));
    this.name = 'PriceChangeRefusedError';
  }
}

/** A problem in one line: `line 7, basePriceCents: must be …`. */
export function describeProblem(problem: PriceProblem): string {
  const where = [
    problem.line === undefined ? undefined : `line ${problem.line}`,
    problem.field,
  ].filter((part) => part !== undefined);
  return where.length === 0 ? problem.message : `${where.join(', ')}: ${problem.message}`;
}

/** A changed price with the device's name and how far it moved, for the summary. */
export interface PriceMove extends PriceChange {
  name: string;
  /** The larger relative move of base and recycling price (0.05 = 5 %); Infinity from 0. */
  relativeMove: number;
}

/** What a change did (or, dry, would do). */
export interface PriceChangeResult {
  /** The revision written; null for a dry run or when nothing differed. */
  revisionId: number | null;
  dryRun: boolean;
  /** Every changed price, in the order planned. */
  changes: PriceChange[];
  /** Number of devices with at least one changed price. */
  devices: number;
  /** The largest relative moves, largest first (at most {@link largestMoveCount}). */
  largestMoves: PriceMove[];
}

/** How many of the largest moves a summary names. */
const largestMoveCount = 5;

/** Who changes prices and how. */
export interface PriceChangeOptions {
  origin: CatalogueChangeOrigin;
  /** Plan everything, write nothing. */
  dryRun?: boolean;
  /** Allow moves of more than half the current price. */
  force?: boolean;
  /**
   * Asked with the planned change before it is written (e.g. "1,204 prices; sure?"), outside the
   * lock, so nobody waits for the answer; false cancels. The change is then planned again under
   * the lock and refused if the plan differs from what was approved.
   */
  approve?: (preview: PriceChangeResult) => Promise<boolean>;
  /** The newest revision a preview of this change saw (the back office); see runCatalogueChange. */
  basedOnRevision?: number;
}

/** Thrown when `approve` said no; nothing was written. */
export class PriceChangeCancelledError extends Error {
  constructor() {
    super('Cancelled: nothing was changed.');
    this.name = 'PriceChangeCancelledError';
  }
}

/** Guard against a misplaced decimal: a move of more than half the current price. */
export function movesTooFar(oldCents: number | null, newCents: number): boolean {
  if (oldCents === null) return false;
  return 2 * Math.abs(newCents - oldCents) > oldCents;
}

/** How far one price moved relative to the old price; Infinity for a move away from 0. */
function relativeMoveOf(oldCents: number | null, newCents: number): number {
  if (oldCents === null || oldCents === newCents) return 0;
  if (oldCents === 0) return Number.POSITIVE_INFINITY;
  return Math.abs(newCents - oldCents) / oldCents;
}

/** The larger relative move of a change's base and recycling price. */
function relativeMove(change: PriceChange): number {
  return Math.max(
    relativeMoveOf(change.oldBasePriceCents, change.newBasePriceCents),
    relativeMoveOf(change.oldRecyclingPriceCents, change.newRecyclingPriceCents),
  );
}

/** The `count` changes with the largest relative move, largest first (ties: larger cents move). */
function largestChanges(changes: readonly PriceChange[], count: number): PriceChange[] {
  const centsMove = (change: PriceChange) =>
    Math.abs(change.newBasePriceCents - (change.oldBasePriceCents ?? 0));
  // Two moves away from 0 give Infinity - Infinity = NaN, which `||` passes on to the cents.
  const before = (left: PriceChange, right: PriceChange) =>
    relativeMove(right) - relativeMove(left) || centsMove(right) - centsMove(left);
  const top: PriceChange[] = [];
  for (const change of changes) {
    const last = top[top.length - 1];
    if (top.length === count && last !== undefined && before(change, last) >= 0) continue;
    top.push(change);
    top.sort(before);
    if (top.length > count) top.pop();
  }
  return top;
}

/** A count as the summaries write it: `1,204`. */
function countNumber(value: number): string {
  return value.toLocaleString('en');
}

/** `1,204 prices of 241 devices`. */
export function countWords(changedPrices: number, devices: number): string {
  return `${countNumber(changedPrices)} price${changedPrices === 1 ? '' : 's'} of ${countNumber(devices)} device${devices === 1 ? '' : 's'}`;
}

/** The result of a planned list of changes, with the names of the largest moves. */
async function summarize(
  db: Kysely<TradeDatabase>,
  changes: PriceChange[],
  revisionId: number | null,
  dryRun: boolean,
): Promise<PriceChangeResult> {
  const top = largestChanges(changes, largestMoveCount);
  const ids = [...new Set(top.map((change) => change.deviceId))];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db.selectFrom('devices').select(['id', 'name']).where('id', 'in', ids).execute()
        ).map((row) => [row.id, row.name]),
  );
  return {
    revisionId,
    dryRun,
    changes,
    devices: new Set(changes.map((change) => change.deviceId)).size,
    largestMoves: top.map((change) => ({
      ...change,
      name: names.get(change.deviceId) ?? '',
      relativeMove: relativeMove(change),
    })),
  };
}

/** A plan's changes as one text, to tell whether two plans are the same. */
function fingerprint(changes: readonly PriceChange[]): string {
  return changes
    .map(
      (change) =>
        `${change.deviceId}|${change.edition}|${change.oldBasePriceCents}|${change.newBasePriceCents}|${change.oldRecyclingPriceCents}|${change.newRecyclingPriceCents}`,
    )
    .join('\n');
}

/** The audit events of a written price change, from its summary. */
export type PriceChangeAudit = (result: PriceChangeResult) => CatalogueAuditEvent[];

/** A move as the audit log summarises it: the device, edition and both prices before and after. */
function auditedMove(move: PriceMove) {
  return {
    deviceId: move.deviceId,
    name: move.name,
    edition: move.edition,
    basePriceCents: [move.oldBasePriceCents, move.newBasePriceCents],
    recyclingPriceCents: [move.oldRecyclingPriceCents, move.newRecyclingPriceCents],
  };
}

/**
 * One event for the whole revision (`prices.imported`, `prices.adjusted`): the counts and the
 * largest moves, never every row, with `details` (what was asked) in `after`.
 */
export function revisionAudit(action: string, details: Record<string, unknown>): PriceChangeAudit {
  return (result) => [
    {
      action,
      subjectType: 'catalogue_revision',
      subjectId: String(result.revisionId),
      before: null,
      after: {
        ...details,
        prices: result.changes.length,
        devices: result.devices,
        largestMoves: result.largestMoves.map(auditedMove),
      },
    },
  ];
}

/** Raised inside the change transaction when the plan is empty, to write no revision. */
class NothingToChange extends Error {}

/**
 * Plans a price change and writes it as one catalogue revision: `plan` reads the stored prices
 * inside the change's transaction and answers the prices that differ (or throws
 * {@link PriceChangeRefusedError}). `describe` words the revision's note from the planned list.
 */
export async function runPriceChange(
  db: TradeDb,
  options: PriceChangeOptions,
  describe: (changes: readonly PriceChange[]) => string,
  plan: (trx: Kysely<TradeDatabase>) => Promise<PriceChange[]>,
  audit: PriceChangeAudit,
): Promise<PriceChangeResult> {
  const dryRun = options.dryRun === true;
  let approved: string | undefined;
  if (options.approve !== undefined && !dryRun) {
    const preview = await db.transaction().execute(async (trx) => {
      const changes = await plan(trx);
      return summarize(trx, changes, null, true);
    });
    if (preview.changes.length === 0) return { ...preview, dryRun };
    if (!(await options.approve(preview))) throw new PriceChangeCancelledError();
    approved = fingerprint(preview.changes);
  }
  try {
    return await runCatalogueChange(
      db,
      {
        kind: 'prices',
        note: 'prices',
        origin: options.origin,
        dryRun,
        ...(options.basedOnRevision === undefined
          ? {}
          : { basedOnRevision: options.basedOnRevision }),
      },
      async (context) => {
        const changes = await plan(context.trx);
        if (changes.length === 0) throw new NothingToChange();
        if (approved !== undefined && fingerprint(changes) !== approved) {
          throw new PriceChangeRefusedError([
            {
              message:
                'The stored prices changed after the change was confirmed; nothing was written. Run it again to see the new difference.',
            },
          ]);
        }
        await applyPriceChanges(context.trx, context.revisionId, changes);
        await describeRevision(context, describe(changes));
        const result = await summarize(context.trx, changes, context.revisionId, dryRun);
        for (const event of audit(result)) await context.audit(event);
        return dryRun ? { ...result, revisionId: null } : result;
      },
    );
  } catch (error) {
    if (error instanceof NothingToChange) {
      return { revisionId: null, dryRun, changes: [], devices: 0, largestMoves: [] };
    }
    throw error;
  }
}
