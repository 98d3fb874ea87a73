import { describe, expect, it } from 'vitest';
import {
  aggregationSchema,
  answerSchema,
  categorySchema,
  deviceSchema,
  deviceSummarySchema,
  imageReferenceSchema,
  manufacturerSchema,
  modelBestPriceCents,
  questionSchema,
  seriesSchema,
} from './catalogue.ts';
import { slugSchema } from './primitives.ts';
import {
  apple,
  displayQuestion,
  iphone13,
  iphone13Series,
  issuePaths,
  smartphones,
} from './test-fixtures.ts';

const { questions: _questions, ...iphone13Summary } = iphone13;

describe('catalogue schemas accept realistic entries', () => {
  it.each([
    ['series', seriesSchema, iphone13Series],
    ['manufacturer', manufacturerSchema, apple],
    ['category', categorySchema, smartphones],
    ['answer', answerSchema, displayQuestion.answers[0]],
    ['question', questionSchema, displayQuestion],
    ['device', deviceSchema, iphone13],
    ['device summary', deviceSummarySchema, iphone13Summary],
    [
      'aggregation of a manufacturer url',
      aggregationSchema,
      {
        url: 'smartphones-apple',
        category: { id: 1, name: 'Smartphones', url: 'smartphones' },
        manufacturers: [apple],
        series: apple.series,
      },
    ],
  ] as const)('%s', (_name, schema, value) => {
    expect(schema.parse(value)).toEqual(value);
  });

  it('drops unknown fields instead of failing', () => {
    expect(seriesSchema.parse({ ...iphone13Series, legacyField: 1 })).toEqual(iphone13Series);
  });
});

describe('catalogue schemas reject invalid entries', () => {
  it.each([
    ['device id as a string', deviceSchema, { ...iphone13, id: '1001' }, 'id'],
    ['device id zero', deviceSchema, { ...iphone13, id: 0 }, 'id'],
    ['fractional device id', deviceSchema, { ...iphone13, id: 10.5 }, 'id'],
    ['device url with upper case', deviceSchema, { ...iphone13, url: 'Apple-iPhone-13' }, 'url'],
    ['device url with a slash', deviceSchema, { ...iphone13, url: 'apple/iphone-13' }, 'url'],
    ['device url with a double hyphen', deviceSchema, { ...iphone13, url: 'apple--iphone' }, 'url'],
    ['device without questions', deviceSchema, iphone13Summary, 'questions'],
    ['device with blank name', deviceSchema, { ...iphone13, name: '   ' }, 'name'],
    [
      'device missing seriesId',
      deviceSummarySchema,
      { ...iphone13Summary, seriesId: undefined },
      'seriesId',
    ],
    [
      'device without a best price',
      deviceSummarySchema,
      { ...iphone13Summary, bestPriceCents: undefined },
      'bestPriceCents',
    ],
    [
      'best price in euros, not cents',
      deviceSummarySchema,
      { ...iphone13Summary, bestPriceCents: 310.5 },
      'bestPriceCents',
    ],
    ['negative best price', deviceSchema, { ...iphone13, bestPriceCents: -1 }, 'bestPriceCents'],
    [
      'variant without a best price',
      deviceSummarySchema,
      {
        ...iphone13Summary,
        variants: [{ id: 1001, url: 'apple-iphone-13-128gb', variant: '128 GB' }],
      },
      'variants.0.bestPriceCents',
    ],
    [
      'image with a protocol-relative url',
      deviceSchema,
      { ...iphone13, image: '//evil.example/x.png' },
      'image',
    ],
    [
      'image with a javascript url',
      deviceSchema,
      { ...iphone13, image: 'javascript:alert(1)' },
      'image',
    ],
    [
      'question with one answer',
      questionSchema,
      { ...displayQuestion, answers: [displayQuestion.answers[0]] },
      'answers',
    ],
    ['answer with empty text', answerSchema, { id: 1, code: 'OK', text: '' }, 'text'],
    ['answer code with spaces', answerSchema, { id: 1, code: 'NOT OK', text: 'No' }, 'code'],
    [
      'series missing meta keywords',
      seriesSchema,
      { ...iphone13Series, metaKeywords: undefined },
      'metaKeywords',
    ],
    [
      'manufacturer top series not listed',
      manufacturerSchema,
      { ...apple, topSeries: [99] },
      'topSeries.0',
    ],
    [
      'category top manufacturer not listed',
      categorySchema,
      { ...smartphones, topManufacturers: [2, 5] },
      'topManufacturers.1',
    ],
    [
      'category with a broken nested series',
      categorySchema,
      { ...smartphones, manufacturers: [{ ...apple, series: [{ ...iphone13Series, url: '' }] }] },
      'manufacturers.0.series.0.url',
    ],
    [
      'aggregation without category',
      aggregationSchema,
      { url: 'apple', manufacturers: [], series: [] },
      'category',
    ],
  ] as const)('%s', (_name, schema, value, path) => {
    expect(issuePaths(schema, value)).toContain(path);
  });
});

describe('slugs and image references', () => {
  it.each(['iphone-13', 'galaxy-s23-ultra-256gb', 'a', '2024'])('accepts slug %j', (slug) => {
    expect(slugSchema.safeParse(slug).success).toBe(true);
  });

  it.each(['', '-iphone', 'iphone-', 'iphone 13', 'iphöne', 'IPHONE', 'x'.repeat(201)])(
    'rejects slug %j',
    (slug) => {
      expect(slugSchema.safeParse(slug).success).toBe(false);
    },
  );

  it.each([null, '/images/a.webp', 'https://cdn.example.com/a.png', 'http://localhost:8080/a.png'])(
    'accepts image reference %j',
    (image) => {
      expect(imageReferenceSchema.safeParse(image).success).toBe(true);
    },
  );

  it.each([
    '',
    'images/a.webp',
    'ftp://example.com/a.png',
    'data:image/png;base64,AAAA',
    '/a b.png',
  ])('rejects image reference %j', (image) => {
    expect(imageReferenceSchema.safeParse(image).success).toBe(false);
  });
});

describe('modelBestPriceCents', () => {
  it('is the highest best price among the variants', () => {
    expect(modelBestPriceCents(iphone13)).toBe(34_500);
  });

  it('is the device’s own when the answer names no variants', () => {
    expect(modelBestPriceCents({ bestPriceCents: 12_300, variants: [] })).toBe(12_300);
  });

  it('does not take a lower variant over the device itself', () => {
    const variants = [{ id: 1, url: 'a', variant: '64 GB', bestPriceCents: 9_000 }];
    expect(modelBestPriceCents({ bestPriceCents: 9_900, variants })).toBe(9_900);
  });
});
