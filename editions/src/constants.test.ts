import { describe, expect, it } from 'vitest';
import {
  b2bTradeCapCents,
  b2bTradeCapEur,
  carouselIntervalMs,
  clientIdCookieSeconds,
  consentCheckDelayMs,
  contactSubjectCount,
  currency,
  defaultPaymentType,
  localeCookieDays,
  offerValidityDays,
  payloadPrefetchDelayMs,
  payPalPaymentMethod,
  personalizationCookieDays,
  reloadGuardMs,
  shippingAmount,
  swipeThresholdPx,
  taxAmount,
  toastDelayMs,
  touchpointParameters,
} from './constants.ts';

describe('business constants (§9 and design card)', () => {
  it.each([
    ['currency', currency, 'EUR'],
    ['b2bTradeCapEur', b2bTradeCapEur, 5000],
    ['b2bTradeCapCents', b2bTradeCapCents, 500_000],
    ['defaultPaymentType', defaultPaymentType, 13],
    ['payPalPaymentMethod', payPalPaymentMethod, 2],
    ['taxAmount', taxAmount, 0],
    ['shippingAmount', shippingAmount, 0],
    ['contactSubjectCount', contactSubjectCount, 10],
    ['localeCookieDays', localeCookieDays, 365],
    ['clientIdCookieSeconds', clientIdCookieSeconds, 31_536_000],
    ['personalizationCookieDays', personalizationCookieDays, 365],
    ['consentCheckDelayMs', consentCheckDelayMs, 1000],
    ['payloadPrefetchDelayMs', payloadPrefetchDelayMs, 1000],
    ['reloadGuardMs', reloadGuardMs, 10_000],
    ['carouselIntervalMs', carouselIntervalMs, 5000],
    ['toastDelayMs', toastDelayMs, 5000],
    ['swipeThresholdPx', swipeThresholdPx, 40],
    ['offerValidityDays', offerValidityDays, 14],
  ] as const)('%s is %s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('states the B2B cap in cents as the euro cap times 100', () => {
    expect(b2bTradeCapCents).toBe(b2bTradeCapEur * 100);
  });

  it('keeps the client id cookie for exactly 365 days', () => {
    expect(clientIdCookieSeconds).toBe(365 * 24 * 60 * 60);
  });

  it('lists the eleven touchpoint parameters in the order of §9', () => {
    expect(touchpointParameters).toEqual([
      'gclid',
      'msclkid',
      'fbclid',
      'dyntr',
      'ctb',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_id',
      'belboon',
      'awc',
    ]);
  });
});
