import { editionCodes, type EditionCode } from '@tradein/editions';
import * as z from 'zod/mini';
import { CsvSyntaxError, readCsvRecords, type CsvRecord } from './csv-records.ts';
import type { PriceProblem } from './price-change.ts';

/*
 * The price list as CSV (RFC 4180, comma, double quotes, UTF-8): one line per device and
 * edition with the columns below. `prices export` writes it, `prices import` reads it back; the
 * name column is there for the person editing the file and is ignored on import.
 */

/** The columns of the price list, in the order written. */
const priceCsvColumns = [
  'deviceId',
  'edition',
  'name',
  'basePriceCents',
  'recyclingPriceCents',
] as const;

/** Columns an imported file must have (`name` may be left out). */
const requiredColumns = ['deviceId', 'edition', 'basePriceCents', 'recyclingPriceCents'] as const;

/** The header line of the price list. */
export const priceCsvHeader = priceCsvColumns.join(',');

/** One field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One line of the price list. */
export function priceCsvLine(row: {
  deviceId: number;
  edition: string;
  name: string;
  basePriceCents: number;
  recyclingPriceCents: number;
}): string {
  return `${row.deviceId},${row.edition},${csvField(row.name)},${row.basePriceCents},${row.recyclingPriceCents}`;
}

/** Largest amount a price may have: PostgreSQL's integer. */
const maxCents = 2_147_483_647;

/** Whole non-negative cents as written in the file: `0`, `21900`; never `12.5`, `-1`, ``. */
const centsSchema = z.pipe(
  z.string().check(z.regex(/^[0-9]+$/, 'must be a whole number of cents, at least 0')),
  z.pipe(
    z.transform(Number),
    z.number().check(z.lte(maxCents, `must be at most ${maxCents} cents`)),
  ),
);

/** One row of an imported price list. */
const priceRowSchema = z.object({
  deviceId: z.pipe(
    z.string().check(z.regex(/^[1-9][0-9]{0,9}$/, 'must be a device id (a whole number)')),
    z.transform(Number),
  ),
  edition: z.enum(editionCodes, `must be one of ${editionCodes.join(', ')}`),
  basePriceCents: centsSchema,
  recyclingPriceCents: centsSchema,
});

/** A row of an imported price list and the line it starts on. */
export interface PriceCsvRow {
  line: number;
  deviceId: number;
  edition: EditionCode;
  basePriceCents: number;
  recyclingPriceCents: number;
}

/** The rows of a file that are well-formed, and what is wrong with the others. */
export interface PriceCsvReading {
  rows: PriceCsvRow[];
  problems: PriceProblem[];
}

/**
 * Reads a price list: checks the header and every row (with zod), and answers the good rows
 * and every problem with its line and field. A second row for the same device and edition is a
 * problem naming both lines. The stored prices are not consulted here.
 */
export function readPriceCsv(text: string): PriceCsvReading {
  // `npm run ops -- prices export > prices.csv` puts npm's banner (an empty line, `> ops`, the
  // command) above the header; those lines are skipped and counted, so line numbers stay the
  // file's own.
  const banner = npmBanner.exec(text)?.[0] ?? '';
  const reading = readPriceRecords(text.slice(banner.length));
  const skipped = banner.split('\n').length - 1;
  if (skipped === 0) return reading;
  return {
    rows: reading.rows.map((row) => ({ ...row, line: row.line + skipped })),
    problems: reading.problems.map((problem) =>
      problem.line === undefined ? problem : { ...problem, line: problem.line + skipped },
    ),
  };
}

/** What npm prints before a script's own output: empty lines and lines starting with `> `. */
const npmBanner = /^(?:[ \t]*\r?\n|> [^\n]*\n)+/;

function readPriceRecords(text: string): PriceCsvReading {
  let records: CsvRecord[];
  try {
    records = readCsvRecords(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { rows: [], problems: [{ line: error.line, message: `not CSV: ${error.message}` }] };
  }
  const [header, ...body] = records;
  if (header === undefined) {
    return {
      rows: [],
      problems: [{ line: 1, message: `the file is empty; expected the header ${priceCsvHeader}` }],
    };
  }
  const problems: PriceProblem[] = [];
  const columnAt = new Map<string, number>();
  header.fields.forEach((name, index) => {
    const column = name.trim();
    if (!(priceCsvColumns as readonly string[]).includes(column)) {
      problems.push({
        line: 1,
        field: column,
        message: `unknown column; the header is ${priceCsvHeader}`,
      });
    } else if (columnAt.has(column)) {
      problems.push({ line: 1, field: column, message: 'column given twice' });
    } else {
      columnAt.set(column, index);
    }
  });
  for (const column of requiredColumns) {
    if (!columnAt.has(column)) {
      problems.push({
        line: 1,
        field: column,
        message: `missing column; the header is ${priceCsvHeader}`,
      });
    }
  }
  if (problems.length > 0) return { rows: [], problems };

  const rows: PriceCsvRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { line, fields: record } of body) {
    if (record.length !== header.fields.length) {
      problems.push({
        line,
        message: `has ${record.length} field${record.length === 1 ? '' : 's'}, the header ${header.fields.length}`,
      });
      continue;
    }
    const parsed = priceRowSchema.safeParse({
      deviceId: record[columnAt.get('deviceId') ?? 0],
      edition: record[columnAt.get('edition') ?? 0],
      basePriceCents: record[columnAt.get('basePriceCents') ?? 0],
      recyclingPriceCents: record[columnAt.get('recyclingPriceCents') ?? 0],
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({ line, field: String(issue.path[0] ?? ''), message: issue.message });
      }
      continue;
    }
    if (parsed.data.recyclingPriceCents > parsed.data.basePriceCents) {
      problems.push({
        line,
        field: 'recyclingPriceCents',
        message: 'must not be above the base price',
      });
      continue;
    }
    const key = `${parsed.data.deviceId}:${parsed.data.edition}`;
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      problems.push({
        line,
        field: 'deviceId',
        message: `device ${parsed.data.deviceId} in ${parsed.data.edition} again: also on line ${first}`,
      });
      continue;
    }
    firstLineOf.set(key, line);
    rows.push({ line, ...parsed.data });
  }
  return { rows, problems };
}
