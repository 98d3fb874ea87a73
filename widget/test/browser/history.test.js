// The element on a partner page that does not route: with history="push" it keeps the page's
// history itself (an entry per step, the back button followed); without it, it never touches
// history. Right after a trade, an emptied checkout shows the trade instead of an empty form.
import { expect } from './expect.js';
import { createOffer, seedCart } from './cart-helpers.js';
import { tradeApiOrigin, waitFor, widgetFromMarkup } from './helpers.js';
import { buttonNamed, findDeviceUrl, openDevice } from './question-helpers.js';

/** The progress the questions screen announces ("Frage 3 von 8"). */
const progress = (root) => root.querySelector('output.question-count')?.textContent ?? '';

/** The label of the chosen answer of the question on view; '' when none is chosen. */
const chosen = (root) =>
  root.querySelector('input[type="radio"]:checked')?.closest('label')?.textContent ?? '';

const atQuestion = (root, number) =>
  waitFor(() => progress(root).startsWith(`Frage ${number} `), `question ${number}`, 10000);

/** Chooses the last answer of the question on view and goes on; returns its label. */
async function answerAndGoOn(root) {
  const answer = [...root.querySelectorAll('label.answer')].at(-1);
  answer.querySelector('input').click();
  const next = root.querySelector('.actions [part~="primary"]');
  await waitFor(() => !next.disabled, 'the next button');
  next.click();
  return answer.textContent;
}

/** Goes back or forward one entry and waits for the page's popstate. */
function travel(delta) {
  const handled = new Promise((resolve) =>
    window.addEventListener('popstate', resolve, { once: true }),
  );
  history.go(delta);
  return handled;
}

describe('<tradein-widget> and the page history', () => {
  afterEach(() => {
    document.body.replaceChildren();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('with history="push", adds an entry per step and follows back and forward', async function () {
    this.timeout(30000);
    const deviceUrl = await findDeviceUrl('iphone 13');
    const before = history.length;
    const page = location.href;
    const { root } = await openDevice('de', deviceUrl, 'history="push"');
    const first = await answerAndGoOn(root);
    await atQuestion(root, 2);
    const second = await answerAndGoOn(root);
    await atQuestion(root, 3);
    expect(history.length).to.equal(before + 2);
    // At the page's own URL, under a key of the element's own.
    expect(location.href).to.equal(page);
    expect(history.state['tradein-flow:de:0']).to.deep.include({
      screen: 'questions',
      question: 2,
    });

    await travel(-1);
    await atQuestion(root, 2);
    expect(chosen(root)).to.equal(second);
    await travel(-1);
    await atQuestion(root, 1);
    expect(chosen(root)).to.equal(first);
    await travel(1);
    await atQuestion(root, 2);
    expect(chosen(root)).to.equal(second);
  });

  it('never touches the history without the attribute', async function () {
    this.timeout(30000);
    const deviceUrl = await findDeviceUrl('iphone 13');
    history.replaceState({ page: 'partner' }, '');
    const before = history.length;
    const { root } = await openDevice('de', deviceUrl);
    await answerAndGoOn(root);
    await atQuestion(root, 2);
    await answerAndGoOn(root);
    await atQuestion(root, 3);
    expect(history.length).to.equal(before);
    expect(history.state).to.deep.equal({ page: 'partner' });
    // Its own Back button still goes to the question before.
    buttonNamed(root, 'Zurück').click();
    await atQuestion(root, 2);
  });

  it('shows the trade just made at a checkout emptied by it, and the form once the cart holds a device again', async function () {
    this.timeout(20000);
    sessionStorage.setItem(
      'tradein-trade:de',
      JSON.stringify({ screen: 'thank-you', tradeNumber: 'T-2026-000041' }),
    );
    const element = widgetFromMarkup(`edition="de" step="checkout" api-base="${tradeApiOrigin()}"`);
    document.body.append(element);
    const root = element.shadowRoot;
    await waitFor(() => root.querySelector('#tradein-thanks-heading'), 'the thank-you step', 10000);
    expect(root.querySelector('.thanks-number').textContent).to.equal('T-2026-000041');
    expect(root.querySelector('form')).to.equal(null);
    element.remove();

    const offer = await createOffer('iphne 13 pr');
    seedCart([{ ...offer, quantity: 1 }]);
    const withCart = widgetFromMarkup(
      `edition="de" step="checkout" api-base="${tradeApiOrigin()}"`,
    );
    document.body.append(withCart);
    await waitFor(
      () => withCart.shadowRoot.querySelector('#tradein-checkout-heading'),
      'the checkout',
      10000,
    );
    // A cart with a device again ends the trade's turn: it is no longer kept.
    await waitFor(() => sessionStorage.getItem('tradein-trade:de') === null, 'the trade forgotten');
    expect(withCart.shadowRoot.querySelector('#tradein-thanks-heading')).to.equal(null);
  });
});
