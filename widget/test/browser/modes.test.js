// Each shop mode through the element, against the real trade API: every step from the search to
// the thank-you page in the mode's words and look (axe on each, touch targets), and a business
// sale that needs its company and is stored for its partner.
import { expect } from './expect.js';
// The test runner serves files without bare-specifier resolution (nodeResolve: false).
// oxlint-disable-next-line import/no-absolute-path -- a URL path on the test server, not a file path
import { executeServerCommand } from '/node_modules/@web/test-runner-commands/browser/commands.mjs';
import {
  createOffer,
  fillCheckout,
  submitCheckout,
  openCheckoutOfCart,
  plain,
  type,
} from './cart-helpers.js';
import {
  shadowViolations,
  smallTargets,
  tradeApiOrigin,
  waitFor,
  whenShown,
  widgetFromMarkup,
} from './helpers.js';
import { answerAll, buttonNamed, findDeviceUrl, openDevice } from './question-helpers.js';

const capNote =
  'Geschäftsverkäufe dürfen innerhalb von 30 Tagen zusammen höchstens 5.000,00 € wert sein: Die Auszahlungen aller Geschäftsverkäufe mit derselben E-Mail-Adresse aus den letzten 30 Tagen zählen zusammen, der neue Verkauf eingeschlossen; zurückgeschickte Verkäufe zählen nicht.';

/** Opens the checkout of a one-device cart in an element of `attributes`. */
async function openCheckout(attributes, b2b) {
  const offer = await createOffer('galxy s21');
  return (await openCheckoutOfCart([{ ...offer, quantity: 1 }], { attributes, b2b })).root;
}

describe('shop modes', () => {
  afterEach(() => {
    document.body.replaceChildren();
    localStorage.clear();
  });

  for (const mode of ['default', 'b2bWidget', 'agan', 'aganwidget']) {
    const business = mode === 'b2bWidget';
    const agan = mode === 'agan' || mode === 'aganwidget';

    it(`${mode}: every step from search to thank-you, in its words and look`, async function () {
      this.timeout(40000);
      // Search and browse.
      const element = widgetFromMarkup(
        `edition="de" mode="${mode}" api-base="${tradeApiOrigin()}"`,
      );
      document.body.append(element);
      const first = await whenShown(element);
      expect(first.querySelector('h2').textContent).to.equal(
        business ? 'Gebrauchte Firmengeräte verkaufen' : 'Verkaufe dein gebrauchtes Gerät',
      );
      const focusColor = getComputedStyle(element).getPropertyValue('--tradein-color-focus');
      expect(focusColor.trim(), 'the agan look').to.equal(agan ? '#0a6b50' : '');
      expect(await shadowViolations(), 'axe on the search').to.deep.equal([]);
      first.querySelector('.browse-link button').click();
      await waitFor(() => first.querySelector('button.tile'), 'the categories', 10000);
      expect(await shadowViolations(), 'axe on browsing').to.deep.equal([]);
      element.remove();

      // Questions, offer, cart, checkout and thank-you of one device.
      const { root } = await openDevice('de', await findDeviceUrl('galaxy s21'), `mode="${mode}"`);
      expect(await shadowViolations(), 'axe on the questions').to.deep.equal([]);
      await answerAll(root);
      expect(await shadowViolations(), 'axe on the offer').to.deep.equal([]);
      buttonNamed(root, 'In den Warenkorb').click();
      await waitFor(() => root.querySelector('#tradein-cart-heading'), 'the cart');
      const cartHints = [...root.querySelectorAll('.hint')].map((hint) => plain(hint.textContent));
      expect(cartHints.includes(capNote), 'the B2B cap stated in the cart').to.equal(business);
      expect(await shadowViolations(), 'axe on the cart').to.deep.equal([]);
      buttonNamed(root, 'Zur Kasse').click();
      await waitFor(() => root.querySelector('#tradein-checkout-heading'), 'the checkout');
      expect(
        root.getElementById('tradein-checkout-company') !== null,
        'a company field for a business sale only',
      ).to.equal(business);
      expect(await shadowViolations(), 'axe on the checkout').to.deep.equal([]);
      expect(smallTargets(root), 'touch targets at 360 px').to.deep.equal([]);
      fillCheckout(root);
      if (business) type(root, 'tradein-checkout-company', 'Musterhandel GmbH');
      const tradeNumber = await submitCheckout(root);
      expect(await shadowViolations(), 'axe on the thank-you page').to.deep.equal([]);
      const stored = await executeServerCommand('trade-api:trade', { tradeNumber });
      expect([stored.shop_mode, stored.is_b2b]).to.deep.equal([mode, business ? 1 : 0]);
    });
  }

  it('b2bWidget: a business sale needs its company and is stored for the partner', async function () {
    this.timeout(30000);
    const root = await openCheckout('mode="b2bWidget" partner="musterhandel"', true);
    fillCheckout(root);
    root.querySelector('button[type="submit"]').click();
    const company = root.getElementById('tradein-checkout-company');
    await waitFor(() => company.getAttribute('aria-invalid') === 'true', 'the company error');
    expect(root.activeElement, 'the focus on the missing company').to.equal(company);

    type(root, 'tradein-checkout-company', 'Musterhandel GmbH');
    const tradeNumber = await submitCheckout(root);
    const stored = await executeServerCommand('trade-api:trade', { tradeNumber });
    expect([stored.shop_mode, stored.is_b2b, stored.partner]).to.deep.equal([
      'b2bWidget',
      1,
      'musterhandel',
    ]);
    expect(JSON.parse(stored.address_snapshot).company).to.equal('Musterhandel GmbH');
  });
});
