import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../db/seed-catalogue.ts';

import { mailsTo } from '../../test-kit/outbox-mail.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { createCustomer as insertCustomer, insertTrade } from '../../test-kit/trade-test-kit.ts';
import {
  createCustomer,
  registrationBody,
  tokenOfLink,
  useAccountServer,
} from '../../test-kit/account-test-kit.ts';

/** Gives mails sent after an answer the time to appear before they are counted. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

/** The shop an activation link opens, by the registration's locale (its edition's shop). */
const shopOfLocale: Record<string, string> = {
  'de-DE': 'http://localhost:8080',
  'de-AT': 'http://at.localhost:8080',
  'es-ES': 'http://es.localhost:8080',
  'fr-FR': 'http://fr.localhost:8080',
  'it-IT': 'http://it.localhost:8080',
};

describe.each(testDatabases())('registration and passwords on $name', (engine) => {
  // Guests' trades name a device of the catalogue.
  const server = useAccountServer(engine, { failuresPerIp: 1000 }, async (db) => {
    await seedCatalogue(db, testCatalogue(6));
  });

  const register = (body: unknown) => server.api.call('POST', '/api/account/register', { body });
  const activate = (token: string) =>
    server.api.call('POST', '/api/account/activateRegistration', { headers: { token } });
  const login = (username: string, password: string) =>
    server.api.call('POST', '/api/account/login', { body: { username, password } });
  const resend = (body: unknown) =>
    server.api.call('POST', '/api/account/resendActivation', { body });
  const activationMails = async (email: string) =>
    (await mailsTo(server.api.outboxDir, email)).filter((mail) => mail.kind === 'activation');

  const change = (token: string | undefined, body: object) =>
    server.api.call('POST', '/api/account/changePassword', {
      body,
      ...(token === undefined ? {} : { token }),
    });

  it('creates an unactivated customer with number, address, person and payout, password hashed', async () => {
    const answer = await register(registrationBody('new@example.org', 'de-DE', 'Plain-text-9'));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    const customer = await server.db
      .selectFrom('customers')
      .selectAll()
      .where('email', '=', 'new@example.org')
      .executeTakeFirstOrThrow();
    expect(customer).toMatchObject({
      activated_at: null,
      is_guest: 0,
      edition: 'de',
      locale: 'de-DE',
    });
    expect(customer.customer_number).toMatch(/^K[0-9]{10}$/);
    expect(customer.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(customer.password_hash).not.toContain('Plain-text-9');
    const people = await server.db
      .selectFrom('people')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .execute();
    const addresses = await server.db
      .selectFrom('addresses')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .execute();
    expect(people[0]?.address_id).toBe(addresses[0]?.id);
    const payment = await server.db
      .selectFrom('customer_payment_accounts')
      .innerJoin('bank_accounts', 'bank_accounts.id', 'customer_payment_accounts.bank_account_id')
      .select(['iban', 'is_primary', 'payment_type'])
      .where('customer_payment_accounts.customer_id', '=', customer.id)
      .execute();
    expect(payment).toEqual([
      { iban: 'DE89370400440532013000', is_primary: 1, payment_type: 'INVOICE' },
    ]);
    await server.api.waitForMail('new@example.org', 'activation');
    const tokens = await server.db
      .selectFrom('one_time_tokens')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .execute();
    expect(tokens).toMatchObject([{ purpose: 'activation', used_at: null }]);
    expect(Date.parse(tokens[0]?.expires_at ?? '') - Date.parse(tokens[0]?.created_at ?? '')).toBe(
      48 * 60 * 60_000,
    );
  });

  it.each([
    [
      'de-DE',
      'Bitte bestätige deine Registrierung',
      'Hallo Anna Muster,',
      'vielen Dank für deine Registrierung',
    ],
    [
      'de-AT',
      'Bitte bestätige deine Registrierung',
      'Hallo Anna Muster,',
      'innerhalb von 48 Stunden',
    ],
    ['es-ES', 'Confirma tu registro', 'Hola, Anna Muster:', 'gracias por registrarte'],
    [
      'fr-FR',
      'Veuillez confirmer votre inscription',
      'Bonjour Anna Muster,',
      'merci de votre inscription',
    ],
    ['it-IT', 'Conferma la tua registrazione', 'Ciao Anna Muster,', 'grazie per la registrazione'],
  ])(
    'mails the activation link in the language of %s; the link activates once',
    async (locale, subject, greeting, body) => {
      const email = `mail-${locale.toLowerCase()}@example.org`;
      expect((await register(registrationBody(email, locale))).status).toBe(200);
      const mail = await server.api.waitForMail(email, 'activation');
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(body);
      expect(mail.text.startsWith(greeting)).toBe(true);
      // The shop of the registration's edition, as the test server derives it from its origin.
      expect(mail.text).toContain(`${shopOfLocale[locale]}/account/register?token=`);
      const token = tokenOfLink(mail.text, '/account/register');
      const stored = await server.db.selectFrom('one_time_tokens').select('token_hash').execute();
      expect(stored.map((row) => row.token_hash)).not.toContain(token);
      expect((await login(email, 'Secret-pass-1')).status).toBe(403);
      const first = await activate(token);
      expect(first.body).toEqual({ token, activated: true });
      expect((await login(email, 'Secret-pass-1')).status).toBe(200);
      const second = await activate(token);
      expect(second.status).toBe(200);
      expect(second.body).toEqual({ token: null, activated: false });
      const edition = await server.db
        .selectFrom('customers')
        .select('edition')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(edition.edition).toBe(locale === 'de-AT' ? 'at' : locale.slice(0, 2));
    },
  );

  /**
   * A guest customer with one trade, inserted as a guest checkout leaves them; `proven` when the
   * guest followed the confirmation link of the trade mail (sent to `email`).
   */
  async function guestWithTrade(
    email: string,
    proven: boolean,
  ): Promise<{ guestId: string; tradeId: number }> {
    const guest = await insertCustomer(server.db, { guest: true, email });
    const now = server.api.clock.now();
    const trade = await insertTrade(server.db, {
      customerId: guest.id,
      createdAt: now,
      priceCents: 10_000,
    });
    const at = now.toISOString();
    await server.db
      .insertInto('trade_mailbox_proofs')
      .values({
        trade_id: trade.id,
        email,
        token_hash: randomUUID(),
        created_at: at,
        expires_at: '2099-01-01T00:00:00.000Z',
        proven_at: proven ? at : null,
      })
      .execute();
    return { guestId: guest.id, tradeId: trade.id };
  }

  const registeredCustomer = (email: string) =>
    server.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', email)
      .where('is_guest', '=', 0)
      .executeTakeFirstOrThrow();

  const ownerOf = async (tradeId: number) =>
    (
      await server.db
        .selectFrom('trades')
        .select('customer_id')
        .where('id', '=', tradeId)
        .executeTakeFirstOrThrow()
    ).customer_id;

  it('gives an account, once activated, the proven guest trades of its address only', async () => {
    const email = 'sold-as-guest@example.org';
    const mine = await guestWithTrade(email, true);
    // Someone typed this address at a guest checkout but nobody followed the trade mail's link.
    const planted = await guestWithTrade(email, false);
    const theirs = await guestWithTrade('someone-else@example.org', true);
    expect((await register(registrationBody(email))).status).toBe(200);
    const token = tokenOfLink(
      (await server.api.waitForMail(email, 'activation')).text,
      '/account/register',
    );
    expect(await ownerOf(mine.tradeId), 'not before the mailbox is proven').toBe(mine.guestId);

    expect((await activate(token)).body).toEqual({ token, activated: true });
    const registered = await registeredCustomer(email);
    expect(await ownerOf(mine.tradeId)).toBe(registered.id);
    expect(await ownerOf(planted.tradeId)).toBe(planted.guestId);
    expect(await ownerOf(theirs.tradeId)).toBe(theirs.guestId);
  });

  it('gives the proven guest trades to an account that a password reset activates', async () => {
    const email = 'reset-activates@example.org';
    const mine = await guestWithTrade(email, true);
    const planted = await guestWithTrade(email, false);
    await register(registrationBody(email));
    await server.api.call('POST', '/api/account/forgotPasswordMail', {
      body: { email, lang: 'de' },
    });
    const token = tokenOfLink(
      (await server.api.waitForMail(email, 'password-reset')).text,
      '/account/password-reset',
    );
    const reset = await server.api.call('POST', '/api/account/resetPassword', {
      headers: { token },
      body: { password: 'Brand-new-4' },
    });
    expect(reset.body).toEqual({ ok: true });
    const registered = await registeredCustomer(email);
    expect(await ownerOf(mine.tradeId)).toBe(registered.id);
    expect(await ownerOf(planted.tradeId)).toBe(planted.guestId);
  });

  it('rejects expired and unknown activation tokens; activates by identifier too', async () => {
    await register(registrationBody('late@example.org'));
    const late = tokenOfLink(
      (await server.api.waitForMail('late@example.org', 'activation')).text,
      '/account/register',
    );
    server.api.clock.advance(48 * 60 * 60_000 + 1000);
    expect((await activate(late)).body).toEqual({ token: null, activated: false });
    expect((await activate('unknown-token')).body).toEqual({ token: null, activated: false });
    // A second registration sends a fresh link; the identifier call uses it.
    expect((await register(registrationBody('late@example.org'))).body).toEqual({ ok: true });
    const fresh = tokenOfLink(
      (await server.api.waitForMail('late@example.org', 'activation', 2)).text,
      '/account/register',
    );
    const byIdentifier = await server.api.call('GET', '/api/activateCustomerByIdentifier', {
      headers: { identifier: fresh },
    });
    expect(byIdentifier.body).toEqual({ activated: true });
    const again = await server.api.call('GET', '/api/activateCustomerByIdentifier', {
      headers: { identifier: fresh },
    });
    expect(again.body).toEqual({ activated: false });
  });

  it('answers a second registration of an active address the same way and tells the owner by mail', async () => {
    const owner = await createCustomer(server.api, 'taken@example.org');
    const before = await server.db
      .selectFrom('customers')
      .selectAll()
      .where('email', '=', owner.email)
      .execute();
    const answer = await register(registrationBody(owner.email, 'de-DE', 'Other-pass-2'));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    const notice = await server.api.waitForMail(owner.email, 'activation', 2);
    expect(notice.subject).toBe('Deine Registrierung');
    expect(notice.text).toContain('http://localhost:8080/account/password-forgot');
    expect(
      await server.db
        .selectFrom('customers')
        .selectAll()
        .where('email', '=', owner.email)
        .execute(),
    ).toEqual(before);
    expect((await login(owner.email, 'Other-pass-2')).status).toBe(401);
  });

  it('refuses a registration whose locale no edition speaks', async () => {
    const answer = await register(registrationBody('english@example.org', 'en-GB'));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ fields: [{ path: 'attributes.locale' }] });
  });

  it('sends a reset mail only for known addresses, answering the same; the link resets once', async () => {
    const fay = await createCustomer(server.api, 'reset@example.org', 'de-AT');
    const unknown = await server.api.call('POST', '/api/account/forgotPasswordMail', {
      body: { email: 'nobody-here@example.org', lang: 'de' },
    });
    const known = await server.api.call('POST', '/api/account/forgotPasswordMail', {
      body: { email: 'Reset@Example.org', lang: 'it' },
    });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    const mail = await server.api.waitForMail(fay.email, 'password-reset');
    expect(mail.subject).toBe('Reimposta la tua password');
    expect(mail.text).toContain("entro un'ora");
    const token = tokenOfLink(mail.text, '/account/password-reset');
    expect(
      (await server.api.mails()).filter((sent) => sent.to === 'nobody-here@example.org'),
    ).toEqual([]);

    const reset = await server.api.call('POST', '/api/account/resetPassword', {
      headers: { token },
      body: { password: 'Brand-new-3' },
    });
    expect(reset.body).toEqual({ ok: true });
    // Every session ended; the old password is gone, the new one works.
    expect(
      (await server.api.call('GET', '/api/customers/customers', { token: fay.accessToken })).status,
    ).toBe(401);
    expect(
      (
        await server.api.call('POST', '/api/account/loginRefresh', {
          headers: { refresh: fay.refreshToken },
        })
      ).status,
    ).toBe(401);
    expect((await login(fay.email, fay.password)).status).toBe(401);
    expect((await login(fay.email, 'Brand-new-3')).status).toBe(200);
    const used = await server.api.call('POST', '/api/account/resetPassword', {
      headers: { token },
      body: { password: 'Brand-new-4' },
    });
    expect(used.status).toBe(400);
    expect(used.body.error?.code).toBe('invalid_token');
  });

  it('lets a reset link expire after one hour and caps reset mails per hour', async () => {
    const gus = await createCustomer(server.api, 'expire-reset@example.org', 'es-ES');
    for (let count = 0; count < 4; count += 1) {
      await server.api.call('POST', '/api/account/forgotPasswordMail', {
        body: { email: gus.email, lang: 'es' },
      });
    }
    const third = await server.api.waitForMail(gus.email, 'password-reset', 3);
    expect(third.subject).toBe('Restablece tu contraseña');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      (await server.api.mails()).filter(
        (mail) => mail.to === gus.email && mail.kind === 'password-reset',
      ),
    ).toHaveLength(3);
    server.api.clock.advance(60 * 60_000 + 1000);
    const expired = await server.api.call('POST', '/api/account/resetPassword', {
      headers: { token: tokenOfLink(third.text, '/account/password-reset') },
      body: { password: 'Brand-new-3' },
    });
    expect(expired.status).toBe(400);
  });

  it('keeps the cap exact when many reset requests for one address arrive at once', async () => {
    const ida = await createCustomer(server.api, 'burst-reset@example.org');
    const burst = await Promise.all(
      Array.from({ length: 8 }, () =>
        server.api.call('POST', '/api/account/forgotPasswordMail', {
          body: { email: ida.email, lang: 'de' },
        }),
      ),
    );
    expect(burst.every((answer) => answer.status === 200)).toBe(true);
    await server.api.waitForMail(ida.email, 'password-reset', 3);
    // Give any mail beyond the cap the time to appear before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      (await server.api.mails()).filter(
        (mail) => mail.to === ida.email && mail.kind === 'password-reset',
      ),
    ).toHaveLength(3);
  });

  describe('resendActivation', () => {
    it('mails a fresh link to a registered, unactivated address, in its edition; the link activates', async () => {
      const email = 'resend-me@example.org';
      await register(registrationBody(email, 'fr-FR'));
      const first = await server.api.waitForMail(email, 'activation');
      // Asked in German, the mail is still the French edition's, like the first one.
      const answer = await resend({ email, lang: 'de' });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true });
      const second = await server.api.waitForMail(email, 'activation', 2);
      expect(second.subject).toBe(first.subject);
      expect(second.subject).toBe('Veuillez confirmer votre inscription');
      const token = tokenOfLink(second.text, '/account/register');
      expect(token).not.toBe(tokenOfLink(first.text, '/account/register'));
      expect(second.text).toBe(
        first.text.replace(tokenOfLink(first.text, '/account/register'), token),
      );
      expect(second.text).toContain(`http://fr.localhost:8080/account/register?token=${token}`);
      const stored = await server.db
        .selectFrom('one_time_tokens')
        .innerJoin('customers', 'customers.id', 'one_time_tokens.customer_id')
        .select(['purpose', 'one_time_tokens.created_at', 'expires_at'])
        .where('customers.email', '=', email)
        .orderBy('one_time_tokens.id')
        .execute();
      expect(stored.map((row) => row.purpose)).toEqual(['activation', 'activation']);
      const fresh = stored[1];
      expect(Date.parse(fresh?.expires_at ?? '') - Date.parse(fresh?.created_at ?? '')).toBe(
        48 * 60 * 60_000,
      );
      expect((await login(email, 'Secret-pass-1')).status).toBe(403);
      expect((await activate(token)).body).toEqual({ token, activated: true });
      expect((await login(email, 'Secret-pass-1')).status).toBe(200);
    });

    it('answers activated, guest and unknown addresses the same and mails them nothing', async () => {
      const active = await createCustomer(server.api, 'resend-active@example.org');
      const guest = 'resend-guest@example.org';
      await guestWithTrade(guest, true);
      const unactivated = 'resend-pending@example.org';
      await register(registrationBody(unactivated));
      await server.api.waitForMail(unactivated, 'activation');
      const answers = await Promise.all(
        [active.email, guest, 'resend-nobody@example.org', unactivated].map((email) =>
          resend({ email, lang: 'de' }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.text).toBe(answers[0]?.text);
      }
      await server.api.waitForMail(unactivated, 'activation', 2);
      await settle();
      expect(await activationMails(active.email)).toHaveLength(1);
      expect(await activationMails(guest)).toEqual([]);
      expect(await activationMails('resend-nobody@example.org')).toEqual([]);
      expect(
        await server.db
          .selectFrom('mail_log')
          .select('recipient')
          .where('recipient', 'in', [guest, 'resend-nobody@example.org'])
          .execute(),
      ).toEqual([]);
      const activeTokens = await server.db
        .selectFrom('one_time_tokens')
        .select('id')
        .where('customer_id', '=', active.customerId)
        .execute();
      expect(activeTokens).toHaveLength(1);
    });

    it('counts against the cap of registration mails per address and hour', async () => {
      const email = 'resend-cap@example.org';
      await register(registrationBody(email));
      await server.api.waitForMail(email, 'activation');
      for (let count = 0; count < 4; count += 1) {
        expect((await resend({ email, lang: 'de' })).body).toEqual({ ok: true });
      }
      await server.api.waitForMail(email, 'activation', 3);
      await settle();
      // The registration's mail and two resent ones: the cap of three is reached.
      expect(await activationMails(email)).toHaveLength(3);
      server.api.clock.advance(60 * 60_000 + 1000);
      await resend({ email, lang: 'de' });
      const fourth = await server.api.waitForMail(email, 'activation', 4);
      const token = tokenOfLink(fourth.text, '/account/register');
      expect((await activate(token)).body).toEqual({ token, activated: true });
    });

    it.each([
      [{ lang: 'de' }, 'email'],
      [{ email: 'not-an-address', lang: 'de' }, 'email'],
      [{ email: 'Resend-Upper@Example.org', lang: 'de' }, 'email'],
      [{ email: 'resend-lang@example.org' }, 'lang'],
      [{ email: 'resend-lang@example.org', lang: 'en' }, 'lang'],
    ])('refuses the body %j with 400 naming %s', async (body, field) => {
      const answer = await resend(body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ fields: [{ path: field }] });
    });
  });

  describe('changePassword', () => {
    it('needs the bearer token, the matching account and the current password', async () => {
      const hal = await createCustomer(server.api, 'change@example.org');
      const other = await createCustomer(server.api, 'change-other@example.org');
      const body = {
        password: 'Changed-pass-5',
        userId: hal.customerId,
        email: hal.email,
        currentPassword: hal.password,
      };
      expect((await change(undefined, body)).status).toBe(401);
      expect((await change(other.accessToken, body)).status).toBe(404);
      expect((await change(hal.accessToken, { ...body, email: other.email })).status).toBe(404);
      const wrong = await change(hal.accessToken, { ...body, currentPassword: 'Wrong-pass-1' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toMatchObject({
        code: 'wrong_password',
        fields: [{ path: 'currentPassword' }],
      });
      const second = await login(hal.email, hal.password);
      const ok = await change(hal.accessToken, body);
      expect(ok.body).toEqual({ ok: true });
      // This session stays, the other one ends.
      expect(
        (await server.api.call('GET', '/api/customers/customers', { token: hal.accessToken }))
          .status,
      ).toBe(200);
      expect(
        (
          await server.api.call('GET', '/api/customers/customers', {
            token: String(second.body['access_token']),
          })
        ).status,
      ).toBe(401);
      expect((await login(hal.email, 'Changed-pass-5')).status).toBe(200);
      const stored = await server.db
        .selectFrom('customers')
        .select('password_hash')
        .where('id', '=', hal.customerId)
        .executeTakeFirstOrThrow();
      expect(stored.password_hash).toMatch(/^\$argon2id\$/);
      expect(stored.password_hash).not.toContain('Changed-pass-5');
    });
  });
});
