import { I18nProvider } from '@lingui/react';
import { createApiClient } from '@tradein/client-core';
import type { EditionCode } from '@tradein/editions/client';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createWidgetI18n } from '../../i18n/load-catalog.ts';
import type { WidgetLanguage } from '../../i18n/widget-language.ts';
import { createCheckoutStore, type CheckoutStore } from './checkout-store.ts';
import { TermsField } from './terms-field.tsx';

const checkoutCatalogs = import.meta.glob<{ messages: Record<string, string> }>('./locales/*.po');

let mounted: Root | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.replaceChildren();
});

/** The terms field of an element of the edition with its api-base, in the edition's language. */
async function renderTermsField(edition: EditionCode, language: WidgetLanguage, apiBase: string) {
  const i18n = await createWidgetI18n(language);
  const loadCatalog = checkoutCatalogs[`./locales/${language}.po`];
  if (loadCatalog === undefined) throw new Error(`no checkout catalog for ${language}`);
  i18n.load(language, (await loadCatalog()).messages);
  const store: CheckoutStore = createCheckoutStore({
    api: createApiClient({ baseUrl: apiBase, environment: 'production' }),
    edition,
    mode: 'default',
    partner: undefined,
    onCreated: () => undefined,
  });
  const container = document.createElement('div');
  document.body.append(container);
  mounted = createRoot(container);
  flushSync(() =>
    mounted?.render(
      <I18nProvider i18n={i18n}>
        <TermsField store={store} apiBase={apiBase} />
      </I18nProvider>,
    ),
  );
  const checkbox = container.querySelector<HTMLInputElement>('#tradein-checkout-acceptedTerms');
  const label = container.querySelector<HTMLLabelElement>(
    'label[for="tradein-checkout-acceptedTerms"]',
  );
  if (checkbox === null || label === null) throw new Error('no terms checkbox');
  return { container, store, checkbox, label };
}

/** The part of the test DOM's settings this test changes. */
interface HappyDomSettings {
  navigation: { disableChildPageNavigation: boolean };
}

/** Clicks like a pointer would. */
function click(element: Element) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
  flushSync(() => element.dispatchEvent(event));
}

describe('the terms checkbox of the checkout', () => {
  it.each([
    [
      'de',
      'de',
      'https://www.tradein.de',
      'Ich akzeptiere die AGB und die Datenschutzerklärung.',
      'AGB',
      'Datenschutzerklärung',
    ],
    [
      'at',
      'de',
      'https://www.tradein.at/',
      'Ich akzeptiere die AGB und die Datenschutzerklärung.',
      'AGB',
      'Datenschutzerklärung',
    ],
    [
      'es',
      'es',
      'https://www.tradein.es',
      'Acepto las condiciones generales y la política de privacidad.',
      'condiciones generales',
      'política de privacidad',
    ],
    [
      'fr',
      'fr',
      'https://www.tradein.fr/api',
      'J’accepte les conditions générales et la politique de confidentialité.',
      'conditions générales',
      'politique de confidentialité',
    ],
    [
      'it',
      'it',
      'http://it.localhost:8080',
      'Accetto i termini e le condizioni e l’informativa sulla privacy.',
      'termini e le condizioni',
      'informativa sulla privacy',
    ],
  ] as const)(
    '%s: the label links the shop’s terms and privacy pages in a new tab',
    async (edition, language, apiBase, name, termsText, privacyText) => {
      const { container, checkbox, label } = await renderTermsField(edition, language, apiBase);
      const origin = new URL(apiBase).origin;
      // The checkbox is named by its sentence alone; the new-tab hint describes the links.
      expect(label.textContent).toBe(name);
      const links = [...label.querySelectorAll('a')];
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        [termsText, `${origin}/content/terms`],
        [privacyText, `${origin}/content/privacy`],
      ]);
      for (const link of links) {
        expect(link.getAttribute('target')).toBe('_blank');
        expect(link.getAttribute('rel')).toBe('noopener');
        const hint = container.querySelector(`#${link.getAttribute('aria-describedby') ?? ''}`);
        expect(hint?.textContent).toMatch(/\S/);
        expect(label.contains(hint)).toBe(false);
      }
      expect(checkbox.getAttribute('aria-describedby')).toBeNull();
    },
  );

  it('keeps the checkbox as it is when a link is clicked, and toggles it from the text', async () => {
    const { store, checkbox, label } = await renderTermsField('de', 'de', 'https://www.tradein.de');
    const [terms, privacy] = [...label.querySelectorAll('a')];
    // A link opens a new page; the test DOM is kept from loading it.
    const { settings } = (window as unknown as { happyDOM: { settings: HappyDomSettings } })
      .happyDOM;
    settings.navigation.disableChildPageNavigation = true;
    click(terms as HTMLAnchorElement);
    expect(checkbox.checked).toBe(false);
    click(privacy as HTMLAnchorElement);
    expect(checkbox.checked).toBe(false);
    expect(store.$values.get().acceptedTerms).toBe(false);

    click(label.querySelector('span') as HTMLSpanElement);
    expect(store.$values.get().acceptedTerms).toBe(true);
    click(terms as HTMLAnchorElement);
    expect(store.$values.get().acceptedTerms).toBe(true);
    expect(checkbox.checked).toBe(true);
  });
});
