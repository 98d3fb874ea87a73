import { expect } from './expect.js';
import { shadowViolations, smallTargets, waitFor } from './helpers.js';
import { createOffer, euros, openCart, plain, seedCart, storedCart } from './cart-helpers.js';

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
    localStorage.clear();
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
});
