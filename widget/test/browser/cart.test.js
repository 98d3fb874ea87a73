import { expect } from './expect.js';
import { shadowViolations, smallTargets, waitFor } from './helpers.js';
import {
  accessibleName,
  allByRole,
  byRole,
  createOffer,
  euros,
  forgetCart,
  openCart,
  openCheckout,
  plain,
  seedCart,
  storedCart,
} from './cart-helpers.js';

function lineTexts(root) {
  return [...root.querySelectorAll('.cart-line')].map((line) => ({
    name: line.querySelector('.cart-line-name').textContent,
    quantity: line.querySelector('.cart-quantity').textContent,
    amount: plain(line.querySelector('.cart-amount').textContent),
  }));
}

describe('the cart', () => {
  let opened;
  afterEach(() => {
    opened?.remove();
    opened = undefined;
    forgetCart();
  });

  it('shows several devices with quantities, truncated line amounts and their total', async () => {
    const iphone = await createOffer('iphne 13 pr');
    const galaxy = await createOffer('galxy s21 ultr');
    // A price with a sub-cent fraction (as §3 allows): 3 × 33.335 = 100.005 cents → 1,00 €.
    const fraction = { ...(await createOffer('ipad')), price: 33.335 };
    seedCart([
      { ...iphone, quantity: 1 },
      { ...galaxy, quantity: 2 },
      { ...fraction, quantity: 3 },
    ]);
    opened = await openCart();
    const { root } = opened;
    expect(lineTexts(root)).to.deep.equal([
      { name: iphone.name, quantity: '1', amount: euros(iphone.price) },
      { name: galaxy.name, quantity: '2', amount: euros(2 * galaxy.price) },
      { name: fraction.name, quantity: '3', amount: euros(100) },
    ]);
    const total = () => plain(root.querySelector('.cart-total-amount').textContent);
    expect(total()).to.equal(euros(iphone.price + 2 * galaxy.price + 100));
    const expiry = Math.min(iphone.expiresAt, galaxy.expiresAt, fraction.expiresAt);
    const day = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      day: '2-digit',
      month: '2-digit',
      year: '2-digit',
    }).format(expiry);
    expect(root.querySelector('.hint').textContent).to.include(day);

    // More of the first device, fewer of the second, then remove the third.
    const buttons = (index) =>
      root.querySelectorAll('.cart-line')[index].querySelectorAll('button');
    expect(buttons(0)[1].getAttribute('aria-label')).to.include(iphone.name);
    buttons(0)[1].click();
    await waitFor(() => lineTexts(root)[0].quantity === '2', 'quantity 2');
    buttons(1)[0].click();
    await waitFor(() => lineTexts(root)[1].quantity === '1', 'quantity 1');
    buttons(2)[2].click();
    await waitFor(() => lineTexts(root).length === 2, 'the line removed');
    expect(total()).to.equal(euros(2 * iphone.price + galaxy.price));
    expect(storedCart().map((line) => [line.offerId, line.quantity])).to.deep.equal([
      [iphone.offerId, 2],
      [galaxy.offerId, 1],
    ]);

    expect(await shadowViolations()).to.deep.equal([]);
    expect(smallTargets(root)).to.deep.equal([]);
  });

  it('refuses a quantity over the B2B cap with a message naming the cap', async () => {
    const iphone = await createOffer('iphne 13 pr');
    const most = Math.floor(500_000 / iphone.price);
    seedCart([{ ...iphone, quantity: most }], { b2b: true });
    opened = await openCart('mode="b2bWidget"');
    const { root } = opened;
    root.querySelector('.cart-line').querySelectorAll('button')[1].click();
    const alert = await waitFor(() => root.querySelector('.cart-notice .alert'), 'the cap message');
    expect(plain(alert.textContent)).to.include(euros(500_000));
    expect(root.querySelector('.cart-quantity').textContent).to.equal(String(most));
    expect(storedCart()[0].quantity).to.equal(most);
    expect(await shadowViolations()).to.deep.equal([]);
  });

  it('says when it is empty and leads to the search', async () => {
    seedCart([{ ...(await createOffer('iphne 13 pr')), quantity: 1 }]);
    opened = await openCart();
    const { root } = opened;
    root.querySelector('.cart-line').querySelectorAll('button')[2].click();
    const find = await waitFor(() => root.querySelector('.cart-empty button'), 'the empty cart');
    expect(root.querySelector('.cart-empty p').textContent).to.equal('Dein Warenkorb ist leer.');
    find.click();
    await waitFor(() => !root.querySelector('#tradein-cart-heading'), 'the search');
  });

  it('names each device with its variant and answers, and keeps them through a reload', async () => {
    const iphone = await createOffer('iphne 13 pr');
    const galaxy = await createOffer('galxy s21 ultr');
    seedCart(
      [
        { ...iphone, quantity: 1 },
        { ...galaxy, quantity: 2 },
      ],
      { full: true },
    );
    opened = await openCart();
    const lines = allByRole(opened.root, 'listitem');
    expect(
      lines.map((line) => plain(line.querySelector('.cart-line-name').textContent)),
    ).to.deep.equal([iphone.details.name, galaxy.details.name]);
    const answers = lines[0].querySelector('details');
    expect(accessibleName(answers)).to.equal('Deine Antworten');
    answers.querySelector('summary').click();
    await waitFor(() => answers.open, 'the answers to open');
    expect(
      [...answers.querySelectorAll('dt, dd')].map((entry) => accessibleName(entry)),
    ).to.deep.equal(iphone.details.conditions.flatMap((entry) => [entry.question, entry.answer]));
    expect(byRole(opened.root, 'button', `Antworten ändern: ${iphone.details.name}`)).to.be.ok;
    expect(await shadowViolations(), 'axe on the cart with answers open').to.deep.equal([]);
    expect(smallTargets(opened.root), 'touch targets at 360 px').to.deep.equal([]);

    // A reload: a new element reads the stored cart back, answers and all.
    opened.remove();
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'tradein:checkout',
        newValue: localStorage.getItem('tradein:checkout'),
      }),
    );
    opened = await openCart();
    const again = allByRole(opened.root, 'listitem');
    expect(again).to.have.length(2);
    expect(
      [...again[1].querySelectorAll('dt, dd')].map((entry) => accessibleName(entry)),
    ).to.deep.equal(galaxy.details.conditions.flatMap((entry) => [entry.question, entry.answer]));
    expect(storedCart().map((line) => line.deviceUrl)).to.deep.equal([
      iphone.details.deviceUrl,
      galaxy.details.deviceUrl,
    ]);
  });

  it('changes the answers of a line: the new offer takes its place', async function () {
    this.timeout(30000);
    const iphone = await createOffer('iphne 13 pr');
    const galaxy = await createOffer('galxy s21 ultr');
    const ipad = await createOffer('ipad');
    seedCart(
      [
        { ...galaxy, quantity: 1 },
        { ...iphone, quantity: 2 },
        { ...ipad, quantity: 1 },
      ],
      { full: true },
    );
    opened = await openCart();
    const { root } = opened;
    byRole(root, 'button', `Antworten ändern: ${iphone.details.name}`).click();

    // The questions open at the first one, with the line's answers chosen: pick another there.
    await waitFor(() => root.querySelector('input[type="radio"]'), 'the questions', 10000);
    const radios = () => [...root.querySelectorAll('input[type="radio"]')];
    const onView = () =>
      [...root.querySelectorAll('.question-step')].findIndex(
        (step) => step.getAttribute('aria-current') === 'step',
      );
    const total = iphone.details.answers.length;
    for (let index = 0; index < total; index += 1) {
      await waitFor(() => onView() === index, `question ${index + 1}`);
      if (index === 0) {
        await waitFor(() => radios()[0]?.checked, 'the line’s first answer chosen');
        radios()[1].click();
      }
      const next = await waitFor(
        () => {
          const button = root.querySelector('.actions [part~="primary"]');
          return button !== null && !button.disabled && radios().some((radio) => radio.checked)
            ? button
            : undefined;
        },
        `question ${index + 1} answered`,
      );
      next.click();
    }
    await waitFor(() => root.querySelector('.offer-price'), 'the new offer', 10000);
    expect(plain(root.querySelector('.offer-updated')?.textContent)).to.equal(
      'Deine Antworten wurden geändert. Dieses Angebot ersetzt das frühere in deinem Warenkorb.',
    );
    expect(await shadowViolations(), 'axe on the updated offer').to.deep.equal([]);
    byRole(root, 'button', 'Warenkorb aktualisieren').click();
    await waitFor(() => root.querySelector('#tradein-cart-heading'), 'the cart');

    const cart = storedCart();
    expect(cart.map((line) => line.deviceId)).to.deep.equal([
      galaxy.deviceId,
      iphone.deviceId,
      ipad.deviceId,
    ]);
    expect(cart[1].offerId).to.not.equal(iphone.offerId);
    expect(cart[1].quantity, 'the quantity stays').to.equal(2);
    expect(cart[1].conditions[0].answer).to.not.equal(iphone.details.conditions[0].answer);
    expect(cart.filter((line) => line.offerId === iphone.offerId)).to.deep.equal([]);
    expect(allByRole(root, 'listitem')).to.have.length(3);
  });

  it('never shows a form to send at the checkout of an empty cart', async () => {
    opened = await openCheckout();
    const { root } = opened;
    expect(byRole(root, 'heading', 'Kasse'), 'the checkout heading').to.be.ok;
    await waitFor(() => root.textContent.includes('Dein Warenkorb ist leer.'), 'the empty cart');
    expect(root.querySelector('form'), 'no checkout form').to.equal(null);
    expect(allByRole(root, 'button', 'Jetzt verkaufen')).to.deep.equal([]);
    expect(await shadowViolations(), 'axe on the empty checkout').to.deep.equal([]);
    byRole(root, 'button', 'Gerät zum Verkaufen finden').click();
    await waitFor(() => root.querySelector('input[role="combobox"]'), 'the search');
  });

  it('lists what is sold above the checkout form, with the answers', async () => {
    const iphone = await createOffer('iphne 13 pr');
    seedCart([{ ...iphone, quantity: 2 }], { full: true });
    opened = await openCheckout();
    const { root } = opened;
    const summary = await waitFor(
      () => byRole(root, 'heading', 'Was du verkaufst')?.closest('section'),
      'the summary',
    );
    const [line] = allByRole(summary, 'listitem');
    expect(plain(line.querySelector('.checkout-summary-name').textContent)).to.equal(
      `2 × ${iphone.details.name}`,
    );
    expect(plain(line.querySelector('.checkout-summary-amount').textContent)).to.equal(
      euros(2 * iphone.price),
    );
    line.querySelector('summary').click();
    expect(
      [...line.querySelectorAll('dt, dd')].map((entry) => accessibleName(entry)),
    ).to.deep.equal(iphone.details.conditions.flatMap((entry) => [entry.question, entry.answer]));
    expect(byRole(summary, 'button', `Antworten ändern: ${iphone.details.name}`)).to.be.ok;
    expect(root.querySelector('form'), 'the form below').to.be.ok;
    expect(await shadowViolations(), 'axe on the checkout with its summary').to.deep.equal([]);
  });
});
