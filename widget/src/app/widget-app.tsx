import { useStore } from '@nanostores/react';
import type { AuthProvider } from '@tradein/client-core';
import { useLingui } from '@lingui/react';
import { atom } from 'nanostores';
import { useEffect, useMemo, useState } from 'react';
import type { ConsentState } from '@tradein/client-core';
import type { WidgetConfig } from '../element/widget-attributes.ts';
import { dispatchWidgetEvent } from '../shared/widget-events.ts';
import { SearchScreen } from '../features/search/search-screen.tsx';
import { lazyApiClient } from '../shared/lazy-api-client.ts';
import { lazyFeature } from '../shared/lazy-feature.tsx';
import { createFlow, type Flow, type FlowScreen, type FlowStep } from '../shared/flow.ts';
import {
  flowMemoryKey,
  keepStep,
  keepTrade,
  keptTrade,
  markStep,
  pushStep,
  stepOfState,
} from '../shared/flow-memory.ts';
import { WidgetServicesContext, type WidgetServices } from '../shared/widget-services.tsx';
import { CartLink } from './cart-link.tsx';
import { lazyTracker, type LazyTracker } from './lazy-tracker.ts';
import { stepPath } from './step-path.ts';
import type * as SessionModule from './session.ts';

let sessionModule: Promise<typeof SessionModule> | undefined;
/** The cart and account stores, fetched once per page (retried after a failed fetch). */
function loadSession(): Promise<typeof SessionModule> {
  sessionModule ??= import('./session.ts').catch((error: unknown) => {
    sessionModule = undefined;
    throw error;
  });
  return sessionModule;
}

/** The account's auth for bearer calls, created when the first such call is made. */
function lazyAccountAuth(): AuthProvider {
  let auth: Promise<AuthProvider> | undefined;
  return {
    async accessToken(client) {
      auth ??= loadSession().then((session) => session.createAccountAuth());
      return (await auth).accessToken(client);
    },
  };
}

/** Tells the checkout store about a step (the transaction id lives only on the thank-you page). */
function reportNavigation(screen: FlowScreen): void {
  loadSession().then(
    (session) => session.onNavigate(screen === 'thank-you' ? 'thankYou' : screen),
    // Nothing to clear when the stores could not be loaded; the next step tries again.
    () => undefined,
  );
}

// Only the first screen (search) is in the element's module; every later step is fetched when a
// seller first reaches it, and the likely next steps are fetched ahead while the browser idles.
const browse = lazyFeature(() =>
  import('../features/browse/browse-feature.ts').then((module) => module.browseFeature),
);
const questions = lazyFeature(() =>
  import('../features/questions/questions-feature.ts').then((module) => module.questionsFeature),
);
const offer = lazyFeature(() =>
  import('../features/offer/offer-feature.ts').then((module) => module.offerFeature),
);
const cart = lazyFeature(() =>
  import('../features/cart/cart-feature.ts').then((module) => module.cartFeature),
);
const checkout = lazyFeature(() =>
  import('../features/checkout/checkout-feature.ts').then((module) => module.checkoutFeature),
);
const thankYou = lazyFeature(() =>
  import('../features/thank-you/thank-you-feature.ts').then((module) => module.thankYouFeature),
);

/** The steps a seller is likely to reach next from each screen, fetched ahead of time. */
const nextSteps: Record<FlowScreen, readonly { preload(locale: string): void }[]> = {
  search: [questions, browse],
  browse: [questions],
  questions: [offer],
  offer: [cart],
  cart: [checkout],
  checkout: [thankYou],
  'thank-you': [],
};

export interface WidgetAppProps {
  config: WidgetConfig;
  /** The element's `tracking-consent`; may change at any time without restarting the flow. */
  consent: ConsentState;
  host: Element | undefined;
  /** A step the host page asks for (`flowStep`): shown at once, and again whenever it changes. */
  requestedStep?: FlowStep | undefined;
}

/**
 * Where the flow starts: the `step` attribute's step, else the device of the `device`
 * attribute, else the category of `category`, else the search.
 */
function firstStep(config: WidgetConfig): FlowStep {
  if (config.step !== undefined) return { screen: config.step };
  if (config.device !== undefined) return { screen: 'questions', deviceUrl: config.device };
  if (config.category !== undefined) return { screen: 'browse', categoryUrl: config.category };
  return { screen: 'search' };
}

/** The sell flow of one element: its services, and the screen of the current step. */
export function WidgetApp({ config, consent, host, requestedStep }: WidgetAppProps) {
  // The first step the host asked for starts the flow; later requests move it (effect below).
  const [startStep] = useState(() => requestedStep);
  const [$consent] = useState(() => atom(consent));
  useEffect(() => $consent.set(consent), [$consent, consent]);
  const services = useMemo<WidgetServices & { tracker: LazyTracker }>(() => {
    const initial = startStep ?? firstStep(config);
    reportNavigation(initial.screen);
    const flow = createFlow(initial);
    // The host page may route or track on every step the seller takes. Subscribed with the flow
    // itself, before the first screen shows, so no step is missed; the listener goes with the
    // flow. A step the host asked for is not announced back: the host is there already.
    const memoryKey = host === undefined ? undefined : flowMemoryKey(host, config.edition);
    if (memoryKey !== undefined) keepStep(memoryKey, initial);
    flow.onChange((next, origin) => {
      reportNavigation(next.screen);
      if (memoryKey !== undefined) keepStep(memoryKey, next);
      // The trade just made stays at hand: back to an emptied checkout shows it again.
      if (next.screen === 'thank-you' && origin === 'seller') keepTrade(config.edition, next);
      if (host !== undefined && origin === 'seller')
        dispatchWidgetEvent(host, 'tradein:navigate', {
          step: next,
          path: stepPath(config.edition, next),
        });
    });
    const api = lazyApiClient({
      baseUrl: config.apiBase,
      environment: 'production',
      auth: lazyAccountAuth(),
    });
    return { config, host, flow, api, tracker: lazyTracker({ config, api, consent: $consent }) };
  }, [config, host, $consent, startStep]);
  useEffect(() => {
    const current = services.flow.$step.get();
    if (requestedStep !== undefined && JSON.stringify(requestedStep) !== JSON.stringify(current)) {
      services.flow.show(requestedStep);
    }
  }, [requestedStep, services]);
  // Events of a removed element (or of a replaced configuration) are not sent.
  useEffect(() => () => services.tracker.stop(), [services]);
  useHistoryEntries(services.flow, config, host);
  const step = useStore(services.flow.$step);
  const cartCount = useCartCount(config);
  useTradeAfterCheckout(services.flow, config, step, cartCount);

  // Fetch the likely next steps once the browser is idle, so moving on does not wait.
  const { i18n } = useLingui();
  useEffect(
    () =>
      whenIdle(() => {
        for (const next of nextSteps[step.screen]) next.preload(i18n.locale);
      }),
    [step.screen, i18n],
  );

  return (
    <WidgetServicesContext.Provider value={services}>
      {step.screen !== 'cart' && step.screen !== 'checkout' && step.screen !== 'thank-you' && (
        <CartLink count={cartCount ?? 0} onOpen={() => services.flow.go({ screen: 'cart' })} />
      )}
      <Screen step={step} />
    </WidgetServicesContext.Provider>
  );
}

/** Checks a step read back from storage; undefined when it is none (or the check failed to load). */
async function checkedStep(value: unknown): Promise<FlowStep | undefined> {
  if (value === undefined) return undefined;
  try {
    const { flowStepSchema } = await import('../shared/flow-step-schema.ts');
    const parsed = flowStepSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * With `history="push"`, the element keeps the page's history itself: an entry per step the
 * seller takes, at the page's URL, with the step under the element's own key; the back and
 * forward buttons show the entry's step. Without it, the page's history is never touched.
 */
function useHistoryEntries(flow: Flow, config: WidgetConfig, host: Element | undefined): void {
  useEffect(() => {
    if (config.history !== 'push' || host === undefined) return undefined;
    const key = flowMemoryKey(host, config.edition);
    // The entry the element starts on holds its first step, so back to it shows that step.
    markStep(key, flow.$step.get());
    const stopPushing = flow.onChange((step, origin) => {
      if (origin === 'seller') pushStep(key, step);
    });
    const onPopState = (event: PopStateEvent) => {
      // An entry of the page's own without the element's key leaves the element where it is.
      void checkedStep(stepOfState(event.state, key)).then((step) => {
        if (step !== undefined && JSON.stringify(step) !== JSON.stringify(flow.$step.get())) {
          flow.show(step);
        }
      });
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      stopPushing();
      window.removeEventListener('popstate', onPopState);
    };
  }, [flow, config, host]);
}

/**
 * The checkout reached with an empty cart right after a trade (the back button from the
 * thank-you page) shows that trade's thank-you step: never an empty form to submit. A cart
 * that holds something again ends it.
 */
function useTradeAfterCheckout(
  flow: Flow,
  config: WidgetConfig,
  step: FlowStep,
  cartCount: number | undefined,
): void {
  useEffect(() => {
    if (cartCount !== undefined && cartCount > 0) keepTrade(config.edition, undefined);
  }, [cartCount, config]);
  useEffect(() => {
    if (step.screen !== 'checkout' || cartCount !== 0) return undefined;
    let current = true;
    void checkedStep(keptTrade(config.edition)).then((trade) => {
      if (current && trade?.screen === 'thank-you' && flow.$step.get() === step) flow.show(trade);
    });
    return () => {
      current = false;
    };
  }, [flow, config, step, cartCount]);
}

/**
 * The number of devices in the page's cart, undefined until the cart store has loaded. The cart
 * is shared by the page (one checkout store); its B2B cap follows this element's mode, set
 * before any later screen can change the cart (those screens load after the store).
 */
function useCartCount(config: WidgetConfig): number | undefined {
  const [count, setCount] = useState<number | undefined>(undefined);
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let current = true;
    loadSession().then(
      (session) => {
        if (!current) return;
        session.initCheckout({ shopMode: config.mode });
        unsubscribe = session.$cartCount.subscribe(setCount);
      },
      // Without the store there is no cart to link to; the cart step itself shows the error.
      () => undefined,
    );
    return () => {
      current = false;
      unsubscribe?.();
    };
  }, [config]);
  return count;
}

/** The screen of a step. Each feature owns its screens; this only chooses between them. */
function Screen({ step }: { step: FlowStep }) {
  switch (step.screen) {
    case 'questions':
      return (
        <questions.Screen
          key={step.deviceUrl}
          deviceUrl={step.deviceUrl}
          answers={step.answers}
          question={step.question}
          replacesOfferId={step.replacesOfferId}
        />
      );
    case 'offer':
      return (
        <offer.Screen
          key={step.offerId}
          offerId={step.offerId}
          deviceUrl={step.deviceUrl}
          deviceName={step.deviceName}
          replacesOfferId={step.replacesOfferId}
        />
      );
    case 'browse':
      return (
        <browse.Screen
          categoryUrl={step.categoryUrl}
          manufacturerUrl={step.manufacturerUrl}
          seriesUrl={step.seriesUrl}
        />
      );
    case 'cart':
      return <cart.Screen />;
    case 'checkout':
      return <checkout.Screen />;
    case 'thank-you':
      return (
        <thankYou.Screen
          key={step.tradeNumber}
          tradeNumber={step.tradeNumber}
          newAccount={step.newAccount}
        />
      );
    default:
      return <SearchScreen />;
  }
}

/** Runs `task` when the browser is idle (soon after, where it has no idle callback). */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}
