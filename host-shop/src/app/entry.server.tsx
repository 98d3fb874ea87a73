import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { I18nProvider } from '@lingui/react';
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
  if (request.method === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { site, nonce } = shopRequest(loadContext);
  const i18n = createI18n(site.language, site.shopMode);
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
