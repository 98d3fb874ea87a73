import { I18nProvider } from '@lingui/react';
import { createApiClient } from '@tradein/client-core';
import type { EditionCode } from '@tradein/editions/client';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createWidgetI18n } from '../../i18n/load-catalog.ts';
import type { WidgetLanguage } from '../../i18n/widget-language.ts';
import { createFlow } from '../../shared/flow.ts';
import { lazyApiClient } from '../../shared/lazy-api-client.ts';
import { WidgetServicesContext, type WidgetServices } from '../../shared/widget-services.tsx';
import { AddressSection } from './address-section.tsx';
import { createCheckoutStore } from './checkout-store.ts';

const checkoutCatalogs = import.meta.glob<{ messages: Record<string, string> }>('./locales/*.po');

let mounted: Root | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.replaceChildren();
});

/** The address section of an element of the edition, in the edition's language. */
async function renderAddressSection(edition: EditionCode, language: WidgetLanguage) {
  const i18n = await createWidgetI18n(language);
  const loadCatalog = checkoutCatalogs[`./locales/${language}.po`];
  if (loadCatalog === undefined) throw new Error(`no checkout catalog for ${language}`);
  i18n.load(language, (await loadCatalog()).messages);
  const config: WidgetServices['config'] = {
    edition,
    mode: 'default',
    apiBase: 'https://api.example',
    category: undefined,
    device: undefined,
    partner: undefined,
    step: undefined,
  };
  const store = createCheckoutStore({
    api: createApiClient({ baseUrl: config.apiBase, environment: 'production' }),
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
        <WidgetServicesContext.Provider
          value={{
            config,
            host: undefined,
            flow: createFlow(),
            api: lazyApiClient({ baseUrl: config.apiBase, environment: 'production' }),
            tracker: { track: () => undefined },
          }}
        >
          <AddressSection store={store} />
        </WidgetServicesContext.Provider>
      </I18nProvider>,
    ),
  );
  return container;
}

/** The text input a label names (its accessible name), or undefined. */
function inputLabelled(container: HTMLElement, name: string): HTMLInputElement | undefined {
  const label = [...container.querySelectorAll('label')].find(
    (candidate) => candidate.textContent?.trim() === name,
  );
  const input = label === undefined ? null : container.querySelector(`#${label.htmlFor}`);
  return input instanceof HTMLInputElement ? input : undefined;
}

/** The text of the hints an input is described by. */
function descriptionOf(container: HTMLElement, input: HTMLInputElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => container.querySelector(`#${id}`)?.textContent ?? '')
    .join(' ');
}

describe('the address of the checkout', () => {
  it.each([
    ['fr', 'fr', 'Adresse', 'Numéro et rue, par exemple 12 rue de Rivoli'],
    ['es', 'es', 'Dirección', 'Calle y número, por ejemplo Calle Mayor 5'],
    ['it', 'it', 'Indirizzo', 'Via e numero civico, ad esempio Via Roma 10'],
  ] as const)(
    '%s: one address line with an example, and no house number field',
    async (edition, language, label, example) => {
      const container = await renderAddressSection(edition, language);
      const line = inputLabelled(container, label);
      expect(line?.getAttribute('autocomplete')).toBe('address-line1');
      expect(descriptionOf(container, line as HTMLInputElement)).toContain(example);
      expect(container.querySelectorAll('input[autocomplete="address-line1"]')).toHaveLength(1);
      expect(container.querySelector('#tradein-checkout-houseNumber')).toBeNull();
    },
  );

  it.each([
    ['de', 'de'],
    ['at', 'de'],
  ] as const)('%s: street and house number in fields of their own', async (edition, language) => {
    const container = await renderAddressSection(edition, language);
    expect(inputLabelled(container, 'Straße')?.getAttribute('autocomplete')).toBe('address-line1');
    expect(inputLabelled(container, 'Hausnummer')?.required).toBe(true);
    expect(inputLabelled(container, 'Adresse')).toBeUndefined();
  });
});
