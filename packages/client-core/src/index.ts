export {
  $account,
  createAccountAuth,
  login,
  logout,
  registerGuest,
  startAccount,
  startGuestSession,
} from './account.ts';
export { ApiHttpError, ApiRequestError, apiHttpStatus, refusedFields } from './api-errors.ts';
export {
  $cartCount,
  $cartTotal,
  $checkout,
  addToCart,
  clearCart,
  initCheckout,
  onNavigate,
  removeFromCart,
  replaceInCart,
  resetCheckout,
  setPaymentType,
  setPriceCalculateDone,
  setQuantity,
  setTransactionId,
  setVoucher,
} from './checkout.ts';
export type { CheckoutError, CheckoutResult, NewCartLine } from './checkout.ts';
export { createCheckoutSubmission } from './checkout-submission.ts';
export { CLIENT_ID_COOKIE } from './client-id.ts';
export { $consent, denyConsent, grantConsent } from './consent.ts';
export type { ConsentState } from './consent.ts';
export { createApiClient } from './http-client.ts';
export type { ApiClient, ApiClientOptions, AuthProvider } from './http-client.ts';
export { lineAmount } from './money.ts';
export { createTracker } from './tracking.ts';
export type { TrackedEventName, Tracker } from './tracking.ts';
