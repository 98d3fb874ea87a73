import {
  priceProblemOf,
  readApiError,
  type ApiError,
  type CataloguePriceChangeSummary,
} from '@tradein/contract';
import type { RouterContextProvider } from 'react-router';
import { fetchOps } from '../../ops-api.server.ts';
import { requireStaffSession } from '../../staff-session.server.ts';

/*
 * The catalogue calls whose bodies are not JSON: the price list's CSV goes out as a download and
 * comes in as `text/csv`, through `fetchOps` (the staff session's cookie, the CSRF token, and a
 * 503 of the API as the page's 503).
 */

/** The loader of a catalogue screen that loads nothing: only pricing staff see the screen. */
export async function pricingOnlyLoader({
  context,
  request,
}: {
  context: Readonly<RouterContextProvider>;
  request: Request;
}): Promise<null> {
  await requireStaffSession(context, request, ['pricing']);
  return null;
}

/** The price list as the API streams it (`prices.csv`, an attachment). */
export function priceListCsv(
  context: Readonly<RouterContextProvider>,
  request: Request,
  edition: string | undefined,
): Promise<Response> {
  const query = edition === undefined ? '' : `?edition=${encodeURIComponent(edition)}`;
  return fetchOps(context, request, `/api/ops/catalogue/prices.csv${query}`, {
    method: 'GET',
    headers: { accept: 'text/csv' },
  });
}

/** An answer of an upload: the summary, or the refusal with its status. */
export type UploadAnswer<T> =
  { ok: true; data: T } | { ok: false; status: number; error: ApiError['error'] };

/** What an upload call sends besides its text. */
export interface UploadInput {
  dryRun: boolean;
  force?: boolean;
  basedOnRevision?: string | undefined;
  csrfToken: string | undefined;
}

/** The query of a bulk call (`dryRun`, `force`, `basedOnRevision`). */
function bulkQuery(input: UploadInput): string {
  const query = new URLSearchParams({ dryRun: String(input.dryRun) });
  if (input.force === true) query.set('force', 'true');
  if (!input.dryRun && input.basedOnRevision !== undefined) {
    query.set('basedOnRevision', input.basedOnRevision);
  }
  return query.toString();
}

/** Sends an uploaded text to an import call and reads its answer. */
async function upload<T>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  path: string,
  body: { contentType: string; text: string },
  input: UploadInput,
  parse: (json: unknown) => T,
): Promise<UploadAnswer<T>> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': body.contentType,
  };
  if (input.csrfToken !== undefined) headers['x-csrf-token'] = input.csrfToken;
  const response = await fetchOps(context, request, `${path}?${bulkQuery(input)}`, {
    method: 'POST',
    headers,
    body: body.text,
  });
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, data: parse(json) };
  const error = readApiError(json)?.error ?? {
    code: 'unknown',
    message: `The trade API answered ${response.status}`,
  };
  return { ok: false, status: response.status, error };
}

/** Previews or applies a price list's CSV. */
export function importPriceCsv(
  context: Readonly<RouterContextProvider>,
  request: Request,
  csv: string,
  input: UploadInput,
  parse: (json: unknown) => CataloguePriceChangeSummary,
): Promise<UploadAnswer<CataloguePriceChangeSummary>> {
  return upload(
    context,
    request,
    '/api/ops/catalogue/price-imports',
    { contentType: 'text/csv; charset=utf-8', text: csv },
    input,
    parse,
  );
}

/** The most problems of a refused file a page lists. */
const shownProblems = 200;

/** The problems of a refused import, as lines, fields and messages (at most 200). */
export function problemsOf(
  error: ApiError['error'],
): { line: number | null; field: string; message: string }[] {
  return (error.fields ?? []).slice(0, shownProblems).map((field) => priceProblemOf(field));
}
