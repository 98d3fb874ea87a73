import {
  $account,
  $checkout,
  ApiHttpError,
  ApiRequestError,
  clearCart,
  createCheckoutSubmission,
  login,
  logout,
  refusedFields,
  registerGuest,
  setPaymentType,
  setTransactionId,
  setVoucher,
  startGuestSession,
  type ApiClient,
} from '@tradein/client-core';
import { apiErrorCode, registerEndpoint } from '@tradein/contract';
import { getClientEdition, isB2BMode } from '@tradein/editions/client';
import { atom, type ReadableAtom } from 'nanostores';
import type { EventTracker } from '../../shared/widget-services.tsx';
import {
  buildCheckoutRequest,
  buildRegistrationRequest,
  emptyCheckoutForm,
  firstInvalidField,
  mapServerFieldErrors,
  paymentTypeOf,
  validateCheckoutForm,
  vatIdError,
  type CheckoutContext,
  type CheckoutField,
  type CheckoutFormValues,
  type FieldErrors,
} from './checkout-form.ts';

/** A problem of the whole checkout rather than of one field; the screen words it. */
export type CheckoutNotice =
  | { readonly kind: 'cap' }
  | { readonly kind: 'offers' }
  | { readonly kind: 'session' }
  | { readonly kind: 'login' }
  | { readonly kind: 'network' }
  | { readonly kind: 'busy' }
  | { readonly kind: 'failed' };

/** Where a submission stands. */
export type CheckoutStatus = 'editing' | 'submitting';

/** How the seller identifies: as a guest, by logging in, or by creating an account. */
export type CheckoutIdentity = 'guest' | 'login' | 'register';

/** The account a seller asked to create with the checkout. */
export interface NewAccount {
  readonly email: string;
  /** False when the registration call failed (the trade exists either way). */
  readonly created: boolean;
}

/** What the checkout store needs from its element. */
export interface CheckoutStoreOptions extends CheckoutContext {
  readonly api: ApiClient;
  /** The element's tracker, when it has one; it obeys consent itself. */
  readonly tracker?: EventTracker;
  /**
   * Called with the trade number once the trade exists and the cart is empty, and with the
   * account the seller asked to create with it.
   */
  readonly onCreated: (tradeNumber: string, newAccount: NewAccount | undefined) => void;
}

/** The checkout form of one element and its submission. */
export interface CheckoutStore {
  readonly $values: ReadableAtom<CheckoutFormValues>;
  readonly $errors: ReadableAtom<FieldErrors>;
  readonly $identity: ReadableAtom<CheckoutIdentity>;
  readonly $status: ReadableAtom<CheckoutStatus>;
  readonly $loggingIn: ReadableAtom<boolean>;
  readonly $notice: ReadableAtom<CheckoutNotice | null>;
  /** Changes one field; its error goes away until the next submit. */
  update<K extends keyof CheckoutFormValues>(field: K, value: CheckoutFormValues[K]): void;
  /** Checks the VAT ID as the submit will, when the seller leaves its field. */
  checkVatId(): void;
  chooseIdentity(identity: CheckoutIdentity): void;
  /** Logs in with the typed e-mail and password; the password is cleared either way. */
  logIn(): Promise<boolean>;
  logOut(): Promise<void>;
  /**
   * Validates and sends the checkout. Resolves with the first invalid field (for focus) when the
   * form or the server refused a field, otherwise undefined.
   */
  submit(): Promise<CheckoutField | undefined>;
}

/** Whether the tab's account is a customer who logged in (not a guest). */
function isCustomer(): boolean {
  return $account.get().isLoggedIn;
}

/** Creates the checkout of one element. */
export function createCheckoutStore(options: CheckoutStoreOptions): CheckoutStore {
  const { api, edition } = options;
  const state = $checkout.get();
  const account = $account.get();
  const customer = account.customerData;
  const $values = atom<CheckoutFormValues>({
    ...emptyCheckoutForm(),
    payoutMethod: state.isPayPalTransaction ? 'paypal' : 'sepa',
    voucher: state.voucher ?? '',
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    email: account.isGuest === true ? (account.email ?? '') : '',
  });
  const $errors = atom<FieldErrors>({});
  const $identity = atom<CheckoutIdentity>('guest');
  const $status = atom<CheckoutStatus>('editing');
  const $loggingIn = atom(false);
  const $notice = atom<CheckoutNotice | null>(null);

  const business = isB2BMode(options.mode);
  // One Idempotency-Key per attempt: sending the same checkout again after a lost answer gets
  // the trade it made, not a refusal of its offers.
  const submitCheckout = createCheckoutSubmission();
  const fail = (errors: FieldErrors): CheckoutField | undefined => {
    $errors.set(errors);
    return firstInvalidField(errors);
  };

  /** A session that may check out: the logged-in customer, or a registered guest. */
  const ensureSession = async (values: CheckoutFormValues) => {
    if (isCustomer()) return;
    const email = values.email.trim().toLowerCase();
    const current = $account.get();
    const locale = getClientEdition(edition).icuLocale;
    if (current.isGuest !== true) await startGuestSession(api, { locale });
    const guest = $account.get();
    if (guest.customerNumber !== null && guest.email === email) return;
    await registerGuest(api, {
      email,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      locale,
    });
  };

  /**
   * Registers the account asked for, after the trade: the sale comes first, and an account
   * that could not be created is reported on the thank-you page instead of failing the sale.
   * The password leaves the form either way. The trade's account claim makes the account hold
   * the trade once activated.
   */
  const createAccount = async (
    values: CheckoutFormValues,
    tradeClaim: string | null | undefined,
  ): Promise<NewAccount> => {
    const email = values.email.trim().toLowerCase();
    $values.set({ ...$values.get(), newPassword: '' });
    try {
      await api.call(registerEndpoint, {
        body: buildRegistrationRequest(values, options, tradeClaim),
      });
      return { email, created: true };
    } catch {
      return { email, created: false };
    }
  };

  const handleError = (error: unknown): CheckoutField | undefined => {
    const refused =
      error instanceof ApiRequestError || (error instanceof ApiHttpError && error.status === 400);
    if (refused) {
      const mapped = mapServerFieldErrors(refusedFields(error));
      if (mapped.offers) $notice.set({ kind: 'offers' });
      else if (mapped.other || Object.keys(mapped.fields).length === 0) {
        $notice.set({ kind: 'failed' });
      }
      return fail(mapped.fields);
    }
    if (error instanceof ApiHttpError) {
      if (error.status === 422 && error.body?.error.code === apiErrorCode.b2bCapExceeded) {
        $notice.set({ kind: 'cap' });
      } else if (error.status === 401 || error.status === 403) {
        $notice.set({ kind: 'session' });
      } else if (error.body?.error.code === apiErrorCode.idempotencyKeyInUse) {
        // The answer of an earlier send was lost and its checkout still runs: send again.
        $notice.set({ kind: 'network' });
      } else if (error.status === 409) {
        $notice.set({ kind: 'offers' });
      } else if (error.status === 429) {
        $notice.set({ kind: 'busy' });
      } else $notice.set({ kind: 'failed' });
      return undefined;
    }
    $notice.set({ kind: 'network' });
    return undefined;
  };

  return {
    $values,
    $errors,
    $identity,
    $status,
    $loggingIn,
    $notice,
    update(field, value) {
      $values.set({ ...$values.get(), [field]: value });
      if (field === 'payoutMethod') {
        setPaymentType(paymentTypeOf(value as CheckoutFormValues['payoutMethod'], edition));
      }
      const errors = $errors.get();
      if (field in errors) {
        const rest = { ...errors };
        delete rest[field as CheckoutField];
        $errors.set(rest);
      }
    },
    checkVatId() {
      const { vatId: _previous, ...rest } = $errors.get();
      const code = vatIdError($values.get().vatId);
      $errors.set(code === undefined ? rest : { ...rest, vatId: code });
    },
    chooseIdentity(identity) {
      $identity.set(identity);
      $notice.set(null);
    },
    async logIn() {
      const values = $values.get();
      const errors: FieldErrors = {};
      if (values.loginEmail.trim() === '') errors.loginEmail = 'required';
      if (values.password === '') errors.password = 'required';
      if (Object.keys(errors).length > 0) {
        $errors.set({ ...$errors.get(), ...errors });
        return false;
      }
      $loggingIn.set(true);
      $notice.set(null);
      try {
        // A guest session of this tab gives way to the login.
        if ($account.get().isGuest === true) await logout(api);
        const loggedIn = await login(api, {
          username: values.loginEmail.trim().toLowerCase(),
          password: values.password,
          remember: values.remember,
        });
        const data = loggedIn.customerData;
        $values.set({
          ...$values.get(),
          password: '',
          firstName: $values.get().firstName || (data?.firstName ?? ''),
          lastName: $values.get().lastName || (data?.lastName ?? ''),
        });
        return true;
      } catch (error) {
        $values.set({ ...$values.get(), password: '' });
        $notice.set(
          error instanceof ApiHttpError && error.status < 500
            ? { kind: 'login' }
            : { kind: 'network' },
        );
        return false;
      } finally {
        $loggingIn.set(false);
      }
    },
    async logOut() {
      await logout(api);
      $identity.set('guest');
    },
    async submit() {
      if ($status.get() === 'submitting') return undefined;
      $notice.set(null);
      const values = $values.get();
      if (!isCustomer() && $identity.get() === 'login') {
        $notice.set({ kind: 'login' });
        return fail({
          ...validateCheckoutForm(values, edition, { asGuest: false, business }),
          password: 'required',
        });
      }
      const newAccount = !isCustomer() && $identity.get() === 'register';
      const invalid = fail(
        validateCheckoutForm(values, edition, { asGuest: !isCustomer(), business, newAccount }),
      );
      if (invalid !== undefined) return invalid;
      const lines = $checkout.get().cart;
      if (lines.length === 0) {
        $notice.set({ kind: 'offers' });
        return undefined;
      }
      $status.set('submitting');
      try {
        const voucher = values.voucher.trim();
        setVoucher(voucher === '' ? null : voucher);
        setPaymentType(paymentTypeOf(values.payoutMethod, edition));
        await ensureSession(values);
        const trade = await submitCheckout(api, buildCheckoutRequest(values, lines, options));
        setTransactionId(trade.tradeId);
        clearCart();
        const createdAccount = newAccount
          ? await createAccount(values, trade.accountClaim)
          : undefined;
        options.tracker?.track('trade_created', {
          tradeId: trade.tradeId,
          revenue: trade.totalCents,
          currency: trade.currency,
          ...(trade.voucher === null
            ? {}
            : { voucherCode: trade.voucher.code, voucherValue: trade.voucher.bonusCents }),
        });
        options.onCreated(trade.tradeNumber, createdAccount);
        return undefined;
      } catch (error) {
        return handleError(error);
      } finally {
        $status.set('editing');
      }
    },
  };
}
