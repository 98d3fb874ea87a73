import { useStore } from '@nanostores/react';
import { createAccountAuth, createApiClient } from '@tradein/client-core';
import { useEffect, useMemo } from 'react';
import type { WidgetConfig } from '../element/widget-attributes.ts';
import { dispatchWidgetEvent } from '../element/widget-events.ts';
import { SearchStart } from '../features/search/search-start.tsx';
import { createFlow, type FlowStep } from '../shared/flow.ts';
import { WidgetServicesContext, type WidgetServices } from '../shared/widget-services.tsx';

export interface WidgetAppProps {
  config: WidgetConfig;
  host: Element | undefined;
}

/** Where the flow starts: at the device of the `device` attribute, else the search. */
function firstStep(config: WidgetConfig): FlowStep {
  if (config.device !== undefined) return { screen: 'questions', deviceUrl: config.device };
  if (config.category !== undefined) return { screen: 'browse', categoryUrl: config.category };
  return { screen: 'search' };
}

/** The sell flow of one element: its services, and the screen of the current step. */
export function WidgetApp({ config, host }: WidgetAppProps) {
  const services = useMemo<WidgetServices>(
    () => ({
      config,
      host,
      flow: createFlow(firstStep(config)),
      api: createApiClient({
        baseUrl: config.apiBase,
        environment: 'production',
        auth: createAccountAuth(),
      }),
    }),
    [config, host],
  );
  const step = useStore(services.flow.$step);

  // The host page may route or track on every step.
  useEffect(
    () =>
      services.flow.onChange((next) => {
        if (host !== undefined) dispatchWidgetEvent(host, 'tradein:navigate', { step: next });
      }),
    [services, host],
  );

  return (
    <WidgetServicesContext.Provider value={services}>
      <Screen step={step} />
    </WidgetServicesContext.Provider>
  );
}

/** The screen of a step. Each feature owns its screens; this only chooses between them. */
function Screen({ step }: { step: FlowStep }) {
  switch (step.screen) {
    default:
      return <SearchStart />;
  }
}
