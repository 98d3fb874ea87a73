// The offer screen against the real trade API: the price and validity date in the edition's
// format, and the way into the cart.
import { expect } from './expect.js';
// The test runner serves files without bare-specifier resolution (nodeResolve: false).
// oxlint-disable-next-line import/no-absolute-path -- a URL path on the test server, not a file path
import { sendKeys } from '/node_modules/@web/test-runner-commands/browser/commands.mjs';
import { tradeApiOrigin, waitFor, widgetFromMarkup } from './helpers.js';

// The same page helpers as questions.test.js (a test file cannot import another one: its tests
// would run twice).
function searchToken(query) {
  const encoded = btoa(JSON.stringify(query))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
  return `sq1.${encoded}`;
}

/** The url of a real device of the seeded catalogue, found through the search API. */
async function findDeviceUrl(text, edition = 'de') {
  const response = await fetch(`${tradeApiOrigin()}/api/trade/searches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      search: searchToken({ kind: 'deviceSearch', text }),
      application: `devices_${edition}`,
      resultSize: 5,
    }),
  });
  const result = await response.json();
  const hit = result.hits[0];
  if (hit === undefined) throw new Error(`no device found for "${text}"`);
  return hit.url;
}

/** A 360 px wide element showing `device`; resolves once its first question is on view. */
async function openDevice(edition, deviceUrl) {
  const frame = document.createElement('div');
  frame.className = 'frame-360';
  frame.setAttribute('style', 'width: 360px');
  const element = widgetFromMarkup(
    `edition="${edition}" device="${deviceUrl}" api-base="${tradeApiOrigin()}"`,
  );
  frame.append(element);
  document.body.append(frame);
  await waitFor(
    () => element.shadowRoot?.querySelector('input[type="radio"]'),
    'a question',
    10000,
  );
  return { frame, element, root: element.shadowRoot };
}

/** Answers the question on view by keyboard: Space picks the first answer, then Next by Enter. */
async function answerByKeyboard(root) {
  // After Next the new question takes the focus (for screen readers); wait for that first.
  const onFirst = root.querySelector('.question-step')?.getAttribute('aria-current') === 'step';
  if (!onFirst) {
    await waitFor(
      () => root.activeElement?.classList.contains('question-text'),
      'the focus on the new question',
    );
  }
  const first = root.querySelector('input[type="radio"]');
  first.focus();
  await sendKeys({ press: 'Space' });
  await waitFor(() => first.checked, 'the answer to be chosen');
  const next = root.querySelector('.actions .primary');
  await waitFor(() => !next.disabled, 'Next to be enabled');
  next.focus();
  await sendKeys({ press: 'Enter' });
}

/** Axe violations inside shadow roots only (the bare test page has no landmarks or title). */
async function shadowViolations() {
  const results = await window.axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  });
  return results.violations
    .map((violation) => ({
      id: violation.id,
      nodes: violation.nodes
        .filter((node) => Array.isArray(node.target[0]))
        .map((node) => node.target),
    }))
    .filter((violation) => violation.nodes.length > 0);
}

/** Interactive controls smaller than 44 × 44 px (answer rows count as their label). */
function smallTargets(root) {
  return [...root.querySelectorAll('button, label.answer')]
    .map((control) => ({ control, box: control.getBoundingClientRect() }))
    .filter(({ box }) => box.width < 44 || box.height < 44)
    .map(({ control, box }) => `${control.textContent.trim()} ${box.width}×${box.height}`);
}

/** Answers every question of an element by keyboard; resolves with its offer screen. */
async function reachOffer(edition) {
  const url = await findDeviceUrl('iphone 13 pro', edition);
  const opened = await openDevice(edition, url);
  const total = opened.root.querySelectorAll('.question-step').length;
  for (let number = 1; number <= total; number += 1) {
    await waitFor(
      () => opened.root.querySelector('.question-count')?.textContent.includes(`${number}`),
      `question ${number}`,
    );
    await answerByKeyboard(opened.root);
  }
  await waitFor(() => opened.root.querySelector('.offer-price'), 'the offer', 10000);
  return opened;
}

const twoDigitDate = (separator) => new RegExp(`\\d\\d\\${separator}\\d\\d\\${separator}\\d\\d`);

describe('offer', () => {
  afterEach(() => {
    for (const frame of document.querySelectorAll('.frame-360')) frame.remove();
    localStorage.clear();
  });

  it('shows the de price and date, adds to the cart and moves on to the cart', async () => {
    const { element, root } = await reachOffer('de');
    const price = root.querySelector('.offer-price').textContent.replace(/\s/g, ' ');
    expect(/^[\d.]+,\d\d €$/.test(price), `de price ${price}`).toBe(true);
    const validity = root.querySelector('.offer-validity').textContent;
    expect(twoDigitDate('.').test(validity), `de date in ${validity}`).toBe(true);
    expect(validity).toContain('noch 14 Tage');
    expect(await shadowViolations(), 'axe on the offer screen').toEqual([]);
    expect(smallTargets(root), 'touch targets at 360 px').toEqual([]);

    const added = [];
    const steps = [];
    element.addEventListener('tradein:add-to-cart', (event) => added.push(event.detail));
    element.addEventListener('tradein:navigate', (event) => steps.push(event.detail.step.screen));
    const addButton = [...root.querySelectorAll('button')].find(
      (button) => button.textContent === 'In den Warenkorb',
    );
    addButton.click();
    await waitFor(() => added.length === 1, 'tradein:add-to-cart');
    expect(added[0].quantity).toBe(1);
    expect(steps.at(-1)).toBe('cart');
    const stored = Object.keys(localStorage)
      .map((key) => localStorage.getItem(key))
      .find((value) => value?.includes(added[0].offerId));
    expect(stored, 'the cart in storage holds the offer').toBeTruthy();
  });

  it('shows the fr price and date in another element', async () => {
    const { root } = await reachOffer('fr');
    const price = root.querySelector('.offer-price').textContent.replace(/\s/g, ' ');
    expect(/^[\d ]+,\d\d €$/.test(price), `fr price ${price}`).toBe(true);
    const validity = root.querySelector('.offer-validity').textContent;
    expect(twoDigitDate('/').test(validity), `fr date in ${validity}`).toBe(true);
  });
});
