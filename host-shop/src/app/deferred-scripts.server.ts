import { touchpointParameters } from '@tradein/editions/client';
import { consentCookieName } from './consent/consent-choice.ts';
import { earlyNavigationKey } from './sell-flow/early-navigation.ts';

/** The type React Router's module script waits under until the visitor's first interaction. */
const waitingType = 'text/x-tradein-deferred-module';

/**
 * What starts React Router's scripts: the visitor's first touch, click, key, focus, scroll or
 * mouse movement. Until then the page is complete without them: server-rendered, links and
 * forms plain HTML, the widget on its own script.
 */
const interactions = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'scroll',
  'wheel',
];

interface StarterSettings {
  /** React Router's module preloads, added when its scripts start. */
  preloads: string[];
  /** The type its inline module waits under. */
  waitingType: string;
  /** The events that start it. */
  interactions: string[];
  /** Scripts to load once the page has painted (the widget's loader). */
  afterPaint: string[];
  /** Where the widget's last step announced before the shop listens is kept. */
  earlyNavigationKey: string;
  /** Start React Router once the page has painted, without waiting for an interaction. */
  startAtOnce: boolean;
  /**
   * A visit that lands with touchpoint parameters (§9) and whose visitor allowed statistics
   * before: the shop's scripts start after the first paint, so the landing's touchpoint is
   * sent even when the visitor leaves without touching the page.
   */
  trackedLanding: { parameters: string[]; cookieName: string; grantedPart: string };
}

/**
 * Runs in the page, inlined as text (so it refers to nothing outside itself): loads the async
 * scripts once the page has painted, starts React Router's scripts at the visitor's first
 * interaction, and keeps the last step the widget announces until the shop listens itself.
 */
function startPageScripts(settings: StarterSettings): void {
  const page = window as unknown as Record<string, unknown>;
  const nonce =
    document.currentScript instanceof HTMLScriptElement ? document.currentScript.nonce : '';
  const loadAfterPaint = (): void => {
    for (const src of settings.afterPaint) {
      const script = document.createElement('script');
      script.src = src;
      script.setAttribute('async', '');
      document.head.append(script);
    }
  };
  const startRouter = (): void => {
    for (const type of settings.interactions) removeEventListener(type, startRouter, true);
    for (const href of settings.preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.nonce = nonce;
      document.head.append(link);
    }
    const selector = `script[type="${settings.waitingType}"]`;
    for (const waiting of document.querySelectorAll<HTMLScriptElement>(selector)) {
      const script = document.createElement('script');
      script.type = 'module';
      script.nonce = waiting.nonce;
      script.textContent = waiting.textContent;
      waiting.replaceWith(script);
    }
  };
  document.addEventListener('tradein:navigate', (event) => {
    const key = settings.earlyNavigationKey;
    if (page[key] !== null) page[key] = (event as CustomEvent<unknown>).detail;
  });
  for (const type of settings.interactions) {
    addEventListener(type, startRouter, { capture: true, passive: true });
  }
  const landingTracked = (): boolean => {
    const { parameters, cookieName, grantedPart } = settings.trackedLanding;
    const query = new URLSearchParams(location.search);
    if (!parameters.some((parameter) => query.has(parameter))) return false;
    return document.cookie.split(';').some((pair) => {
      const at = pair.indexOf('=');
      return (
        at > 0 &&
        pair.slice(0, at).trim() === cookieName &&
        pair
          .slice(at + 1)
          .trim()
          .split('.')
          .includes(grantedPart)
      );
    });
  };
  const afterPaint = (): void => {
    loadAfterPaint();
    if (settings.startAtOnce || landingTracked()) startRouter();
  };
  let started = false;
  const startOnce = (): void => {
    if (started) return;
    started = true;
    afterPaint();
  };
  // A hidden tab paints no frame: it loads them at once. Otherwise once the first contentful
  // paint has been presented (its entry is reported then), so that no script request starts
  // before it: a request that does, even one that ends later, becomes part of the paint's path
  // in Lighthouse's simulation. Half a second after the first frame at the latest.
  if (document.visibilityState === 'hidden') startOnce();
  else {
    try {
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        setTimeout(startOnce);
      }).observe({ type: 'paint', buffered: true });
    } catch {
      // A browser without paint timing falls back to the first frame below.
    }
    requestAnimationFrame(() => setTimeout(startOnce, 500));
  }
  document.currentScript?.remove();
}

const modulePreload = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const moduleScript = /<script nonce="([^"]+)" type="module" async="">/g;
const asyncScript = /<script src="([^"]+)" async=""><\/script>/g;

/**
 * The page with its scripts out of the way of its first paint:
 * - React Router's scripts start at the visitor's first interaction: its module preloads leave
 *   the head and its inline module (which imports the route modules and the client entry)
 *   waits under another type until then. A visitor who only reads downloads no React; links
 *   and forms work as plain HTML until the router has hydrated (a link followed before then
 *   loads its page from the server).
 * - Async scripts (the widget's loader) load once the page has painted.
 * The first paint then waits for nothing but the document and its stylesheet. Why:
 * docs/decisions.md, "Shop host server".
 *
 * A page whose content is drawn in the browser (the account pages, which read the session kept
 * there) asks for `startAtOnce`: its scripts then start right after the first paint.
 *
 * Returns the page unchanged when it has not exactly one such module script (a page rendered
 * without React Router's scripts).
 */
export function deferPageScripts(
  html: string,
  nonce: string,
  { startAtOnce = false }: { startAtOnce?: boolean } = {},
): string {
  if ([...html.matchAll(moduleScript)].length !== 1) return html;
  const settings: StarterSettings = {
    preloads: [],
    waitingType,
    interactions,
    afterPaint: [],
    earlyNavigationKey,
    startAtOnce,
    trackedLanding: {
      parameters: [...touchpointParameters],
      cookieName: consentCookieName,
      grantedPart: 'statistics:1',
    },
  };
  const deferred = html
    .replaceAll(modulePreload, (_, href: string) => {
      settings.preloads.push(href);
      return '';
    })
    .replaceAll(asyncScript, (_, src: string) => {
      settings.afterPaint.push(src);
      return '';
    })
    // Without `async`: HTML allows it on scripts that run, not on a data block. The module the
    // starter puts in its place is inserted after the document was parsed, so it runs once its
    // imports are fetched, as it would with `async`.
    .replace(
      moduleScript,
      (_, scriptNonce: string) => `<script nonce="${scriptNonce}" type="${waitingType}">`,
    );
  const json = JSON.stringify(settings).replaceAll('<', String.raw`\u003c`);
  const starter = `<script nonce="${nonce}">(${startPageScripts.toString()})(${json})</script>`;
  return deferred.replace('</body>', `${starter}</body>`);
}
