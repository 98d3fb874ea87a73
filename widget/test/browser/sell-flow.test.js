// The whole sell flow end to end, as a seller does it, against the real server: search with a
// typo, answer every question, take the offer, a second device, checkout as a guest with SEPA,
// and a thank-you page whose trade number is a trade in the server's database.
import { expect } from './expect.js';
// The test runner serves files without bare-specifier resolution (nodeResolve: false).
// oxlint-disable-next-line import/no-absolute-path -- a URL path on the test server, not a file path
import { executeServerCommand } from '/node_modules/@web/test-runner-commands/browser/commands.mjs';
import { type } from './cart-helpers.js';
import { tradeApiOrigin, waitFor, widgetFromMarkup } from './helpers.js';

const buttonNamed = (root, name) =>
  [...root.querySelectorAll('button')].find((button) => button.textContent.trim() === name);

/** Types into the search box as a seller would and chooses the first result. */
async function findAndChoose(root, text, expected) {
  const input = await waitFor(() => root.querySelector('[role="combobox"]'), 'the search box');
  input.focus();
  input.value = text;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  const option = await waitFor(
    () => root.querySelector('[role="option"]'),
    `results for "${text}"`,
    10000,
  );
  expect(option.textContent.includes(expected), option.textContent).toBeTruthy();
  option.click();
}

/** Answers every condition question with its first answer and opens the offer. */
async function answerAll(root) {
  await waitFor(() => root.querySelector('input[type="radio"]'), 'the first question', 10000);
  const total = root.querySelectorAll('.question-step').length;
  expect(total > 0, 'a step indicator').toBeTruthy();
  for (let number = 1; number <= total; number += 1) {
    await waitFor(
      () => root.querySelector('.question-count')?.textContent.includes(`${number}`),
      `question ${number}`,
    );
    const answer = root.querySelector('input[type="radio"]');
    answer.click();
    const next = root.querySelector('.actions .primary');
    await waitFor(() => answer.checked && !next.disabled, 'the next button');
    next.click();
  }
  return waitFor(() => root.querySelector('.offer-price'), 'the offer', 10000);
}

describe('selling two devices end to end', () => {
  afterEach(() => {
    document.body.replaceChildren();
    localStorage.clear();
  });

  it('searches "iphne 13", sells it and a Galaxy as a guest with SEPA, and stores the trade', async function () {
    this.timeout(60000);
    const element = widgetFromMarkup(`edition="de" api-base="${tradeApiOrigin()}"`);
    const created = new Promise((resolve) =>
      element.addEventListener('tradein:trade-created', (event) => resolve(event.detail), {
        once: true,
      }),
    );
    document.body.append(element);
    const root = await waitFor(
      () => element.shadowRoot?.querySelector('h2') && element.shadowRoot,
      'the widget',
    );

    await findAndChoose(root, 'iphne 13', 'iPhone 13');
    await answerAll(root);
    buttonNamed(root, 'In den Warenkorb').click();
    await waitFor(() => root.querySelector('#tradein-cart-heading'), 'the cart');
    const another = await waitFor(() => buttonNamed(root, 'Weiteres Gerät verkaufen'), 'more');
    another.click();

    await findAndChoose(root, 'galxy s21', 'Galaxy S21');
    await answerAll(root);
    buttonNamed(root, 'In den Warenkorb').click();
    await waitFor(() => root.querySelectorAll('.cart-line').length === 2, 'a cart of two devices');

    buttonNamed(root, 'Zur Kasse').click();
    await waitFor(() => root.querySelector('#tradein-checkout-heading'), 'the checkout');
    type(root, 'tradein-checkout-email', 'jonas.weber@example.org');
    type(root, 'tradein-checkout-firstName', 'Jonas');
    type(root, 'tradein-checkout-lastName', 'Weber');
    type(root, 'tradein-checkout-street', 'Lindenallee');
    type(root, 'tradein-checkout-houseNumber', '7');
    type(root, 'tradein-checkout-zip', '50668');
    type(root, 'tradein-checkout-city', 'Köln');
    type(root, 'tradein-checkout-accountHolder', 'Jonas Weber');
    type(root, 'tradein-checkout-iban', 'DE89 3704 0044 0532 0130 00');
    root.getElementById('tradein-checkout-acceptedTerms').click();
    root.querySelector('button[type="submit"]').click();

    const shown = await waitFor(
      () => root.querySelector('.thanks-number')?.textContent,
      'the thank-you page',
      15000,
    );
    const { tradeNumber } = await created;
    expect(shown).toBe(tradeNumber);

    const stored = await executeServerCommand('trade-api:trade', { tradeNumber });
    expect(stored?.trade_number).toBe(tradeNumber);
    expect(stored.items.length, 'two devices in the stored trade').toBe(2);
    expect(stored.items[0].device_name).toContain('iPhone 13');
    expect(stored.items[1].device_name).toContain('Galaxy S21');
    expect(stored.items.map((item) => item.quantity)).toEqual([1, 1]);
    const sum = stored.items.reduce((total, item) => total + item.price_cents * item.quantity, 0);
    expect(stored.total_cents).toBe(sum);
  });
});
