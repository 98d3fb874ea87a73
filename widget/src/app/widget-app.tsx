import { useStore } from '@nanostores/react';
import {
  $cartCount,
  createAccountAuth,
  createApiClient,
  initCheckout,
  onNavigate,
} from '@tradein/client-core';
import { useEffect, useMemo } from 'react';
import type { WidgetConfig } from '../element/widget-attributes.ts';
import { dispatchWidgetEvent } from '../element/widget-events.ts';
import { BrowseScreen } from '../features/browse/browse-screen.tsx';
import { CartLink, CartScreen } from '../features/cart/cart-screen.tsx';
import { CheckoutScreen } from '../features/checkout/checkout-screen.tsx';
import { OfferScreen } from '../features/offer/offer-screen.tsx';
import { QuestionsScreen } from '../features/questions/questions-screen.tsx';
import { SearchScreen } from '../features/search/search-screen.tsx';
import { ThankYouScreen } from '../features/thank-you/thank-you-screen.tsx';
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
  const services = useMemo<WidgetServices>(() => {
    // The cart is shared by the page (one checkout store); its B2B cap follows this element's
    // mode, set before any screen can change the cart. A transaction id outlives no reload.
    initCheckout({ shopMode: config.mode });
    onNavigate(firstStep(config).screen);
    return {
      config,
      host,
      flow: createFlow(firstStep(config)),
      api: createApiClient({
        baseUrl: config.apiBase,
        environment: 'production',
        auth: createAccountAuth(),
      }),
    };
  }, [config, host]);
  const step = useStore(services.flow.$step);
  const cartCount = useStore($cartCount);

  // The host page may route or track on every step.
  useEffect(
    () =>
      services.flow.onChange((next) => {
        // The transaction id lives only on the thank-you page (§2).
        onNavigate(next.screen === 'thank-you' ? 'thankYou' : next.screen);
        if (host !== undefined) dispatchWidgetEvent(host, 'tradein:navigate', { step: next });
      }),
    [services, host],
  );

  return (
    <WidgetServicesContext.Provider value={services}>
      {step.screen !== 'cart' && step.screen !== 'checkout' && step.screen !== 'thank-you' && (
        <CartLink count={cartCount} onOpen={() => services.flow.go({ screen: 'cart' })} />
      )}
      <Screen step={step} />
    </WidgetServicesContext.Provider>
  );
}

/** The screen of a step. Each feature owns its screens; this only chooses between them. */
function Screen({ step }: { step: FlowStep }) {
  switch (step.screen) {
    case 'questions':
      return <QuestionsScreen key={step.deviceUrl} deviceUrl={step.deviceUrl} />;
    case 'offer':
      return <OfferScreen key={step.offerId} offerId={step.offerId} deviceName={step.deviceName} />;
    case 'browse':
      return (
        <BrowseScreen
          categoryUrl={step.categoryUrl}
          manufacturerUrl={step.manufacturerUrl}
          seriesUrl={step.seriesUrl}
        />
      );
    case 'cart':
      return <CartScreen />;
    case 'checkout':
      return <CheckoutScreen />;
    case 'thank-you':
      return <ThankYouScreen key={step.tradeNumber} tradeNumber={step.tradeNumber} />;
    default:
      return <SearchScreen />;
  }
}
