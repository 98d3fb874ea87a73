import * as z from 'zod/mini';

/*
 * The page and page size of a staff list's query (the trades queue, the payouts lists), as the
 * list's URL holds them (text of digits) or as code builds them (numbers).
 */

/** The most rows one page of a list holds. */
const maxPageSize = 100;
/** Rows per page when the query names none. */
const defaultPageSize = 50;
/** The highest page number: far beyond any list, low enough to stay a safe integer offset. */
const maxPage = 100_000;

/**
 * A whole number from a URL (text of digits) or from code (a number), checked against its
 * range; `label` names it in the messages.
 */
function pageNumberSchema(label: string, maximum: number) {
  return z.pipe(
    z.union([
      z.int(),
      z.pipe(
        z.string().check(z.regex(/^[0-9]{1,9}$/, `${label} must be a whole number`)),
        z.transform(Number),
      ),
    ]),
    z
      .int()
      .check(
        z.minimum(1, `${label} must be at least 1`),
        z.maximum(maximum, `${label} must be at most ${maximum}`),
      ),
  );
}

/** The `page` (default 1) and `pageSize` (default 50, at most 100) fields of a list's query. */
export function pageQueryFields() {
  return {
    page: z._default(pageNumberSchema('Page', maxPage), 1),
    pageSize: z._default(pageNumberSchema('Page size', maxPageSize), defaultPageSize),
  };
}
