import { useLingui } from '@lingui/react/macro';
import type { TradeinEventMap, TradeinWidgetElement } from '@tradein/widget/events';
import { createElement, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useSite } from '../root.tsx';
import { takeEarlyNavigation } from '../sell-flow/early-navigation.ts';
import { historyStep, type KeptNavigation } from '../sell-flow/flow-step.ts';
import { sellFlowMatch } from '../sell-flow/sell-flow-page.ts';

/**
 * The pages of the sell flow (home, sell category, product, checkout, thank-you) around one
 * `<tradein-widget>` that stays on the page while the seller moves between them:
 * - each step the widget announces (`tradein:navigate`) becomes a history entry at the step's
 *   path, holding the step (also the last one announced before the page hydrated);
 * - the back and forward buttons, and a reload, hand the entry's step back (`flowStep`);
 * - a link to a sell-flow page without a step (a category tile, the cart link) opens the page's
 *   own step.
 */
export default function SellFlowLayout() {
  const { t } = useLingui();
  const site = useSite();
  const location = useLocation();
  const navigate = useNavigate();
  const page = sellFlowMatch(useMatches().at(-1));
  const widget = page?.loaderData.widget;

  // The element is rendered once with the first page's attributes; later pages move it by
  // `flowStep`, so that React never resets it by changing an attribute.
  const [attributes] = useState(() => widget?.attributes ?? {});
  // Its `flowStep` is set before or after the widget's script has defined the element.
  const element = useRef<TradeinWidgetElement>(null);
  // The step the element is on as far as the page knows, to hand back only real changes.
  const shown = useRef<string | undefined>(undefined);
  // Steps the seller took whose history entries are being made, oldest first: the page passes
  // through them (each entry renders once) while the element may already be further on.
  const underWay = useRef<string[]>([]);

  const section = useRef<HTMLElement>(null);

  const entryStep = historyStep(location.state);
  const stepOfEntry = entryStep ?? widget?.start ?? null;
  const wanted = stepOfEntry === null ? null : JSON.stringify(stepOfEntry);
  const fromHistory = entryStep !== undefined;

  useEffect(() => {
    const target = element.current;
    if (target === null) return undefined;
    // One navigation after the other: a step announced while the previous one is still loading
    // (a quick tap from the offer to the cart) would otherwise interrupt it, and its history
    // entry would be lost.
    let previous: Promise<unknown> = Promise.resolve();
    const moveTo = ({ step, path }: KeptNavigation) => {
      const kept = JSON.stringify(step);
      shown.current = kept;
      underWay.current.push(kept);
      previous = previous.then(() =>
        navigate(path, {
          state: { tradeinStep: step },
          replace: false,
          preventScrollReset: true,
        }),
      );
      // A failed navigation (the page's data could not load) is the error boundary's to show.
      previous = previous.catch(() => {
        underWay.current = underWay.current.filter((each) => each !== kept);
      });
    };
    const onNavigate = (event: TradeinEventMap['tradein:navigate']) => moveTo(event.detail);
    target.addEventListener('tradein:navigate', onNavigate);
    // A step the seller reached before the shop's scripts ran (they start after the page has
    // loaded; the widget runs from the first paint).
    const early = takeEarlyNavigation(window as unknown as Record<string, unknown>);
    if (early !== undefined) moveTo(early);
    return () => target.removeEventListener('tradein:navigate', onNavigate);
  }, [navigate]);

  useEffect(() => {
    const target = element.current;
    if (target === null || wanted === null) return;
    if (shown.current === undefined && !fromHistory) {
      // The first page of a visit: the element starts from its attributes.
      shown.current = wanted;
      return;
    }
    // An entry of a step the seller took: the element is there or already further on.
    const taken = underWay.current.indexOf(wanted);
    if (taken !== -1) {
      underWay.current.splice(0, taken + 1);
      return;
    }
    if (shown.current === wanted) return;
    // The back or forward button (or a link): the element goes to the entry's step.
    underWay.current = [];
    shown.current = wanted;
    target.flowStep = JSON.parse(wanted);
  }, [wanted, fromHistory]);

  // Each step the seller reaches (every history entry) is read from its top: the thank-you page
  // from the top of the page, with its heading focused (the checkout before it was long, and
  // the page keeps its scroll between steps); any other step from the top of the widget, moved
  // into view only when it is above the window. The first page of a visit is left as it opens.
  const screen = stepOfEntry?.screen;
  const firstEntry = useRef(location.key);
  useEffect(() => {
    if (location.key === firstEntry.current) return;
    if (screen === 'thank-you') {
      window.scrollTo(0, 0);
      document.querySelector<HTMLElement>('#main h1')?.focus({ preventScroll: true });
      return;
    }
    const top = section.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) section.current?.scrollIntoView({ block: 'start' });
  }, [location.key, screen]);

  return (
    <main id="main" className="page page--sell-flow">
      <Outlet />
      <section
        ref={section}
        className="sell-flow"
        aria-label={t`Sell your device`}
        hidden={stepOfEntry === null}
        data-screen={stepOfEntry?.screen}
      >
        <script src="/widget/tradein-widget.js" async />
        {/* A custom element: React sets these as attributes (widget-attributes.ts). */}
        {createElement('tradein-widget', {
          ref: element,
          edition: site.edition,
          mode: site.shopMode,
          category: attributes.category,
          device: attributes.device,
          step: attributes.step,
        })}
      </section>
      {page?.Below === undefined ? null : <page.Below loaderData={page.loaderData} />}
    </main>
  );
}
