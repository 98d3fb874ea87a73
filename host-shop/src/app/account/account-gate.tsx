import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { $account } from '@tradein/client-core';
import type { AccountState } from '@tradein/contract';
import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { accountApi } from './account-api.ts';
import type { AccountPaths } from './account-paths.server.ts';
import { LoginForm } from './login-form.tsx';
import { $sessionNotice, logOutHere } from './session.ts';
import { useHydrated } from './use-hydrated.ts';

/** A logged-in account: what the pages behind the login may rely on. */
export type LoggedInAccount = AccountState & { isLoggedIn: true; customerId: string };

function isLoggedIn(account: AccountState): account is LoggedInAccount {
  return account.isLoggedIn && account.customerId !== null;
}

/** A placeholder of the page's shape while its data loads, announced to screen readers. */
export function LoadingBlock({ children }: { children: ReactNode }) {
  return (
    <output className="skeleton" aria-live="polite">
      <span className="skeleton__line" aria-hidden="true" />
      <span className="skeleton__line skeleton__line--short" aria-hidden="true" />
      <span className="visually-hidden">{children}</span>
    </output>
  );
}

/**
 * The pages behind the login. The session lives in the browser (the client core's account store,
 * shared with the widget and other tabs), so the server sends the page's frame with a
 * placeholder, and the browser draws either the login form or the page. A login or logout in
 * another tab or in the widget redraws it at once.
 */
export function AccountGate({
  paths,
  heading,
  children,
}: {
  paths: AccountPaths;
  /** The page's heading while the browser has not drawn it yet (the title of the page). */
  heading: ReactNode;
  children: (account: LoggedInAccount) => ReactNode;
}) {
  const hydrated = useHydrated();
  const account = useStore($account);
  const notice = useStore($sessionNotice);
  if (!hydrated) {
    return (
      <main id="main" className="page page--account">
        <h1>{heading}</h1>
        <LoadingBlock>
          <Trans>Loading your account…</Trans>
        </LoadingBlock>
        <noscript>
          <p className="notice notice--error">
            <Trans>Your customer account needs JavaScript. Please turn it on and reload.</Trans>
          </p>
        </noscript>
      </main>
    );
  }
  if (!isLoggedIn(account)) {
    return (
      <main id="main" className="page page--account">
        <h1>
          <Trans>Log in to your account</Trans>
        </h1>
        {notice === null ? null : (
          <output className="notice">
            {notice === 'loggedOut' ? (
              <Trans>You are logged out. See you soon!</Trans>
            ) : notice === 'deleted' ? (
              <Trans>
                Your customer account is deleted, and you are logged out. Thank you for trading with
                us.
              </Trans>
            ) : (
              <Trans>
                Your session has ended (you logged out in another window, or it expired). Please log
                in again.
              </Trans>
            )}
          </output>
        )}
        <LoginForm registerPath={paths.register} forgotPath={paths.passwordForgot} />
      </main>
    );
  }
  return (
    <main id="main" className="page page--account">
      <AccountMenu paths={paths} />
      {children(account)}
    </main>
  );
}

/** The account area's own navigation, with the logout. */
function AccountMenu({ paths }: { paths: AccountPaths }) {
  const { t } = useLingui();
  const [leaving, setLeaving] = useState(false);
  return (
    <nav className="account-menu" aria-label={t`Your account`}>
      <NavLink to={paths.overview} end>
        <Trans>Overview and trades</Trans>
      </NavLink>
      <NavLink to={paths.management}>
        <Trans>Your data</Trans>
      </NavLink>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={leaving}
        onClick={() => {
          if (leaving) return;
          setLeaving(true);
          void logOutHere(accountApi()).finally(() => setLeaving(false));
        }}
      >
        <Trans>Log out</Trans>
      </button>
    </nav>
  );
}
