// The page's own DOM classes: each test runs in a fresh happy-dom window.
import { Window, type HTMLElement, type HTMLScriptElement } from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  consentCategories,
  consentCookieName,
  consentEventName,
  consentRequestEventName,
  localeCookieName,
  personalizationCookie,
  tcfPurposes,
  type ConsentChoice,
} from './consent-choice.ts';
import { consentPageScript, type ConsentPageSettings } from './consent-page-script.ts';

const settings: ConsentPageSettings = {
  categories: consentCategories,
  cookieName: consentCookieName,
  maxAgeSeconds: 31_536_000,
  checkDelayMs: 40,
  tcfPurposes,
  scripts: [
    { src: 'https://cdn.dynamicyield.com/api/1/api_dynamic.js', category: 'personalization' },
    { src: 'https://cdn.dynamicyield.com/api/1/api_static.js', category: 'personalization' },
    { src: 'https://connect.ekomi.de/widget/seal/tradein-de.js', category: 'statistics' },
  ],
  language: 'de',
  localeCookieName,
  personalizationCookie,
  clientIdCookieName: 'tradein_client_id',
  eventName: consentEventName,
  requestEventName: consentRequestEventName,
};

/** The markup the shop renders around the script (consent-banner.tsx), in short. */
const markup = `
  <section data-consent-banner hidden>
    <h2 tabindex="-1">Privacy settings</h2>
    <button role="switch" aria-checked="false" data-consent-category="statistics">S</button>
    <button role="switch" aria-checked="false" data-consent-category="personalization">P</button>
    <button data-consent-action="reject">Reject all</button>
    <button data-consent-action="accept">Accept all</button>
    <button data-consent-action="save">Save choice</button>
  </section>
  <main><tradein-widget edition="de"></tradein-widget></main>
  <footer><button data-consent-action="open" hidden>Privacy settings</button></footer>`;

interface TestPage {
  window: Window;
  document: Window['document'];
  /** Every answer the script announced, in order. */
  answers: ConsentChoice[];
  /** Third-party scripts added to the page, in order. */
  scripts(): string[];
  cookie(name: string): string | undefined;
  click(selector: string): void;
  banner(): HTMLElement;
  /** Lets mutation observers and timers of the page run. */
  settle(): Promise<void>;
}

const pages: Window[] = [];
afterEach(async () => {
  for (const window of pages.splice(0)) await window.happyDOM.close();
  vi.restoreAllMocks();
});

/**
 * A fresh page with the banner, a widget and the footer; `before` runs in the page before the
 * consent script (a stored cookie, a consent manager). The script runs as the page runs it: its
 * text, evaluated in the page, so it must refer to nothing outside itself.
 */
function openPage(before = '', url = 'http://de.localhost:3000/?utm_source=news'): TestPage {
  const window = new Window({
    url,
    settings: { disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true },
  });
  pages.push(window);
  const document = window.document;
  document.body.innerHTML = markup;
  const answers: ConsentChoice[] = [];
  document.addEventListener(consentEventName, (event) => {
    answers.push((event as unknown as CustomEvent<ConsentChoice>).detail);
  });
  window.eval(before);
  window.eval(consentPageScript(settings));
  return {
    window,
    document,
    answers,
    scripts: () =>
      [...document.head.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src),
    cookie(name) {
      const pair = document.cookie
        .split('; ')
        .find((candidate) => candidate.startsWith(`${name}=`));
      return pair?.slice(name.length + 1);
    },
    click(selector) {
      const element = document.querySelector<HTMLElement>(selector);
      if (element === null) throw new Error(`no ${selector}`);
      element.click();
    },
    banner: () => document.querySelector<HTMLElement>('[data-consent-banner]')!,
    async settle() {
      await window.happyDOM.waitUntilComplete();
    },
  };
}

const widgetConsent = (page: TestPage) =>
  page.document.querySelector('tradein-widget')?.getAttribute('tracking-consent');

/** A consent manager that answers every listener at once with `data`. */
const consentManager = (data: object) => `
  window.tcfCalls = [];
  window.__tcfapi = (command, version, callback) => {
    window.tcfCalls.push([command, version]);
    callback(${JSON.stringify(data)}, true);
  };`;

describe('before an answer', () => {
  it('shows the banner and the footer button, and does nothing else', async () => {
    const page = openPage();
    await page.settle();
    expect(page.banner().hidden).toBe(false);
    expect(page.document.querySelector<HTMLElement>('[data-consent-action="open"]')?.hidden).toBe(
      false,
    );
    expect(widgetConsent(page)).toBeNull();
    expect(page.scripts()).toEqual([]);
    expect(page.answers).toEqual([]);
    expect(page.document.cookie).toBe('');
  });

  it('asks again when the stored answer does not name exactly the current purposes', () => {
    for (const stored of [
      'statistics:1',
      'statistics:1.personalization:2',
      'yes',
      'statistics:1.personalization:0.ads:1',
    ]) {
      const page = openPage(`document.cookie = '${consentCookieName}=${stored}; path=/';`);
      expect(page.banner().hidden).toBe(false);
      expect(page.answers).toEqual([]);
    }
  });
});

describe('the banner', () => {
  it('rejects everything with one click', async () => {
    const page = openPage(`document.cookie = 'tradein_client_id=${'a'.repeat(43)}; path=/';`);
    page.click('[data-consent-action="reject"]');
    await page.settle();
    expect(page.banner().hidden).toBe(true);
    expect(page.cookie(consentCookieName)).toBe('statistics:0.personalization:0');
    expect(page.answers).toEqual([{ statistics: false, personalization: false }]);
    expect(widgetConsent(page)).toBe('denied');
    expect(page.scripts()).toEqual([]);
    expect(page.cookie('tradein_client_id')).toBeUndefined();
    expect(page.cookie(localeCookieName)).toBeUndefined();
  });

  it('accepts everything with one click: scripts in order, locale and personalization cookies', async () => {
    const page = openPage(`document.cookie = '_dyid=-123456789; path=/';`);
    page.click('[data-consent-action="accept"]');
    await page.settle();
    expect(page.banner().hidden).toBe(true);
    expect(page.cookie(consentCookieName)).toBe('statistics:1.personalization:1');
    expect(page.answers).toEqual([{ statistics: true, personalization: true }]);
    expect(widgetConsent(page)).toBe('granted');
    expect(page.scripts()).toEqual(settings.scripts.map((script) => script.src));
    expect(page.cookie(localeCookieName)).toBe('de');
    expect(page.cookie('_dyid_server')).toBe('-123456789');
  });

  it('copies the personalization id Dynamic Yield writes once its script has run', async () => {
    const page = openPage();
    page.click('[data-consent-action="accept"]');
    await page.settle();
    expect(page.cookie('_dyid_server')).toBeUndefined();
    page.window.eval(`document.cookie = '_dyid=987; path=/';`);
    page.document.head
      .querySelector('script[src$="api_static.js"]')
      ?.dispatchEvent(new page.window.Event('load'));
    expect(page.cookie('_dyid_server')).toBe('987');
  });

  it('saves a choice per purpose', async () => {
    const page = openPage();
    page.click('[data-consent-category="statistics"]');
    expect(
      page.document
        .querySelector('[data-consent-category="statistics"]')
        ?.getAttribute('aria-checked'),
    ).toBe('true');
    page.click('[data-consent-action="save"]');
    await page.settle();
    expect(page.cookie(consentCookieName)).toBe('statistics:1.personalization:0');
    expect(page.answers).toEqual([{ statistics: true, personalization: false }]);
    expect(widgetConsent(page)).toBe('granted');
    // eKomi (statistics) loads; Dynamic Yield (personalization) does not.
    expect(page.scripts()).toEqual(['https://connect.ekomi.de/widget/seal/tradein-de.js']);
    expect(page.cookie(localeCookieName)).toBeUndefined();
  });
});

describe('a stored answer', () => {
  it('keeps the banner hidden and is applied at once', async () => {
    const page = openPage(
      `document.cookie = '${consentCookieName}=statistics:1.personalization:1; path=/';`,
    );
    expect(page.banner().hidden).toBe(true);
    expect(widgetConsent(page)).toBe('granted');
    expect(page.scripts()).toHaveLength(3);
    await page.settle();
    // The shop's scripts start later and ask for it.
    page.document.dispatchEvent(new page.window.Event(consentRequestEventName));
    expect(page.answers).toEqual([
      { statistics: true, personalization: true },
      { statistics: true, personalization: true },
    ]);
  });

  it('is changed from the footer: the banner opens with it, and a withdrawal deletes the cookies', async () => {
    const page = openPage(
      `document.cookie = '${consentCookieName}=statistics:1.personalization:1; path=/';
       document.cookie = '_dyid=42; path=/';`,
    );
    expect(page.cookie('_dyid_server')).toBe('42');
    const opener = page.document.querySelector<HTMLElement>('[data-consent-action="open"]')!;
    opener.click();
    expect(page.banner().hidden).toBe(false);
    expect(page.document.activeElement?.tagName).toBe('H2');
    const switches = [...page.document.querySelectorAll('[data-consent-category]')];
    expect(switches.map((toggle) => toggle.getAttribute('aria-checked'))).toEqual(['true', 'true']);

    page.click('[data-consent-category="personalization"]');
    page.click('[data-consent-action="save"]');
    await page.settle();
    expect(page.banner().hidden).toBe(true);
    expect(page.document.activeElement).toBe(opener);
    expect(page.cookie(consentCookieName)).toBe('statistics:1.personalization:0');
    expect(page.cookie('_dyid_server')).toBeUndefined();
    expect(page.cookie(localeCookieName)).toBeUndefined();
    expect(page.answers.at(-1)).toEqual({ statistics: true, personalization: false });
  });

  it('stays as it was when the reopened banner is left with Escape', () => {
    const page = openPage(
      `document.cookie = '${consentCookieName}=statistics:0.personalization:0; path=/';`,
    );
    page.click('[data-consent-action="open"]');
    page.document.dispatchEvent(new page.window.KeyboardEvent('keydown', { key: 'Escape' }));
    expect(page.banner().hidden).toBe(true);
    expect(page.cookie(consentCookieName)).toBe('statistics:0.personalization:0');
  });

  it('reaches a widget added later', async () => {
    const page = openPage(
      `document.cookie = '${consentCookieName}=statistics:0.personalization:1; path=/';`,
    );
    const later = page.document.createElement('tradein-widget');
    page.document.body.append(later);
    await page.settle();
    expect(later.getAttribute('tracking-consent')).toBe('denied');
  });
});

describe('an external consent manager (IAB TCF v2)', () => {
  it('is followed when it is there at the start: our banner stays hidden', async () => {
    const page = openPage(
      consentManager({
        gdprApplies: true,
        eventStatus: 'tcloaded',
        purpose: { consents: { 1: true, 7: true, 8: true, 9: true } },
      }),
    );
    await page.settle();
    expect(page.banner().hidden).toBe(true);
    expect(page.document.querySelector<HTMLElement>('[data-consent-action="open"]')?.hidden).toBe(
      true,
    );
    expect(page.window.eval('window.tcfCalls')).toEqual([['addEventListener', 2]]);
    expect(page.answers).toEqual([{ statistics: true, personalization: false }]);
    expect(widgetConsent(page)).toBe('granted');
    expect(page.cookie(consentCookieName)).toBeUndefined();
    // Our banner's buttons do nothing while the consent manager decides.
    page.click('[data-consent-action="accept"]');
    expect(page.answers).toHaveLength(1);
  });

  it('counts purposes the visitor gave the publisher too', () => {
    const page = openPage(
      consentManager({
        gdprApplies: true,
        eventStatus: 'useractioncomplete',
        purpose: { consents: { 1: true } },
        publisher: { consents: { 5: true, 6: true } },
      }),
    );
    expect(page.answers).toEqual([{ statistics: false, personalization: true }]);
  });

  it('waits while its own banner is open', () => {
    const page = openPage(
      consentManager({ gdprApplies: true, eventStatus: 'cmpuishown', purpose: { consents: {} } }),
    );
    expect(page.answers).toEqual([]);
    expect(widgetConsent(page)).toBeNull();
    expect(page.banner().hidden).toBe(true);
  });

  it('allows everything where the GDPR does not apply', () => {
    const page = openPage(consentManager({ gdprApplies: false, eventStatus: 'tcloaded' }));
    expect(page.answers).toEqual([{ statistics: true, personalization: true }]);
  });

  it('is looked for again after the check delay, and its answer wins over ours', async () => {
    const page = openPage(
      `document.cookie = '${consentCookieName}=statistics:1.personalization:1; path=/';
       setTimeout(() => {
         ${consentManager({ gdprApplies: true, eventStatus: 'tcloaded', purpose: { consents: {} } })}
       }, 10);`,
    );
    expect(page.answers).toEqual([{ statistics: true, personalization: true }]);
    await page.settle();
    expect(page.answers.at(-1)).toEqual({ statistics: false, personalization: false });
    expect(widgetConsent(page)).toBe('denied');
  });

  it('that throws leaves the visitor with our banner', async () => {
    const page = openPage(
      `window.errors = [];
       console.error = (message) => window.errors.push(message);
       window.__tcfapi = () => { throw new Error('broken'); };`,
    );
    expect(page.window.eval('window.errors')).toEqual(['error reading the consent manager']);
    expect(page.banner().hidden).toBe(false);
    page.click('[data-consent-action="reject"]');
    await page.settle();
    expect(page.answers).toEqual([{ statistics: false, personalization: false }]);
  });
});
