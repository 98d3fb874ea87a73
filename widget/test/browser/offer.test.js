// The offer screen against the real trade API: the price and validity date in the edition's
// format, and the way into the cart.
import { expect } from './expect.js';
import { shadowViolations, smallTargets, waitFor } from './helpers.js';
import { findDeviceUrl, openDevice, answerByKeyboard } from './question-helpers.js';

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
    expect(/^[\d.]+,\d\d €$/.test(price), `de price ${price}`).to.equal(true);
    const validity = root.querySelector('.offer-validity').textContent;
    expect(twoDigitDate('.').test(validity), `de date in ${validity}`).to.equal(true);
    expect(validity).to.include('noch 14 Tage');
    expect(await shadowViolations(), 'axe on the offer screen').to.deep.equal([]);
    expect(smallTargets(root), 'touch targets at 360 px').to.deep.equal([]);

    const added = [];
    const steps = [];
    element.addEventListener('tradein:add-to-cart', (event) => added.push(event.detail));
    element.addEventListener('tradein:navigate', (event) => steps.push(event.detail));
    const addButton = [...root.querySelectorAll('button')].find(
      (button) => button.textContent === 'In den Warenkorb',
    );
    addButton.click();
    await waitFor(() => added.length === 1, 'tradein:add-to-cart');
    expect(added[0].quantity).to.equal(1);
    expect(steps.at(-1)?.step.screen).to.equal('cart');
    expect(steps.at(-1)?.path, 'the cart lives on the checkout page').to.equal('/checkout');
    const stored = Object.keys(localStorage)
      .map((key) => localStorage.getItem(key))
      .find((value) => value?.includes(added[0].offerId));
    expect(stored, 'the cart in storage holds the offer').to.be.ok;
  });

  it('shows the fr price and date in another element', async () => {
    const { root } = await reachOffer('fr');
    const price = root.querySelector('.offer-price').textContent.replace(/\s/g, ' ');
    expect(/^[\d ]+,\d\d €$/.test(price), `fr price ${price}`).to.equal(true);
    const validity = root.querySelector('.offer-validity').textContent;
    expect(twoDigitDate('/').test(validity), `fr date in ${validity}`).to.equal(true);
  });
});
