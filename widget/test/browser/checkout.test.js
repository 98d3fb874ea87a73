import { expect } from './expect.js';
import { shadowViolations, smallTargets, tradeApiOrigin, waitFor } from './helpers.js';
import {
  createOffer,
  fillCheckout,
  openCheckoutOfCart,
  recordedCheckouts,
  storedCart,
  type,
} from './cart-helpers.js';

/** Opens the checkout of a cart with two real offers; returns the opened element. */
async function openCheckout() {
  const iphone = await createOffer('iphne 13 pr');
  const galaxy = await createOffer('galxy s21 ultr');
  return openCheckoutOfCart([
    { ...iphone, quantity: 1 },
    { ...galaxy, quantity: 2 },
  ]);
}

const submitButton = (root) => root.querySelector('button[type="submit"]');

/** The error shown next to a field, found through the field's aria-describedby. */
function errorOf(root, id) {
  const input = root.getElementById(id);
  if (input.getAttribute('aria-invalid') !== 'true') return undefined;
  return root.getElementById(input.getAttribute('aria-describedby'))?.textContent;
}

describe('the checkout', () => {
  let opened;
  const tradeBodies = recordedCheckouts();
  afterEach(() => {
    opened?.remove();
    opened = undefined;
    localStorage.clear();
  });

  it('shows localized errors next to an invalid postal code and IBAN and sends nothing', async () => {
    opened = await openCheckout();
    const { root } = opened;
    expect(await shadowViolations()).to.deep.equal([]);
    expect(smallTargets(root)).to.deep.equal([]);
    const terms = root.querySelector('label[for="tradein-checkout-acceptedTerms"]');
    expect(terms.textContent).to.equal('Ich akzeptiere die AGB und die Datenschutzerklärung.');
    expect(
      [...terms.querySelectorAll('a')].map((link) => [link.href, link.target, link.rel]),
    ).to.deep.equal([
      [`${tradeApiOrigin()}/content/terms`, '_blank', 'noopener'],
      [`${tradeApiOrigin()}/content/privacy`, '_blank', 'noopener'],
    ]);
    fillCheckout(root, { zip: '1011', iban: 'DE89370400440532013001' });
    submitButton(root).click();
    await waitFor(() => errorOf(root, 'tradein-checkout-zip'), 'the postal code error');
    expect(errorOf(root, 'tradein-checkout-zip')).to.equal(
      'Diese Postleitzahl gibt es in diesem Land nicht. Prüfe die Ziffern.',
    );
    expect(errorOf(root, 'tradein-checkout-iban')).to.equal(
      'Diese IBAN ist ungültig. Vergleiche sie mit deiner Bankkarte oder deinem Kontoauszug.',
    );
    expect(errorOf(root, 'tradein-checkout-city')).to.equal(undefined);
    expect(root.activeElement?.id).to.equal('tradein-checkout-zip');
    expect(tradeBodies).to.deep.equal([]);
    expect(storedCart().length).to.equal(2);
    expect(await shadowViolations()).to.deep.equal([]);
  });

  it('shows the server refusing a voucher next to the voucher field', async () => {
    opened = await openCheckout();
    const { root } = opened;
    fillCheckout(root);
    type(root, 'tradein-checkout-voucher', 'SUMMER2024');
    submitButton(root).click();
    await waitFor(() => errorOf(root, 'tradein-checkout-voucher'), 'the voucher error', 10000);
    expect(errorOf(root, 'tradein-checkout-voucher')).to.include('Gutscheincode');
    expect(root.activeElement?.id).to.equal('tradein-checkout-voucher');
    expect(storedCart().length).to.equal(2);
  });

  it('checks out as a guest with SEPA and shows the trade number and a working label', async () => {
    opened = await openCheckout();
    const { root, element } = opened;
    const created = new Promise((resolve) =>
      element.addEventListener('tradein:trade-created', (event) => resolve(event.detail), {
        once: true,
      }),
    );
    fillCheckout(root);
    submitButton(root).click();
    await waitFor(() => root.querySelector('#tradein-thanks-heading'), 'the thank-you page', 10000);
    const { tradeNumber } = await created;
    expect(/^T-\d{4}-\d{6,10}$/.test(tradeNumber), tradeNumber).to.be.ok;
    expect(root.querySelector('.thanks-number').textContent).to.equal(tradeNumber);
    expect(storedCart()).to.deep.equal([]);
    const link = await waitFor(() => root.querySelector('a[download]'), 'the label link', 10000);
    expect(link.getAttribute('download')).to.equal(`label-${tradeNumber}.pdf`);
    expect(link.href.startsWith('blob:')).to.be.ok;
    const bytes = await (await fetch(link.href)).text();
    expect(bytes.slice(0, 4)).to.equal('%PDF');
    // The after-sale part (status link, contact) comes with the trade: check it too.
    await waitFor(() => root.querySelector('a[href*="/trade/status?token="]'), 'the status link');
    expect(await shadowViolations()).to.deep.equal([]);
    expect(smallTargets(root)).to.deep.equal([]);
  });
});
