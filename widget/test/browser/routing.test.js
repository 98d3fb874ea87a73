// A host page that routes with the element, as the shop does: every `tradein:navigate` becomes
// a history entry holding the step, the back and forward buttons hand the step back through
// `flowStep`, a reload restores it from `history.state`, and `step` opens a page's own step.
import { expect } from './expect.js';
import { createOffer, seedCart } from './cart-helpers.js';
import { recordConsoleErrors, tradeApiOrigin, waitFor, widgetFromMarkup } from './helpers.js';
import { answerAll, buttonNamed, findDeviceUrl, openDevice } from './question-helpers.js';

/** A step the seller took becomes a history entry; its path goes in the URL's hash. */
const onNavigate = (event) =>
  history.pushState({ tradeinStep: event.detail.step }, '', `#${event.detail.path}`);

/** What the shop does: the step in `history.state`, handed back on the back and forward buttons. */
function routeWith(element, initialStep) {
  history.replaceState({ tradeinStep: initialStep }, '', location.pathname);
  const onPopState = (event) => {
    element.flowStep = event.state?.tradeinStep;
  };
  element.addEventListener('tradein:navigate', onNavigate);
  window.addEventListener('popstate', onPopState);
  return () => {
    element.removeEventListener('tradein:navigate', onNavigate);
    window.removeEventListener('popstate', onPopState);
  };
}

/** Goes back or forward one entry and waits until the page has handled it. */
function travel(delta) {
  const handled = new Promise((resolve) =>
    window.addEventListener('popstate', resolve, { once: true }),
  );
  history.go(delta);
  return handled;
}

const heading = (root) => root.querySelector('h2')?.textContent ?? '';

describe('routing with <tradein-widget>', () => {
  let stopRouting;
  afterEach(() => {
    stopRouting?.();
    stopRouting = undefined;
    document.body.replaceChildren();
    localStorage.clear();
  });

  it('follows the back and forward buttons through questions, offer and cart', async function () {
    this.timeout(30000);
    const deviceUrl = await findDeviceUrl('iphone 13');
    const { element, root } = await openDevice('de', deviceUrl);
    stopRouting = routeWith(element, { screen: 'questions', deviceUrl });
    const announced = [];
    element.addEventListener('tradein:navigate', (event) =>
      announced.push(event.detail.step.screen),
    );

    await answerAll(root);
    buttonNamed(root, 'In den Warenkorb').click();
    await waitFor(() => root.querySelector('#tradein-cart-heading'), 'the cart');
    expect(announced).to.deep.equal(['offer', 'cart']);
    expect(history.state.tradeinStep.screen).to.equal('cart');
    expect(location.hash).to.equal('#/checkout');

    await travel(-1);
    await waitFor(() => root.querySelector('.offer-price'), 'the offer after back');
    await travel(-1);
    await waitFor(() => root.querySelector('input[type="radio"]'), 'the questions after back');
    await travel(1);
    await waitFor(() => root.querySelector('.offer-price'), 'the offer after forward');
    // The host moved the element: nothing is announced back, so history does not grow.
    expect(announced).to.deep.equal(['offer', 'cart']);
  });

  it('restores the step of history.state after a reload, set before the element starts', async () => {
    const offer = await createOffer('iphne 13 pr');
    seedCart([{ ...offer, quantity: 1 }]);
    const element = widgetFromMarkup(`edition="de" api-base="${tradeApiOrigin()}"`);
    // A reload keeps history.state; the page hands it to the new element at once.
    element.flowStep = { screen: 'cart' };
    document.body.append(element);
    const root = element.shadowRoot;
    await waitFor(() => root.querySelector('#tradein-cart-heading'), 'the cart', 10000);
    expect(root.querySelector('.cart-line-name').textContent).to.equal(offer.name);
  });

  it('opens the checkout of a page that stands for it (step="checkout")', async () => {
    const offer = await createOffer('galxy s21 ultr');
    seedCart([{ ...offer, quantity: 1 }]);
    const element = widgetFromMarkup(`edition="de" step="checkout" api-base="${tradeApiOrigin()}"`);
    document.body.append(element);
    const checkoutHeading = await waitFor(
      () => element.shadowRoot.querySelector('#tradein-checkout-heading'),
      'the checkout',
      10000,
    );
    expect(checkoutHeading.textContent).to.equal('Kasse');
  });

  it('ignores a step it cannot check, with one console error, and stays where it is', async () => {
    const errors = recordConsoleErrors();
    try {
      const element = widgetFromMarkup(`edition="de" api-base="${tradeApiOrigin()}"`);
      document.body.append(element);
      await waitFor(() => element.shadowRoot.querySelector('[role="combobox"]'), 'the search');
      const before = heading(element.shadowRoot);
      element.flowStep = { screen: 'offer', offerId: '<script>', deviceUrl: 'x' };
      await waitFor(() => errors.calls.length > 0, 'the console error');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(errors.calls).to.deep.equal([
        '<tradein-widget>: flowStep is not a step of the flow; it is ignored.',
      ]);
      expect(heading(element.shadowRoot)).to.equal(before);
    } finally {
      errors.restore();
    }
  });
});
