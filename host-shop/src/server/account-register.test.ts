import { msg } from '@lingui/core/macro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/create-i18n.ts';
import { tokenOfLink } from '../../../packages/trade-api/test-kit/account-test-kit.ts';
import { mailsTo } from '../../../packages/trade-api/test-kit/outbox-mail.ts';
import { startTestShop, type TestShop } from './test-shop.ts';

const registerPath = '/account/register';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
}, 60_000);
afterAll(() => shop.close());

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

/** The page's main content, without the ids React numbers per render. */
function mainOf(body: string): string {
  const main = body.slice(body.indexOf('<main'), body.indexOf('</main>'));
  return main.replaceAll(/_R_[A-Za-z0-9_]+_/g, 'id');
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

  it('refuses what is no e-mail address', async () => {
    const answer = await shop.postForm('de.localhost', '/account/password-forgot', {
      email: 'not an address',
    });
    expect(answer.statusCode).toBe(400);
    expect(refusedFields(answer.body)).toEqual(['email']);
  });
});
