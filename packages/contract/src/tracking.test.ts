import { touchpointParameters } from '@tradein/editions/client';
import { describe, expect, it } from 'vitest';
import { issuePaths } from './test-fixtures.ts';
import {
  clientIdAnswerSchema,
  controllingRequestSchema,
  touchpointParamsSchema,
  trackingEventFieldsSchema,
} from './tracking.ts';

const base = {
  clientId: 'c1d2e3f4a5b6c7d8',
  applicationId: 'tradein-de',
  url: 'https://www.example.de/verkaufen/smartphones',
};

describe('controlling request', () => {
  it.each([
    [
      'a touchpoint with utm parameters',
      {
        ...base,
        eventName: 'marketing_touchpoint',
        utm_source: 'newsletter',
        utm_medium: 'email',
        gclid: 'Cj0KCQ',
      },
    ],
    [
      'a generated offer',
      {
        ...base,
        eventName: 'offer_generated',
        deviceId: 1001,
        offerId: 'of_8f2k',
        revenue: 23150,
        currency: 'EUR',
        productName: 'Apple iPhone 13 128 GB',
        conditionId: 'DISPLAY_OK',
      },
    ],
    [
      'an offer added to the cart',
      {
        ...base,
        eventName: 'offer_add_to_cart',
        deviceId: 1001,
        offerId: 'of_8f2k',
        category: 'Smartphones',
      },
    ],
    [
      'a created trade with a voucher',
      {
        ...base,
        eventName: 'trade_created',
        tradeId: 5512,
        revenue: 48000,
        voucherCode: 'SPRING-10',
        voucherValue: 1000,
      },
    ],
  ])('accepts %s', (_name, body) => {
    expect(controllingRequestSchema.parse(body)).toEqual(body);
  });

  it.each([
    ['an unknown event', { ...base, eventName: 'page_view' }, 'eventName'],
    ['a relative url', { ...base, eventName: 'marketing_touchpoint', url: '/verkaufen' }, 'url'],
    [
      'a javascript url',
      { ...base, eventName: 'marketing_touchpoint', url: 'javascript:alert(1)' },
      'url',
    ],
    ['an ftp url', { ...base, url: 'ftp://files.example.de/a' }, 'url'],
    ['a url without a host', { ...base, url: 'https://' }, 'url'],
    ['a url over 2048 characters', { ...base, url: `https://a.de/${'x'.repeat(2040)}` }, 'url'],
    [
      'a short client id',
      { ...base, clientId: 'abc', eventName: 'marketing_touchpoint' },
      'clientId',
    ],
    [
      'a missing application id',
      { clientId: base.clientId, url: base.url, eventName: 'marketing_touchpoint' },
      'applicationId',
    ],
    [
      'an offer event without offer id',
      { ...base, eventName: 'offer_generated', deviceId: 1001 },
      'offerId',
    ],
    [
      'a cart event without device id',
      { ...base, eventName: 'offer_add_to_cart', offerId: 'of_8f2k' },
      'deviceId',
    ],
    [
      'a trade event without trade id',
      { ...base, eventName: 'trade_created', revenue: 100 },
      'tradeId',
    ],
    [
      'revenue in euros with decimals',
      { ...base, eventName: 'trade_created', tradeId: 1, revenue: 231.5 },
      'revenue',
    ],
    [
      'a lower-case currency',
      { ...base, eventName: 'marketing_touchpoint', currency: 'eur' },
      'currency',
    ],
    [
      'an over-long touchpoint value',
      { ...base, eventName: 'marketing_touchpoint', fbclid: 'x'.repeat(501) },
      'fbclid',
    ],
  ])('rejects %s', (_name, body, path) => {
    expect(issuePaths(controllingRequestSchema, body)).toContain(path);
  });
});

describe('tracking fields and touchpoints', () => {
  it("has exactly the touchpoint parameters of §9, in the editions' order", () => {
    expect(Object.keys(touchpointParamsSchema.shape)).toEqual([...touchpointParameters]);
    expect(touchpointParameters).toHaveLength(11);
  });

  it('has exactly the tracking event fields of §3, all optional', () => {
    expect(Object.keys(trackingEventFieldsSchema.shape).toSorted()).toEqual([
      'category',
      'conditionId',
      'currency',
      'deviceId',
      'offerId',
      'productName',
      'revenue',
      'tradeId',
      'voucherCode',
      'voucherValue',
    ]);
    expect(trackingEventFieldsSchema.parse({})).toEqual({});
  });
});

describe('client id answer', () => {
  it('accepts a hash', () => {
    expect(clientIdAnswerSchema.parse({ hash: 'a9f3c2e1b4d5e6f7' })).toEqual({
      hash: 'a9f3c2e1b4d5e6f7',
    });
  });

  it.each([{}, { hash: '' }, { hash: 'has spaces in it' }, { id: 'a9f3c2e1b4d5e6f7' }])(
    'rejects %j',
    (answer) => {
      expect(clientIdAnswerSchema.safeParse(answer).success).toBe(false);
    },
  );
});
