import { expect, it } from 'vitest';

it('exports exactly the browser API', async () => {
  expect(Object.keys(await import('./client.ts')).toSorted()).toEqual([
    'b2bTradeCapCents',
    'b2bTradeCapEur',
    'carouselIntervalMs',
    'clientIdCookieSeconds',
    'consentCheckDelayMs',
    'contactSubjectCount',
    'currency',
    'defaultPaymentType',
    'editionCodeSchema',
    'editionCodes',
    'formatDate',
    'formatMoney',
    'getClientEdition',
    'isB2BMode',
    'isValidPostalCode',
    'localeCookieDays',
    'offerValidityDays',
    'payPalPaymentMethod',
    'payloadPrefetchDelayMs',
    'personalizationCookieDays',
    'reloadGuardMs',
    'sellFlowPath',
    'shippingAmount',
    'shopModeSchema',
    'shopModes',
    'swipeThresholdPx',
    'taxAmount',
    'toastDelayMs',
    'touchpointParameters',
  ]);
});

it('is published as @tradein/editions/client', async () => {
  const client = await import('./client.ts');
  expect(await import('@tradein/editions/client')).toEqual(client);
});
