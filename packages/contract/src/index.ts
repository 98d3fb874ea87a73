/**
 * The contract of the trade API: zod/mini schemas for every entity and every call, shared by
 * the server (which validates requests with them) and the client (which parses answers with them).
 */
export {
  activationAnswerSchema,
  changePasswordRequestSchema,
  customerActivationSchema,
  deleteAccountQuerySchema,
  forgotPasswordRequestSchema,
  identifierHeadersSchema,
  loginPasswordSchema,
  loginRequestSchema,
  logoutHeadersSchema,
  parseActivation,
  passwordSchema,
  refreshHeadersSchema,
  resetPasswordRequestSchema,
  tokenHeadersSchema,
  tokenPairSchema,
} from './account.ts';
export type {
  Activation,
  ActivationAnswer,
  ChangePasswordRequest,
  CustomerActivation,
  DeleteAccountQuery,
  ForgotPasswordRequest,
  IdentifierHeaders,
  LoginRequest,
  LogoutHeaders,
  RefreshHeaders,
  ResetPasswordRequest,
  TokenHeaders,
  TokenPair,
} from './account.ts';
export {
  buildRegistrationBody,
  passwordCredentialSchema,
  registerRequestSchema,
  registrationPaymentSchema,
} from './registration.ts';
export type { RegisterRequest, RegistrationInput, RegistrationPayment } from './registration.ts';

export {
  apiErrorCode,
  apiErrorFromIssues,
  apiErrorSchema,
  apiFieldErrorSchema,
  readApiError,
} from './api-error.ts';
export type { ApiError, ApiErrorCode, ApiFieldError } from './api-error.ts';

export {
  aggregationSchema,
  answerSchema,
  catalogueReferenceSchema,
  categorySchema,
  deviceSchema,
  deviceSummarySchema,
  imageReferenceSchema,
  manufacturerSchema,
  questionSchema,
  seriesSchema,
} from './catalogue.ts';
export type {
  Aggregation,
  Answer,
  CatalogueReference,
  Category,
  Device,
  DeviceSummary,
  Manufacturer,
  Question,
  Series,
} from './catalogue.ts';

export {
  accountStateSchema,
  cartLineSchema,
  categoryStateSchema,
  checkoutStateSchema,
  homeStateSchema,
} from './client-state.ts';
export type {
  AccountState,
  CartLine,
  CategoryState,
  CheckoutState,
  HomeState,
} from './client-state.ts';

export {
  addressInputSchema,
  addressPatchSchema,
  addressSchema,
  customerIriSchema,
  customerResourceIri,
  customerSchema,
  guestAccountNumberSchema,
  guestAccountRequestSchema,
  peopleIriSchema,
  peoplePatchSchema,
  peopleSchema,
  phoneContactInputSchema,
  phoneContactSchema,
  phoneNumberSchema,
  phoneTypeSchema,
  salutationSchema,
  tradeDeviceSchema,
  tradeHistoryEntrySchema,
  tradeStatusSchema,
} from './customer.ts';
export {
  bankAccountInputSchema,
  bankAccountPatchSchema,
  bankAccountSchema,
  bicSchema,
  customerPaymentAccountInputSchema,
  customerPaymentAccountSchema,
  ibanSchema,
  normalizeIban,
  paypalAccountInputSchema,
  paypalAccountPatchSchema,
  paypalAccountSchema,
} from './payment-accounts.ts';
export type {
  Address,
  AddressInput,
  AddressPatch,
  Customer,
  CustomerCollection,
  GuestAccountNumber,
  GuestAccountRequest,
  People,
  PeoplePatch,
  PhoneContact,
  PhoneContactInput,
  PhoneType,
  Salutation,
  TradeDevice,
  TradeHistoryEntry,
  TradeStatus,
} from './customer.ts';
export type {
  BankAccount,
  BankAccountInput,
  BankAccountPatch,
  CustomerPaymentAccount,
  CustomerPaymentAccountInput,
  PaypalAccount,
  PaypalAccountInput,
  PaypalAccountPatch,
} from './payment-accounts.ts';

export { defineEndpoint } from './endpoint.ts';
export type { Endpoint, EndpointBody, EndpointResponse, HttpMethod } from './endpoint.ts';

export {
  activateCustomerByIdentifierEndpoint,
  activateRegistrationEndpoint,
  changePasswordEndpoint,
  clientIdEndpoint,
  controllingEndpoint,
  createCustomerPaymentAccountEndpoint,
  createGuestAccountNumberEndpoint,
  createPhoneContactEndpoint,
  deleteCustomerEndpoint,
  deleteUserEndpoint,
  endpoints,
  forgotPasswordMailEndpoint,
  getAddressesEndpoint,
  getBankAccountsEndpoint,
  getCustomerEndpoint,
  getPaypalAccountsEndpoint,
  getTradeHistoryEndpoint,
  loginEndpoint,
  loginRefreshEndpoint,
  logoutEndpoint,
  registerEndpoint,
  resetPasswordEndpoint,
  searchEndpoint,
  updateAddressesEndpoint,
  updateBankAccountsEndpoint,
  updatePaypalAccountsEndpoint,
  updatePeopleEndpoint,
  updatePhoneContactEndpoint,
} from './endpoints.ts';
export type { EndpointName } from './endpoints.ts';

export {
  createOfferEndpoint,
  getOfferEndpoint,
  offerAnswerSchema,
  offerEndpoints,
  offerPreviewSchema,
  offerRequestSchema,
  offerSchema,
  offerUuidSchema,
  partnerCodeSchema,
  previewOfferEndpoint,
} from './offers.ts';
export type { Offer, OfferAnswer, OfferPreview, OfferRequest } from './offers.ts';

export {
  centsSchema,
  customerIdSchema,
  customerNumberSchema,
  emailSchema,
  emptyBodySchema,
  epochMillisecondsSchema,
  idSchema,
  isoDateTimeSchema,
  languageSchema,
  localeSchema,
  lowercaseEmailSchema,
  maxTextFieldLength,
  offerIdSchema,
  okResponseSchema,
  personNameSchema,
  slugSchema,
  voucherCodeSchema,
} from './primitives.ts';
export type { Id, Language, OfferId, OkResponse, Slug } from './primitives.ts';

export {
  guestSessionEndpoint,
  guestSessionRequestSchema,
  guestSessionSchema,
  sessionEndpoints,
} from './session.ts';
export type { GuestSession, GuestSessionRequest } from './session.ts';

export {
  buildSearchRequest,
  decodeSearchQuery,
  emptySearchResult,
  encodeSearchQuery,
  isSingleLookup,
  searchQuerySchema,
  searchRequestSchema,
  searchResultSchema,
  searchTextSchema,
} from './search.ts';
export type {
  SearchKind,
  SearchQuery,
  SearchRequest,
  SearchResult,
  SearchResultOf,
} from './search.ts';

export {
  answerClarificationEndpoint,
  checkoutLineSchema,
  checkoutRequestSchema,
  clarificationDecisionSchema,
  createTradeEndpoint,
  getTradeEndpoint,
  inspectionFindingSchema,
  maxTradeQuantity,
  payoutSchema,
  tradeClarificationSchema,
  tradeEndpoints,
  tradeEventSchema,
  tradeItemSchema,
  tradeLabelEndpoint,
  tradeNumberSchema,
  tradeSchema,
} from './trades.ts';
export type {
  CheckoutLine,
  CheckoutRequest,
  ClarificationDecision,
  InspectionFinding,
  Payout,
  Trade,
  TradeClarification,
  TradeEvent,
  TradeItem,
} from './trades.ts';

export {
  clientIdAnswerSchema,
  clientIdSchema,
  controllingEventNameSchema,
  controllingRequestSchema,
  touchpointParamsSchema,
  trackingEventFieldsSchema,
} from './tracking.ts';
export type {
  ClientIdAnswer,
  ControllingEventName,
  ControllingRequest,
  TouchpointParameterName,
  TouchpointParams,
  TrackingEventFields,
} from './tracking.ts';

export {
  newsletterConfirmEndpoint,
  newsletterConfirmRequestSchema,
  newsletterConfirmTokenSchema,
  newsletterEmailHashSchema,
  newsletterEndpoints,
  newsletterEnrichEndpoint,
  newsletterEnrichRequestSchema,
  newsletterInterestSchema,
  newsletterSourceSchema,
  newsletterStatusSchema,
  newsletterSubscribeEndpoint,
  newsletterSubscribeRequestSchema,
  newsletterSubscriptionEndpoint,
  newsletterSubscriptionQuerySchema,
  newsletterSubscriptionSchema,
  newsletterUnsubscribeEndpoint,
  newsletterUnsubscribeRequestSchema,
} from './newsletter.ts';
export type {
  NewsletterConfirmRequest,
  NewsletterEnrichRequest,
  NewsletterInterest,
  NewsletterStatus,
  NewsletterSubscribeRequest,
  NewsletterSubscription,
  NewsletterUnsubscribeRequest,
} from './newsletter.ts';

export { apiEndpoints } from './api-endpoints.ts';
export type { ApiEndpointName } from './api-endpoints.ts';
