import type { ConsentCategory, ConsentChoice } from './consent-choice.ts';

/** A script the edition loads once its purpose is allowed (Dynamic Yield, eKomi). */
export interface ConsentGatedScript {
  readonly src: string;
  readonly category: ConsentCategory;
}

/** What the page's consent script needs to know, decided on the server per page. */
export interface ConsentPageSettings {
  readonly categories: readonly ConsentCategory[];
  /** Cookie that keeps the banner's answer, and its lifetime. */
  readonly cookieName: string;
  readonly maxAgeSeconds: number;
  /** When an external consent manager (IAB TCF v2 `__tcfapi`) is looked for again (§9). */
  readonly checkDelayMs: number;
  /** TCF purposes each category needs from that consent manager. */
  readonly tcfPurposes: Readonly<Record<ConsentCategory, readonly number[]>>;
  /** Third-party scripts of the edition, in the order they must run. */
  readonly scripts: readonly ConsentGatedScript[];
  /** The page's language, kept in the locale cookie. */
  readonly language: string;
  readonly localeCookieName: string;
  /** Dynamic Yield's id cookie and its first-party copy; null where the edition has none. */
  readonly personalizationCookie: { readonly source: string; readonly copy: string } | null;
  /** The tracking client id's cookie, deleted when statistics are refused. */
  readonly clientIdCookieName: string;
  /** Document events that announce the answer, and that ask for it again. */
  readonly eventName: string;
  readonly requestEventName: string;
}

/** What a TCF v2 consent manager hands its listeners (the fields read here). */
interface TcData {
  gdprApplies?: boolean;
  eventStatus?: string;
  purpose?: { consents?: Record<string, boolean> };
  publisher?: { consents?: Record<string, boolean> };
}

type TcfApi = (
  command: string,
  version: number,
  callback: (data: TcData | null, success: boolean) => void,
) => void;

/**
 * The page's consent, as an inline script (with the page's nonce) right after the banner, so it
 * works from the first paint, long before React's scripts start (docs/decisions.md, "Consent
 * and tracking in the shop"). Inlined as text: it refers to nothing outside itself.
 * - Shows the banner when no answer is stored; its buttons and the footer's "Privacy settings"
 *   work by one listener on the document, so markup React renders anew keeps working.
 * - Looks for an external consent manager (`__tcfapi`) at once and again after `checkDelayMs`;
 *   when there is one, its answer wins and our banner stays hidden.
 * - Every answer sets `tracking-consent` on every `<tradein-widget>`, is announced as a
 *   document event (the shop's scripts pass it to the client core's `$consent`), and loads the
 *   allowed third-party scripts, the locale cookie and the personalization copy. Nothing of it
 *   happens before an answer.
 */
function runConsentPage(settings: ConsentPageSettings): void {
  const secure = location.protocol === 'https:';
  const loaded = new Set<string>();
  const bannerSelector = '[data-consent-banner]';
  const openerSelector = '[data-consent-action="open"]';
  const watched = `${bannerSelector},${openerSelector},tradein-widget`;

  let external = false;
  // A consent manager that threw is not asked again.
  let broken: unknown;
  let open = false;
  // The footer button that opened the banner, to give the focus back to.
  let opener: HTMLElement | null = null;

  const writeCookie = (name: string, value: string, seconds: number): void => {
    const expires = new Date(Date.now() + seconds * 1000).toUTCString();
    document.cookie =
      `${name}=${value}; max-age=${seconds}; expires=${expires}; path=/; SameSite=Lax` +
      (secure ? '; Secure' : '');
  };
  const removeCookie = (name: string): void => writeCookie(name, '', 0);
  // Inlined as text, the script can have no helpers outside this function.
  // oxlint-disable-next-line unicorn/consistent-function-scoping
  const readCookie = (name: string): string | undefined => {
    for (const pair of document.cookie.split(';')) {
      const at = pair.indexOf('=');
      if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
    }
    return undefined;
  };

  const everything = (allowed: boolean): ConsentChoice =>
    Object.fromEntries(
      settings.categories.map((category) => [category, allowed]),
    ) as unknown as ConsentChoice;
  const encode = (choice: ConsentChoice): string =>
    settings.categories.map((category) => `${category}:${choice[category] ? 1 : 0}`).join('.');
  // Anything but exactly the current categories asks again: a new purpose needs its own answer.
  const decode = (value: string | undefined): ConsentChoice | undefined => {
    const parts = value?.split('.') ?? [];
    if (parts.length !== settings.categories.length) return undefined;
    const choice: Record<string, boolean> = {};
    for (const [index, category] of settings.categories.entries()) {
      const part = parts[index];
      if (part !== `${category}:1` && part !== `${category}:0`) return undefined;
      choice[category] = part.endsWith('1');
    }
    return choice as ConsentChoice;
  };

  let choice = decode(readCookie(settings.cookieName));

  const render = (): void => {
    for (const banner of document.querySelectorAll<HTMLElement>(bannerSelector)) {
      banner.hidden = !open;
    }
    for (const button of document.querySelectorAll<HTMLElement>(openerSelector)) {
      button.hidden = external;
    }
    // Absent means "not answered": the widget keeps its events until it is told.
    if (choice === undefined) return;
    const value = choice.statistics ? 'granted' : 'denied';
    for (const widget of document.querySelectorAll('tradein-widget')) {
      if (widget.getAttribute('tracking-consent') !== value) {
        widget.setAttribute('tracking-consent', value);
      }
    }
  };

  const announce = (): void => {
    if (choice === undefined) return;
    document.dispatchEvent(new CustomEvent(settings.eventName, { detail: { ...choice } }));
  };

  const copyPersonalizationCookie = (): void => {
    const cookie = settings.personalizationCookie;
    if (cookie === null || choice?.personalization !== true) return;
    const id = readCookie(cookie.source);
    if (id !== undefined && id !== '') writeCookie(cookie.copy, id, settings.maxAgeSeconds);
  };

  const load = (src: string, category: ConsentCategory): void => {
    if (loaded.has(src)) return;
    loaded.add(src);
    const script = document.createElement('script');
    script.src = src;
    // Inserted scripts run as they arrive; not async keeps an edition's scripts in their order.
    script.async = false;
    // Dynamic Yield writes its id when its script runs.
    if (category === 'personalization') script.addEventListener('load', copyPersonalizationCookie);
    // A vendor that fails to load changes nothing the visitor sees.
    script.addEventListener('error', () => console.error('error loading', src));
    document.head.append(script);
  };

  const apply = (next: ConsentChoice): void => {
    choice = next;
    render();
    announce();
    if (!next.statistics) removeCookie(settings.clientIdCookieName);
    if (next.personalization) {
      writeCookie(settings.localeCookieName, settings.language, settings.maxAgeSeconds);
      copyPersonalizationCookie();
    } else {
      removeCookie(settings.localeCookieName);
      if (settings.personalizationCookie !== null) {
        removeCookie(settings.personalizationCookie.copy);
      }
    }
    for (const script of settings.scripts) {
      if (next[script.category]) load(script.src, script.category);
    }
  };

  const close = (): void => {
    open = false;
    render();
    if (opener?.isConnected === true) opener.focus();
    opener = null;
  };

  const decide = (next: ConsentChoice): void => {
    writeCookie(settings.cookieName, encode(next), settings.maxAgeSeconds);
    close();
    apply(next);
  };

  const show = (from: HTMLElement): void => {
    open = true;
    opener = from;
    for (const toggle of document.querySelectorAll<HTMLElement>('[data-consent-category]')) {
      const category = toggle.dataset['consentCategory'] as ConsentCategory;
      toggle.setAttribute('aria-checked', String(choice?.[category] === true));
    }
    render();
    document.querySelector<HTMLElement>(`${bannerSelector} [tabindex="-1"]`)?.focus();
  };

  const chosen = (banner: Element | null): ConsentChoice => {
    const picked: Record<string, boolean> = { ...everything(false) };
    for (const toggle of banner?.querySelectorAll<HTMLElement>('[data-consent-category]') ?? []) {
      const category = toggle.dataset['consentCategory'];
      if (category !== undefined && category in picked) {
        picked[category] = toggle.getAttribute('aria-checked') === 'true';
      }
    }
    return picked as ConsentChoice;
  };

  const tcfAnswer = (data: TcData): ConsentChoice => {
    const given = (purpose: number): boolean =>
      data.purpose?.consents?.[purpose] === true || data.publisher?.consents?.[purpose] === true;
    return Object.fromEntries(
      settings.categories.map((category) => [
        category,
        settings.tcfPurposes[category].every(given),
      ]),
    ) as unknown as ConsentChoice;
  };

  // The name the IAB TCF v2 standard gives the consent manager's function on the page.
  // oxlint-disable-next-line unicorn/consistent-function-scoping
  const consentManager = (): TcfApi | undefined => {
    const api: unknown = Reflect.get(window, '__tcfapi');
    return typeof api === 'function' ? (api as TcfApi) : undefined;
  };

  const followConsentManager = (api: TcfApi): void => {
    external = true;
    open = false;
    render();
    try {
      api('addEventListener', 2, (data, success) => {
        if (!success || data === null || typeof data !== 'object') return;
        // Where the GDPR does not apply, the consent manager asks nothing.
        if (data.gdprApplies === false) apply(everything(true));
        // The manager's own banner is still open ('cmpuishown'): wait for the answer.
        else if (data.eventStatus === 'tcloaded' || data.eventStatus === 'useractioncomplete') {
          apply(tcfAnswer(data));
        }
      });
    } catch (error) {
      // A broken consent manager leaves the visitor with ours.
      console.error('error reading the consent manager', error);
      broken = api;
      external = false;
      open = choice === undefined;
      render();
      if (choice !== undefined) apply(choice);
    }
  };

  document.addEventListener('click', (event) => {
    const target =
      event.target instanceof Element
        ? event.target.closest<HTMLElement>('[data-consent-action],[data-consent-category]')
        : null;
    if (target === null) return;
    if (target.dataset['consentCategory'] !== undefined) {
      target.setAttribute('aria-checked', String(target.getAttribute('aria-checked') !== 'true'));
      return;
    }
    const action = target.dataset['consentAction'];
    if (external) return;
    if (action === 'open') show(target);
    else if (action === 'accept') decide(everything(true));
    else if (action === 'reject') decide(everything(false));
    else if (action === 'save') decide(chosen(target.closest(bannerSelector)));
  });
  document.addEventListener('keydown', (event) => {
    // Opened again from the footer: Escape leaves the answer as it was.
    if (event.key === 'Escape' && open && opener !== null && choice !== undefined) close();
  });
  document.addEventListener(settings.requestEventName, announce);
  // Markup added later (the widget, the banner drawn anew by React) gets the current state.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element && (node.matches(watched) || node.querySelector(watched))) {
          render();
          return;
        }
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });

  const manager = consentManager();
  if (manager === undefined) {
    open = choice === undefined;
    render();
    if (choice !== undefined) apply(choice);
  } else {
    followConsentManager(manager);
  }
  // §9: a consent manager that loads after this script is looked for after one second.
  setTimeout(() => {
    const later = external ? undefined : consentManager();
    if (later !== undefined && later !== broken) followConsentManager(later);
  }, settings.checkDelayMs);
}

/** The consent script as inline script text (characters that could end the element escaped). */
export function consentPageScript(settings: ConsentPageSettings): string {
  const json = JSON.stringify(settings).replaceAll('<', String.raw`\u003c`);
  return `(${runConsentPage.toString()})(${json})`;
}
