import { describe, expect, it } from 'vitest';
import { mailsTo, registrationBody, tokenOfLink } from '@tradein/trade-api/test-kit';
import { useTestShop } from './test-shop.ts';

/** Where the activation mail links to (the trade API's account mails). */
const activationPath = '/account/register';

const shop = useTestShop();

/** Registers an account; answers the token of the activation link mailed to it. */
async function registeredToken(email: string): Promise<string> {
  const password = 'Secret-pass-1';
  const registered = await shop.api('POST', '/api/account/register', {
    body: registrationBody(email, 'de-DE', password),
  });
  expect(registered.status).toBe(200);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const [mail] = await mailsTo(shop.outbox, email);
    if (mail !== undefined) return tokenOfLink(mail.text, activationPath);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no activation mail to ${email}`);
}

const logIn = (email: string) =>
  shop.api('POST', '/api/account/login', {
    body: { username: email, password: 'Secret-pass-1' },
  });

describe('the activation link of a new account', () => {
  it('asks before it activates, then the customer can log in', async () => {
    const email = 'anna.muster.activation@example.org';
    const token = await registeredToken(email);
    const page = await shop.get('de.localhost', `${activationPath}?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Konto aktivieren');
    expect(page.body).toContain(`name="token" value="${token}"`);
    // Opening the link activated nothing.
    expect((await logIn(email)).status).not.toBe(200);

    const activated = await shop.postForm('de.localhost', activationPath, { token });
    expect(activated.statusCode).toBe(200);
    expect(activated.body).toContain('Dein Kundenkonto ist aktiv.');
    expect((await logIn(email)).status).toBe(200);

    const again = await shop.postForm('de.localhost', activationPath, { token });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('Dieser Aktivierungslink ist ungültig');
  });

  it.each([
    ['a token of the wrong form', `${activationPath}?token=%3Cb%3E`],
    ['an empty token', `${activationPath}?token=`],
  ])('says the link is invalid for %s, without a form', async (_what, path) => {
    const page = await shop.get('es.localhost', path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Este enlace de activación no es válido');
    expect(page.body).not.toContain('name="token"');
  });

  it('refuses an unknown token and changes nothing', async () => {
    const response = await shop.postForm('fr.localhost', activationPath, { token: 'b'.repeat(43) });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('name="token"');
  });
});
