import type { I18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetConfig } from '../element/widget-attributes.ts';
import { createWidgetI18n } from '../i18n/load-catalog.ts';
import { createFlow } from './flow.ts';
import { lazyApiClient } from './lazy-api-client.ts';
import { lazyFeature, type Feature } from './lazy-feature.tsx';
import { WidgetServicesContext, type WidgetServices } from './widget-services.tsx';

const config: WidgetConfig = {
  edition: 'de',
  mode: 'default',
  apiBase: 'https://api.example',
  category: undefined,
  device: undefined,
  partner: undefined,
  step: undefined,
};

let mounted: Root | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.replaceChildren();
});

/** Renders `children` inside a host element's shadow root, as the element does. */
function renderInHost(i18n: I18n, children: ReactNode) {
  const host = document.createElement('div');
  const shadow = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  shadow.append(container);
  document.body.append(host);
  const services: WidgetServices = {
    config,
    host,
    flow: createFlow(),
    api: lazyApiClient({ baseUrl: config.apiBase, environment: 'production' }),
    tracker: { track: () => undefined },
  };
  mounted = createRoot(container);
  mounted.render(
    <I18nProvider i18n={i18n}>
      <WidgetServicesContext.Provider value={services}>{children}</WidgetServicesContext.Provider>
    </I18nProvider>,
  );
  return shadow;
}

function Greeting({ name }: { name: string }) {
  const { i18n } = useLingui();
  return <p className="greeting">{i18n._('greeting', { name })}</p>;
}

/** A feature with one message per language, compiled as lingui ships catalogs. */
function greetingFeature(): Feature<{ name: string }> {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('.greeting { color: green; }');
  return {
    Screen: Greeting,
    styleSheets: () => [sheet],
    catalogs: {
      en: () => Promise.resolve({ messages: { greeting: ['Hello ', ['name']] } }),
      de: () => Promise.resolve({ messages: { greeting: ['Hallo ', ['name']] } }),
      'de-formal': () => Promise.resolve({ messages: { greeting: ['Guten Tag ', ['name']] } }),
      es: () => Promise.resolve({ messages: { greeting: ['Hola ', ['name']] } }),
      fr: () => Promise.resolve({ messages: { greeting: ['Bonjour ', ['name']] } }),
      it: () => Promise.resolve({ messages: { greeting: ['Ciao ', ['name']] } }),
    },
  };
}

describe('lazyFeature', () => {
  it('shows a busy placeholder, then the screen with its messages merged and its sheet adopted', async () => {
    const feature = greetingFeature();
    let release: ((loaded: Feature<{ name: string }>) => void) | undefined;
    const promise = new Promise<Feature<{ name: string }>>((resolve) => {
      release = resolve;
    });
    const load = vi.fn<() => Promise<Feature<{ name: string }>>>(() => promise);
    const { Screen } = lazyFeature(load);
    const i18n = await createWidgetI18n('de');
    // Each merge announces a change, after which lingui's provider hands out a new i18n object.
    const changes = vi.fn<() => void>();
    i18n.on('change', changes);
    const shadow = renderInHost(i18n, <Screen name="Ada" />);

    expect(shadow.querySelector('[aria-busy="true"] output')?.textContent).toBe('Wird geladen …');
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    release?.(feature);
    await vi.waitFor(() =>
      expect(shadow.querySelector('.greeting')?.textContent).toBe('Hallo Ada'),
    );
    expect(shadow.adoptedStyleSheets).toEqual(feature.styleSheets());
    // The element's own messages are still there next to the feature's.
    expect(i18n.messages).toHaveProperty('greeting');
    expect(Object.keys(i18n.messages).length).toBeGreaterThan(1);
    expect(load).toHaveBeenCalledTimes(1);
    // Merged once: the change does not start another merge (which would never end).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes).toHaveBeenCalledTimes(1);
    expect(shadow.querySelector('.greeting')?.textContent).toBe('Hallo Ada');
  });

  it('fetches the feature once however many elements show it', async () => {
    const load = vi.fn<() => Promise<Feature<{ name: string }>>>(() =>
      Promise.resolve(greetingFeature()),
    );
    const { Screen, preload } = lazyFeature(load);
    preload('fr');
    const first = renderInHost(await createWidgetI18n('fr'), <Screen name="Ada" />);
    await vi.waitFor(() =>
      expect(first.querySelector('.greeting')?.textContent).toBe('Bonjour Ada'),
    );
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('offers a retry when the chunk cannot be fetched, and loads it on the retry', async () => {
    const load = vi
      .fn<() => Promise<Feature<{ name: string }>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(greetingFeature());
    const { Screen } = lazyFeature(load);
    const shadow = renderInHost(await createWidgetI18n('en'), <Screen name="Ada" />);

    const alert = await vi.waitFor(() => {
      const found = shadow.querySelector('[role="alert"]');
      expect(found).not.toBeNull();
      return found;
    });
    expect(alert?.textContent).toContain('This step could not be loaded.');
    const retry = [...shadow.querySelectorAll('button')].find(
      (button) => button.textContent === 'Try again',
    );
    retry?.click();
    await vi.waitFor(() =>
      expect(shadow.querySelector('.greeting')?.textContent).toBe('Hello Ada'),
    );
    expect(shadow.querySelector('[role="alert"]')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
