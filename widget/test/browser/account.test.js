// The shop host and the widget each carry their own copy of the client core. A login in the host
// page must reach the widget at once, without a reload: the host's copy writes the account to
// storage and announces it with `tradein:account-changed`. This test plays the host page's part
// with a real customer of the real trade API, then checks out in the widget as that customer.
import { expect } from './expect.js';
// The test runner serves files without bare-specifier resolution (nodeResolve: false).
// oxlint-disable-next-line import/no-absolute-path -- a URL path on the test server, not a file path
import { executeServerCommand } from '/node_modules/@web/test-runner-commands/browser/commands.mjs';
import {
  createOffer,
  fillCheckout,
  openCart,
  seedCart,
  submitCheckout,
  type,
} from './cart-helpers.js';
import { shadowViolations, tradeApiOrigin, waitFor } from './helpers.js';
import { buttonNamed } from './question-helpers.js';

const password = 'Ankauf-Test-2026';

async function api(path, { method = 'POST', body, headers = {} } = {}) {
  const response = await fetch(
    `${tradeApiOrigin()}${path}`,
    body === undefined
      ? { method, headers }
      : {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        },
  );
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
  return response.json();
}

/** Follows the activation link mailed to `email`, as its owner would. */
async function activate(email) {
  // The mail is sent in the background: ask the outbox until it is there.
  let token = null;
  for (let attempt = 0; token === null && attempt < 50; attempt += 1) {
    ({ token } = await executeServerCommand('trade-api:activation-token', { email }));
    if (token === null) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(token !== null, 'an activation mail with its link').to.equal(true);
  const activation = await api('/api/account/activateRegistration', {
    body: {},
    headers: { token },
  });
  expect(activation.activated, 'the account is activated').to.equal(true);
}

/** Registers and activates a customer as the shop's pages would; returns the e-mail address. */
async function activatedCustomer() {
  const email = `mara.keller.${Date.now()}@example.org`;
  const address = {
    salutation: 'ms',
    firstName: 'Mara',
    lastName: 'Keller',
    street: 'Ringstraße',
    houseNumber: '3',
    zip: '80331',
    city: 'München',
    country: 'de',
  };
  await api('/api/account/register', {
    body: {
      enabled: true,
      firstName: 'Mara',
      lastName: 'Keller',
      username: email,
      email,
      credentials: [{ type: 'password', value: password, temporary: false }],
      attributes: { locale: 'de-DE' },
      Address: address,
      Payment: null,
    },
  });
  await activate(email);
  return email;
}

/** What the host page's client core does on login: tokens and customer into storage, then the event. */
async function loginInHostPage(email) {
  const tokens = await api('/api/account/login', { body: { username: email, password } });
  const customer = await api('/api/customers/customers', {
    method: 'GET',
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  const claims = JSON.parse(
    atob(tokens.access_token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')),
  );
  localStorage.setItem(
    'tradein:account',
    JSON.stringify({
      isLoggedIn: true,
      email,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      customerId: claims.sub,
      customerNumber: customer.customerNumber,
      customerData: customer,
      tokenExpiry: claims.exp * 1000,
      remember: true,
    }),
  );
  window.dispatchEvent(new CustomEvent('tradein:account-changed'));
  return customer;
}

describe('an account shared with the host page', () => {
  afterEach(() => {
    document.body.replaceChildren();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('shows a login of the host page at once and checks out as that customer', async function () {
    this.timeout(30000);
    const email = await activatedCustomer();
    const offer = await createOffer('galxy s21');
    seedCart([{ ...offer, quantity: 1 }]);
    const { root } = await openCart();
    buttonNamed(root, 'Zur Kasse').click();
    await waitFor(() => root.querySelector('#tradein-checkout-heading'), 'the checkout');
    expect(root.getElementById('tradein-checkout-email'), 'a guest is asked for e-mail').to.be.ok;

    const customer = await loginInHostPage(email);
    const account = await waitFor(
      () => root.querySelector('.checkout-account'),
      'the widget to see the login without a reload',
    );
    expect(account.textContent).to.include(`Angemeldet als ${email}.`);
    expect(root.getElementById('tradein-checkout-email'), 'no guest e-mail any more').to.equal(
      null,
    );

    fillCheckout(root);
    const tradeNumber = await submitCheckout(root);
    const stored = await executeServerCommand('trade-api:trade', { tradeNumber });
    expect(stored.customer_id, 'the trade belongs to the logged-in customer').to.equal(customer.id);
  });

  it('creates an account with the sale, which holds the trade once activated', async function () {
    this.timeout(30000);
    const email = `jonas.weber.${Date.now()}@example.org`;
    const offer = await createOffer('galxy s21');
    seedCart([{ ...offer, quantity: 1 }]);
    const { root } = await openCart();
    buttonNamed(root, 'Zur Kasse').click();
    await waitFor(() => root.querySelector('#tradein-checkout-heading'), 'the checkout');
    const choice = [...root.querySelectorAll('label')].find(
      (label) => label.textContent === 'Mit diesem Verkauf ein Konto anlegen',
    );
    choice.querySelector('input').click();
    const passwordField = await waitFor(
      () => root.getElementById('tradein-checkout-newPassword'),
      'the password field',
    );
    expect(passwordField.getAttribute('autocomplete')).to.equal('new-password');
    expect(await shadowViolations(), 'axe with the account fields').to.deep.equal([]);
    fillCheckout(root);
    type(root, 'tradein-checkout-email', email);
    type(root, 'tradein-checkout-newPassword', password);
    const tradeNumber = await submitCheckout(root);
    expect(root.querySelector('.thanks-account').textContent).to.include(
      `Wir haben einen Link an ${email} geschickt`,
    );
    expect(JSON.stringify({ ...localStorage, ...sessionStorage }).includes(password)).to.equal(
      false,
    );

    await activate(email);
    const tokens = await api('/api/account/login', { body: { username: email, password } });
    const history = await api('/api/customers/trade_history', {
      method: 'GET',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(history.map((entry) => entry.tradeNumber)).to.deep.equal([tradeNumber]);
  });
});
