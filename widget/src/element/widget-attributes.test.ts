import { describe, expect, it } from 'vitest';
import {
  parseTrackingConsent,
  parseWidgetAttributes,
  validEditionOf,
} from './widget-attributes.ts';

const origin = 'https://widget.example.com';

describe('parseWidgetAttributes', () => {
  it('accepts the minimal configuration with defaults', () => {
    expect(parseWidgetAttributes({ edition: 'fr' }, origin)).toEqual({
      ok: true,
      value: {
        edition: 'fr',
        mode: 'default',
        apiBase: 'https://widget.example.com',
        category: undefined,
        device: undefined,
        partner: undefined,
        step: undefined,
      },
    });
  });

  it('accepts every attribute and normalizes the api base', () => {
    const result = parseWidgetAttributes(
      {
        edition: ' de ',
        mode: 'b2bWidget',
        apiBase: 'https://api.example.com/trade/',
        category: 'smartphones',
        device: 'apple-iphone-13-128gb',
        partner: 'ACME_42',
        step: ' checkout ',
      },
      origin,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        edition: 'de',
        mode: 'b2bWidget',
        apiBase: 'https://api.example.com/trade',
        category: 'smartphones',
        device: 'apple-iphone-13-128gb',
        partner: 'ACME_42',
        step: 'checkout',
      },
    });
  });

  it.each(['offer', 'thank-you', 'questions', 'Checkout'])(
    'rejects step %j: only steps that need no data of their own open by attribute',
    (step) => {
      expect(parseWidgetAttributes({ edition: 'de', step }, origin)).toEqual({
        ok: false,
        problems: [{ attribute: 'step', reason: 'invalid', value: step }],
      });
    },
  );

  it('takes history="push" (the element keeps the page history) and refuses other values', () => {
    expect(parseWidgetAttributes({ edition: 'de', history: ' push ' }, origin)).toMatchObject({
      ok: true,
      value: { history: 'push' },
    });
    expect(parseWidgetAttributes({ edition: 'de', history: 'replace' }, origin)).toEqual({
      ok: false,
      problems: [{ attribute: 'history', reason: 'invalid', value: 'replace' }],
    });
  });

  it.each(['at', 'de', 'es', 'fr', 'it'])('accepts edition %s in every mode it has', (edition) => {
    for (const mode of ['default', 'agan', 'aganwidget']) {
      expect(parseWidgetAttributes({ edition, mode }, origin).ok).toBe(true);
    }
  });

  it.each(['at', 'es', 'fr', 'it'])('rejects b2bWidget in edition %s (no hasB2B)', (edition) => {
    expect(parseWidgetAttributes({ edition, mode: 'b2bWidget' }, origin)).toEqual({
      ok: false,
      problems: [{ attribute: 'mode', reason: 'b2b-unavailable', value: 'b2bWidget' }],
    });
  });

  it.each([
    [{}, [{ attribute: 'edition', reason: 'missing' }]],
    [{ edition: '' }, [{ attribute: 'edition', reason: 'missing' }]],
    [{ edition: null }, [{ attribute: 'edition', reason: 'missing' }]],
    [{ edition: 'uk' }, [{ attribute: 'edition', reason: 'invalid', value: 'uk' }]],
    [{ edition: 'DE' }, [{ attribute: 'edition', reason: 'invalid', value: 'DE' }]],
    [{ edition: 'de', mode: 'b2b' }, [{ attribute: 'mode', reason: 'invalid', value: 'b2b' }]],
    [
      { edition: 'de', apiBase: 'ftp://api.example.com' },
      [{ attribute: 'api-base', reason: 'invalid', value: 'ftp://api.example.com' }],
    ],
    [
      { edition: 'de', apiBase: '/api' },
      [{ attribute: 'api-base', reason: 'invalid', value: '/api' }],
    ],
    [
      { edition: 'de', apiBase: 'https://user:secret@api.example.com' },
      [
        {
          attribute: 'api-base',
          reason: 'invalid',
          value: 'https://user:secret@api.example.com',
        },
      ],
    ],
    [
      { edition: 'de', category: 'smart phones' },
      [{ attribute: 'category', reason: 'invalid', value: 'smart phones' }],
    ],
    [
      { edition: 'de', device: '<script>' },
      [{ attribute: 'device', reason: 'invalid', value: '<script>' }],
    ],
    [
      { edition: 'de', partner: 'a'.repeat(65) },
      [{ attribute: 'partner', reason: 'invalid', value: 'a'.repeat(65) }],
    ],
  ])('reports %j as %j', (raw, problems) => {
    expect(parseWidgetAttributes(raw, origin)).toEqual({ ok: false, problems });
  });

  it('collects every problem at once', () => {
    const result = parseWidgetAttributes(
      { edition: 'xx', mode: 'shop', partner: 'no spaces' },
      origin,
    );
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.map((problem) => problem.attribute)).toEqual([
      'edition',
      'mode',
      'partner',
    ]);
  });

  it('reports a missing api base when the script origin is unusable', () => {
    expect(parseWidgetAttributes({ edition: 'de' }, 'null')).toEqual({
      ok: false,
      problems: [{ attribute: 'api-base', reason: 'missing' }],
    });
  });
});

describe('validEditionOf', () => {
  it.each([
    ['it', 'it'],
    [' at', 'at'],
    ['xx', undefined],
    [undefined, undefined],
  ])('%j gives %j', (edition, expected) => {
    expect(validEditionOf({ edition })).toBe(expected);
  });
});

describe('parseTrackingConsent', () => {
  it.each([
    [undefined, 'unknown'],
    [null, 'unknown'],
    ['', 'unknown'],
    ['  ', 'unknown'],
    ['granted', 'granted'],
    [' denied ', 'denied'],
  ])('reads %j as %s', (value, expected) => {
    expect(parseTrackingConsent(value)).toEqual({ ok: true, value: expected });
  });

  it.each(['yes', 'GRANTED', 'true', 'unknown'])('rejects %j', (value) => {
    expect(parseTrackingConsent(value)).toEqual({
      ok: false,
      problem: { attribute: 'tracking-consent', reason: 'invalid', value },
    });
  });
});
