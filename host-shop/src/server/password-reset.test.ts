import { describe, expect, it } from 'vitest';
import { mailsTo, registrationBody, tokenOfLink } from '@tradein/trade-api/test-kit';
import { useTestShop } from './test-shop.ts';

/** Where the reset mail links to (the trade API's account mails). */
const resetPath = '/account/password-reset';

const shop = useTestShop();

/** A JSON call of the trade API through the shop server; answers its status. */
async function api(path: string, body: unknown): Promise<number> {
  return (await shop.api('POST', path, { body })).status;
}

/** The newest mail of a kind to an address, once it arrived (account mails go out after the answer). */
async function mailOf(email: string, kind: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const mail = (await mailsTo(shop.outbox, email)).findLast((each) => each.kind === kind);
    if (mail !== undefined) return mail;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no ${kind} mail to ${email}`);
}

/** Registers an account and asks for a reset; answers the token of the reset link. */
async function resetToken(email: string): Promise<string> {
  expect(await api('/api/account/register', registrationBody(email))).toBe(200);
  expect(await api('/api/account/forgotPasswordMail', { email, lang: 'de' })).toBe(200);
  return tokenOfLink((await mailOf(email, 'password-reset')).text, resetPath);
}

const logIn = (email: string, password: string) =>
  api('/api/account/login', { username: email, password });

describe('the password-reset link', () => {
  it('refuses a weak password, then sets the new one once', async () => {
    const email = 'anna.muster.reset@example.org';
    const token = await resetToken(email);
    const page = await shop.get('de.localhost', `${resetPath}?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Neues Passwort wählen');
    const field = /<input[^>]*type="password"[^>]*>/.exec(page.body)?.[0] ?? '';
    expect(field).toContain('name="password"');
    expect(field).toContain('autoComplete="new-password"');

    const weak = await shop.postForm('de.localhost', resetPath, { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('aria-invalid="true"');
    expect(weak.body).not.toContain('value="short"');

    const changed = await shop.postForm('de.localhost', resetPath, {
      token,
      password: 'New-secret-2',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Dein neues Passwort ist gespeichert.');
    // A reset proves the mailbox: the account is active and the new password logs in.
    expect(await logIn(email, 'New-secret-2')).toBe(200);

    const again = await shop.postForm('de.localhost', resetPath, {
      token,
      password: 'Other-secret-3',
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('Dieser Link ist ungültig');
    expect(await logIn(email, 'Other-secret-3')).toBe(401);
  });

  it('serves the unlocalized alias and says a malformed link is invalid', async () => {
    const page = await shop.get('it.localhost', '/account/password/reset?token=%3Cb%3E');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Questo link non è valido');
    expect(page.body).not.toContain('name="password"');
  });
});
