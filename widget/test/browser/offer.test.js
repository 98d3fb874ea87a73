// The offer screen against the real trade API: the price and validity date in the edition's
// format, and the way into the cart.
import { expect } from './expect.js';
import { searchApi, shadowViolations, smallTargets, waitFor } from './helpers.js';
import {
  answerByKeyboard,
  findDeviceUrl,
  openDevice,
  waitForQuestion,
} from './question-helpers.js';
import { accessibleName, byRole, forgetCart, storedCart } from './cart-helpers.js';

/** The device the search finds by its url, with its questions (deviceByUrl). */
async function deviceOf(url) {
  return (await searchApi({ kind: 'deviceByUrl', url }, { resultSize: 1 })).hits[0];
}

/** The value of one cookie of the page, or undefined. */
function cookie(name) {
  return document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** Answers every question of an element by keyboard; resolves with its offer screen. */
async function reachOffer(edition) {
  const url = await findDeviceUrl('iphone 13 pro', edition);
  const opened = await openDevice(edition, url);
  const total = opened.root.querySelectorAll('.question-step').length;
  for (let number = 1; number <= total; number += 1) {
    await waitForQuestion(opened.root, number);
    await answerByKeyboard(opened.root);
  }
  await waitFor(() => opened.root.querySelector('.offer-price'), 'the offer', 10000);
  return opened;
}

const twoDigitDate = (separator) => new RegExp(`\\d\\d\\${separator}\\d\\d\\${separator}\\d\\d`);

describe('offer', () => {
  afterEach(() => {
    for (const frame of document.querySelectorAll('.frame-360')) frame.remove();
    forgetCart();
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

  it('names the device with its variant and the answers, and "sell another device" keeps the offer in the cart', async () => {
    const { element, root } = await reachOffer('de');
    const device = await deviceOf(element.getAttribute('device'));
    expect(device.variant, 'the seeded device has a variant').to.not.equal('');
    const offerHeading = byRole(root, 'heading', 'Dein Angebot');
    expect(offerHeading, 'the offer heading').to.be.ok;
    const section = offerHeading.closest('section');
    expect(section.textContent).to.include(device.name);
    expect(device.name).to.include(device.variant);

    // The answers, question → answer, in a disclosure.
    const answers = section.querySelector('details');
    expect(accessibleName(answers)).to.equal('Deine Antworten');
    answers.querySelector('summary').click();
    await waitFor(() => answers.open, 'the answers to open');
    const terms = [...answers.querySelectorAll('dt')].map((term) => accessibleName(term));
    const definitions = [...answers.querySelectorAll('dd')].map((term) => accessibleName(term));
    expect(terms).to.deep.equal(device.questions.map((question) => question.question));
    expect(definitions).to.deep.equal(device.questions.map((question) => question.answers[0].text));
    expect(byRole(root, 'button', 'Antworten ändern'), 'change answers').to.be.ok;
    expect(await shadowViolations(), 'axe on the offer with its answers open').to.deep.equal([]);
    expect(smallTargets(root), 'touch targets at 360 px').to.deep.equal([]);

    const added = [];
    element.addEventListener('tradein:add-to-cart', (event) => added.push(event.detail));
    byRole(root, 'button', 'Weiteres Gerät verkaufen').click();
    await waitFor(
      () => root.querySelector('input[type="search"], input[role="combobox"]'),
      'the search',
    );
    const news = await waitFor(
      () => byRole(root, 'status', /ist in deinem Warenkorb/),
      'the news beside the cart link',
    );
    expect(accessibleName(news)).to.equal(
      `${device.name} ist in deinem Warenkorb. 1 Gerät im Warenkorb.`,
    );
    expect(news.getAttribute('aria-live')).to.equal('polite');
    expect(byRole(root, 'button', 'Warenkorb 1 Gerät'), 'the cart link with its count').to.be.ok;
    expect(added).to.have.length(1);
    const [line] = storedCart();
    expect(line).to.deep.include({
      offerId: added[0].offerId,
      name: device.name,
      deviceUrl: device.url,
      variant: device.variant,
      quantity: 1,
    });
    expect(line.conditions).to.have.length(device.questions.length);
    expect(cookie('tradein_cart_count'), 'the count mirrored for the shop').to.equal('1');
    expect(await shadowViolations(), 'axe on the search with the news').to.deep.equal([]);
  });

  it('shows the fr price and date in another element', async () => {
    const { root } = await reachOffer('fr');
    const price = root.querySelector('.offer-price').textContent.replace(/\s/g, ' ');
    expect(/^[\d ]+,\d\d €$/.test(price), `fr price ${price}`).to.equal(true);
    const validity = root.querySelector('.offer-validity').textContent;
    expect(twoDigitDate('/').test(validity), `fr date in ${validity}`).to.equal(true);
  });
});
