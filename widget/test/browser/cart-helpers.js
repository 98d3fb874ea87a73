// Helpers of the cart and checkout browser tests: real offers from the trade API, a seeded
// cart, and the element opened on its cart.
import { searchApi, tradeApiOrigin, waitFor, widgetFromMarkup } from './helpers.js';

/** The client core's storage key of the persisted checkout state. */
const checkoutKey = 'tradein:checkout';

async function post(path, body) {
  const response = await fetch(`${tradeApiOrigin()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** A German search of the API; a lookup by url wants one hit. */
function search(query) {
  return searchApi(query, { resultSize: query.kind === 'deviceByUrl' ? 1 : 5 });
}

/**
 * Creates a real offer in Germany for the first device the search finds for `text`, answering
 * every condition question with its first answer. Returns a cart line for it.
 */
export async function createOffer(text) {
  const found = await search({ kind: 'deviceSearch', text });
  const hit = found.hits[0];
  if (!hit) throw new Error(`no device for ${text}`);
  const lookup = await search({ kind: 'deviceByUrl', url: hit.url });
  const device = lookup.hits[0];
  const answers = device.questions.map((question) => ({
    questionId: question.id,
    answerId: question.answers[0].id,
  }));
  const offer = await post('/api/trade/offers', { edition: 'de', deviceId: device.id, answers });
  return {
    deviceId: device.id,
    offerId: offer.offerId,
    name: device.model,
    price: offer.priceCents,
    expiresAt: Date.parse(offer.validUntil),
    // What the widget stores beside a line it adds itself (seedCart({ full: true })).
    details: {
      name: device.name,
      deviceUrl: device.url,
      variant: device.variant,
      answers,
      conditions: device.questions.map((question) => ({
        question: question.question,
        answer: question.answers[0].text,
      })),
    },
  };
}

/** Puts lines in the checkout store as the client core persists it (validated on read). */
export function seedCart(lines, { b2b = false, full = false } = {}) {
  const state = {
    cart: lines.map(({ deviceId, offerId, name, price, quantity, details }) => ({
      deviceId,
      offerId,
      name,
      price,
      quantity,
      // A line as the widget adds it: device url, variant, answers and their texts.
      ...(full ? details : {}),
    })),
    cartExpiry: Math.min(...lines.map((line) => line.expiresAt ?? Date.now() + 86_400_000)),
    offerIds: lines.map((line) => line.offerId),
    transactionId: 0,
    voucher: null,
    B2BMode: b2b,
    priceCalculateDone: false,
    paymentType: 13,
    isPayPalTransaction: false,
  };
  const value = JSON.stringify(state);
  localStorage.setItem(checkoutKey, value);
  // An element of an earlier test may still hold the store: tell it, as another tab would.
  window.dispatchEvent(new StorageEvent('storage', { key: checkoutKey, newValue: value }));
}

/**
 * Forgets the cart between tests: storage, the page's copy of the store (told as another tab
 * would tell it) and the count cookie.
 */
export function forgetCart() {
  localStorage.clear();
  window.dispatchEvent(new StorageEvent('storage', { key: checkoutKey, newValue: null }));
  document.cookie = 'tradein_cart_count=; max-age=0; path=/';
}

/** The stored cart lines. */
export function storedCart() {
  return JSON.parse(localStorage.getItem(checkoutKey) ?? '{"cart":[]}').cart;
}

/** Mounts the element in a 360 px wide column and opens its cart; returns element and root. */
export async function openCart(attributes = '') {
  const column = document.createElement('div');
  column.style.width = '360px';
  const element = widgetFromMarkup(`edition="de" api-base="${tradeApiOrigin()}" ${attributes}`);
  column.append(element);
  document.body.append(column);
  const link = await waitFor(
    () => element.shadowRoot?.querySelector('[part="cart-link"]'),
    'the cart link',
    10000,
  );
  link.click();
  const root = element.shadowRoot;
  await waitFor(() => root.querySelector('#tradein-cart-heading'), 'the cart');
  return { element, root, remove: () => column.remove() };
}

/**
 * Seeds a cart of `lines` (a business cart with `b2b`), opens it in an element of `attributes`
 * and goes on to its checkout as a seller does, by "Zur Kasse"; returns what {@link openCart} does.
 */
export async function openCheckoutOfCart(lines, { attributes = '', b2b = false } = {}) {
  seedCart(lines, { b2b });
  const opened = await openCart(attributes);
  const { root } = opened;
  const toCheckout = [...root.querySelectorAll('button')].find(
    (button) => button.textContent.trim() === 'Zur Kasse',
  );
  if (toCheckout === undefined) throw new Error('no "Zur Kasse" button in the cart');
  toCheckout.click();
  await waitFor(() => root.querySelector('#tradein-checkout-heading'), 'the checkout');
  return opened;
}

/**
 * The checkout bodies the element posts to the trade API (its client calls the global fetch),
 * recorded from the suite's `before` to its `after` and forgotten after each of its tests. Call
 * it in a `describe`.
 */
export function recordedCheckouts() {
  const bodies = [];
  const realFetch = window.fetch;
  before(() => {
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input.url;
      if (url.endsWith('/api/trade/trades') && init?.method === 'POST') {
        bodies.push(JSON.parse(init.body));
      }
      return realFetch(input, init);
    };
  });
  after(() => {
    window.fetch = realFetch;
  });
  afterEach(() => {
    bodies.length = 0;
  });
  return bodies;
}

/** Mounts a German element in a 360 px column at the checkout (`step="checkout"`). */
export async function openCheckout() {
  const column = document.createElement('div');
  column.style.width = '360px';
  const element = widgetFromMarkup(`edition="de" step="checkout" api-base="${tradeApiOrigin()}"`);
  column.append(element);
  document.body.append(column);
  const root = element.shadowRoot;
  await waitFor(() => root.querySelector('#tradein-checkout-heading'), 'the checkout', 10000);
  return { element, root, remove: () => column.remove() };
}

/** Money as the edition formats it, with every kind of space made a plain one. */
export function euros(cents) {
  return plain(
    new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100),
  );
}

/** Text with non-breaking and narrow spaces made plain spaces. */
export function plain(text) {
  return (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}

/** Types into a controlled input the way a user does. */
export function type(root, id, value) {
  const input = root.getElementById(id);
  input.focus();
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Fills the checkout form with SEPA payout and accepts the terms; the e-mail address too when
 * the form asks for it (a guest, not a logged-in customer).
 */
export function fillCheckout(root, { zip = '10119', iban = 'DE89370400440532013000' } = {}) {
  if (root.getElementById('tradein-checkout-email') !== null) {
    type(root, 'tradein-checkout-email', 'lena.schmidt@example.org');
  }
  type(root, 'tradein-checkout-firstName', 'Lena');
  type(root, 'tradein-checkout-lastName', 'Schmidt');
  type(root, 'tradein-checkout-street', 'Torstraße');
  type(root, 'tradein-checkout-houseNumber', '12');
  type(root, 'tradein-checkout-zip', zip);
  type(root, 'tradein-checkout-city', 'Berlin');
  type(root, 'tradein-checkout-accountHolder', 'Lena Schmidt');
  type(root, 'tradein-checkout-iban', iban);
  const terms = root.getElementById('tradein-checkout-acceptedTerms');
  if (!terms.checked) terms.click();
}

/** Sends the checkout form; resolves with the trade number the thank-you page shows. */
export function submitCheckout(root) {
  root.querySelector('button[type="submit"]').click();
  return waitFor(
    () => root.querySelector('.thanks-number')?.textContent,
    'the thank-you page',
    15000,
  );
}

const roleSelectors = {
  button: 'button, [role="button"]',
  status: 'output, [role="status"]',
  heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
  listitem: 'li, [role="listitem"]',
  term: 'dt',
  definition: 'dd',
};

/** The accessible name of an element as the tests need it: aria-label, else its text. */
export function accessibleName(element) {
  const label = element.getAttribute('aria-label');
  if (label !== null) return plain(label);
  if (element.localName === 'details') {
    return plain(element.querySelector('summary')?.textContent);
  }
  return plain(element.textContent);
}

/**
 * Every element of `root` with `role` (button, status, heading, listitem, term, definition)
 * whose accessible name matches `name` (a string: the whole name; a RegExp: part of it).
 */
export function allByRole(root, role, name) {
  const selector = roleSelectors[role];
  if (selector === undefined) throw new Error(`no selector for role ${role}`);
  return [...root.querySelectorAll(selector)].filter((element) => {
    if (name === undefined) return true;
    const actual = accessibleName(element);
    return typeof name === 'string' ? actual === name : name.test(actual);
  });
}

/** The one element of `root` with `role` and `name`, or undefined (see {@link allByRole}). */
export function byRole(root, role, name) {
  const found = allByRole(root, role, name);
  if (found.length > 1) throw new Error(`${found.length} elements with role ${role} ${name}`);
  return found[0];
}
