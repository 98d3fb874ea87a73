export {
  $account,
  ACCOUNT_STORAGE_KEY,
  LOGGED_OUT_ACCOUNT,
  createAccountAuth,
  login,
  logout,
  refresh,
  registerGuest,
  startAccount,
  startGuestSession,
} from './account.ts';
export type {
  AccountAuthOptions,
  GuestSessionOptions,
  GuestSessionStart,
  LoggedInCustomer,
  LoginCredentials,
  StartAccountOptions,
} from './account.ts';
export {
  ApiAuthError,
  ApiError,
  ApiHttpError,
  ApiNetworkError,
  ApiRequestError,
  ApiResponseError,
  ApiTimeoutError,
} from './api-errors.ts';
export type { ApiCallTarget } from './api-errors.ts';
export {
  $categories,
  categoryKey,
  clearCategories,
  getCategory,
  setCategories,
} from './category.ts';
export {
  $cartCount,
  $cartTotal,
  $checkout,
  CHECKOUT_STORAGE_KEY,
  addToCart,
  clearCart,
  decodeCheckoutState,
  emptyCheckoutState,
  initCheckout,
  isPayPalPaymentType,
  onNavigate,
  removeFromCart,
  resetCheckout,
  setPaymentType,
  setPriceCalculateDone,
  setQuantity,
  setTransactionId,
  setVoucher,
} from './checkout.ts';
export type { CheckoutError, CheckoutInit, CheckoutResult, NewCartLine } from './checkout.ts';
export { CLIENT_ID_COOKIE, createClientIdSource, fetchClientIdFrom } from './client-id.ts';
export type { ClientIdSource, ClientIdSourceOptions } from './client-id.ts';
export {
  $consent,
  denyConsent,
  grantConsent,
  resetConsent,
  scheduleConsentCheck,
} from './consent.ts';
export type { ConsentCheckOptions, ConsentState } from './consent.ts';
export { $home, getHome, initHome } from './home.ts';
export {
  DEFAULT_BLOB_TYPE,
  DEFAULT_TIMEOUT_MS,
  MAX_ATTEMPTS,
  RETRYABLE_STATUSES,
  SEARCH_PATH,
  createApiClient,
} from './http-client.ts';
export type {
  ApiClient,
  ApiClientOptions,
  ApiEnvironment,
  AuthProvider,
  BlobCallOptions,
  CallOptions,
  PathParamNames,
  PathParams,
} from './http-client.ts';
export { PRICE_DECIMALS, cartTotal, lineAmount } from './money.ts';
export { hasTouchpoints, readTouchpoints } from './touchpoints.ts';
export { createTracker } from './tracking.ts';
export type {
  ControllingCall,
  TrackedEventName,
  Tracker,
  TrackerOptions,
  TrackingReport,
} from './tracking.ts';
