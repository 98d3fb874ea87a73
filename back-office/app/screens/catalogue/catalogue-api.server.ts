import {
  priceProblemOf,
  readApiError,
  type ApiError,
  type CataloguePriceChangeSummary,
} from '@tradein/contract';
import { data, type RouterContextProvider } from 'react-router';
import { backOfficeRequest } from '../../request-context.ts';

/*
 * The catalogue calls whose bodies are not JSON: the price list's CSV goes out as a download and
 * comes in as `text/csv`. Like `callOps`, they carry only the staff session's cookie and the
 * CSRF token, and a 503 of the API becomes the page's 503.
 */

/** The API's origin for calls through `apiFetch`: in-process calls use the path only. */
const apiOrigin = 'http://trade-api.invalid';

/** The `tradein_staff` cookie of a request, as a `cookie` header, or undefined. */
function staffCookieOf(request: Request): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'tradein_staff') return `tradein_staff=${value.join('=')}`;
  }
  return undefined;
}

/** The answer when the trade API cannot serve for now. */
function unavailable(retryAfter: string | null): never {
  throw data(
    { unavailable: true },
    { status: 503, headers: { 'retry-after': retryAfter ?? '5', 'cache-control': 'no-store' } },
  );
}

/** One raw call of the trade API for the staff member of `request`. */
async function rawCall(
  context: Readonly<RouterContextProvider>,
  request: Request,
  path: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = staffCookieOf(request);
  if (cookie !== undefined) headers.set('cookie', cookie);
  let response: Response;
  try {
    response = await backOfficeRequest(context).apiFetch(new URL(path, apiOrigin), {
      method: init.method,
      headers,
      body: init.body,
    });
  } catch {
    unavailable(null);
  }
  if (response.status === 503) unavailable(response.headers.get('retry-after'));
  return response;
}

/** The price list as the API streams it (`prices.csv`, an attachment). */
export function priceListCsv(
  context: Readonly<RouterContextProvider>,
  request: Request,
  edition: string | undefined,
): Promise<Response> {
  const query = edition === undefined ? '' : `?edition=${encodeURIComponent(edition)}`;
  return rawCall(context, request, `/api/ops/catalogue/prices.csv${query}`, {
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
  const response = await rawCall(context, request, `${path}?${bulkQuery(input)}`, {
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
export const shownProblems = 200;

/** The problems of a refused import, as lines, fields and messages (at most 200). */
export function problemsOf(
  error: ApiError['error'],
): { line: number | null; field: string; message: string }[] {
  return (error.fields ?? []).slice(0, shownProblems).map((field) => priceProblemOf(field));
}
