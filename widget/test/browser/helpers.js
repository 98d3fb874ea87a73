// Page helpers shared by the browser tests.

/** Resolves once `check()` returns a truthy value; rejects after `timeoutMs`. */
export async function waitFor(check, what, timeoutMs = 5000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Creates `<tradein-widget>` from markup, attributes set as a parser would; not yet attached. */
export function widgetFromMarkup(attributes) {
  const template = document.createElement('template');
  template.innerHTML = `<tradein-widget ${attributes}></tradein-widget>`;
  return document.importNode(template.content.firstElementChild, true);
}

/**
 * Adds a German element on the real trade API and waits until it shows; returns it, its shadow
 * root, and the steps and paths of its `tradein:navigate` events so far.
 */
export async function germanWidget(extra = '') {
  const element = widgetFromMarkup(`edition="de" api-base="${tradeApiOrigin()}" ${extra}`);
  const steps = [];
  const paths = [];
  element.addEventListener('tradein:navigate', (event) => {
    steps.push(event.detail.step);
    paths.push(event.detail.path);
  });
  document.body.append(element);
  const root = await whenShown(element);
  return { element, root, steps, paths };
}

/**
 * Adds a German element whose trade API cannot be reached (nothing listens on port 9) and waits
 * until it shows; returns its shadow root.
 */
export async function widgetWithoutApi(extra = '') {
  const element = widgetFromMarkup(`edition="de" api-base="http://127.0.0.1:9" ${extra}`);
  document.body.append(element);
  return whenShown(element);
}

/** Resolves with the detail of the element's next `tradein:ready` event. */
export function nextReady(element) {
  return new Promise((resolve) => {
    element.addEventListener('tradein:ready', (event) => resolve(event.detail), { once: true });
  });
}

/** Waits until the element shows its first screen; returns its shadow root. */
export async function whenShown(element) {
  await waitFor(() => element.shadowRoot?.querySelector('h2'), 'the first screen');
  return element.shadowRoot;
}

/** Waits until the element shows its configuration alert; returns the alert. */
export function whenAlert(element) {
  return waitFor(() => element.shadowRoot?.querySelector('[role="alert"]'), 'the alert');
}

/** Replaces console.error with a recorder; returns the calls and a restore function. */
export function recordConsoleErrors() {
  const original = console.error;
  const calls = [];
  console.error = (...args) => calls.push(args.map(String).join(' '));
  return { calls, restore: () => (console.error = original) };
}

/** The accessible name of an input from its label (how the tests read the search box). */
export function labelOf(root, input) {
  return root.querySelector(`label[for="${input.id}"]`)?.textContent ?? '';
}

/** The origin of the real trade API the test runner started (for the `api-base` attribute). */
export function tradeApiOrigin() {
  const origin = document.querySelector('meta[name="trade-api"]')?.getAttribute('content');
  if (!origin || origin === 'undefined') throw new Error('the trade API server is not running');
  return origin;
}

/** A search query as the client core sends it: `sq1.` and its JSON in base64url (UTF-8). */
export function searchToken(query) {
  const bytes = new TextEncoder().encode(JSON.stringify(query));
  const encoded = btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
  return `sq1.${encoded}`;
}

/**
 * Asks the real trade API a search directly, in an edition's devices index (German by default);
 * resolves with its answer, fails unless the API answers 200.
 */
export async function searchApi(query, { edition = 'de', resultSize = 5 } = {}) {
  const response = await fetch(`${tradeApiOrigin()}/api/trade/searches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      search: searchToken(query),
      application: `devices_${edition}`,
      resultSize,
    }),
  });
  if (!response.ok) throw new Error(`search: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** Runs axe on the shadow roots of the page and returns their violations. */
export async function shadowViolations() {
  const results = await window.axe.run(document.body, {
    runOnly: {
      type: 'tag',
      values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
    },
  });
  return results.violations
    .map((violation) => ({
      id: violation.id,
      nodes: violation.nodes
        .filter((node) => Array.isArray(node.target[0]))
        .map((node) => node.target.flat().join(' ')),
    }))
    .filter((violation) => violation.nodes.length > 0);
}

/** Interactive targets of a root smaller than 44 × 44 px (a checkbox counts with its label). */
export function smallTargets(root) {
  return [...root.querySelectorAll('button, a[href], input, select')]
    .map((control) => {
      const target =
        control instanceof HTMLInputElement &&
        (control.type === 'checkbox' || control.type === 'radio')
          ? control.closest('label')
          : control;
      const box = target.getBoundingClientRect();
      return { html: control.outerHTML.slice(0, 80), width: box.width, height: box.height };
    })
    .filter((box) => box.width < 44 || box.height < 44);
}
