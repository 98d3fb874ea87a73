import { readFile } from 'node:fs/promises';
import { editionCodeSchema, formatMoney, type EditionCode } from '@tradein/editions';
import type { CatalogueChangeOrigin } from '../catalogue-changes/catalogue-change.ts';
import { adjustPrices, type PriceSelector } from '../catalogue-changes/price-adjust.ts';
import {
  countWords,
  describeProblem,
  PriceChangeCancelledError,
  PriceChangeRefusedError,
  type PriceChange,
  type PriceChangeOptions,
  type PriceChangeResult,
  type PriceMove,
} from '../catalogue-changes/price-change.ts';
import { listPriceFactors, setPriceFactor } from '../catalogue-changes/price-factors.ts';
import { priceHistory } from '../catalogue-changes/price-history-query.ts';
import { importPrices } from '../catalogue-changes/price-import.ts';
import { priceListCsv } from '../catalogue-changes/price-list.ts';
import type { TradeDb } from '../db/create-database.ts';
import { confirmationThreshold, RefusedError, single, UsageError } from './ops-command-line.ts';

/*
 * `npm run ops -- prices …`: the command line of the price list. The work is done by the
 * functions of ../catalogue-changes/, which the back office calls too; this layer reads the
 * command line and the file, asks for confirmation and prints.
 */

/** What the price commands need of the operator commands' dependencies (`OpsDeps`). */
export interface PriceCommandDeps {
  db: TradeDb;
  /** Who runs the command; default `ops` with the command line as the source. */
  origin?: CatalogueChangeOrigin;
  /** Whether the database is production's: large changes then ask first. */
  production?: boolean;
  /** Asks the operator a yes/no question; absent when nobody can answer. */
  confirm?: (question: string) => Promise<boolean>;
}

/** Most problems of a refused file printed; the rest are counted. */
const printedProblems = 20;

/** The edition of `--edition`, or undefined; a wrong one is a wrong command line. */
function editionOption(options: Map<string, string[]>, required: boolean): EditionCode | undefined {
  const value = single(options, 'edition');
  if (value === undefined) {
    if (required) throw new UsageError('--edition is required');
    return undefined;
  }
  const parsed = editionCodeSchema.safeParse(value);
  if (!parsed.success) {
    throw new UsageError(`Unknown edition "${value}"; the editions are at, de, es, fr, it`);
  }
  return parsed.data;
}

/** A value option that must be there. */
function requiredOption(options: Map<string, string[]>, name: string): string {
  const value = single(options, name);
  if (value === undefined) throw new UsageError(`--${name} is required`);
  return value;
}

/** The command line as the history's source, when the caller gave no origin. */
function commandLine(positional: readonly string[], options: Map<string, string[]>): string {
  const words = [...positional];
  for (const [name, values] of options) {
    for (const value of values) words.push(value === 'yes' ? `--${name}` : `--${name} ${value}`);
  }
  return words.join(' ');
}

/** Problems of a refused change, at most {@link printedProblems} and a count of the rest. */
function refusal(error: PriceChangeRefusedError, heading: string): RefusedError {
  const lines = error.problems
    .slice(0, printedProblems)
    .map((problem) => `  ${describeProblem(problem)}`);
  const rest = error.problems.length - printedProblems;
  if (rest > 0) lines.push(`  … and ${rest} more problem${rest === 1 ? '' : 's'}`);
  return new RefusedError([heading, ...lines].join('\n'));
}

/** `100,00 € → 103,00 €`, or just the new amount for a first price. */
function moveWords(edition: EditionCode, oldCents: number | null, newCents: number): string {
  return oldCents === null
    ? `${formatMoney(edition, newCents)} (new)`
    : `${formatMoney(edition, oldCents)} → ${formatMoney(edition, newCents)}`;
}

/** One changed price: the base and the recycling price where they moved. */
function changeWords(change: PriceChange): string {
  const parts: string[] = [];
  if (change.oldBasePriceCents !== change.newBasePriceCents) {
    parts.push(
      `base ${moveWords(change.edition, change.oldBasePriceCents, change.newBasePriceCents)}`,
    );
  }
  if (change.oldRecyclingPriceCents !== change.newRecyclingPriceCents) {
    parts.push(
      `recycling ${moveWords(change.edition, change.oldRecyclingPriceCents, change.newRecyclingPriceCents)}`,
    );
  }
  return parts.join(', ');
}

/** A move in percent of the old price, signed: `+3.0 %`; `new` from no price or from 0. */
function signedPercent(oldCents: number | null, newCents: number): number | undefined {
  if (oldCents === null || oldCents === 0) return oldCents === newCents ? 0 : undefined;
  return (100 * (newCents - oldCents)) / oldCents;
}

/** The larger of a change's two moves in percent, as `+3.0 %` (or `from 0`). */
function percentWords(move: PriceMove): string {
  const moves = [
    signedPercent(move.oldBasePriceCents, move.newBasePriceCents),
    signedPercent(move.oldRecyclingPriceCents, move.newRecyclingPriceCents),
  ];
  if (moves.includes(undefined)) return 'from 0';
  const largest = moves.reduce<number>(
    (found, value) => (Math.abs(value ?? 0) > Math.abs(found) ? (value ?? 0) : found),
    0,
  );
  return `${largest >= 0 ? '+' : ''}${largest.toFixed(1)} %`;
}

/** What a price change did (or, dry, would do): counts and the largest moves. */
function printSummary(result: PriceChangeResult, print: (line: string) => void): void {
  if (result.changes.length === 0) {
    print('No price differs from the stored ones: nothing to change.');
    return;
  }
  const counts = countWords(result.changes.length, result.devices);
  print(
    result.dryRun
      ? `Dry run: would change ${counts}; nothing was written.`
      : `Changed ${counts} (revision ${result.revisionId ?? '?'}).`,
  );
  print('Largest moves:');
  for (const move of result.largestMoves) {
    print(
      `  device ${move.deviceId} ${move.name} (${move.edition}): ${changeWords(move)}  ${percentWords(move)}`,
    );
  }
}

/**
 * The confirmation rule: on production, more than {@link confirmationThreshold} prices need a
 * yes from the operator, or `--yes`; with nobody to ask, the command is refused.
 */
function approval(
  options: Map<string, string[]>,
  deps: PriceCommandDeps,
  dryRun: boolean,
): PriceChangeOptions['approve'] {
  if (deps.production !== true || dryRun || single(options, 'yes') !== undefined) return undefined;
  return async (preview) => {
    if (preview.changes.length <= confirmationThreshold) return true;
    const counts = countWords(preview.changes.length, preview.devices);
    if (deps.confirm === undefined) {
      throw new RefusedError(
        `This changes ${counts} on production, more than ${confirmationThreshold.toLocaleString('en')}; nobody can confirm here (no terminal): add --yes if intended. Nothing was changed.`,
      );
    }
    return deps.confirm(`Change ${counts} on production?`);
  };
}

/** `prices …`: export, import, adjust, factors, set-factor, history (docs/catalogue.md, "Prices"). */
export async function runPriceCommand(
  positional: readonly string[],
  options: Map<string, string[]>,
  deps: PriceCommandDeps,
  print: (line: string) => void,
): Promise<number> {
  const origin: CatalogueChangeOrigin = deps.origin ?? {
    actor: 'ops',
    source: commandLine(positional, options),
  };
  const dryRun = single(options, 'dry-run') !== undefined;
  const force = single(options, 'force') !== undefined;
  try {
    switch (positional[1]) {
      case 'export': {
        const edition = editionOption(options, false);
        for await (const line of priceListCsv(deps.db, edition === undefined ? {} : { edition })) {
          print(line);
        }
        return 0;
      }
      case 'import': {
        const file = positional[2];
        if (file === undefined) throw new UsageError('prices import needs a CSV file');
        let text: string;
        try {
          text = await readFile(file, 'utf8');
        } catch (error) {
          throw new RefusedError(
            `Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
        const approve = approval(options, deps, dryRun);
        const result = await importPrices(deps.db, text, {
          origin,
          dryRun,
          force,
          ...(approve === undefined ? {} : { approve }),
        }).catch((error: unknown) => {
          if (error instanceof PriceChangeRefusedError) {
            throw refusal(error, `${file} was refused; nothing was changed:`);
          }
          throw error;
        });
        printSummary(result, print);
        return 0;
      }
      case 'adjust': {
        const edition = editionOption(options, true) ?? 'de';
        const selectors = (['series', 'manufacturer', 'category'] as const).flatMap((kind) => {
          const name = single(options, kind);
          return name === undefined ? [] : [{ kind, name } satisfies PriceSelector];
        });
        const selector = selectors[0];
        if (selector === undefined || selectors.length > 1) {
          throw new UsageError(
            'prices adjust needs exactly one of --series, --manufacturer, --category',
          );
        }
        const percent = requiredOption(options, 'percent');
        if (!/^[+-]?[0-9]+(?:\.[0-9]+)?$/.test(percent)) {
          throw new UsageError(`--percent must be a decimal such as -5 or 2.5, not "${percent}"`);
        }
        const approve = approval(options, deps, dryRun);
        const result = await adjustPrices(
          deps.db,
          { edition, selector, percent },
          { origin, dryRun, force, ...(approve === undefined ? {} : { approve }) },
        ).catch((error: unknown) => {
          if (error instanceof PriceChangeRefusedError) {
            throw refusal(error, 'Refused; nothing was changed:');
          }
          throw error;
        });
        if (dryRun) {
          for (const change of result.changes) {
            print(`device ${change.deviceId} (${change.edition}): ${changeWords(change)}`);
          }
        }
        printSummary(result, print);
        return 0;
      }
      case 'factors': {
        const category = single(options, 'category');
        const categories = await listPriceFactors(
          deps.db,
          category === undefined ? {} : { category },
        ).catch((error: unknown) => {
          if (error instanceof PriceChangeRefusedError) throw refusal(error, 'Refused:');
          throw error;
        });
        for (const entry of categories) {
          print(entry.categoryKey);
          const width = Math.max(0, ...entry.answers.map((answer) => answer.questionCode.length));
          const answerWidth = Math.max(
            0,
            ...entry.answers.map((answer) => answer.answerCode.length),
          );
          for (const answer of entry.answers) {
            print(
              `  ${answer.questionCode.padEnd(width)}  ${answer.answerCode.padEnd(answerWidth)}  ${answer.meansDefective ? 'defective (recycling price)' : String(answer.priceFactor)}`,
            );
          }
        }
        return 0;
      }
      case 'set-factor': {
        const setting = {
          category: requiredOption(options, 'category'),
          question: requiredOption(options, 'question'),
          answer: requiredOption(options, 'answer'),
          factor: requiredOption(options, 'factor'),
        };
        const result = await setPriceFactor(deps.db, setting, { origin, dryRun }).catch(
          (error: unknown) => {
            if (error instanceof PriceChangeRefusedError) {
              throw refusal(error, 'Refused; nothing was changed:');
            }
            throw error;
          },
        );
        const what = `${result.categoryKey} ${result.questionCode} ${result.answerCode}: ${result.oldPriceFactor} → ${result.newPriceFactor}`;
        if (result.oldPriceFactor === result.newPriceFactor) {
          print(
            `${result.categoryKey} ${result.questionCode} ${result.answerCode} has the factor ${result.newPriceFactor} already: nothing to change.`,
          );
        } else if (result.dryRun) {
          print(`Dry run: would set ${what}; nothing was written.`);
        } else {
          print(`Set ${what} (revision ${result.revisionId ?? '?'}).`);
        }
        return 0;
      }
      case 'history': {
        const id = positional[2];
        if (id === undefined || !/^[1-9][0-9]{0,9}$/.test(id)) {
          throw new UsageError('prices history needs a device id (a whole number)');
        }
        const edition = editionOption(options, false);
        const entries = await priceHistory(
          deps.db,
          Number(id),
          edition === undefined ? {} : { edition },
        ).catch((error: unknown) => {
          if (error instanceof PriceChangeRefusedError) throw refusal(error, 'Refused:');
          throw error;
        });
        for (const entry of entries) {
          print(
            `${entry.at}  ${entry.edition}  base ${moveWords(entry.edition, entry.oldBasePriceCents, entry.newBasePriceCents)}  recycling ${moveWords(entry.edition, entry.oldRecyclingPriceCents, entry.newRecyclingPriceCents)}  by ${entry.actor} via ${entry.source}  (revision ${entry.revisionId})`,
          );
        }
        if (entries.length === 0) print(`Device ${id} has no stored prices.`);
        return 0;
      }
      default:
        throw new UsageError(`Unknown prices command "${positional[1] ?? ''}"`);
    }
  } catch (error) {
    if (error instanceof PriceChangeCancelledError) {
      print(error.message);
      return 1;
    }
    throw error;
  }
}
