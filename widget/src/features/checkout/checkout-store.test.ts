import {
  $account,
  $checkout,
  addToCart,
  createAccountAuth,
  createApiClient,
  initCheckout,
  logout,
  resetCheckout,
} from '@tradein/client-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventTracker } from '../../shared/widget-services.tsx';
import {
  createCheckoutStore,
  type CheckoutStore,
  type CheckoutStoreOptions,
} from './checkout-store.ts';
import {
  createdTradeAnswer,
  customer,
  sellerAddressInput,
  sellerSepaPayout,
} from '@tradein/contract/test-fixtures';

const offerA = '0b7c8a52-58c4-4e0f-9a43-6a1b1f0e2c11';
const offerB = '5e2d6f0a-1c3b-4a8e-8f61-2b7d9c4e0a22';

const trade = createdTradeAnswer;

const customerId = customer.id;
const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
/** An unsigned JWT for the customer (the client reads its claims, never its signature). */
const customerToken = `${base64url({ alg: 'none' })}.${base64url({
  sub: customerId,
  exp: Math.floor(Date.now() / 1000) + 3600,
})}.signature`;

interface Sent {
  path: string;
  body: unknown;
  authorization: string | null;
  idempotencyKey: string | null;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A trade API that answers the guest calls and gives `tradeAnswer` for the checkout. */
function fakeApi(
  tradeAnswer: () => Response,
  registerAnswer: () => Response = () => json(200, { ok: true }),
) {
  const sent: Sent[] = [];
  const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const text = await request.text();
    sent.push({
      path,
      body: text === '' ? undefined : JSON.parse(text),
      authorization: request.headers.get('authorization'),
      idempotencyKey: request.headers.get('idempotency-key'),
    });
    if (path === '/api/account/guestSession') {
      return json(200, { access_token: 'guest-token', expires_in: 900, token_type: 'Bearer' });
    }
    if (path === '/api/customers/guest_account_number') {
      return json(200, { accountNumber: 'G-1001', customerIri: '/api/customers/customers/7' });
    }
    if (path === '/api/trade/trades') return tradeAnswer();
    if (path === '/api/account/register') return registerAnswer();
    if (path === '/api/account/login') {
      const body = JSON.parse(text) as { password: string };
      if (body.password !== 'right-password1') {
        return json(401, { error: { code: 'unauthorized', message: 'wrong credentials' } });
      }
      return json(200, { access_token: customerToken, refresh_token: 'refresh-token' });
    }
    if (path === '/api/customers/customers') return json(200, customer);
    if (path === '/api/account/logout') return json(200, { ok: true });
    return json(404, { error: { code: 'not_found', message: 'no' } });
  });
  const api = createApiClient({
    baseUrl: 'https://api.example',
    environment: 'production',
    fetch: fetchStub,
    auth: createAccountAuth(),
  });
  return { api, sent, fetchStub };
}

function fillForm(store: CheckoutStore, zip = '10119', iban = 'DE89 3704 0044 0532 0130 00') {
  store.update('email', 'Jonas.Weber@example.org');
  store.update('firstName', 'Jonas');
  store.update('lastName', 'Weber');
  store.update('street', 'Torstraße');
  store.update('houseNumber', '12');
  store.update('zip', zip);
  store.update('city', 'Berlin');
  store.update('accountHolder', 'Jonas Weber');
  store.update('iban', iban);
  store.update('acceptedTerms', true);
}

let client: ReturnType<typeof fakeApi> | undefined;

beforeEach(() => {
  localStorage.clear();
  initCheckout({ shopMode: 'default' });
  resetCheckout();
  addToCart({ deviceId: 1, offerId: offerA, name: 'iPhone 13', price: 2000, quantity: 2 });
  addToCart({ deviceId: 2, offerId: offerB, name: 'iPad Air', price: 1000 });
});
afterEach(async () => {
  if (client !== undefined) await logout(client.api);
  localStorage.clear();
});

function setup(
  tradeAnswer: () => Response = () => json(201, trade),
  registerAnswer?: () => Response,
) {
  client = fakeApi(tradeAnswer, registerAnswer);
  const created = vi.fn<CheckoutStoreOptions['onCreated']>();
  const track = vi.fn<EventTracker['track']>();
  const store = createCheckoutStore({
    api: client.api,
    tracker: { track },
    edition: 'de',
    mode: 'default',
    partner: undefined,
    onCreated: created,
  });
  return { store, created, track, ...client };
}

describe('createCheckoutStore', () => {
  it('checks out as a guest: session, guest account, then the trade with the bearer', async () => {
    const { store, sent, created, track } = setup();
    fillForm(store);
    store.update('newsletterOptIn', true);
    expect(await store.submit()).toBeUndefined();
    expect(sent.map((call) => call.path)).toEqual([
      '/api/account/guestSession',
      '/api/customers/guest_account_number',
      '/api/trade/trades',
    ]);
    expect(sent[0]?.body).toEqual({ locale: 'de-DE' });
    expect(sent[1]?.body).toEqual({
      email: 'jonas.weber@example.org',
      firstName: 'Jonas',
      lastName: 'Weber',
      locale: 'de-DE',
    });
    expect(sent[2]?.authorization).toBe('Bearer guest-token');
    expect(sent[2]?.body).toEqual({
      edition: 'de',
      offers: [
        { offerId: offerA, quantity: 2 },
        { offerId: offerB, quantity: 1 },
      ],
      address: sellerAddressInput,
      payout: sellerSepaPayout,
      shopMode: 'default',
      acceptedTerms: true,
      newsletterOptIn: true,
    });
    expect(created).toHaveBeenCalledWith('T-2026-000041', undefined);
    expect(track).toHaveBeenCalledWith('trade_created', {
      tradeId: 41,
      revenue: 5000,
      currency: 'EUR',
    });
    expect($checkout.get().cart).toEqual([]);
    expect($checkout.get().transactionId).toBe(41);
    expect($account.get().customerNumber).toBe('G-1001');
  });

  it('creates the trade first, then the account asked for, and forgets the password', async () => {
    const { store, sent, created } = setup();
    store.chooseIdentity('register');
    fillForm(store);
    expect(await store.submit(), 'a password is needed').toBe('newPassword');
    expect(sent).toEqual([]);
    store.update('newPassword', 'Mein-Passwort-1');
    expect(await store.submit()).toBeUndefined();
    expect(sent.map((call) => call.path)).toEqual([
      '/api/account/guestSession',
      '/api/customers/guest_account_number',
      '/api/trade/trades',
      '/api/account/register',
    ]);
    expect(sent[3]?.body).toMatchObject({
      email: 'jonas.weber@example.org',
      username: 'jonas.weber@example.org',
      credentials: [{ type: 'password', value: 'Mein-Passwort-1', temporary: false }],
      attributes: { locale: 'de-DE' },
      Address: { firstName: 'Jonas', zip: '10119', country: 'de' },
      Payment: {
        paymentType: 13,
        paypalAccount: null,
        bankAccount: { accountHolder: 'Jonas Weber', iban: 'DE89370400440532013000' },
      },
    });
    expect(created).toHaveBeenCalledWith('T-2026-000041', {
      email: 'jonas.weber@example.org',
      created: true,
    });
    expect(store.$values.get().newPassword).toBe('');
  });

  it("registers with the guest trade's account claim, so the account holds the trade", async () => {
    const accountClaim = 'Qm9yaXMtY2xhaW0tdG9rZW4tZm9yLXRlc3Rz';
    const { store, sent } = setup(() => json(201, { ...trade, accountClaim }));
    store.chooseIdentity('register');
    fillForm(store);
    store.update('newPassword', 'Mein-Passwort-1');
    expect(await store.submit()).toBeUndefined();
    expect(sent.at(-1)?.path).toBe('/api/account/register');
    expect(sent.at(-1)?.body).toMatchObject({
      email: 'jonas.weber@example.org',
      tradeClaim: accountClaim,
    });
  });

  it('keeps the sale when the account cannot be created, and says so', async () => {
    const { store, created } = setup(undefined, () =>
      json(429, { error: { code: 'too_many_requests', message: 'later' } }),
    );
    store.chooseIdentity('register');
    fillForm(store);
    store.update('newPassword', 'Mein-Passwort-1');
    expect(await store.submit()).toBeUndefined();
    expect(created).toHaveBeenCalledWith('T-2026-000041', {
      email: 'jonas.weber@example.org',
      created: false,
    });
    expect($checkout.get().cart).toEqual([]);
  });

  it('registers nothing when the trade is refused', async () => {
    const { store, sent } = setup(() => json(500, { error: { code: 'internal', message: 'x' } }));
    store.chooseIdentity('register');
    fillForm(store);
    store.update('newPassword', 'Mein-Passwort-1');
    await store.submit();
    expect(sent.map((call) => call.path)).not.toContain('/api/account/register');
    expect(store.$values.get().newPassword, 'kept for the next try').toBe('Mein-Passwort-1');
  });

  it('tracks trade_created with the trade id and the payout, voucher included', async () => {
    const { store, track } = setup(() =>
      json(201, {
        ...trade,
        voucher: { code: 'SUMMER2026', bonusCents: 1000 },
        totalCents: 6000,
      }),
    );
    fillForm(store);
    store.update('voucher', 'SUMMER2026');
    expect(await store.submit()).toBeUndefined();
    expect(track.mock.calls).toEqual([
      [
        'trade_created',
        {
          tradeId: 41,
          revenue: 6000,
          currency: 'EUR',
          voucherCode: 'SUMMER2026',
          voucherValue: 1000,
        },
      ],
    ]);
  });

  it('tracks nothing when the trade is refused', async () => {
    const { store, track } = setup(() => json(500, { error: { code: 'internal', message: 'x' } }));
    fillForm(store);
    await store.submit();
    expect(track).not.toHaveBeenCalled();
  });

  it('is busy while the trade is sent and editable again afterwards', async () => {
    let during: string | undefined;
    const { store } = setup(() => {
      during = store.$status.get();
      return json(201, trade);
    });
    fillForm(store);
    const sending = store.submit();
    expect(store.$status.get()).toBe('submitting');
    // A second submit while busy sends nothing more.
    expect(await store.submit()).toBeUndefined();
    await sending;
    expect(during).toBe('submitting');
    expect(store.$status.get()).toBe('editing');
  });

  it('sends nothing for an invalid postal code or IBAN and names the first such field', async () => {
    const { store, fetchStub, created } = setup();
    fillForm(store, '1011', 'DE89370400440532013001');
    expect(await store.submit()).toBe('zip');
    expect(store.$errors.get()).toEqual({ zip: 'postalCode', iban: 'iban' });
    expect(fetchStub).not.toHaveBeenCalled();
    expect(created).not.toHaveBeenCalled();
    // Typing in a field takes its error away.
    store.update('zip', '10119');
    expect(store.$errors.get()).toEqual({ iban: 'iban' });
  });

  it('shows the fields of a 400 next to their inputs and keeps the cart', async () => {
    const { store, created } = setup(() =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'Invalid request',
          fields: [{ path: 'voucher', message: 'Voucher code has expired' }],
        },
      }),
    );
    fillForm(store);
    store.update('voucher', 'SUMMER2024');
    expect(await store.submit()).toBe('voucher');
    expect(store.$errors.get()).toEqual({ voucher: 'voucher' });
    expect(store.$notice.get()).toBeNull();
    expect(store.$status.get()).toBe('editing');
    expect(created).not.toHaveBeenCalled();
    expect($checkout.get().cart).toHaveLength(2);
  });

  it.each([
    [
      'the B2B cap (422)',
      () =>
        json(422, {
          error: {
            code: 'b2b_cap_exceeded',
            message: 'Ein Geschäftsverkauf darf höchstens 5.000,00 € wert sein',
            fields: [{ path: 'offers', message: 'too much' }],
          },
        }),
      'cap',
    ],
    [
      'a refused offer',
      () =>
        json(400, {
          error: {
            code: 'validation_failed',
            message: 'x',
            fields: [{ path: 'offers.0.offerId', message: 'expired' }],
          },
        }),
      'offers',
    ],
    [
      'the cap on guest trade mails',
      () => json(429, { error: { code: 'too_many_requests', message: 'x' } }),
      'busy',
    ],
    ['a server failure', () => json(500, { error: { code: 'internal', message: 'x' } }), 'failed'],
    [
      'an earlier send of this checkout that still runs (409)',
      () => json(409, { error: { code: 'idempotency_key_in_use', message: 'x' } }),
      'network',
    ],
  ] as const)('reports %s as a notice of the whole form', async (_name, answer, kind) => {
    const { store } = setup(answer);
    fillForm(store);
    expect(await store.submit()).toBeUndefined();
    expect(store.$notice.get()).toEqual({ kind });
    expect($checkout.get().cart).toHaveLength(2);
  });

  it('sends the same Idempotency-Key again after a lost answer, a new one after a change', async () => {
    let calls = 0;
    const { store, sent, created } = setup(() => {
      calls += 1;
      if (calls < 3) throw new TypeError('Failed to fetch');
      return json(201, trade);
    });
    fillForm(store);
    expect(await store.submit()).toBeUndefined();
    expect(store.$notice.get()).toEqual({ kind: 'network' });
    // Sent again as it was: the same attempt.
    await store.submit();
    store.update('city', 'Berlin-Mitte');
    await store.submit();
    expect(created).toHaveBeenCalledTimes(1);
    const keys = sent
      .filter((call) => call.path === '/api/trade/trades')
      .map((call) => call.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('asks to log in first when "log in" was chosen but nobody is logged in', async () => {
    const { store, fetchStub } = setup();
    fillForm(store);
    store.chooseIdentity('login');
    expect(await store.submit()).toBe('password');
    expect(store.$notice.get()).toEqual({ kind: 'login' });
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('switches the payment type in the checkout store with the payout method', () => {
    const { store } = setup();
    store.update('payoutMethod', 'paypal');
    expect($checkout.get()).toMatchObject({ paymentType: 2, isPayPalTransaction: true });
    store.update('payoutMethod', 'sepa');
    expect($checkout.get()).toMatchObject({ paymentType: 13, isPayPalTransaction: false });
  });

  it('logs in, forgets the password, fills the name and then checks out as the customer', async () => {
    const { store, sent } = setup();
    store.chooseIdentity('login');
    store.update('loginEmail', 'Anna.Schmidt@example.com');
    store.update('password', 'right-password1');
    expect(await store.logIn()).toBe(true);
    expect(store.$values.get()).toMatchObject({
      password: '',
      firstName: 'Anna',
      lastName: 'Schmidt',
    });
    expect($account.get()).toMatchObject({ isLoggedIn: true, customerNumber: '100234' });
    expect(JSON.stringify(localStorage)).not.toContain('right-password1');
    expect(JSON.stringify(sessionStorage)).not.toContain('right-password1');
    fillForm(store);
    sent.length = 0;
    expect(await store.submit()).toBeUndefined();
    // A customer needs no guest session: the trade goes out with the customer's token.
    expect(sent.map((call) => call.path)).toEqual(['/api/trade/trades']);
    expect(sent[0]?.authorization).toBe(`Bearer ${customerToken}`);
  });

  it('reports a refused login and clears the password', async () => {
    const { store } = setup();
    store.chooseIdentity('login');
    store.update('loginEmail', 'anna.schmidt@example.com');
    store.update('password', 'wrong-password1');
    expect(await store.logIn()).toBe(false);
    expect(store.$notice.get()).toEqual({ kind: 'login' });
    expect(store.$values.get().password).toBe('');
    expect($account.get().isLoggedIn).toBe(false);
  });

  it('names the missing login fields without calling the server', async () => {
    const { store, fetchStub } = setup();
    store.chooseIdentity('login');
    expect(await store.logIn()).toBe(false);
    expect(store.$errors.get()).toEqual({ loginEmail: 'required', password: 'required' });
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
