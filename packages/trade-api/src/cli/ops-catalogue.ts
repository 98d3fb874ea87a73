import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { editionCodes } from '@tradein/editions';
import {
  CatalogueImportError,
  importCatalogue,
  summaryOf,
  type CatalogueImportReport,
} from '../catalogue-changes/catalogue-import.ts';
import { retireDevice } from '../catalogue-changes/catalogue-retire.ts';
import type { CatalogueChangeOrigin } from '../catalogue-changes/catalogue-change.ts';
import type { TradeDb } from '../db/create-database.ts';
import { confirmationThreshold, RefusedError, single, UsageError } from './ops-command-line.ts';

/** What the catalogue commands need of the operator commands' dependencies (`OpsDeps`). */
export interface CatalogueCommandDeps {
  db: TradeDb;
  /** Who runs the command; default `ops` with the command line as the source. */
  origin?: CatalogueChangeOrigin;
  /** On production an import writing more than `confirmationThreshold` prices asks first. */
  production?: boolean;
  /** Asks the operator a yes/no question; absent when nobody can answer (no terminal). */
  confirm?: (question: string) => Promise<boolean>;
}

/** Who runs a catalogue command, when the caller did not say: `ops` and the command line. */
function originOf(
  deps: CatalogueCommandDeps,
  positional: readonly string[],
): CatalogueChangeOrigin {
  return deps.origin ?? { actor: 'ops', source: positional.join(' ') };
}

/** Up to `limit` items, one per line, and how many more there are. */
function listing(title: string, items: readonly string[], limit = 50): string[] {
  if (items.length === 0) return [];
  const lines = [`${title} (${items.length}):`];
  for (const item of items.slice(0, limit)) lines.push(`  ${item}`);
  if (items.length > limit) lines.push(`  … and ${items.length - limit} more`);
  return lines;
}

/** The report of an import as the command prints it. */
function describeImport(report: CatalogueImportReport): string[] {
  const { added, alreadyThere } = report;
  const lines = [
    report.dryRun
      ? `Dry run, nothing written: ${summaryOf(report)}.`
      : report.revisionId === null
        ? 'Nothing new: the catalogue holds every entry of the file already.'
        : `${summaryOf(report)} (catalogue revision ${report.revisionId}); the nodes reload the catalogue by themselves.`,
    ...listing('New manufacturers', added.manufacturers),
    ...listing('New series', added.series),
    ...listing('New models', added.models),
    ...listing(
      'New devices',
      added.devices.map((device) => `${device.id}  ${device.name}  (${device.url})`),
    ),
  ];
  const kept = [
    alreadyThere.manufacturers.length > 0
      ? `${alreadyThere.manufacturers.length} manufacturer(s)`
      : '',
    alreadyThere.series.length > 0 ? `${alreadyThere.series.length} series` : '',
    alreadyThere.models.length > 0 ? `${alreadyThere.models.length} model(s)` : '',
    alreadyThere.devices.length > 0 ? `${alreadyThere.devices.length} device(s)` : '',
  ].filter((part) => part !== '');
  if (kept.length > 0) {
    lines.push(`Already there, kept as they are: ${kept.join(', ')}`);
    lines.push(...listing('Models already there', alreadyThere.models, 20));
  }
  return lines;
}

/** `catalogue import <models.json> [--dry-run] [--yes]`. */
async function runImport(
  positional: readonly string[],
  options: Map<string, string[]>,
  deps: CatalogueCommandDeps,
  print: (line: string) => void,
): Promise<number> {
  const file = positional[2];
  if (file === undefined || positional.length > 3) {
    throw new UsageError('catalogue import needs one file, e.g. catalogue import models.json');
  }
  let json: string;
  try {
    json = await readFile(file, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RefusedError(`Cannot read ${file}: ${reason}`);
  }
  try {
    const request = { fileName: basename(file), json, origin: originOf(deps, positional) };
    const dryRun = single(options, 'dry-run') !== undefined;
    if (!dryRun && deps.production === true && single(options, 'yes') === undefined) {
      // Each new device gets a price in every edition: a large import asks first.
      const preview = await importCatalogue(deps.db, { ...request, dryRun: true });
      const devices = preview.added.devices.length;
      const prices = devices * editionCodes.length;
      if (prices > confirmationThreshold) {
        const what = `${devices.toLocaleString('en')} devices with ${prices.toLocaleString('en')} prices`;
        if (deps.confirm === undefined) {
          throw new RefusedError(
            `This adds ${what} on production, more than ${confirmationThreshold.toLocaleString('en')} prices; nobody can confirm here (no terminal): add --yes if intended. Nothing was changed.`,
          );
        }
        if (!(await deps.confirm(`Add ${what} on production?`))) {
          print('Cancelled: nothing was changed.');
          return 1;
        }
      }
    }
    const report = await importCatalogue(deps.db, { ...request, dryRun });
    for (const line of describeImport(report)) print(line);
    return 0;
  } catch (error) {
    if (error instanceof CatalogueImportError) {
      throw new RefusedError(
        `Nothing was imported; the file has these problems:\n${error.problems.join('\n')}`,
      );
    }
    throw error;
  }
}

/** `catalogue retire <deviceId> [--dry-run]`. */
async function runRetire(
  positional: readonly string[],
  options: Map<string, string[]>,
  deps: CatalogueCommandDeps,
  print: (line: string) => void,
): Promise<number> {
  const id = positional[2];
  if (id === undefined || positional.length > 3) {
    throw new UsageError('catalogue retire needs a device id, e.g. catalogue retire 1234567');
  }
  if (!/^[1-9][0-9]{0,9}$/.test(id) || Number(id) > 2_147_483_647) {
    throw new UsageError(`A device id is a whole number, not "${id}"`);
  }
  const dryRun = single(options, 'dry-run') !== undefined;
  const result = await retireDevice(deps.db, {
    deviceId: Number(id),
    origin: originOf(deps, positional),
    dryRun,
  });
  switch (result.status) {
    case 'unknown':
      throw new RefusedError(`There is no device ${result.deviceId}; nothing was retired.`);
    case 'already-retired':
      print(
        `${result.name} (device ${result.deviceId}) is retired since ${result.retiredAt}; nothing changed.`,
      );
      return 0;
    case 'retired':
      print(
        dryRun
          ? `Dry run, nothing written: ${result.name} (device ${result.deviceId}) would take no new offers.`
          : `Retired ${result.name} (device ${result.deviceId}): it takes no new offers from now on; offers and trades made for it stay valid (catalogue revision ${result.revisionId ?? '?'}).`,
      );
      return 0;
  }
}

/** `catalogue import` and `catalogue retire` (docs/catalogue.md). */
export async function runCatalogueCommand(
  positional: readonly string[],
  options: Map<string, string[]>,
  deps: CatalogueCommandDeps,
  print: (line: string) => void,
): Promise<number> {
  switch (positional[1]) {
    case 'import':
      return runImport(positional, options, deps, print);
    case 'retire':
      return runRetire(positional, options, deps, print);
    default:
      throw new UsageError(`Unknown catalogue command "${positional[1] ?? ''}"`);
  }
}
