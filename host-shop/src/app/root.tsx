import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import { AppBehaviour } from './app-behaviour/app-behaviour.tsx';
import { configuredRedirects } from './configured-redirects.server.ts';
import { useNonce } from './nonce.ts';
import { shopRequest } from './shop-context.ts';
import shopStylesheet from './styles/shop.css?url';
import type { Route } from './+types/root';

export const links: Route.LinksFunction = () => [
  // With a precedence, React treats it as a stylesheet resource and puts it first in the head,
  // before the scripts it hoists there: the page's first paint waits for nothing else.
  { rel: 'stylesheet', href: shopStylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** Before any page: the edition's configured redirects. */
export const middleware: Route.MiddlewareFunction[] = [configuredRedirects];

/** The host's edition, language and shop mode: every page renders for them. */
export function loader({ context }: Route.LoaderArgs) {
  const { site } = shopRequest(context);
  return { site };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The site of the page, from the root loader (every page has it). */
export function useSite(): RootData['site'] {
  const data = useRouteLoaderData<RootData>('root');
  if (data === undefined) throw new Error('the root loader has not run');
  return data.site;
}

/** The document around every page. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<RootData>('root');
  const site = data?.site;
  return (
    <html
      lang={site?.language ?? 'de'}
      data-edition={site?.edition}
      data-shop-mode={site?.shopMode}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The brand colour of widget/src/element/tokens.css (--ti-accent), agan's in its modes. */}
        <meta
          name="theme-color"
          content={
            site?.shopMode === 'agan' || site?.shopMode === 'aganwidget' ? '#0a6b50' : '#0b57d0'
          }
        />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <AppBehaviour />
      <Outlet />
    </>
  );
}

/** What is left when even the page's layout failed: a plain message, never a stack trace. */
export function ErrorBoundary() {
  return (
    <main className="page page--error">
      <h1>
        <Trans>Something went wrong</Trans>
      </h1>
      <p>
        <Trans>Please reload the page or try again in a few minutes.</Trans>
      </p>
      <a href="/">
        <Trans>Go to the home page</Trans>
      </a>
    </main>
  );
}
