import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { localeOfBrowser } from './i18n.ts';
import { useNonce } from './nonce.ts';
import { optionalStaffSession } from './staff-session.server.ts';
import stylesheet from './styles/back-office.css?url';
import type { Route } from './+types/root';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
];

/** The page's language: the signed-in member's choice, else the browser's. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const session = await optionalStaffSession(context, request);
  return {
    locale: session?.staff.locale ?? localeOfBrowser(request.headers.get('accept-language')),
  };
}

type RootData = Awaited<ReturnType<typeof loader>>;

/** The document around every page. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<RootData>('root');
  return (
    <html lang={data?.locale ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
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
  return <Outlet />;
}

/** What a refusal of a page says, by its status. */
function ErrorMessage({ status }: { status: number | undefined }) {
  switch (status) {
    case 400:
      return (
        <>
          <h1>
            <Trans>This request cannot be handled</Trans>
          </h1>
          <p>
            <Trans>
              The form sent something the back office does not know. Reload the page and try again.
            </Trans>
          </p>
        </>
      );
    case 404:
      return (
        <>
          <h1>
            <Trans>Page not found</Trans>
          </h1>
          <p>
            <Trans>
              This address is not a page of the back office. Check the link or start from the
              overview.
            </Trans>
          </p>
        </>
      );
    case 403:
      return (
        <>
          <h1>
            <Trans>Not allowed</Trans>
          </h1>
          <p>
            <Trans>
              Your account does not have the role this page needs. An admin can give it to you.
            </Trans>
          </p>
        </>
      );
    case 503:
      return (
        <>
          <h1>
            <Trans>Briefly unavailable</Trans>
          </h1>
          <p>
            <Trans>
              The service cannot answer right now. Nothing was lost: try again in a few seconds.
            </Trans>
          </p>
        </>
      );
    default:
      return (
        <>
          <h1>
            <Trans>Something went wrong</Trans>
          </h1>
          <p>
            <Trans>Please reload the page or try again in a few minutes.</Trans>
          </p>
        </>
      );
  }
}

/** The one error boundary: every 404, refusal and failure, never a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <main className="error-page" id="main">
      <ErrorMessage status={status} />
      <p>
        <a href="/">
          <Trans>Go to the overview</Trans>
        </a>
      </p>
    </main>
  );
}
