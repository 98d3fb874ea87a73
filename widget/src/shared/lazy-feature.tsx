import type { I18n, Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState, type ComponentType } from 'react';
import type { WidgetCatalog } from '../i18n/widget-language.ts';
import { adoptStyleSheets } from './style-sheet.ts';
import { useWidgetServices } from './widget-services.tsx';
import { StatusView } from './status-view.tsx';

/** What a screen loaded on demand brings: its component, stylesheets and message catalogs. */
export interface Feature<Props> {
  Screen: ComponentType<Props>;
  styleSheets: () => readonly CSSStyleSheet[];
  catalogs: Readonly<Record<WidgetCatalog, () => Promise<{ messages: Messages }>>>;
}

/** A screen component that loads its feature on first render, plus a way to fetch it early. */
export interface LazyScreen<Props> {
  Screen: ComponentType<Props>;
  /** Fetches the feature and its catalog for a locale without rendering it (idle time). */
  preload(locale: string): void;
}

/** Whether every message of a feature's catalog is in the element's catalog already. */
function hasMessages(i18n: I18n, messages: Messages): boolean {
  const present = i18n.messages;
  return Object.keys(messages).every((id) => Object.hasOwn(present, id));
}

function isLanguage(feature: { catalogs: object }, locale: string): locale is WidgetCatalog {
  return Object.hasOwn(feature.catalogs, locale);
}

/**
 * Wraps a feature that is fetched only when a seller reaches it, so the first screen downloads
 * only what it shows. While it loads the step shows a busy placeholder; if the network fails,
 * an alert with a retry button (the chunk is requested again).
 */
export function lazyFeature<Props extends object>(
  load: () => Promise<Feature<Props>>,
): LazyScreen<Props> {
  let pending: Promise<Feature<Props>> | undefined;
  const fetchFeature = (): Promise<Feature<Props>> => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };

  async function prepare(i18n: I18n, root: ShadowRoot | null): Promise<Feature<Props>> {
    const feature = await fetchFeature();
    const locale = i18n.locale;
    if (isLanguage(feature, locale)) {
      const { messages } = await feature.catalogs[locale]();
      // `load` merges into the catalog the element already has and announces a change, after
      // which lingui's provider hands out a new `i18n` object (and this effect runs again): the
      // messages themselves tell whether they are merged, not the object's identity.
      if (!hasMessages(i18n, messages)) i18n.load(locale, messages);
    }
    if (root !== null) adoptStyleSheets(root, feature.styleSheets());
    return feature;
  }

  /** One attempt at loading; a retry mounts a fresh one (a new `key`). */
  function Attempt({ props, onRetry }: { props: Props; onRetry: () => void }) {
    const { i18n } = useLingui();
    const { host } = useWidgetServices();
    const [feature, setFeature] = useState<Feature<Props> | undefined>(undefined);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      let current = true;
      prepare(i18n, host?.shadowRoot ?? null).then(
        (loaded) => {
          if (current) setFeature(() => loaded);
        },
        () => {
          if (current) setFailed(true);
        },
      );
      return () => {
        current = false;
      };
    }, [i18n, host]);

    if (feature !== undefined) return <feature.Screen {...props} />;
    return (
      <StatusView
        status={failed ? 'error' : 'loading'}
        loading={<Trans>Loading…</Trans>}
        failed={<Trans>This step could not be loaded.</Trans>}
        onRetry={onRetry}
      />
    );
  }

  function Screen(props: Props) {
    const [attempt, setAttempt] = useState(0);
    return <Attempt key={attempt} props={props} onRetry={() => setAttempt((count) => count + 1)} />;
  }

  return {
    Screen,
    preload(locale) {
      fetchFeature()
        .then((feature) => (isLanguage(feature, locale) ? feature.catalogs[locale]() : undefined))
        // A failed prefetch is retried when the seller reaches the step.
        .catch(() => undefined);
    },
  };
}
