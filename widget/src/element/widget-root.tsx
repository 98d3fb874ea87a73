import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { WidgetApp } from '../app/widget-app.tsx';
import { createWidgetI18n } from '../i18n/load-catalog.ts';
import { chooseWidgetLanguage } from '../i18n/widget-language.ts';
import { ConfigurationError, describeProblems } from './configuration-error.tsx';
import { loadedFromOrigin } from './script-origin.ts';
import {
  parseTrackingConsent,
  parseWidgetAttributes,
  validEditionOf,
} from './widget-attributes.ts';
import type { RawWidgetAttributes } from './widget-attributes.ts';
import { dispatchWidgetEvent } from '../shared/widget-events.ts';

/** Props the element passes: its attributes, and the shadow root it renders into. */
export interface WidgetRootProps extends RawWidgetAttributes {
  container?: ShadowRoot | HTMLElement;
}

function hostOf(container: WidgetRootProps['container']): Element | undefined {
  if (container === undefined) return undefined;
  return container instanceof ShadowRoot ? container.host : container;
}

/** The element's content: the first screen for a valid configuration, else a visible error. */
export function WidgetRoot(props: WidgetRootProps) {
  const { edition, mode, apiBase, category, device, partner, trackingConsent, container } = props;
  const result = useMemo(
    () =>
      parseWidgetAttributes(
        { edition, mode, apiBase, category, device, partner },
        loadedFromOrigin,
      ),
    [edition, mode, apiBase, category, device, partner],
  );
  const consent = useMemo(() => parseTrackingConsent(trackingConsent), [trackingConsent]);
  const problems = [
    ...(result.ok ? [] : result.problems),
    ...(consent.ok ? [] : [consent.problem]),
  ];
  const host = hostOf(container);
  const language = chooseWidgetLanguage(
    validEditionOf({ edition }),
    host?.closest('[lang]')?.getAttribute('lang'),
  );

  const [i18n, setI18n] = useState<I18n | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void createWidgetI18n(language).then((loaded) => {
      if (current) setI18n(loaded);
    });
    return () => {
      current = false;
    };
  }, [language]);

  // One console message per distinct invalid configuration, not one per render.
  const problemReport = problems.length === 0 ? undefined : describeProblems(problems);
  useEffect(() => {
    if (problemReport !== undefined) console.error(problemReport);
  }, [problemReport]);

  // While another language's catalog loads, show nothing rather than the old language.
  const translated = i18n !== undefined && i18n.locale === language;
  const ready = problemReport === undefined && translated;
  const announced = useRef(false);
  useEffect(() => {
    if (!ready || announced.current || host === undefined || !result.ok) return;
    announced.current = true;
    dispatchWidgetEvent(host, 'tradein:ready', {
      edition: result.value.edition,
      mode: result.value.mode,
    });
  }, [ready, host, result]);

  if (!translated) return <div className="root loading" part="root" aria-busy="true" />;
  return (
    <I18nProvider i18n={i18n}>
      {result.ok && consent.ok ? (
        <WidgetApp config={result.value} consent={consent.value} host={host} />
      ) : (
        <ConfigurationError problems={problems} />
      )}
    </I18nProvider>
  );
}
