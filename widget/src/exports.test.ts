import { expect, it } from 'vitest';

it('exports exactly the public API', async () => {
  expect(Object.keys(await import('./index.ts')).toSorted()).toEqual([
    'chooseWidgetLanguage',
    'parseTrackingConsent',
    'parseWidgetAttributes',
    'trackingConsentValues',
    'validEditionOf',
    'widgetLanguages',
    'widgetTagName',
  ]);
});
