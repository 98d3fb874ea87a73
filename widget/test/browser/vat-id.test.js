// The VAT ID of a business sale: the field shows in mode b2bWidget only, names what is wrong
// with a number (check digits, format of its country) on leaving the field and on submit, and
// sends a valid number normalised with the trade. The cart states the B2B cap in its one wording.
import { expect } from './expect.js';
import { shadowViolations, smallTargets, waitFor } from './helpers.js';
import {
  createOffer,
  fillCheckout,
  forgetCart,
  openCart,
  openCheckoutOfCart,
  plain,
  recordedCheckouts,
  seedCart,
  submitCheckout,
  type,
} from './cart-helpers.js';

const vatField = 'tradein-checkout-vatId';

/** Opens the checkout of a one-device cart in a mode; returns the opened element. */
async function openCheckoutIn(mode) {
  const b2b = mode === 'b2bWidget';
  return openCheckoutOfCart([{ ...(await createOffer('iphne 13 pr')), quantity: 1 }], {
    attributes: b2b ? 'mode="b2bWidget"' : '',
    b2b,
  });
}

/** The error shown next to a field, found through its aria-describedby; undefined if none. */
function errorOf(root, id) {
  const input = root.getElementById(id);
  if (input.getAttribute('aria-invalid') !== 'true') return undefined;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids
    .map((describedBy) => root.getElementById(describedBy))
    .find((element) => element?.classList.contains('checkout-error'))?.textContent;
}

/** The label text of a field. */
const labelOf = (root, id) => plain(root.querySelector(`label[for="${id}"]`)?.textContent);

describe('the VAT ID of a business checkout', () => {
  let opened;
  const tradeBodies = recordedCheckouts();
  afterEach(() => {
    opened?.remove();
    opened = undefined;
    forgetCart();
  });

  it('is not asked of a consumer', async () => {
    opened = await openCheckoutIn(undefined);
    expect(opened.root.getElementById(vatField)).to.equal(null);
    expect(opened.root.querySelector('.checkout-summary-seller')).to.equal(null);
  });

  it('names the wrong check digits on leaving the field, and the wrong format on submit', async () => {
    opened = await openCheckoutIn('b2bWidget');
    const { root } = opened;
    const input = root.getElementById(vatField);
    expect(labelOf(root, vatField)).to.equal('USt-IdNr. (optional)');
    expect(input.getAttribute('autocomplete')).to.equal('off');
    expect(input.getAttribute('inputmode')).to.equal('text');
    expect(input.getAttribute('aria-describedby')).to.include('tradein-checkout-vatId-hint');

    type(root, vatField, 'DE111111126');
    root.getElementById('tradein-checkout-salutation').focus();
    await waitFor(() => errorOf(root, vatField), 'the check digit error');
    expect(errorOf(root, vatField)).to.equal(
      'DE111111126: Die Prüfziffer stimmt nicht. Vergleichen Sie die Nummer mit Ihrer Bestätigung vom Bundeszentralamt für Steuern.',
    );
    expect(await shadowViolations()).to.deep.equal([]);

    fillCheckout(root);
    type(root, 'tradein-checkout-company', 'Musterhandel GmbH');
    type(root, vatField, 'de 1366');
    root.querySelector('button[type="submit"]').click();
    await waitFor(() => errorOf(root, vatField), 'the format error');
    expect(errorOf(root, vatField)).to.equal(
      'DE1366 ist keine gültige USt-IdNr. für Deutschland: Prüfen Sie die Anzahl der Ziffern und Buchstaben.',
    );
    expect(root.activeElement?.id).to.equal(vatField);
    expect(tradeBodies).to.deep.equal([]);
  });

  it('shows a valid number in the summary and sends it normalised with the trade', async () => {
    opened = await openCheckoutIn('b2bWidget');
    const { root } = opened;
    fillCheckout(root);
    // A seller of its own: the B2B cap counts the business sales of one e-mail address.
    type(root, 'tradein-checkout-email', `vat.${Date.now()}@example.org`);
    type(root, 'tradein-checkout-company', 'Musterhandel GmbH');
    type(root, vatField, 'de 136.695.976');
    root.getElementById('tradein-checkout-salutation').focus();
    const seller = () =>
      [...root.querySelectorAll('.checkout-summary-seller dd')].map((dd) => plain(dd.textContent));
    await waitFor(() => seller()[1] === 'DE136695976', 'the VAT ID in the summary');
    expect(seller()).to.deep.equal(['Musterhandel GmbH', 'DE136695976']);
    expect(errorOf(root, vatField)).to.equal(undefined);
    expect(smallTargets(root)).to.deep.equal([]);
    const tradeNumber = await submitCheckout(root);
    expect(/^T-\d{4}-\d{6,10}$/.test(tradeNumber), tradeNumber).to.be.ok;
    expect(tradeBodies.map((body) => [body.shopMode, body.vatId])).to.deep.equal([
      ['b2bWidget', 'DE136695976'],
    ]);
  });

  it('states the cap and what counts toward it in the B2B cart', async () => {
    seedCart([{ ...(await createOffer('iphne 13 pr')), quantity: 1 }], { b2b: true });
    opened = await openCart('mode="b2bWidget"');
    const hint = [...opened.root.querySelectorAll('.hint')].map((p) => plain(p.textContent));
    expect(hint).to.include(
      'Geschäftsverkäufe dürfen innerhalb von 30 Tagen zusammen höchstens 5.000,00 € wert sein: Die Auszahlungen aller Geschäftsverkäufe mit derselben E-Mail-Adresse aus den letzten 30 Tagen zählen zusammen, der neue Verkauf eingeschlossen; zurückgeschickte Verkäufe zählen nicht.',
    );
  });
});
