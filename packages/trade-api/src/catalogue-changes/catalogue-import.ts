import {
  CatalogueAssembler,
  CatalogueEntryError,
  type CatalogueKeptEntries,
  type ManufacturerInput,
  type ProductLine,
} from '../catalogue/assemble-catalogue.ts';
import { toSlug } from '../catalogue/catalogue-slug.ts';
import { CatalogueDataError, parseProductLines } from '../catalogue/seed-data.ts';
import type { TradeDb } from '../db/create-database.ts';
import { loadCatalogue } from '../db/load-catalogue.ts';
import { insertCatalogueEntries, insertFirstPriceHistory } from '../db/seed-catalogue.ts';
import {
  describeRevision,
  runCatalogueChange,
  type CatalogueChangeOrigin,
} from './catalogue-change.ts';

/*
 * `catalogue import`: new manufacturers, series and models in the format of the seed's
 * `product-lines.json`, merged by name into the stored catalogue (docs/catalogue.md, "Adding and
 * retiring devices at run time"). The stored catalogue is read inside the change's transaction,
 * so the merge sees the latest state; the same assembler that builds the seed builds the new
 * entries, so they get ids, slugs, texts, images and prices by the seed's rules.
 */

/** What to import and who imports it. */
export interface CatalogueImportRequest {
  /** The file's name, for the errors (`models.json: [0].series[1]…`). */
  fileName: string;
  /** The file's text: a JSON array of product lines. */
  json: string;
  origin: CatalogueChangeOrigin;
  /** Compute the report, write nothing. */
  dryRun?: boolean;
  /** Default: the system clock. */
  now?: Date;
  /** The newest revision the preview saw (the back office); see runCatalogueChange. */
  basedOnRevision?: number;
}

/** How many of the added devices the audit event names. */
const auditedDeviceCount = 20;

/** A device an import added. */
export interface ImportedDevice {
  id: number;
  name: string;
  /** Its slug, the same in every edition. */
  url: string;
}

/** What an import added (or would add, on a dry run) and what the catalogue held already. */
export interface CatalogueImportReport {
  dryRun: boolean;
  /** The revision the import wrote; null on a dry run or when there was nothing to add. */
  revisionId: number | null;
  added: {
    /** Display names. */
    manufacturers: string[];
    /** Display names with the manufacturer (`Apple iPhone 17`). */
    series: string[];
    /** Display names with the manufacturer (`Apple iPhone 17 Pro`). */
    models: string[];
    devices: ImportedDevice[];
  };
  alreadyThere: CatalogueKeptEntries;
}

/** A file the import refused; nothing was written. Each problem names the file and entry. */
export class CatalogueImportError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'CatalogueImportError';
  }
}

/** Thrown inside the change when there is nothing to add, so no revision is written. */
class NothingToAdd extends Error {
  constructor(readonly report: CatalogueImportReport) {
    super('nothing to add');
  }
}

/** Parses the file's text; a {@link CatalogueImportError} names every problem. */
function parseImportFile(fileName: string, json: string): ProductLine[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CatalogueImportError([`${fileName}: not valid JSON: ${reason}`]);
  }
  try {
    return parseProductLines(fileName, data);
  } catch (error) {
    if (error instanceof CatalogueDataError) {
      throw new CatalogueImportError(error.problems.map((problem) => `${fileName}: ${problem}`));
    }
    throw error;
  }
}

/**
 * Resolves the manufacturer each line names: a stored one by key or name (ignoring case), else
 * a new one (name as written, key = its slug, ids after the largest stored id). Returns the lines
 * with keys and the new manufacturers with the path of the first line naming each.
 */
function resolveManufacturers(
  assembler: CatalogueAssembler,
  fileName: string,
  lines: readonly ProductLine[],
): { lines: ProductLine[]; added: { input: ManufacturerInput; path: string }[] } {
  const added: { input: ManufacturerInput; path: string }[] = [];
  const resolved = lines.map((line, index) => {
    const stored = assembler.findManufacturer(line.manufacturer);
    if (stored !== undefined) return { ...line, manufacturer: stored };
    const key = toSlug(line.manufacturer);
    if (key === '') {
      throw new CatalogueImportError([
        `${fileName}: [${index}].manufacturer: "${line.manufacturer}" makes no url slug`,
      ]);
    }
    if (!added.some((entry) => entry.input.key === key)) {
      added.push({
        input: { id: assembler.nextManufacturerId() + added.length, key, name: line.manufacturer },
        path: `[${index}].manufacturer`,
      });
    }
    return { ...line, manufacturer: key };
  });
  return { lines: resolved, added };
}

/**
 * Adds the manufacturers, series, models and variants of a `product-lines.json`-style file that
 * the stored catalogue does not hold, in one catalogue change with the price history of every
 * new device (old price null). Entries the catalogue holds are kept as they are and reported as
 * already there. A bad file changes nothing: {@link CatalogueImportError} with the reasons. When
 * nothing is new, no revision is written.
 */
export async function importCatalogue(
  db: TradeDb,
  request: CatalogueImportRequest,
): Promise<CatalogueImportReport> {
  const { fileName } = request;
  const lines = parseImportFile(fileName, request.json);
  const dryRun = request.dryRun === true;
  try {
    return await runCatalogueChange(
      db,
      {
        kind: 'catalogue',
        note: `catalogue import ${fileName}`,
        origin: request.origin,
        dryRun,
        ...(request.now === undefined ? {} : { now: request.now }),
        ...(request.basedOnRevision === undefined
          ? {}
          : { basedOnRevision: request.basedOnRevision }),
      },
      async (context) => {
        const assembler = new CatalogueAssembler(await loadCatalogue(context.trx));
        const resolved = resolveManufacturers(assembler, fileName, lines);
        for (const { input, path } of resolved.added) {
          assembler.addManufacturer(input, resolved.lines, path);
        }
        resolved.lines.forEach((line, index) => {
          assembler.addLine(line, `[${index}]`);
        });
        const additions = assembler.additions();
        const report: CatalogueImportReport = {
          dryRun,
          revisionId: dryRun ? null : context.revisionId,
          added: {
            manufacturers: additions.manufacturers.map((entry) => entry.pages.de.name),
            series: additions.seriesNames,
            models: additions.models,
            devices: additions.devices.map((device) => ({
              id: device.id,
              name: device.name,
              url: device.pages.de.url,
            })),
          },
          alreadyThere: assembler.kept(),
        };
        if (
          additions.manufacturers.length === 0 &&
          additions.categoryManufacturers.length === 0 &&
          additions.devices.length === 0
        ) {
          throw new NothingToAdd({ ...report, revisionId: null });
        }
        const rows = {};
        await insertCatalogueEntries(context.trx, additions, rows);
        await insertFirstPriceHistory(context.trx, context.revisionId, additions.devices);
        await describeRevision(context, `catalogue import ${fileName}: ${summaryOf(report)}`);
        await context.audit({
          action: 'catalogue.imported',
          subjectType: 'catalogue_revision',
          subjectId: String(context.revisionId),
          before: null,
          after: {
            fileName,
            manufacturers: report.added.manufacturers,
            series: report.added.series,
            models: report.added.models.length,
            devices: report.added.devices.length,
            firstDevices: report.added.devices.slice(0, auditedDeviceCount),
          },
        });
        return report;
      },
    );
  } catch (error) {
    if (error instanceof NothingToAdd) return { ...error.report, dryRun };
    if (error instanceof CatalogueEntryError) {
      throw new CatalogueImportError([`${fileName}: ${error.message}`]);
    }
    throw error;
  }
}

/** `1 model`, `3 models`. */
function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The counts of a report in one line: `1 manufacturer, 2 series, 3 models, 9 devices added`. */
export function summaryOf(report: CatalogueImportReport): string {
  const { added } = report;
  return `${count(added.manufacturers.length, 'manufacturer', 'manufacturers')}, ${count(added.series.length, 'series', 'series')}, ${count(added.models.length, 'model', 'models')}, ${count(added.devices.length, 'device', 'devices')} added`;
}
