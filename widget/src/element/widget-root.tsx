import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { WidgetApp } from '../app/widget-app.tsx';
import { createWidgetI18n } from '../i18n/load-catalog.ts';
import { chooseWidgetCatalog, chooseWidgetLanguage } from '../i18n/widget-language.ts';
import { ConfigurationError, describeProblems } from './configuration-error.tsx';
import { loadedFromOrigin } from './script-origin.ts';
import {
  parseTrackingConsent,
  parseWidgetAttributes,
  validEditionOf,
} from './widget-attributes.ts';
import type { RawWidgetAttributes } from './widget-attributes.ts';
import type { FlowStep } from '../shared/flow.ts';
import { flowMemoryKey, keptStep } from '../shared/flow-memory.ts';
import { dispatchWidgetEvent } from '../shared/widget-events.ts';

/** Props the element passes: its attributes, and the shadow root it renders into. */
export interface WidgetRootProps extends RawWidgetAttributes {
  container?: ShadowRoot | HTMLElement;
  /** The element's `flowStep` property, unchecked. */
  flowStep?: unknown;
}

function hostOf(container: WidgetRootProps['container']): Element | undefined {
  if (container === undefined) return undefined;
  return container instanceof ShadowRoot ? container.host : container;
}

/** A `flowStep` once checked: the step, or `undefined` when it is not one. */
interface CheckedStep {
  of: unknown;
  step: FlowStep | undefined;
}

/**
 * The step a host page asked for with `flowStep`, else the one the element kept for a reload
 * (`kept`), once checked (the schema is fetched then). A `flowStep` that is no step (a stale or
 * tampered `history.state`) is reported once on the console and changes nothing; a kept step
 * that is none is dropped quietly. `pending` while a new one is being checked.
 */
function useRequestedStep(
  asked: unknown,
  kept: unknown,
): { step: FlowStep | undefined; pending: boolean } {
  const flowStep = asked ?? kept;
  const [checked, setChecked] = useState<CheckedStep | undefined>(undefined);
  useEffect(() => {
    if (flowStep === undefined) return undefined;
    let current = true;
    import('../shared/flow-step-schema.ts').then(
      ({ flowStepSchema }) => {
        if (!current) return;
        const parsed = flowStepSchema.safeParse(flowStep);
        if (!parsed.success && flowStep !== kept) {
          console.error('<tradein-widget>: flowStep is not a step of the flow; it is ignored.');
        }
        setChecked({ of: flowStep, step: parsed.success ? parsed.data : undefined });
      },
      // Without its check (the network failed) the step is not taken: the flow starts anyway.
      () => {
        if (current) setChecked({ of: flowStep, step: undefined });
      },
    );
    return () => {
      current = false;
    };
  }, [flowStep, kept]);
  if (flowStep === undefined) return { step: undefined, pending: false };
  if (checked?.of !== flowStep) return { step: undefined, pending: true };
  return { step: checked.step, pending: false };
}

/** The element's content: the first screen for a valid configuration, else a visible error. */
export function WidgetRoot(props: WidgetRootProps) {
  const { edition, mode, apiBase, category, device, partner, step, history, trackingConsent } =
    props;
  const result = useMemo(
    () =>
      parseWidgetAttributes(
        { edition, mode, apiBase, category, device, partner, step, history },
        loadedFromOrigin,
      ),
    [edition, mode, apiBase, category, device, partner, step, history],
  );
  const host = hostOf(props.container);
  // The step kept for a reload, read once: the flow starts there unless the host asks for one.
  const [kept] = useState(() =>
    host === undefined || !result.ok
      ? undefined
      : keptStep(flowMemoryKey(host, result.value.edition), result.value.history === 'push'),
  );
  const requested = useRequestedStep(props.flowStep, kept);
  // A step handed over before the flow starts (a reload) is checked first, so the flow starts
  // there instead of jumping from the search; later ones move the running flow.
  const [started, setStarted] = useState(false);
  const consent = useMemo(() => parseTrackingConsent(trackingConsent), [trackingConsent]);
  const problems = [
    ...(result.ok ? [] : result.problems),
    ...(consent.ok ? [] : [consent.problem]),
  ];
  const language = chooseWidgetCatalog(
    chooseWidgetLanguage(
      validEditionOf({ edition }),
      host?.closest('[lang]')?.getAttribute('lang'),
    ),
    mode,
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

  const showsApp = translated && result.ok && consent.ok && (started || !requested.pending);
  // Remembered from this render on (React's pattern for information from earlier renders).
  if (showsApp && !started) setStarted(true);

  if (!translated || (requested.pending && !started)) {
    return <div className="root loading" part="root" aria-busy="true" />;
  }
  return (
    <I18nProvider i18n={i18n}>
      {result.ok && consent.ok ? (
        <WidgetApp
          config={result.value}
          consent={consent.value}
          host={host}
          requestedStep={requested.step}
        />
      ) : (
        <ConfigurationError problems={problems} />
      )}
    </I18nProvider>
  );
}
