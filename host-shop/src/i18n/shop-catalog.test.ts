import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { activatePageLanguage } from './client-i18n.ts';
import { createI18n } from './create-i18n.ts';
import { shopCatalog } from './shop-catalog.ts';

describe('shopCatalog', () => {
  it.each([
    ['de', 'b2bWidget', 'de-formal'],
    ['de', 'default', 'de'],
    ['de', 'agan', 'de'],
    ['de', 'aganwidget', 'de'],
    ['de', undefined, 'de'],
    ['fr', 'b2bWidget', 'fr'],
    ['en', 'b2bWidget', 'en'],
  ] as const)('%s in mode %s reads the %s catalog', (language, shopMode, catalog) => {
    expect(shopCatalog(language, shopMode)).toBe(catalog);
  });
});

describe('createI18n', () => {
  it('speaks formal German in the B2B mode, with German number formats', () => {
    const i18n = createI18n('de', 'b2bWidget');
    expect(i18n.locale).toBe('de-formal');
    expect(i18n.locales).toEqual(['de']);
    expect(i18n.number(1234.5)).toBe('1.234,5');
  });

  it('keeps "du" for consumers', () => {
    expect(createI18n('de')._(msg`Log in to follow your trades and manage your data.`)).toBe(
      'Melde dich an, um deine Verkäufe zu verfolgen und deine Daten zu verwalten.',
    );
    expect(
      createI18n('de', 'b2bWidget')._(msg`Log in to follow your trades and manage your data.`),
    ).toBe('Melden Sie sich an, um Ihre Verkäufe zu verfolgen und Ihre Daten zu verwalten.');
  });
});

describe('activatePageLanguage', () => {
  it('reads the catalog the server chose from <html lang> and data-shop-mode', async () => {
    const formal = await activatePageLanguage('de', 'b2bWidget');
    expect([formal.locale, formal.locales]).toEqual(['de-formal', ['de']]);
    const consumer = await activatePageLanguage('de', 'default');
    expect([consumer.locale, consumer.locales]).toEqual(['de', ['de']]);
    const french = await activatePageLanguage('fr', 'b2bWidget');
    expect(french.locale).toBe('fr');
    const unknown = await activatePageLanguage('nl', 'nonsense');
    expect(unknown.locale).toBe('de');
  });
});
