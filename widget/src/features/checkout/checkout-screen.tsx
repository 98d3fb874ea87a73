import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { $account, $cartTotal } from '@tradein/client-core';
import {
  b2bTradeCapCents,
  formatMoney,
  getClientEdition,
  isB2BMode,
} from '@tradein/editions/client';
import { useMemo, useRef, type FormEvent, type ReactNode } from 'react';
import { dispatchWidgetEvent } from '../../shared/widget-events.ts';
import { useWidgetServices } from '../../shared/widget-services.tsx';
import type { CheckoutField, CheckoutFormValues, FieldErrorCode } from './checkout-form.ts';
import { createCheckoutStore, type CheckoutNotice, type CheckoutStore } from './checkout-store.ts';
import { Button } from '../../shared/button.tsx';

const idOf = (field: keyof CheckoutFormValues) => `tradein-checkout-${field}`;
const errorIdOf = (field: keyof CheckoutFormValues) => `tradein-checkout-${field}-error`;
const hintIdOf = (field: keyof CheckoutFormValues) => `tradein-checkout-${field}-hint`;

/** The checkout (flow step `checkout`): who sells, address, payout, terms, and the submission. */
export function CheckoutScreen() {
  const { api, config, flow, host, tracker } = useWidgetServices();
  const store = useMemo(
    () =>
      createCheckoutStore({
        api,
        tracker,
        edition: config.edition,
        mode: config.mode,
        partner: config.partner,
        onCreated(tradeNumber, newAccount) {
          if (host !== undefined)
            dispatchWidgetEvent(host, 'tradein:trade-created', { tradeNumber });
          flow.replace({
            screen: 'thank-you',
            tradeNumber,
            ...(newAccount === undefined ? {} : { newAccount }),
          });
        },
      }),
    [api, config, flow, host, tracker],
  );
  const { t, i18n } = useLingui();
  const values = useStore(store.$values);
  const status = useStore(store.$status);
  const notice = useStore(store.$notice);
  const account = useStore($account);
  const identity = useStore(store.$identity);
  const loggingIn = useStore(store.$loggingIn);
  const totalCents = useStore($cartTotal);
  const form = useRef<HTMLFormElement>(null);
  const edition = getClientEdition(config.edition);
  const submitting = status === 'submitting';
  const country =
    new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(config.edition.toUpperCase()) ??
    config.edition.toUpperCase();

  const focusField = (field: CheckoutField | undefined) => {
    if (field === undefined) return;
    form.current?.querySelector<HTMLElement>(`#${idOf(field)}`)?.focus();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The host page must never be submitted or reloaded.
    event.preventDefault();
    void store.submit().then(focusField);
  };

  return (
    <section className="root" part="root" aria-labelledby="tradein-checkout-heading">
      <h2 className="heading" part="heading" id="tradein-checkout-heading">
        <Trans>Checkout</Trans>
      </h2>
      <form
        ref={form}
        className="checkout-form"
        noValidate
        onSubmit={onSubmit}
        aria-busy={submitting}
      >
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
                          At least 8 characters, with a letter and a digit or symbol. We send you a
                          link to activate the account; your trade then shows in it.
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

        <fieldset className="checkout-group">
          <legend className="checkout-legend">
            <Trans>Sender address</Trans>
          </legend>
          {isB2BMode(config.mode) && (
            <TextField store={store} field="company" autoComplete="organization">
              <Trans>Company</Trans>
            </TextField>
          )}
          <div className="checkout-field">
            <label className="label" part="label" htmlFor={idOf('salutation')}>
              <Trans>Salutation</Trans>
            </label>
            <select
              className="input"
              part="input"
              id={idOf('salutation')}
              value={values.salutation}
              onChange={(event) =>
                store.update(
                  'salutation',
                  event.currentTarget.value as CheckoutFormValues['salutation'],
                )
              }
            >
              <option value="ms">{t`Ms`}</option>
              <option value="mr">{t`Mr`}</option>
              <option value="diverse">{t`Diverse`}</option>
            </select>
          </div>
          <TextField store={store} field="firstName" autoComplete="given-name">
            <Trans>First name</Trans>
          </TextField>
          <TextField store={store} field="lastName" autoComplete="family-name">
            <Trans>Last name</Trans>
          </TextField>
          <TextField store={store} field="street" autoComplete="address-line1">
            <Trans>Street</Trans>
          </TextField>
          <TextField store={store} field="houseNumber">
            <Trans>House number</Trans>
          </TextField>
          <TextField store={store} field="addressAddition" autoComplete="address-line2" optional>
            <Trans>Address addition</Trans>
          </TextField>
          <TextField store={store} field="zip" autoComplete="postal-code" inputMode="numeric">
            <Trans>Postal code</Trans>
          </TextField>
          <TextField store={store} field="city" autoComplete="address-level2">
            <Trans>City</Trans>
          </TextField>
          <p className="checkout-country">
            <Trans>Country: {country}</Trans>
          </p>
        </fieldset>

        <fieldset className="checkout-group">
          <legend className="checkout-legend">
            <Trans>Payout</Trans>
          </legend>
          <fieldset className="checkout-choice">
            <legend className="checkout-choice-legend">
              <Trans>How do you want to be paid?</Trans>
            </legend>
            <Choice
              name="payout"
              checked={values.payoutMethod === 'sepa'}
              onChange={() => store.update('payoutMethod', 'sepa')}
            >
              <Trans>Bank transfer (SEPA)</Trans>
            </Choice>
            <Choice
              name="payout"
              checked={values.payoutMethod === 'paypal'}
              onChange={() => store.update('payoutMethod', 'paypal')}
            >
              <Trans>PayPal</Trans>
            </Choice>
          </fieldset>
          {values.payoutMethod === 'sepa' ? (
            <>
              <TextField store={store} field="accountHolder" autoComplete="name">
                <Trans>Account holder</Trans>
              </TextField>
              <TextField store={store} field="iban" spellCheck={false}>
                <Trans>IBAN</Trans>
              </TextField>
            </>
          ) : (
            <TextField store={store} field="paypalEmail" type="email" autoComplete="email">
              <Trans>PayPal e-mail address</Trans>
            </TextField>
          )}
        </fieldset>

        <TextField store={store} field="voucher" optional>
          <Trans>Voucher code</Trans>
        </TextField>
        <CheckField store={store} field="acceptedTerms">
          <Trans>I accept the terms and conditions and the privacy policy.</Trans>
        </CheckField>
        {edition.hasNewsletter && (
          <CheckField store={store} field="newsletterOptIn">
            <Trans>Send me the newsletter with offers (optional).</Trans>
          </CheckField>
        )}

        <p className="cart-total">
          <span>
            <Trans>Your payout</Trans>
          </span>{' '}
          <strong>{formatMoney(config.edition, totalCents)}</strong>
        </p>
        <div className="checkout-notice" role="alert">
          {notice !== null && <NoticeText notice={notice} edition={config.edition} />}
        </div>
        <div className="flow-actions">
          <Button type="submit" variant="primary" disabled={submitting} aria-busy={submitting}>
            {submitting ? <Trans>Sending your trade…</Trans> : <Trans>Sell now</Trans>}
          </Button>
          <Button onClick={() => flow.go({ screen: 'cart' })}>
            <Trans>Back to the cart</Trans>
          </Button>
        </div>
      </form>
    </section>
  );
}

type TextFieldName = {
  [K in keyof CheckoutFormValues]: CheckoutFormValues[K] extends string ? K : never;
}[keyof CheckoutFormValues];
type CheckFieldName = {
  [K in keyof CheckoutFormValues]: CheckoutFormValues[K] extends boolean ? K : never;
}[keyof CheckoutFormValues];

interface FieldProps<Name> {
  store: CheckoutStore;
  field: Name;
  children: ReactNode;
}

/** A labelled text input with its error below it, linked by `aria-describedby`. */
function TextField({
  store,
  field,
  children,
  type = 'text',
  autoComplete,
  inputMode,
  spellCheck,
  optional = false,
  hint,
}: FieldProps<TextFieldName> & {
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: 'numeric';
  spellCheck?: boolean;
  optional?: boolean;
  /** Guidance shown below the field and read with it. */
  hint?: ReactNode;
}) {
  const value = useStore(store.$values)[field];
  const error = useStore(store.$errors)[field as CheckoutField];
  return (
    <div className="checkout-field">
      <label className="label" part="label" htmlFor={idOf(field)}>
        {children}
        {optional && (
          <span className="checkout-optional">
            {' '}
            <Trans>(optional)</Trans>
          </span>
        )}
      </label>
      <input
        className="input"
        part="input"
        id={idOf(field)}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={spellCheck}
        required={!optional}
        aria-invalid={error !== undefined}
        aria-describedby={
          [hint === undefined ? '' : hintIdOf(field), error === undefined ? '' : errorIdOf(field)]
            .filter((id) => id !== '')
            .join(' ') || undefined
        }
        onInput={(event) => store.update(field, event.currentTarget.value)}
      />
      {hint !== undefined && (
        <span className="hint" id={hintIdOf(field)}>
          {hint}
        </span>
      )}
      <FieldError field={field} code={error} />
    </div>
  );
}

/** A labelled checkbox with its error below it. */
function CheckField({ store, field, children }: FieldProps<CheckFieldName>) {
  const checked = useStore(store.$values)[field];
  const error = useStore(store.$errors)[field as CheckoutField];
  return (
    <div className="checkout-field">
      <label className="checkout-check" htmlFor={idOf(field)}>
        <input
          id={idOf(field)}
          type="checkbox"
          className="checkout-checkbox"
          checked={checked}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : errorIdOf(field)}
          onChange={(event) => store.update(field, event.currentTarget.checked)}
        />
        <span>{children}</span>
      </label>
      <FieldError field={field} code={error} />
    </div>
  );
}

/** One option of a choice, as a radio button with a large touch target. */
function Choice({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label className="checkout-check">
      <input
        type="radio"
        className="checkout-checkbox"
        name={name}
        checked={checked}
        onChange={onChange}
      />
      <span>{children}</span>
    </label>
  );
}

/** The localized error of a field (nothing when it has none). */
function FieldError({
  field,
  code,
}: {
  field: keyof CheckoutFormValues;
  code: FieldErrorCode | undefined;
}) {
  if (code === undefined) return null;
  return (
    <span className="checkout-error" part="field-error" id={errorIdOf(field)}>
      <ErrorText code={code} />
    </span>
  );
}

function ErrorText({ code }: { code: FieldErrorCode }) {
  switch (code) {
    case 'required':
      return <Trans>Please fill in this field.</Trans>;
    case 'email':
      return <Trans>Enter an e-mail address like name@example.com.</Trans>;
    case 'postalCode':
      return <Trans>This postal code does not exist in this country. Check the digits.</Trans>;
    case 'houseNumber':
      return <Trans>Enter the house number, for example 12 or 12a.</Trans>;
    case 'tooLong':
      return <Trans>This is too long: use at most 100 characters.</Trans>;
    case 'iban':
      return <Trans>This IBAN is not valid. Check it against your bank card or statement.</Trans>;
    case 'voucher':
      return <Trans>This voucher code cannot be used. Check it or leave the field empty.</Trans>;
    case 'terms':
      return <Trans>Accept the terms and conditions to sell your devices.</Trans>;
    case 'weakPassword':
      return (
        <Trans>Use at least 8 characters, with at least one letter and one digit or symbol.</Trans>
      );
    case 'invalid':
      return <Trans>Please check this entry.</Trans>;
  }
}

function NoticeText({
  notice,
  edition,
}: {
  notice: CheckoutNotice;
  edition: Parameters<typeof formatMoney>[0];
}) {
  switch (notice.kind) {
    case 'cap': {
      const cap = formatMoney(edition, b2bTradeCapCents);
      return (
        <p className="alert">
          <Trans>
            A business trade may total at most {cap}. Lower the quantities in your cart.
          </Trans>
        </p>
      );
    }
    case 'offers':
      return (
        <p className="alert">
          <Trans>
            An offer in your cart is no longer available. Go back to the cart, remove it and price
            the device again.
          </Trans>
        </p>
      );
    case 'session':
      return (
        <p className="alert">
          <Trans>
            Your session has ended. Log in again or continue as a guest, then send again.
          </Trans>
        </p>
      );
    case 'login':
      return (
        <p className="alert">
          <Trans>
            Logging in did not work. Check your e-mail address and password, or continue as a guest.
          </Trans>
        </p>
      );
    case 'network':
      return (
        <p className="alert">
          <Trans>The connection failed. Check your internet connection and send again.</Trans>
        </p>
      );
    case 'failed':
      return (
        <p className="alert">
          <Trans>Your trade could not be sent. Check your entries and try again.</Trans>
        </p>
      );
  }
}
