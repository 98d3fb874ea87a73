/**
 * The contract of the trade API: zod/mini schemas for every entity and every call, shared by
 * the server (which validates requests with them) and the client (which parses answers with them).
 */
export { passwordSchema } from './account.ts';
export type { DeleteAccountQuery, TokenPair } from './account.ts';
export { buildRegistrationBody, registrationRequestOf } from './registration.ts';
export type { RegisterRequest, RegistrationPayment } from './registration.ts';

export { apiErrorCode, apiErrorFromIssues, readApiError } from './api-error.ts';
export type { ApiError, ApiErrorCode, ApiFieldError } from './api-error.ts';

export {
  addressFormFields,
  addressRefusalPaths,
  fieldIssuesOf,
  parseFormRequest,
  placeRefusals,
} from './form-refusals.ts';
export type { AddressFormField, FieldIssue, RefusalMap } from './form-refusals.ts';

export {
  answerClarificationLinesEndpoint,
  clarificationLinkSchema,
  clarificationPhotoEndpoint,
  clarificationViewSchema,
  getClarificationEndpoint,
  quickAnswerClarificationEndpoint,
} from './clarification.ts';
export type { ClarificationLine, ClarificationView } from './clarification.ts';

export {
  contactMessageEndpoint,
  contactMessageRequestSchema,
  maxContactMessageLength,
} from './contact.ts';
export type { ContactMessageRequest } from './contact.ts';

export {
  categorySchema,
  deviceSchema,
  deviceSummarySchema,
  modelBestPriceCents,
} from './catalogue.ts';
export { catalogueImageEndpoint, catalogueImageKinds } from './catalogue-images.ts';
export { catalogueRevisionEndpoint } from './catalogue-revision.ts';
export type { CatalogueImageKind } from './catalogue-images.ts';
export type {
  Aggregation,
  Category,
  Device,
  DeviceSummary,
  DeviceVariant,
  Manufacturer,
  Question,
  Series,
} from './catalogue.ts';

export {
  accountStateSchema,
  cartCountCookieName,
  cartCountCookieSchema,
  cartLineSchema,
  categoryStateSchema,
  checkoutStateSchema,
  homeStateSchema,
} from './client-state.ts';
export type {
  AccountState,
  CartCondition,
  CartLine,
  CategoryState,
  CheckoutState,
  HomeState,
} from './client-state.ts';

export {
  addressInputSchema,
  customerResourceIri,
  salutationSchema,
  tradeHistoryEntrySchema,
  tradeStatusSchema,
} from './customer.ts';
export { ibanSchema, normalizeIban } from './payment-accounts.ts';
export { checkVatId, normalizeVatId, vatIdSchema } from './vat-id.ts';
export type { VatIdProblem } from './vat-id.ts';
export type {
  Address,
  AddressInput,
  Customer,
  GuestAccountRequest,
  People,
  PhoneContact,
  Salutation,
  TradeHistoryEntry,
  TradeStatus,
} from './customer.ts';
export type { BankAccount, CustomerPaymentAccount, PaypalAccount } from './payment-accounts.ts';

export { defineEndpoint } from './endpoint.ts';
export type {
  Endpoint,
  EndpointParams,
  EndpointPart,
  EndpointResponse,
  HttpMethod,
} from './endpoint.ts';
export { endpointPath, fillPathTemplate } from './endpoint-path.ts';

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
  forgotPasswordMailEndpoint,
  getAddressesEndpoint,
  getBankAccountsEndpoint,
  getCustomerEndpoint,
  getCustomerPaymentAccountsEndpoint,
  getPaypalAccountsEndpoint,
  getPeopleEndpoint,
  getPhoneContactsEndpoint,
  getTradeHistoryEndpoint,
  loginEndpoint,
  loginRefreshEndpoint,
  logoutEndpoint,
  registerEndpoint,
  resendActivationEndpoint,
  resetPasswordEndpoint,
  searchEndpoint,
  updateAddressesEndpoint,
  updateBankAccountsEndpoint,
  updatePaypalAccountsEndpoint,
  updatePeopleEndpoint,
  updatePhoneContactEndpoint,
} from './endpoints.ts';

export {
  createOfferEndpoint,
  getOfferEndpoint,
  offerAnswerSchema,
  offerPreviewSchema,
  offerSchema,
  offerUuidSchema,
  previewOfferEndpoint,
} from './offers.ts';
export type { Offer, OfferAnswer, OfferPreview, OfferRequest } from './offers.ts';

export {
  customerIdSchema,
  emailSchema,
  emptyBodySchema,
  epochMillisecondsSchema,
  maxTextFieldLength,
  offerIdSchema,
  okResponseSchema,
  personNameSchema,
  accountHolderSchema,
  slugSchema,
  voucherCodeSchema,
} from './primitives.ts';

export { guestSessionEndpoint } from './session.ts';

export {
  addSellerPhotoEndpoint,
  clarificationSellerPhotoEndpoint,
  deleteSellerPhotoEndpoint,
  listSellerPhotosEndpoint,
  maxSellerPhotoBytes,
  maxSellerPhotosPerLine,
  sellerPhotoEndpoint,
  sellerPhotoListSchema,
  sellerPhotoStoredType,
  sellerPhotoUploadTypes,
} from './seller-photos.ts';
export type { SellerPhoto, SellerPhotoList } from './seller-photos.ts';

export {
  buildSearchRequest,
  decodeSearchQuery,
  emptySearchResult,
  encodeSearchQuery,
  searchResultSchema,
} from './search.ts';
export type { SearchQuery, SearchResult } from './search.ts';

export { deviceKinds } from './trade-after-sale.ts';
export type { DeviceKind, PayoutMethod, TradeAfterSale } from './trade-after-sale.ts';

export {
  tradeStatusEndpoint,
  tradeStatusLabelEndpoint,
  tradeStatusTokenSchema,
  tradeStatusViewSchema,
} from './trade-status.ts';
export type { TradeStatusView } from './trade-status.ts';

export {
  answerClarificationEndpoint,
  confirmTradeMailboxEndpoint,
  createdTradeSchema,
  createTradeEndpoint,
  getTradeEndpoint,
  maxTradeQuantity,
  tradeLabelEndpoint,
  tradeMailboxConfirmationSchema,
  tradeSchema,
} from './trades.ts';
export { tradeNumberSchema } from './trade-number.ts';
export { tradeQueueQuerySchema } from './ops-trades.ts';
export {
  addInspectionPhotoEndpoint,
  maxInspectionPhotoBytes,
  maxInspectionPhotosPerLine,
  opsClarificationsEndpoint,
  opsInspectionEndpoint,
  opsInspectionPhotoEndpoint,
  opsReceiptEndpoint,
  opsRecordDecisionEndpoint,
  opsSellerPhotoEndpoint,
  opsTradeDetailEndpoint,
  opsTradeQueueEndpoint,
  rulePriceCents,
} from './ops-trade-work.ts';
export type {
  ClarificationQueue,
  InspectionRequest,
  OpsTradeDetail,
  OpsTradeLine,
  PriceRule,
} from './ops-trade-work.ts';
export type {
  TradeQueuePage,
  TradeQueueQuery,
  TradeQueueQueryInput,
  TradeQueueRow,
} from './ops-trades.ts';
export type {
  CheckoutRequest,
  ClarificationLineDecision,
  CreatedTrade,
  InspectionFinding,
  Trade,
  TradeClarification,
} from './trades.ts';

export {
  clientIdSchema,
  controllingEventNameSchema,
  controllingRequestSchema,
} from './tracking.ts';
export type { ControllingRequest, TouchpointParams, TrackingEventFields } from './tracking.ts';

export {
  newsletterConfirmEndpoint,
  newsletterEnrichEndpoint,
  newsletterInterestSchema,
  newsletterSubscribeEndpoint,
  newsletterSubscriptionEndpoint,
  newsletterSubscriptionQuerySchema,
  newsletterUnsubscribeEndpoint,
} from './newsletter.ts';
export type { NewsletterEnrichRequest, NewsletterSubscription } from './newsletter.ts';

export {
  acceptInvitationEndpoint,
  auditEndpoint,
  invitationEndpoint,
  inviteStaffEndpoint,
  staffListEndpoint,
  staffPreferencesEndpoint,
  staffRoleSchema,
  staffSessionEndpoint,
  staffSignInEndpoint,
  staffSignOutEndpoint,
  staffSignOutEverywhereEndpoint,
  updateStaffEndpoint,
} from './ops-session.ts';
export type { StaffMemberView, StaffRole } from './ops-session.ts';

export {
  catalogueDeviceEndpoint,
  catalogueDevicesEndpoint,
  deviceRetirementEndpoint,
  devicePriceEndpoint,
  maxCatalogueUploadBytes,
  modelImportEndpoint,
  priceAdjustmentEndpoint,
  priceFactorEndpoint,
  priceFactorsEndpoint,
  priceImportEndpoint,
  priceListCsvEndpoint,
  priceProblemOf,
} from './ops-catalogue.ts';
export type {
  CatalogueDeviceDetail,
  CatalogueDevicePage,
  CatalogueDeviceQuery,
  CatalogueDeviceRow,
  CataloguePriceChangeSummary,
} from './ops-catalogue.ts';

export {
  cancelPayoutBatchEndpoint,
  confirmPayoutBatchEndpoint,
  createPayoutBatchEndpoint,
  payoutBatchEndpoint,
  payoutBatchesEndpoint,
  payoutBatchFileEndpoint,
  payoutReadyEndpoint,
} from './ops-payouts.ts';
export type {
  PayoutBatchDetail,
  PayoutBatchesPage,
  PayoutBatchesQuery,
  PayoutBatchSummary,
  PayoutPayee,
  PayoutReadyPage,
  PayoutReadyQuery,
  PayoutReadyRow,
} from './ops-payouts.ts';
export { opsOverviewEndpoint } from './ops-overview.ts';
export type { OpsOverview, OverviewDayFigure } from './ops-overview.ts';
