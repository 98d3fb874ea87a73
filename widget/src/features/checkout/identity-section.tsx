import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { $account } from '@tradein/client-core';
import { Button } from '../../shared/button.tsx';
import { CheckField, Choice, TextField } from './checkout-fields.tsx';
import type { CheckoutStore } from './checkout-store.ts';

/**
 * Who sells: the logged-in customer, or a choice between a guest checkout, logging in and
 * creating an account with the sale.
 */
export function IdentitySection({ store }: { store: CheckoutStore }) {
  const account = useStore($account);
  const identity = useStore(store.$identity);
  const loggingIn = useStore(store.$loggingIn);
  return (
    <fieldset className="checkout-group">
      <legend className="checkout-legend">
        <Trans>Your details</Trans>
      </legend>
      {account.isLoggedIn ? (
        <p className="checkout-account">
          <span>
            <Trans>Logged in as {account.email}.</Trans>
          </span>{' '}
          <Button variant="link" onClick={() => void store.logOut()}>
            <Trans>Log out</Trans>
          </Button>
        </p>
      ) : (
        <>
          <fieldset className="checkout-choice">
            <legend className="checkout-choice-legend">
              <Trans>How do you want to continue?</Trans>
            </legend>
            <Choice
              name="identity"
              checked={identity === 'guest'}
              onChange={() => store.chooseIdentity('guest')}
            >
              <Trans>Continue as a guest</Trans>
            </Choice>
            <Choice
              name="identity"
              checked={identity === 'login'}
              onChange={() => store.chooseIdentity('login')}
            >
              <Trans>Log in to my account</Trans>
            </Choice>
            <Choice
              name="identity"
              checked={identity === 'register'}
              onChange={() => store.chooseIdentity('register')}
            >
              <Trans>Create an account with this sale</Trans>
            </Choice>
          </fieldset>
          {identity !== 'login' ? (
            <>
              <TextField store={store} field="email" type="email" autoComplete="email">
                <Trans>E-mail address</Trans>
              </TextField>
              {identity === 'register' && (
                <TextField
                  store={store}
                  field="newPassword"
                  type="password"
                  autoComplete="new-password"
                  hint={
                    <Trans>
                      At least 8 characters, with a letter and a digit or symbol. We send you a link
                      to activate the account; your trade then shows in it.
                    </Trans>
                  }
                >
                  <Trans>Choose a password</Trans>
                </TextField>
              )}
            </>
          ) : (
            <div className="checkout-login" aria-busy={loggingIn}>
              <TextField store={store} field="loginEmail" type="email" autoComplete="username">
                <Trans>E-mail address</Trans>
              </TextField>
              <TextField
                store={store}
                field="password"
                type="password"
                autoComplete="current-password"
              >
                <Trans>Password</Trans>
              </TextField>
              <CheckField store={store} field="remember">
                <Trans>Stay logged in on this device</Trans>
              </CheckField>
              <Button variant="primary" disabled={loggingIn} onClick={() => void store.logIn()}>
                {loggingIn ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
              </Button>
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}
