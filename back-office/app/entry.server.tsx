import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { createBackOfficeI18n, isBackOfficeLocale, mergedCatalogs } from './i18n.ts';
import { NonceContext } from './nonce.ts';
import { backOfficeRequest } from './request-context.ts';

export { createBackOfficeLoadContext } from './request-context.ts';
// The server mounts the build with this module's React Router, the copy its routes and load
// context use (another copy's handler would not know this one's context class).
export { createRequestHandler } from 'react-router';

/** Every catalog of the app (its own and each screen's), merged per language. */
const catalogs = mergedCatalogs(
  import.meta.glob<{ messages: Messages }>('./**/locales/*.po', { eager: true }),
);

/** How long a render may take before it is cut off. */
export const streamTimeout = 5_000;

/** React Router's error hook: logs what failed (a visitor who went away is no error). */
export function handleError(error: unknown, { request }: { request: Request }): void {
  if (!request.signal.aborted) console.error(error);
}

/** The language the root loader chose for the page (the staff member's, else the browser's). */
function pageLocale(context: EntryContext) {
  const root = context.staticHandlerContext.loaderData['root'] as { locale?: unknown } | undefined;
  return isBackOfficeLocale(root?.locale) ? root.locale : 'en';
}

/** Renders a page to its complete HTML with the page's language and script nonce. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> | Response {
  if (request.method === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = backOfficeRequest(loadContext);
  const i18n = createBackOfficeI18n(pageLocale(routerContext), catalogs);
  // Staff pages show people's data: never kept by a browser or proxy cache.
  responseHeaders.set('cache-control', 'no-store');
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
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
          text(body).then(
            (html) => resolve(new Response(html, { headers: responseHeaders, status })),
            reject,
          );
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
