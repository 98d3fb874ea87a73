import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { honeypotFieldName } from '../app/components/honeypot-field.tsx';
import { createI18n } from '../i18n/create-i18n.ts';
import { mailsTo, tokenOfLink } from '@tradein/trade-api/test-kit';
import { mainOf, useTestShop } from './test-shop.ts';

const registerPath = '/account/register';

const shop = useTestShop();

/** The fields of a complete registration, as the form posts them without JavaScript. */
function registrationForm(email: string, overrides: Record<string, string> = {}) {
  return {
    intent: 'register',
    email,
    password: 'Secret-pass-1',
    locale: 'de-DE',
    salutation: 'ms',
    firstName: 'Anna',
    lastName: 'Muster',
    company: '',
    street: 'Hauptstraße',
    houseNumber: '12',
    addressAddition: '',
    zip: '10115',
    city: 'Berlin',
    payout: 'sepa',
    accountHolder: 'Anna Muster',
    iban: 'de89 3704 0044 0532 0130 00',
    bic: '',
    paypalEmail: '',
    ...overrides,
  };
}

/** The mails of a kind to an address once `count` arrived (account mails go after the answer). */
async function mailsOf(email: string, kind: string, count = 1) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const mails = (await mailsTo(shop.outbox, email)).filter((mail) => mail.kind === kind);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} ${kind} mails to ${email}`);
}

/** The names of the form fields a page marks as refused. */
function refusedFields(body: string): string[] {
  return [...body.matchAll(/<(?:input|select)[^>]*>/g)]
    .filter((match) => match[0].includes('aria-invalid="true"'))
    .map((match) => /name="([^"]+)"/.exec(match[0])?.[1] ?? '')
    .toSorted();
}

/** Waits long enough for a mail that should not come, then answers what arrived. */
async function mailsAfterAWhile(email: string) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return mailsTo(shop.outbox, email);
}

async function logIn(email: string, password = 'Secret-pass-1'): Promise<number> {
  const response = await shop.inject({
    method: 'POST',
    url: '/api/account/login',
    headers: { host: 'de.localhost', 'content-type': 'application/json' },
    payload: JSON.stringify({ username: email, password }),
  });
  return response.statusCode;
}

describe('the registration form', () => {
  it('is a page of its own with the fields of an account', async () => {
    const page = await shop.get('de.localhost', registerPath);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>${createI18n('de')._(msg`Create your customer account`)}`);
    for (const name of ['email', 'password', 'locale', 'zip', 'iban', 'paypalEmail']) {
      expect(page.body).toContain(`name="${name}"`);
    }
    const passwordInput = /<input[^>]*name="password"[^>]*>/.exec(page.body)?.[0] ?? '';
    expect(passwordInput.toLowerCase()).toContain('autocomplete="new-password"');
  });

  it('registers with a lower-cased address and mails the activation link', async () => {
    const answer = await shop.postForm(
      'de.localhost',
      registerPath,
      registrationForm('Lena.Register@Example.org'),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('lena.register@example.org');
    const [mail] = await mailsOf('lena.register@example.org', 'activation');
    const token = tokenOfLink(mail?.text ?? '', registerPath);
    // Not active before the link is followed.
    expect(await logIn('lena.register@example.org')).toBe(403);
    const activated = await shop.postForm('de.localhost', `${registerPath}?token=${token}`, {
      token,
    });
    expect(activated.statusCode).toBe(200);
    expect(await logIn('lena.register@example.org')).toBe(200);
  });

  it('refuses bad fields by name, keeps the values but never the password, and stores nothing', async () => {
    const email = 'refused.register@example.org';
    const answer = await shop.postForm(
      'de.localhost',
      registerPath,
      registrationForm(email, { zip: '1010', password: 'short', iban: 'DE00 1234' }),
    );
    expect(answer.statusCode).toBe(400);
    expect(refusedFields(answer.body)).toEqual(['iban', 'password', 'zip']);
    expect(answer.body).toContain('value="Hauptstraße"');
    expect(answer.body).not.toContain('value="short"');
    expect(await mailsAfterAWhile(email)).toEqual([]);
    expect(await logIn(email, 'short')).toBe(401);
  });

  it.each([
    ['Brazilian', 'BR18 0036 0305 0000 1000 9795 493C 1'],
    ['Turkish', 'TR33 0006 1005 1978 6457 8413 26'],
  ])('refuses a %s IBAN beside its field: only SEPA accounts are paid', async (_country, iban) => {
    const email = `sepa.${iban.slice(0, 2).toLowerCase()}.register@example.org`;
    const calls = shop.apiCalls().length;
    const answer = await shop.postForm(
      'de.localhost',
      registerPath,
      registrationForm(email, { iban }),
    );
    expect(answer.statusCode).toBe(400);
    expect(refusedFields(answer.body)).toEqual(['iban']);
    const ibanInput = /<input[^>]*name="iban"[^>]*>/.exec(answer.body)?.[0] ?? '';
    const ibanError = /aria-describedby="([^"]+)"/.exec(ibanInput)?.[1];
    const sepaOnly = createI18n('de')._(
      msg`Only bank accounts in the SEPA area are accepted. Please enter the IBAN of such an account, or use PayPal.`,
    );
    expect(answer.body).toContain(`id="${ibanError}">${sepaOnly}</p>`);
    expect(shop.apiCalls().slice(calls)).toEqual([]);
    expect(await mailsAfterAWhile(email)).toEqual([]);
  });

  it('answers a second click the same and creates one account', async () => {
    const email = 'twice.register@example.org';
    const fields = registrationForm(email);
    const [first, second] = await Promise.all([
      shop.postForm('de.localhost', registerPath, fields),
      shop.postForm('de.localhost', registerPath, fields),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const mails = await mailsOf(email, 'activation');
    const token = tokenOfLink(mails[0]?.text ?? '', registerPath);
    await shop.postForm('de.localhost', `${registerPath}?token=${token}`, { token });
    expect(await logIn(email)).toBe(200);
  });

  it('sends a new activation link on request, and nothing to an unknown address', async () => {
    const email = 'resend.register@example.org';
    await shop.postForm('de.localhost', registerPath, registrationForm(email));
    await mailsOf(email, 'activation');
    const resent = await shop.postForm('de.localhost', registerPath, { intent: 'resend', email });
    expect(resent.statusCode).toBe(200);
    const mails = await mailsOf(email, 'activation', 2);
    const token = tokenOfLink(mails.at(-1)?.text ?? '', registerPath);
    await shop.postForm('de.localhost', `${registerPath}?token=${token}`, { token });
    expect(await logIn(email)).toBe(200);

    const unknown = await shop.postForm('de.localhost', registerPath, {
      intent: 'resend',
      email: 'nobody.register@example.org',
    });
    expect(unknown.statusCode).toBe(200);
    expect(mainOf(unknown.body)).toBe(
      mainOf(resent.body).replaceAll(email, 'nobody.register@example.org'),
    );
    expect(await mailsAfterAWhile('nobody.register@example.org')).toEqual([]);
  });
});

/** The input of a field, its label and the first text it is described by (hint or error). */
function fieldOf(body: string, name: string) {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(body)?.[0];
  const id = input === undefined ? undefined : /id="([^"]+)"/.exec(input)?.[1];
  const label = new RegExp(`<label for="${id}">([^<]*)`).exec(body)?.[1];
  const describedBy = (
    input === undefined ? undefined : /aria-describedby="([^"]+)"/.exec(input)
  )?.[1];
  const description = new RegExp(`id="${describedBy?.split(' ')[0]}">([^<]*)<`).exec(body)?.[1];
  return { input, label, description };
}

/** The stored addresses of a customer, by e-mail address. */
async function storedAddresses(email: string) {
  return shop.tradeApi.db
    .selectFrom('addresses')
    .innerJoin('customers', 'customers.id', 'addresses.customer_id')
    .select(['addresses.street', 'addresses.house_number', 'addresses.zip', 'addresses.city'])
    .where('customers.email', '=', email)
    .execute();
}

describe("the registration's address, as each country writes it", () => {
  it('asks in France for one address line with an example, and no house number', async () => {
    const page = await shop.get('fr.localhost', registerPath);
    const street = fieldOf(page.body, 'street');
    expect(street.label).toBe('Adresse');
    expect(street.input?.toLowerCase()).toContain('autocomplete="address-line1"');
    expect(street.description).toBe('Numéro et rue, par exemple 12 rue de Rivoli');
    expect(page.body).not.toContain('name="houseNumber"');
  });

  it('asks in Germany for street and house number', async () => {
    const page = await shop.get('de.localhost', registerPath);
    expect(fieldOf(page.body, 'street').label).toBe('Straße');
    expect(fieldOf(page.body, 'houseNumber').label).toBe('Hausnummer');
  });

  it('registers a French address of one line as it was written', async () => {
    const email = 'jeanne.rivoli@example.org';
    const { houseNumber: _none, ...fields } = registrationForm(email, {
      locale: 'fr-FR',
      street: '12 rue de Rivoli',
      zip: '75001',
      city: 'Paris',
      iban: 'FR14 2004 1010 0505 0001 3M02 606',
    });
    const answer = await shop.postForm('fr.localhost', registerPath, fields);
    expect(answer.statusCode).toBe(200);
    expect(await storedAddresses(email)).toEqual([
      { street: '12 rue de Rivoli', house_number: '', zip: '75001', city: 'Paris' },
    ]);
  });

  it('refuses a German address without house number beside that field', async () => {
    const email = 'no.number.register@example.org';
    const answer = await shop.postForm(
      'de.localhost',
      registerPath,
      registrationForm(email, { houseNumber: '' }),
    );
    expect(answer.statusCode).toBe(400);
    expect(refusedFields(answer.body)).toEqual(['houseNumber']);
    const houseNumber = fieldOf(answer.body, 'houseNumber');
    expect(houseNumber.description).toBe(createI18n('de')._(msg`Please fill in this field.`));
    expect(await storedAddresses(email)).toEqual([]);
  });
});

describe('the honeypot of the registration page', () => {
  it('answers a filled one exactly like a registration, and registers and mails nothing', async () => {
    const person = 'honeypot.person.register@example.org';
    const bot = 'honeypot.bot.register@example.org';
    const registered = await shop.postForm('de.localhost', registerPath, registrationForm(person));
    const calls = shop.apiCalls().length;
    const trapped = await shop.postForm('de.localhost', registerPath, {
      ...registrationForm(bot),
      [honeypotFieldName]: 'https://spam.example',
    });
    expect(trapped.statusCode).toBe(registered.statusCode);
    expect(mainOf(trapped.body)).toBe(mainOf(registered.body).replaceAll(person, bot));
    expect(shop.apiCalls().slice(calls)).toEqual([]);
    expect(await mailsAfterAWhile(bot)).toEqual([]);
    expect(await logIn(bot)).toBe(401);
  });

  it('answers a filled one on the new-link form like a sent link, and mails nothing', async () => {
    const email = 'honeypot.resend.register@example.org';
    await shop.postForm('de.localhost', registerPath, registrationForm(email));
    await mailsOf(email, 'activation');
    const calls = shop.apiCalls().length;
    const trapped = await shop.postForm('de.localhost', registerPath, {
      intent: 'resend',
      email,
      [honeypotFieldName]: 'x',
    });
    expect(trapped.statusCode).toBe(200);
    expect(trapped.body).toContain(`${email}`);
    expect(shop.apiCalls().slice(calls)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      (await mailsTo(shop.outbox, email)).filter((mail) => mail.kind === 'activation'),
    ).toHaveLength(1);
  });

  it('is hidden from screen readers, out of the tab order and never autofilled', async () => {
    const page = await shop.get('de.localhost', registerPath);
    const traps = [...page.body.matchAll(/<div class="form-trap" aria-hidden="true">.*?<\/div>/g)];
    // The registration, the new-link form and the footer's newsletter sign-up carry one each.
    expect(traps).toHaveLength(3);
    for (const [trap] of traps) {
      const input = new RegExp(`<input[^>]*name="${honeypotFieldName}"[^>]*>`).exec(trap)?.[0];
      expect(input).toContain('tabindex="-1"');
      expect(input?.toLowerCase()).toContain('autocomplete="off"');
    }
  });
});

describe('the password-forgot page', () => {
  it('mails a reset link to an account and answers the same for an unknown address', async () => {
    const email = 'forgot.register@example.org';
    await shop.postForm('de.localhost', registerPath, registrationForm(email));
    const known = await shop.postForm('de.localhost', '/account/password-forgot', { email });
    expect(known.statusCode).toBe(200);
    await mailsOf(email, 'password-reset');
    const unknown = await shop.postForm('de.localhost', '/account/password/forgot', {
      email: 'nobody.forgot@example.org',
    });
    expect(unknown.statusCode).toBe(200);
    expect(await mailsAfterAWhile('nobody.forgot@example.org')).toEqual([]);
  });

  it('answers a filled honeypot like a sent link, and mails nothing', async () => {
    const email = 'honeypot.forgot@example.org';
    await shop.postForm('de.localhost', registerPath, registrationForm(email));
    await mailsOf(email, 'activation');
    const sent = await shop.postForm('de.localhost', '/account/password-forgot', {
      email: 'nobody.honeypot.forgot@example.org',
    });
    const calls = shop.apiCalls().length;
    const trapped = await shop.postForm('de.localhost', '/account/password-forgot', {
      email,
      [honeypotFieldName]: 'x',
    });
    expect(trapped.statusCode).toBe(200);
    expect(mainOf(trapped.body)).toBe(
      mainOf(sent.body).replaceAll('nobody.honeypot.forgot@example.org', email),
    );
    expect(shop.apiCalls().slice(calls)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      (await mailsTo(shop.outbox, email)).filter((mail) => mail.kind === 'password-reset'),
    ).toEqual([]);
  });

  it('refuses what is no e-mail address', async () => {
    const answer = await shop.postForm('de.localhost', '/account/password-forgot', {
      email: 'not an address',
    });
    expect(answer.statusCode).toBe(400);
    expect(refusedFields(answer.body)).toEqual(['email']);
  });
});
