import { describe, expect, it } from 'vitest';
import { browseFeature } from '../features/browse/browse-feature.ts';
import { cartFeature } from '../features/cart/cart-feature.ts';
import { checkoutFeature } from '../features/checkout/checkout-feature.ts';
import { offerFeature } from '../features/offer/offer-feature.ts';
import { questionsFeature } from '../features/questions/questions-feature.ts';
import { thankYouFeature } from '../features/thank-you/thank-you-feature.ts';
import { widgetCatalogs } from '../i18n/widget-language.ts';
import { defineFeature } from './define-feature.ts';
import { stepStyleSheet } from './step-styles.ts';

const Screen = () => null;
const catalog = (id: string) => () => Promise.resolve({ messages: { [id]: id } });
const everyLanguage = Object.fromEntries(
  widgetCatalogs.map((language) => [`./locales/${language}.po`, catalog(language)]),
);

describe('defineFeature', () => {
  it('gives each widget language the catalog of its file', async () => {
    const feature = defineFeature({ Screen, css: '', catalogs: everyLanguage });
    for (const language of widgetCatalogs) {
      expect(await feature.catalogs[language]()).toEqual({ messages: { [language]: language } });
    }
  });

  it('refuses a feature without a catalog for one of the languages', () => {
    const { './locales/it.po': _italian, ...withoutItalian } = everyLanguage;
    expect(() => defineFeature({ Screen, css: '', catalogs: withoutItalian })).toThrow(/it\.po/);
  });

  it('refuses a feature without the formal German catalog of the B2B mode', () => {
    const { './locales/de-formal.po': _formal, ...withoutFormal } = everyLanguage;
    expect(() => defineFeature({ Screen, css: '', catalogs: withoutFormal })).toThrow(
      /de-formal\.po/,
    );
  });

  it('rejects a catalog module that has no messages', async () => {
    const feature = defineFeature({
      Screen,
      css: '',
      catalogs: { ...everyLanguage, './locales/fr.po': () => Promise.resolve({ default: 1 }) },
    });
    await expect(feature.catalogs.fr()).rejects.toThrow(/fr\.po/);
  });

  it('adopts the shared sheets before its own, made once', () => {
    const feature = defineFeature({
      Screen,
      css: '.own { color: red; }',
      catalogs: everyLanguage,
      sharedSheets: [stepStyleSheet],
    });
    const [shared, own] = feature.styleSheets();
    expect(shared).toBe(stepStyleSheet());
    expect(own?.cssRules[0]?.cssText).toContain('.own');
    expect(feature.styleSheets()[1]).toBe(own);
  });
});

describe('the widget features', () => {
  const features = {
    browseFeature,
    cartFeature,
    checkoutFeature,
    offerFeature,
    questionsFeature,
    thankYouFeature,
  };

  it.each(Object.entries(features))(
    '%s loads a compiled catalog in every language',
    async (_, feature) => {
      for (const language of widgetCatalogs) {
        const { messages } = await feature.catalogs[language]();
        expect(Object.keys(messages).length).toBeGreaterThan(0);
      }
    },
  );
});
