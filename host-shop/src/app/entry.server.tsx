import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { I18nProvider } from '@lingui/react';
import { apiHttpStatus } from '@tradein/client-core';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { createI18n } from '../i18n/create-i18n.ts';
import { deferPageScripts } from './deferred-scripts.server.ts';
import { NonceContext } from './nonce.ts';
import { startsScriptsAtOnce } from './scripts-handle.ts';
import { shopRequest } from './shop-context.ts';

export { createShopLoadContext } from './shop-context.ts';

/** Whether a page of the matched routes is drawn in the browser and needs its scripts at once. */
function pageStartsScriptsAtOnce(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some((match) =>
    startsScriptsAtOnce(context.routeModules[match.route.id]?.handle),
  );
}

/** Seconds a visitor's browser or a crawler is told to wait after a 503. */
const retryAfterSeconds = 5;

/** Whether an error means the trade API could not serve a call for now (503, or no answer). */
function isUnavailableApiError(error: unknown): boolean {
  return (
    apiHttpStatus(error) === 503 ||
    (error instanceof Error &&
      (error.name === 'ApiNetworkError' || error.name === 'ApiTimeoutError'))
  );
}

/**
 * Requests whose loader or action failed because the trade API could not serve it for now: it
 * answered 503 (its database restarts or stalls), or an API node did not answer at all. The
 * page is then a 503 with `Retry-After`, which crawlers and load balancers read as "come back
 * soon", rather than a 500. React Router hands the page renderer only sanitized errors in
 * production, so {@link handleError} notes the request while it still sees the error.
 */
const failedForUnavailableApi = new WeakSet<Request>();

/** React Router's error hook: logs what failed, and notes requests failed by an unavailable API. */
export function handleError(error: unknown, { request }: { request: Request }): void {
  if (isUnavailableApiError(error)) {
    failedForUnavailableApi.add(request);
    console.warn(
      `trade API unavailable: ${error instanceof Error ? error.message : String(error)}`,
    );
    return;
  }
  // What React Router does without this hook: a visitor who went away is no error.
  if (!request.signal.aborted) console.error(error);
}

/** How long a render may take before it is cut off (no page of the shop streams). */
export const streamTimeout = 5_000;

/**
 * Renders a page to its complete HTML: every loader has answered before rendering, and waiting
 * for all of it gives crawlers and browsers the same document with its final status code.
 * Crawlers get a 404's status without the page (spec §2).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> | Response {
  if (responseStatusCode === 404 && isbot(request.headers.get('user-agent'))) {
    responseHeaders.set('content-type', 'text/plain; charset=utf-8');
    return new Response('Not Found', { status: 404, headers: responseHeaders });
  }
  const unavailable = failedForUnavailableApi.has(request);
  if (unavailable) responseHeaders.set('retry-after', String(retryAfterSeconds));
  const statusCode = unavailable ? 503 : responseStatusCode;
  if (request.method === 'HEAD') {
    return new Response(null, { status: statusCode, headers: responseHeaders });
  }
  const { site, nonce } = shopRequest(loadContext);
  const i18n = createI18n(site.language, site.shopMode);
  return new Promise((resolve, reject) => {
    let status = statusCode;
    const timer = setTimeout(() => abort(), streamTimeout);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <I18nProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nProvider>
      </NonceContext>,
      {
        nonce,
        onAllReady() {
          clearTimeout(timer);
          const body = new PassThrough();
          responseHeaders.set('content-type', 'text/html; charset=utf-8');
          pipe(body);
          text(body).then((html) => {
            const page = deferPageScripts(html, nonce, {
              startAtOnce: pageStartsScriptsAtOnce(routerContext),
            });
            resolve(new Response(page, { headers: responseHeaders, status }));
          }, reject);
        },
        onShellError(error) {
          clearTimeout(timer);
          reject(error);
        },
        onError() {
          status = 500;
        },
      },
    );
  });
}
