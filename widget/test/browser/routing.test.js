// A host page that routes with the element, as the shop does: every `tradein:navigate` becomes
// a history entry holding the step, the back and forward buttons hand the step back through
// `flowStep`, a reload restores it from `history.state`, and `step` opens a page's own step.
import { expect } from './expect.js';
import { createOffer, seedCart } from './cart-helpers.js';
import {
  labelOf,
  recordConsoleErrors,
  tradeApiOrigin,
  waitFor,
  widgetFromMarkup,
} from './helpers.js';
import { buttonNamed, findDeviceUrl, openDevice } from './question-helpers.js';

/** A step the seller took becomes a history entry; its path goes in the URL's hash. */
const onNavigate = (event) =>
  history.pushState({ tradeinStep: event.detail.step }, '', `#${event.detail.path}`);

/** What the shop does: the step in `history.state`, handed back on the back and forward buttons. */
function routeWith(element, initialStep) {
  // The test page's query (the runner's session) stays: without it, on a busy machine the runner
  // at times never received this file's results and waited for them until its timeout.
  history.replaceState({ tradeinStep: initialStep }, '', location.pathname + location.search);
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

/** The progress the questions screen announces ("Frage 3 von 8"). */
const progress = (root) => root.querySelector('output.question-count')?.textContent ?? '';

/** The label of the chosen answer of the question on view; '' when none is chosen. */
const chosen = (root) =>
  root.querySelector('input[type="radio"]:checked')?.closest('label')?.textContent ?? '';

/** Waits until the questions screen shows question `number`. */
const atQuestion = (root, number) =>
  waitFor(() => progress(root).startsWith(`Frage ${number} `), `question ${number}`, 10000);

/** Chooses the answer labelled `label` (or the last one) on the question on view and goes on. */
async function answerAndGoOn(root, label) {
  const labels = [...root.querySelectorAll('label.answer')];
  const answer =
    label === undefined ? labels.at(-1) : labels.find((each) => each.textContent.includes(label));
  answer.querySelector('input').click();
  const next = root.querySelector('.actions [part~="primary"]');
  await waitFor(() => !next.disabled, 'the next button');
  next.click();
  return answer.textContent;
}

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

    const total = root.querySelectorAll('.question-step').length;
    const lastAnswers = [];
    for (let number = 1; number <= total; number += 1) {
      await atQuestion(root, number);
      lastAnswers.push(await answerAndGoOn(root));
    }
    await waitFor(() => root.querySelector('.offer-price'), 'the offer', 10000);
    buttonNamed(root, 'In den Warenkorb').click();
    await waitFor(() => root.querySelector('#tradein-cart-heading'), 'the cart');
    // Every question after the first is an entry of its own, then the offer and the cart.
    expect(announced).to.deep.equal([...Array(total - 1).fill('questions'), 'offer', 'cart']);
    expect(history.state.tradeinStep.screen).to.equal('cart');
    expect(location.hash).to.equal('#/checkout');

    await travel(-1);
    await waitFor(() => root.querySelector('.offer-price'), 'the offer after back');
    // Back from the offer: the last question, with the answer given there.
    await travel(-1);
    await atQuestion(root, total);
    expect(chosen(root)).to.equal(lastAnswers[total - 1]);
    await travel(-1);
    await atQuestion(root, total - 1);
    expect(chosen(root)).to.equal(lastAnswers[total - 2]);
    await travel(1);
    await atQuestion(root, total);
    expect(chosen(root)).to.equal(lastAnswers[total - 1]);
    await travel(1);
    await waitFor(() => root.querySelector('.offer-price'), 'the offer after forward');
    // The host moved the element: nothing is announced back, so history does not grow.
    expect(announced).to.have.length(total + 1);
  });

  it('keeps the answers through back and forward, and a reload shows the same question', async function () {
    this.timeout(30000);
    const deviceUrl = await findDeviceUrl('iphone 13');
    const { element, root } = await openDevice('de', deviceUrl);
    stopRouting = routeWith(element, { screen: 'questions', deviceUrl });
    const first = await answerAndGoOn(root);
    await atQuestion(root, 2);
    // The new question takes the focus and its progress is announced.
    await waitFor(() => root.activeElement?.classList.contains('question-text'), 'the focus');
    const second = await answerAndGoOn(root);
    await atQuestion(root, 3);
    const third = await answerAndGoOn(root);
    await atQuestion(root, 4);

    await travel(-1);
    await atQuestion(root, 3);
    // Given after that entry was made, the third answer is remembered all the same.
    expect(chosen(root)).to.equal(third);
    await travel(-1);
    await atQuestion(root, 2);
    expect(chosen(root)).to.equal(second);
    await travel(1);
    await atQuestion(root, 3);
    expect(chosen(root)).to.equal(third);

    // The screen's own Back button goes to the question before, with its answer.
    buttonNamed(root, 'Zurück').click();
    await atQuestion(root, 2);
    expect(chosen(root)).to.equal(second);
    buttonNamed(root, 'Zurück').click();
    await atQuestion(root, 1);
    expect(chosen(root)).to.equal(first);

    // A reload: a new element handed the entry's step restores that question and its answers.
    const step = history.state.tradeinStep;
    expect(step).to.deep.include({ screen: 'questions', deviceUrl, question: 0 });
    document.body.replaceChildren();
    const again = widgetFromMarkup(`edition="de" api-base="${tradeApiOrigin()}"`);
    again.flowStep = step;
    document.body.append(again);
    await atQuestion(again.shadowRoot, 1);
    expect(chosen(again.shadowRoot)).to.equal(first);
    buttonNamed(again.shadowRoot, 'Weiter').click();
    await atQuestion(again.shadowRoot, 2);
    expect(chosen(again.shadowRoot)).to.equal(second);
    expect(again.shadowRoot.activeElement).to.equal(null);
  });

  it('changes the variant on the questions screen, keeping the answers', async function () {
    this.timeout(30000);
    const deviceUrl = await findDeviceUrl('iphone 13');
    const { element, root } = await openDevice('de', deviceUrl);
    stopRouting = routeWith(element, { screen: 'questions', deviceUrl });
    const first = await answerAndGoOn(root);
    await atQuestion(root, 2);
    const variant = root.querySelector('select');
    expect(labelOf(root, variant)).to.equal('Speicher');
    const options = [...variant.options];
    expect(options.length).to.be.greaterThan(1);
    expect(variant.value).to.equal(deviceUrl);
    const other = options.find((option) => option.value !== deviceUrl);
    variant.value = other.value;
    variant.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => heading(root).includes(other.textContent), 'the other variant', 10000);
    expect(history.state.tradeinStep).to.deep.include({ deviceUrl: other.value, question: 1 });
    await atQuestion(root, 2);
    buttonNamed(root, 'Zurück').click();
    await atQuestion(root, 1);
    expect(chosen(root)).to.equal(first);
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
