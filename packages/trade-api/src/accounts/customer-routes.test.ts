import { beforeAll, describe, expect, it } from 'vitest';
import type { TradeDb } from '../db/create-database.ts';

import { testDatabases } from '../../test-kit/test-databases.ts';
import { insertTrade } from '../../test-kit/trade-test-kit.ts';
import {
  createCustomer,
  type TestCustomer,
  useAccountServer,
} from '../../test-kit/account-test-kit.ts';

const address = {
  salutation: 'mr',
  firstName: 'Ben',
  lastName: 'Beispiel',
  street: 'Ringstraße',
  houseNumber: '5a',
  zip: '80331',
  city: 'München',
  country: 'de',
};
const bankAccount = {
  accountHolder: 'Ben Beispiel',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};

/** A device to trade, with its catalogue parents, so offers and trade items can point at it. */
async function insertDevice(db: TradeDb): Promise<void> {
  await db
    .insertInto('categories')
    .values({ id: 1, key: 'phones', thumbnail: null, position: 1 })
    .execute();
  await db.insertInto('manufacturers').values({ id: 1, key: 'apple', thumbnail: null }).execute();
  await db
    .insertInto('series')
    .values({
      id: 1,
      key: 'iphone',
      category_id: 1,
      manufacturer_id: 1,
      thumbnail: null,
      top: 1,
      position: 1,
    })
    .execute();
  await db
    .insertInto('devices')
    .values({
      id: 1000,
      category_id: 1,
      manufacturer_id: 1,
      series_id: 1,
      model: 'iPhone 13',
      model_key: 'iphone-13',
      variant: '128 GB',
      name: 'Apple iPhone 13 128 GB',
      search_terms: '[]',
      release_year: 2021,
      release_month: 9,
      image: null,
      thumbnail: null,
    })
    .execute();
}

/** A trade of two iPhones for a customer, as the trades feature writes it. */
async function insertIphoneTrade(
  db: TradeDb,
  customerId: string,
  number: string,
  createdAt: string,
): Promise<number> {
  const trade = await insertTrade(db, {
    customerId,
    tradeNumber: number,
    createdAt: new Date(createdAt),
    offerId: `offer-${number}`,
    deviceName: 'Apple iPhone 13 128 GB',
    priceCents: 25_050,
    quantity: 2,
    address,
    payoutDetails: bankAccount,
  });
  return trade.id;
}

describe.each(testDatabases())('customer calls on $name', (engine) => {
  let anna: TestCustomer;
  let ben: TestCustomer;

  const server = useAccountServer(engine, { failuresPerIp: 1000 }, insertDevice);
  beforeAll(async () => {
    anna = await createCustomer(server.api, 'anna@example.org');
    ben = await createCustomer(server.api, 'ben@example.org');
  });

  const as = (customer: TestCustomer) => ({
    get: (path: string) =>
      server.api.call('GET', `/api/customers/${path}`, { token: customer.accessToken }),
    send: (method: string, path: string, body: unknown) =>
      server.api.call(method, `/api/customers/${path}`, { token: customer.accessToken, body }),
  });

  /** Everything of Anna's in the database, to prove it did not change. */
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all(
        (
          [
            'addresses',
            'bank_accounts',
            'paypal_accounts',
            'phone_contacts',
            'customer_payment_accounts',
            'people',
          ] as const
        ).map((table) =>
          server.db
            .selectFrom(table)
            .selectAll()
            .where('customer_id', '=', anna.customerId)
            .orderBy('id')
            .execute(),
        ),
      ),
    );

  it('reads the customer with its number and IRIs', async () => {
    const answer = await as(anna).get('customers');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: anna.customerId,
      iri: `/api/customers/customers/${anna.customerId}`,
      customerNumber: anna.customerNumber,
      email: 'anna@example.org',
      firstName: 'Anna',
      isGuest: false,
      company: null,
    });
    expect(String(answer.body['peopleIri'])).toMatch(/^\/api\/customers\/people\/[0-9]+$/);
  });

  it('reads the person record with the address given at registration', async () => {
    const me = await as(anna).get('customers');
    const people = await as(anna).get('people');
    expect(people.status).toBe(200);
    expect(people.body).toEqual({
      id: Number(String(me.body['peopleIri']).split('/').pop()),
      salutation: 'ms',
      firstName: 'Anna',
      lastName: 'Muster',
      address: {
        id: expect.any(Number),
        salutation: 'ms',
        firstName: 'Anna',
        lastName: 'Muster',
        street: 'Hauptstraße',
        houseNumber: '1',
        zip: '10115',
        city: 'Stadt',
        country: 'de',
      },
      customer: `/api/customers/customers/${anna.customerId}`,
    });
    const addresses = (await as(anna).get('addresses')).body as unknown as { id: number }[];
    expect(addresses.map((entry) => entry.id)).toEqual([
      (people.body['address'] as { id: number }).id,
    ]);
  });

  it('reads a person record without an address as address null', async () => {
    const dora = await createCustomer(server.api, 'dora@example.org', 'fr-FR');
    await server.db
      .updateTable('people')
      .set({ address_id: null })
      .where('customer_id', '=', dora.customerId)
      .execute();
    const people = await as(dora).get('people');
    expect(people.status).toBe(200);
    expect(people.body).toMatchObject({
      firstName: 'Anna',
      address: null,
      customer: `/api/customers/customers/${dora.customerId}`,
    });
  });

  it('answers 409 for the person record of a guest who has not given details yet', async () => {
    const guest = await server.api.call('POST', '/api/account/guestSession', {
      body: { locale: 'de-DE' },
    });
    const token = String(guest.body['access_token']);
    const people = await server.api.call('GET', '/api/customers/people', { token });
    expect(people.status).toBe(409);
    expect(people.body.error?.code).toBe('guest_details_missing');
    expect((await server.api.call('GET', '/api/customers/people')).status).toBe(401);
  });

  it('adds and changes addresses, checking the postal code of the country', async () => {
    const added = await as(anna).send('PATCH', 'addresses', address);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ ...address, id: expect.any(Number) });
    const changed = await as(anna).send('PATCH', 'addresses', {
      ...address,
      id: added.body['id'],
      city: 'Augsburg',
      zip: '86150',
    });
    expect(changed.body).toMatchObject({ id: added.body['id'], city: 'Augsburg' });
    const badZip = await as(anna).send('PATCH', 'addresses', {
      ...address,
      country: 'at',
      zip: '80331',
    });
    expect(badZip.status).toBe(400);
    expect(badZip.body.error).toMatchObject({ fields: [{ path: 'zip' }] });
    const list = await as(anna).get('addresses');
    expect(list.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ city: 'Augsburg' })]),
    );
  });

  it('stores a one-line street without a house number where the country writes it so', async () => {
    const { houseNumber: _none, ...withoutHouseNumber } = address;
    const paris = {
      ...withoutHouseNumber,
      street: '12 rue de Rivoli',
      zip: '75001',
      city: 'Paris',
      country: 'fr',
    };
    const added = await as(anna).send('PATCH', 'addresses', paris);
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ ...paris, id: expect.any(Number) });
    const list = (await as(anna).get('addresses')).body as unknown as Record<string, unknown>[];
    const stored = list.find((entry) => entry['id'] === added.body['id']);
    expect(stored).toEqual({ ...paris, id: added.body['id'] });
    expect(stored).not.toHaveProperty('houseNumber');

    const berlin = await as(anna).send('PATCH', 'addresses', withoutHouseNumber);
    expect(berlin.status).toBe(400);
    expect(berlin.body.error).toMatchObject({ fields: [{ path: 'houseNumber' }] });
  });

  it('adds and changes bank and PayPal accounts; rejects a wrong IBAN', async () => {
    const bank = await as(anna).send('PATCH', 'bank_accounts', bankAccount);
    expect(bank.body).toMatchObject(bankAccount);
    const wrongIban = await as(anna).send('PATCH', 'bank_accounts', {
      ...bankAccount,
      iban: 'DE89370400440532013001',
    });
    expect(wrongIban.status).toBe(400);
    expect(wrongIban.body.error).toMatchObject({ fields: [{ path: 'iban' }] });
    const paypal = await as(anna).send('PATCH', 'paypal_accounts', { email: 'Pay@Example.org' });
    expect(paypal.body).toMatchObject({ email: 'pay@example.org' });
    const changed = await as(anna).send('PATCH', 'paypal_accounts', {
      id: paypal.body['id'],
      email: 'pay2@example.org',
    });
    expect(changed.body).toEqual({ id: paypal.body['id'], email: 'pay2@example.org' });
    expect((await as(anna).get('paypal_accounts')).body).toEqual([changed.body]);
    const banks = (await as(anna).get('bank_accounts')).body as unknown as { iban: string }[];
    expect(banks.map((entry) => entry.iban)).toContain('DE89370400440532013000');
  });

  it('links a payout account as the one primary account', async () => {
    const paypal = (await as(anna).get('paypal_accounts')).body as unknown as { id: number }[];
    const paypalId = paypal[0]?.id ?? 0;
    const linked = await as(anna).send('POST', 'customer_payment_accounts', {
      paypalAccount: `/api/customers/paypal_accounts/${paypalId}`,
      bankAccount: null,
      paymentType: 'INVOICE',
      isPrimary: true,
      customer: `/api/customers/customers/${anna.customerId}`,
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({
      paypalAccount: `/api/customers/paypal_accounts/${paypalId}`,
      bankAccount: null,
      isPrimary: true,
      customer: `/api/customers/customers/${anna.customerId}`,
    });
    const primaries = await server.db
      .selectFrom('customer_payment_accounts')
      .select('id')
      .where('customer_id', '=', anna.customerId)
      .where('is_primary', '=', 1)
      .execute();
    expect(primaries).toEqual([{ id: linked.body['id'] }]);
    const registrationBank = await server.db
      .selectFrom('bank_accounts')
      .select('id')
      .where('customer_id', '=', anna.customerId)
      .where('iban', '=', 'DE89370400440532013000')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const list = await as(anna).get('customer_payment_accounts');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: expect.any(Number),
        paypalAccount: null,
        bankAccount: `/api/customers/bank_accounts/${registrationBank.id}`,
        paymentType: 'INVOICE',
        isPrimary: false,
        customer: `/api/customers/customers/${anna.customerId}`,
      },
      linked.body,
    ]);
  });

  it('adds and changes phone contacts', async () => {
    const added = await as(anna).send('POST', 'phone_contacts', {
      phone: '+49 170 1234567',
      type: 'mobile',
    });
    expect(added.body).toMatchObject({ phone: '+49 170 1234567', type: 'mobile' });
    const changed = await as(anna).send('PATCH', 'phone_contacts', {
      id: added.body['id'],
      phone: '+49 89 123456',
      type: 'landline',
    });
    expect(changed.body).toEqual({
      id: added.body['id'],
      phone: '+49 89 123456',
      type: 'landline',
    });
    const bad = await as(anna).send('POST', 'phone_contacts', {
      phone: '0170 123',
      type: 'mobile',
    });
    expect(bad.status).toBe(400);
    const second = await as(anna).send('POST', 'phone_contacts', {
      phone: '+49 171 7654321',
      type: 'mobile',
    });
    const list = await as(anna).get('phone_contacts');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([changed.body, second.body]);
  });

  it('sets the address of the person record, new or stored', async () => {
    const me = await as(anna).get('customers');
    const body = { peopleIri: me.body['peopleIri'], customerIri: me.body['iri'] };
    const withNew = await as(anna).send('PATCH', 'people', {
      ...body,
      address: { ...address, city: 'Neustadt' },
    });
    expect(withNew.status).toBe(200);
    expect(withNew.body).toMatchObject({
      firstName: 'Anna',
      salutation: 'ms',
      address: { city: 'Neustadt' },
    });
    const stored = (await as(anna).get('addresses')).body as unknown as { id: number }[];
    const first = stored[0]?.id ?? 0;
    const withStored = await as(anna).send('PATCH', 'people', {
      ...body,
      address: `/api/customers/addresses/${first}`,
    });
    expect(withStored.body).toMatchObject({ address: { id: first } });
    expect((await as(anna).get('people')).body).toEqual(withStored.body);
  });

  it('lists the trade history newest first', async () => {
    await insertIphoneTrade(server.db, anna.customerId, 'T-1', '2026-01-01T10:00:00.000Z');
    await insertIphoneTrade(server.db, anna.customerId, 'T-2', '2026-02-01T10:00:00.000Z');
    await insertIphoneTrade(server.db, ben.customerId, 'T-3', '2026-03-01T10:00:00.000Z');
    const history = await as(anna).get('trade_history');
    expect(history.status).toBe(200);
    expect(history.body).toEqual([
      expect.objectContaining({ tradeNumber: 'T-2', status: 'created', total: 50_100 }),
      expect.objectContaining({
        tradeNumber: 'T-1',
        devices: [
          {
            deviceId: 1000,
            offerId: 'offer-T-1',
            name: 'Apple iPhone 13 128 GB',
            price: 25_050,
            quantity: 2,
          },
        ],
      }),
    ]);
    const bens = (await as(ben).get('trade_history')).body as unknown as { tradeNumber: string }[];
    expect(bens.map((trade) => trade.tradeNumber)).toEqual(['T-3']);
  });

  describe('ownership: Ben can neither read nor change nor delete what is Anna’s', () => {
    let annaIds: {
      address: number;
      bank: number;
      paypal: number;
      phone: number;
      peopleIri: string;
    };
    let benIris: { peopleIri: string; iri: string };
    let annaRows: string;

    beforeAll(async () => {
      const first = async (path: string) =>
        ((await as(anna).get(path)).body as unknown as { id: number }[])[0]?.id ?? 0;
      const phone = await server.db
        .selectFrom('phone_contacts')
        .select('id')
        .where('customer_id', '=', anna.customerId)
        .executeTakeFirstOrThrow();
      const annaMe = await as(anna).get('customers');
      const benMe = await as(ben).get('customers');
      annaIds = {
        address: await first('addresses'),
        bank: await first('bank_accounts'),
        paypal: await first('paypal_accounts'),
        phone: phone.id,
        peopleIri: String(annaMe.body['peopleIri']),
      };
      benIris = { peopleIri: String(benMe.body['peopleIri']), iri: String(benMe.body['iri']) };
      // Ben has records of his own in every list, so an empty list cannot pass for a filtered one.
      await as(ben).send('POST', 'phone_contacts', { phone: '+43 660 1234567', type: 'mobile' });
      annaRows = await snapshot();
    });

    it.each([
      ['addresses', 'address'],
      ['bank_accounts', 'bank'],
      ['paypal_accounts', 'paypal'],
      ['phone_contacts', 'phone'],
    ] as const)('GET %s shows only Ben’s own records', async (path, key) => {
      const list = (await as(ben).get(path)).body as unknown as { id: number }[];
      expect(list.map((entry) => entry.id)).not.toContain(annaIds[key]);
    });

    it.each([['phone_contacts'], ['customer_payment_accounts']] as const)(
      'GET %s lists exactly the stored records of the token’s customer',
      async (table) => {
        for (const [who, customerId] of [
          [ben, ben.customerId],
          [anna, anna.customerId],
        ] as const) {
          const stored = await server.db
            .selectFrom(table)
            .select('id')
            .where('customer_id', '=', customerId)
            .orderBy('id')
            .execute();
          expect(stored.length).toBeGreaterThan(0);
          const list = (await as(who).get(table)).body as unknown as { id: number }[];
          expect(list.map((entry) => entry.id)).toEqual(stored.map((row) => row.id));
        }
      },
    );

    it('GET customer_payment_accounts names only Ben’s own accounts and Ben', async () => {
      const list = (await as(ben).get('customer_payment_accounts')).body as unknown as {
        bankAccount: string | null;
        paypalAccount: string | null;
        customer: string;
      }[];
      const bens = (await as(ben).get('bank_accounts')).body as unknown as { id: number }[];
      expect(list.length).toBeGreaterThan(0);
      for (const entry of list) {
        expect(entry.customer).toBe(benIris.iri);
        expect(entry.paypalAccount).toBeNull();
        expect(bens.map((bank) => `/api/customers/bank_accounts/${bank.id}`)).toContain(
          entry.bankAccount,
        );
      }
      expect(JSON.stringify(list)).not.toContain(`/bank_accounts/${annaIds.bank}"`);
      expect(JSON.stringify(list)).not.toContain(anna.customerId);
    });

    it('GET people shows Ben’s own person record and address', async () => {
      const people = await as(ben).get('people');
      expect(people.status).toBe(200);
      expect(`/api/customers/people/${String(people.body['id'])}`).toBe(benIris.peopleIri);
      expect(people.body['customer']).toBe(benIris.iri);
      expect(people.text).not.toContain(anna.customerId);
      const benAddresses = (await as(ben).get('addresses')).body as unknown as { id: number }[];
      expect(benAddresses.map((entry) => entry.id)).toContain(
        (people.body['address'] as { id: number }).id,
      );
    });

    it.each([
      ['PATCH', 'addresses', () => ({ ...address, id: annaIds.address })],
      ['PATCH', 'bank_accounts', () => ({ ...bankAccount, id: annaIds.bank })],
      ['PATCH', 'paypal_accounts', () => ({ id: annaIds.paypal, email: 'thief@example.org' })],
      [
        'PATCH',
        'phone_contacts',
        () => ({ id: annaIds.phone, phone: '+49 170 0000000', type: 'mobile' }),
      ],
      [
        'PATCH',
        'people',
        () => ({
          peopleIri: annaIds.peopleIri,
          customerIri: `/api/customers/customers/${anna.customerId}`,
          address,
        }),
      ],
      [
        'PATCH',
        'people',
        () => ({
          peopleIri: benIris.peopleIri,
          customerIri: benIris.iri,
          address: annaIds.address,
        }),
      ],
      [
        'POST',
        'customer_payment_accounts',
        () => ({
          paypalAccount: annaIds.paypal,
          bankAccount: null,
          paymentType: 'INVOICE',
          isPrimary: true,
          customer: benIris.iri,
        }),
      ],
      [
        'POST',
        'customer_payment_accounts',
        () => ({
          paypalAccount: null,
          bankAccount: annaIds.bank,
          paymentType: 'INVOICE',
          isPrimary: true,
          customer: `/api/customers/customers/${anna.customerId}`,
        }),
      ],
    ] as const)(
      '%s %s with Anna’s record answers 404 and changes nothing',
      async (method, path, body) => {
        const answer = await as(ben).send(method, path, body());
        expect(answer.status).toBe(404);
        expect(answer.body.error?.code).toBe('not_found');
        expect(answer.text).not.toContain('anna');
        expect(await snapshot()).toBe(annaRows);
      },
    );

    it.each([['/api/customers/customers'], ['/api/account/deleteUser']])(
      'DELETE %s with Anna’s ids answers 404 and deletes nothing',
      async (path) => {
        const query = `customerId=${anna.customerId}&customerIdentifier=${anna.customerNumber}`;
        const answer = await server.api.call('DELETE', `${path}?${query}`, {
          token: ben.accessToken,
        });
        expect(answer.status).toBe(404);
        expect((await as(anna).get('customers')).status).toBe(200);
        expect(await snapshot()).toBe(annaRows);
      },
    );
  });

  describe.each([['/api/customers/customers'], ['/api/account/deleteUser']])(
    'DELETE %s',
    (path) => {
      it('needs the token, both ids, and then removes the personal data but keeps anonymised trades', async () => {
        const email = `delete-${path.length}@example.org`;
        const carl = await createCustomer(server.api, email);
        await as(carl).send('PATCH', 'bank_accounts', bankAccount);
        const tradeId = await insertIphoneTrade(
          server.db,
          carl.customerId,
          `T-D${path.length}`,
          '2026-04-01T10:00:00.000Z',
        );
        const query = `customerId=${carl.customerId}&customerIdentifier=${carl.customerNumber}`;
        expect((await server.api.call('DELETE', `${path}?${query}`)).status).toBe(401);
        const wrongNumber = await server.api.call(
          'DELETE',
          `${path}?customerId=${carl.customerId}&customerIdentifier=K0`,
          { token: carl.accessToken },
        );
        expect(wrongNumber.status).toBe(404);
        const deleted = await server.api.call('DELETE', `${path}?${query}`, {
          token: carl.accessToken,
        });
        expect(deleted.body).toEqual({ ok: true });
        expect((await as(carl).get('customers')).status).toBe(401);
        expect(
          (
            await server.api.call('POST', '/api/account/login', {
              body: { username: email, password: carl.password },
            })
          ).status,
        ).toBe(401);
        for (const table of [
          'addresses',
          'bank_accounts',
          'people',
          'refresh_tokens',
          'one_time_tokens',
          'customer_payment_accounts',
        ] as const) {
          const rows = await server.db
            .selectFrom(table)
            .select('id')
            .where('customer_id', '=', carl.customerId)
            .execute();
          expect(rows).toEqual([]);
        }
        expect(
          await server.db
            .selectFrom('customers')
            .select('id')
            .where('id', '=', carl.customerId)
            .execute(),
        ).toEqual([]);
        const trade = await server.db
          .selectFrom('trades')
          .selectAll()
          .where('id', '=', tradeId)
          .executeTakeFirstOrThrow();
        expect(trade.customer_id).toBeNull();
        expect(trade.total_cents).toBe(50_100);
        expect(JSON.parse(trade.address_snapshot)).toMatchObject({
          firstName: 'deleted',
          street: 'deleted',
          zip: '80331',
          country: 'de',
        });
        expect(JSON.parse(trade.payout_details)).toEqual({
          accountHolder: 'deleted',
          iban: 'DE…3000',
          bic: 'deleted',
        });
        expect(
          await server.db
            .selectFrom('mail_log')
            .select('id')
            .where('recipient', '=', email)
            .execute(),
        ).toEqual([]);
        expect(
          await server.db
            .selectFrom('trade_items')
            .select('id')
            .where('trade_id', '=', tradeId)
            .execute(),
        ).toHaveLength(1);
      });
    },
  );
});
