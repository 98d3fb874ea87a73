import { formatMoney, type EditionCode } from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
import {
  countWords,
  movesTooFar,
  PriceChangeRefusedError,
  revisionAudit,
  runPriceChange,
  type PriceChange,
  type PriceChangeOptions,
  type PriceChangeResult,
  type PriceProblem,
} from './price-change.ts';
import { readPriceCsv } from './price-csv.ts';
import { readStoredPrices, storedPrice } from './price-writes.ts';

/** The guard's words for one price that moved more than half. */
function tooFarProblem(
  line: number,
  field: string,
  edition: EditionCode,
  oldCents: number,
  newCents: number,
): PriceProblem {
  const percent =
    oldCents === 0
      ? ''
      : ` (${newCents > oldCents ? '+' : ''}${((100 * (newCents - oldCents)) / oldCents).toFixed(1)} %)`;
  return {
    line,
    field,
    message: `moves from ${formatMoney(edition, oldCents)} to ${formatMoney(edition, newCents)}${percent}, more than 50 % of the current price; use --force if intended`,
  };
}

/**
 * Imports a price list (the CSV of `prices export`): every row is checked before anything is
 * written, and a file with any problem is refused whole, naming each problem with its line.
 * Rows equal to the stored prices are no change; devices not in the file keep their prices.
 * The difference is computed inside the change's transaction, after its lock.
 */
export async function importPrices(
  db: TradeDb,
  csvText: string,
  options: PriceChangeOptions,
): Promise<PriceChangeResult> {
  const file = readPriceCsv(csvText);
  if (file.problems.some((problem) => problem.line === 1)) {
    throw new PriceChangeRefusedError(file.problems);
  }
  return runPriceChange(
    db,
    options,
    (changes) =>
      `prices import: ${countWords(changes.length, new Set(changes.map((change) => change.deviceId)).size)}`,
    async (trx) => {
      const devices = new Set(
        (await trx.selectFrom('devices').select('id').execute()).map((row) => row.id),
      );
      const stored = await readStoredPrices(trx);
      const problems = [...file.problems];
      const changes: PriceChange[] = [];
      for (const row of file.rows) {
        if (!devices.has(row.deviceId)) {
          problems.push({
            line: row.line,
            field: 'deviceId',
            message: `no device ${row.deviceId}`,
          });
          continue;
        }
        const current = storedPrice(stored, row.deviceId, row.edition);
        if (
          current !== undefined &&
          current.basePriceCents === row.basePriceCents &&
          current.recyclingPriceCents === row.recyclingPriceCents
        ) {
          continue;
        }
        if (options.force !== true && current !== undefined) {
          if (movesTooFar(current.basePriceCents, row.basePriceCents)) {
            problems.push(
              tooFarProblem(
                row.line,
                'basePriceCents',
                row.edition,
                current.basePriceCents,
                row.basePriceCents,
              ),
            );
          }
          if (movesTooFar(current.recyclingPriceCents, row.recyclingPriceCents)) {
            problems.push(
              tooFarProblem(
                row.line,
                'recyclingPriceCents',
                row.edition,
                current.recyclingPriceCents,
                row.recyclingPriceCents,
              ),
            );
          }
        }
        changes.push({
          deviceId: row.deviceId,
          edition: row.edition,
          oldBasePriceCents: current?.basePriceCents ?? null,
          newBasePriceCents: row.basePriceCents,
          oldRecyclingPriceCents: current?.recyclingPriceCents ?? null,
          newRecyclingPriceCents: row.recyclingPriceCents,
        });
      }
      if (problems.length > 0) {
        problems.sort((left, right) => (left.line ?? 0) - (right.line ?? 0));
        throw new PriceChangeRefusedError(problems);
      }
      return changes;
    },
    revisionAudit('prices.imported', {}),
  );
}
