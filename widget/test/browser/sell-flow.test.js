// The whole sell flow end to end, as a seller does it, against the real server: search with a
// typo, answer every question, take the offer, a second device, checkout as a guest with SEPA,
// and a thank-you page whose trade number is a trade in the server's database.
import { expect } from './expect.js';
// The test runner serves files without bare-specifier resolution (nodeResolve: false).
// oxlint-disable-next-line import/no-absolute-path -- a URL path on the test server, not a file path
import { executeServerCommand } from '/node_modules/@web/test-runner-commands/browser/commands.mjs';
import { fillCheckout, submitCheckout } from './cart-helpers.js';
import { tradeApiOrigin, waitFor, widgetFromMarkup } from './helpers.js';
import { answerAll, buttonNamed } from './question-helpers.js';
import { clientIdCookie, forgetClientId, storedEvents } from './tracking-helpers.js';

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
  expect(option.textContent.includes(expected), option.textContent).to.be.ok;
  option.click();
}

describe('selling two devices end to end', () => {
  afterEach(() => {
    document.body.replaceChildren();
    localStorage.clear();
  });

  it('searches "iphne 13", sells it and a Galaxy as a guest with SEPA, and stores the trade', async function () {
    this.timeout(60000);
    forgetClientId();
    const element = widgetFromMarkup(
      `edition="de" api-base="${tradeApiOrigin()}" tracking-consent="granted"`,
    );
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
    fillCheckout(root);
    const shown = await submitCheckout(root);
    const { tradeNumber } = await created;
    expect(shown).to.equal(tradeNumber);

    const stored = await executeServerCommand('trade-api:trade', { tradeNumber });
    expect(stored?.trade_number).to.equal(tradeNumber);
    expect(stored.items.length, 'two devices in the stored trade').to.equal(2);
    expect(stored.items[0].device_name).to.include('iPhone 13');
    expect(stored.items[1].device_name).to.include('Galaxy S21');
    expect(stored.items.map((item) => item.quantity)).to.deep.equal([1, 1]);
    const sum = stored.items.reduce((total, item) => total + item.price_cents * item.quantity, 0);
    expect(stored.total_cents).to.equal(sum);

    // With consent, the server has the three business events of the sale, in order.
    const clientId = clientIdCookie();
    expect(clientId, 'a tracking client id from the trade API').to.be.ok;
    const events = await storedEvents(clientId, 5);
    expect(events.map((event) => event.event_name)).to.deep.equal([
      'offer_generated',
      'offer_add_to_cart',
      'offer_generated',
      'offer_add_to_cart',
      'trade_created',
    ]);
    expect(events.every((event) => event.application_id === 'tradein-de')).to.equal(true);
    expect(events.every((event) => event.url === location.href)).to.equal(true);
    const { tradeId, revenue, currency, ...rest } = events[4].payload;
    expect([tradeId, revenue, currency]).to.deep.equal([stored.id, stored.total_cents, 'EUR']);
    expect(rest, 'no voucher in this trade').to.deep.equal({});
  });
});
