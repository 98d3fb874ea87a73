import { describe, expect, it } from 'vitest';
import { chooseWidgetCatalog, chooseWidgetLanguage } from './widget-language.ts';

describe('chooseWidgetLanguage', () => {
  it.each([
    ['at', 'fr', 'de'],
    ['de', undefined, 'de'],
    ['es', 'de', 'es'],
    ['fr', null, 'fr'],
    ['it', 'en', 'it'],
  ] as const)('edition %s on a page in %s speaks %s', (edition, page, expected) => {
    expect(chooseWidgetLanguage(edition, page)).toBe(expected);
  });

  it.each([
    ['fr-CH', 'fr'],
    ['IT', 'it'],
    ['es_ES', 'es'],
    ['de', 'de'],
    ['nl-NL', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('without an edition, page language %j gives %s', (page, expected) => {
    expect(chooseWidgetLanguage(undefined, page)).toBe(expected);
  });
});

describe('chooseWidgetCatalog', () => {
  it.each([
    ['de', 'b2bWidget', 'de-formal'],
    ['de', ' b2bWidget ', 'de-formal'],
    ['de', 'default', 'de'],
    ['de', 'agan', 'de'],
    ['de', undefined, 'de'],
    ['de', null, 'de'],
    ['de', 'b2bwidget', 'de'],
    ['fr', 'b2bWidget', 'fr'],
    ['en', 'b2bWidget', 'en'],
  ] as const)('language %s in mode %j speaks from the %s catalog', (language, mode, expected) => {
    expect(chooseWidgetCatalog(language, mode)).toBe(expected);
  });
});
