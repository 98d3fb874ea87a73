import { databaseOfDataDir, totpCodeOf, testStaffPassword } from '@tradein/trade-api/test-kit';
import { describe, expect, it } from 'vitest';
import { sessionCookieOf, useBackOffice, type OfficeAnswer } from '../test-kit/back-office-kit.ts';

/*
 * The back office as a browser without JavaScript uses it, through the built server: its own
 * host, invitation and sign-in with password and TOTP, roles, CSRF, language, sign-out.
 */

const office = useBackOffice();

/** The `location` header of a redirect. */
function locationOf(answer: OfficeAnswer): string {
  return String(answer.headers['location'] ?? '');
}

/** The TOTP secret an invitation page shows as text. */
function secretOn(page: string): string {
  return /class="enrolment__secret">([A-Z2-7]+)</.exec(page)?.[1] ?? '';
}

describe('the back office host', () => {
  it('answers only on its own host, never framed or cached, and a shop host never serves it', async () => {
    const signIn = await office.request('GET', '/sign-in');
    expect(signIn.status).toBe(200);
    expect(signIn.text).toContain('<h1>Sign in to the back office</h1>');
    expect(signIn.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(signIn.headers['x-frame-options']).toBe('DENY');
    expect(signIn.headers['cache-control']).toBe('no-store');
    const asset = /href="(\/office-assets\/[^"]+\.css)"/.exec(signIn.text)?.[1] ?? '';
    expect((await office.request('GET', asset)).status).toBe(200);

    expect((await office.request('GET', '/sign-in', { host: 'localhost' })).status).toBe(404);
    expect((await office.request('GET', '/staff', { host: 'fr.localhost' })).status).toBe(404);
    expect((await office.request('GET', asset, { host: 'localhost' })).status).toBe(404);
    const shopPage = await office.request('GET', '/kontakt');
    expect(shopPage.status).toBe(404);
    expect(shopPage.text).toContain('This address is not a page of the back office');
  });

  it('takes larger posts than a shop page (bench photos, price lists), up to its own limit', async () => {
    const twoMegabytes = 'x'.repeat(2 * 1024 * 1024);
    const refused = await office.request('POST', '/sign-in', {
      form: { email: 'a@example.com', password: twoMegabytes, totpCode: '1' },
    });
    expect(refused.status).toBe(400);
    const shop = await office.request('POST', '/kontakt', {
      host: 'localhost',
      form: { message: twoMegabytes },
    });
    expect(shop.status).toBe(413);
  });

  it('sends visitors without a session to sign-in, and back where they were going', async () => {
    const home = await office.request('GET', '/');
    expect(home.status).toBe(302);
    expect(locationOf(home)).toBe('/sign-in');
    const audit = await office.request('GET', '/audit?actor=ops%3Aanna');
    expect(audit.status).toBe(302);
    expect(locationOf(audit)).toBe('/sign-in?next=%2Faudit%3Factor%3Dops%253Aanna');
  });
});

describe('invitation and sign-in without JavaScript', () => {
  it('enrols an invited person with password and TOTP, then signs them in', async () => {
    const printed = await office.ops('staff', 'add', 'ines@example.com', '--role', 'admin');
    const link = printed.find((line) => line.startsWith('http://ops.localhost:')) ?? '';
    const path = new URL(link).pathname;

    const invitation = await office.request('GET', path);
    expect(invitation.status).toBe(200);
    expect(invitation.text).toContain('ines@example.com');
    expect(invitation.text).toMatch(/<img[^>]+src="data:image\/svg\+xml;base64,/);
    const secret = secretOn(invitation.text);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    const wrongCode = await office.request('POST', path, {
      form: {
        password: testStaffPassword,
        passwordRepeated: testStaffPassword,
        totpSecret: secret,
        totpCode: (Number(await totpCodeOf(secret)) ^ 1).toString().padStart(6, '0'),
      },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.text).toContain('The code does not match');
    expect(secretOn(wrongCode.text)).toBe(secret);

    const mismatch = await office.request('POST', path, {
      form: {
        password: testStaffPassword,
        passwordRepeated: 'Another-pass-2',
        totpSecret: secret,
        totpCode: await totpCodeOf(secret),
      },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain('Type the same password again.');

    const accepted = await office.request('POST', path, {
      form: {
        password: testStaffPassword,
        passwordRepeated: testStaffPassword,
        totpSecret: secret,
        totpCode: await totpCodeOf(secret),
      },
    });
    expect(accepted.status).toBe(302);
    expect(locationOf(accepted)).toBe('/sign-in?welcome=1');
    const used = await office.request('GET', path);
    expect(used.status).toBe(410);
    expect(used.text).toContain('This invitation was already used');

    const refused = await office.request('POST', '/sign-in', {
      form: { email: 'ines@example.com', password: 'Wrong-pass-9', totpCode: '123456' },
    });
    expect(refused.status).toBe(401);
    expect(refused.text).toContain('E-mail, password or code is not right.');
    expect(sessionCookieOf(refused)).toBeUndefined();

    const signedIn = await office.request('POST', '/sign-in?next=%2Fstaff', {
      form: {
        email: 'Ines@Example.com',
        password: testStaffPassword,
        totpCode: await totpCodeOf(secret, 1),
      },
    });
    expect(signedIn.status).toBe(302);
    expect(locationOf(signedIn)).toBe('/staff');
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    const cookie = sessionCookieOf(signedIn) ?? '';
    const staffPage = await office.request('GET', '/staff', { cookie });
    expect(staffPage.status).toBe(200);
    expect(staffPage.text).toContain('ines@example.com');
  });

  it('names refused fields beside them and keeps the address typed', async () => {
    const answer = await office.request('POST', '/sign-in', {
      form: { email: 'not an address', password: '', totpCode: '12' },
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('Enter the e-mail address you were invited with.');
    expect(answer.text).toContain('Enter your password.');
    expect(answer.text).toContain('Enter the 6 digits your authenticator app shows now.');
    expect(answer.text).toContain('value="not an address"');
    expect(answer.text).toContain('aria-invalid="true"');
  });

  it('says plainly when a link has expired and when an account is disabled', async () => {
    const printed = await office.ops('staff', 'add', 'late@example.com', '--role', 'pricing');
    const path = new URL(printed.find((line) => line.startsWith('http')) ?? '').pathname;
    const admin = await office.staff('dora@example.com', ['admin']);
    const member = await office.staff('gone@example.com', ['inspector']);
    const db = databaseOfDataDir(office.server.dataDir);
    let memberId: string | undefined;
    try {
      await db
        .updateTable('staff_verifications')
        .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
        .where('used_at', 'is', null)
        .execute();
      memberId = (
        await db
          .selectFrom('staff')
          .select('id')
          .where('email', '=', 'gone@example.com')
          .executeTakeFirst()
      )?.id;
    } finally {
      await db.destroy();
    }
    const expired = await office.request('GET', path);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('This invitation has expired');
    expect(expired.text).toContain('Ask an admin to invite you again.');

    const disabled = await office.request('POST', '/staff', {
      cookie: admin.cookie,
      form: { csrf: admin.csrfToken, intent: 'disable', id: memberId ?? '' },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.text).toContain('gone@example.com is changed.');
    const refused = await office.request('POST', '/sign-in', {
      form: {
        email: 'gone@example.com',
        password: testStaffPassword,
        totpCode: await totpCodeOf(member.totpSecret, 1),
      },
    });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('This account is disabled. Ask an admin to enable it again.');
    // The disabled member's open session ended with it.
    expect((await office.request('GET', '/', { cookie: member.cookie })).status).toBe(302);
  });

  it('says plainly when a link is not known', async () => {
    const answer = await office.request('GET', `/invitation/${'x'.repeat(43)}`);
    expect(answer.status).toBe(404);
    expect(answer.text).toContain('This invitation link is not known');
  });
});

describe('roles, CSRF, language and sign-out', () => {
  it('refuses a screen to a member without its role, and a form without the CSRF token', async () => {
    const inspector = await office.staff('ida@example.com', ['inspector']);
    const refused = await office.request('GET', '/staff', { cookie: inspector.cookie });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Your account does not have the role this page needs.');
    expect((await office.request('GET', '/audit', { cookie: inspector.cookie })).status).toBe(403);

    const admin = await office.staff('ada@example.com', ['admin']);
    const withoutToken = await office.request('POST', '/staff', {
      cookie: admin.cookie,
      form: { intent: 'invite', email: 'new@example.com', roles: ['pricing'] },
    });
    expect(withoutToken.status).toBe(403);
    const invited = await office.request('POST', '/staff', {
      cookie: admin.cookie,
      form: {
        csrf: admin.csrfToken,
        intent: 'invite',
        email: 'new@example.com',
        roles: ['pricing', 'payouts'],
      },
    });
    expect(invited.status).toBe(200);
    expect(invited.text).toMatch(/http:\/\/ops\.localhost:\d+\/invitation\/[A-Za-z0-9_-]{43}/);
    const again = await office.request('POST', '/staff', {
      cookie: admin.cookie,
      form: {
        csrf: admin.csrfToken,
        intent: 'invite',
        email: 'ida@example.com',
        roles: ['pricing'],
      },
    });
    expect(again.status).toBe(409);
    expect(again.text).toContain('is a staff member already');
    const noRole = await office.request('POST', '/staff', {
      cookie: admin.cookie,
      form: { csrf: admin.csrfToken, intent: 'invite', email: 'other@example.com' },
    });
    expect(noRole.status).toBe(400);
    expect(noRole.text).toContain('Choose at least one role.');

    const audit = await office.request('GET', '/audit?subjectType=staff', { cookie: admin.cookie });
    expect(audit.status).toBe(200);
    expect(audit.text).toContain('staff.invited');
    expect(audit.text).toContain('ada@example.com');
  });

  it('shows the back office in the language a member chose', async () => {
    const member = await office.staff('lea@example.com', ['payouts']);
    const saved = await office.request('POST', '/account', {
      cookie: member.cookie,
      form: { csrf: member.csrfToken, locale: 'de', name: 'Lea' },
    });
    expect(saved.status).toBe(302);
    const home = await office.request('GET', '/', { cookie: member.cookie });
    expect(home.text).toContain('<html lang="de">');
    expect(home.text).toContain('Übersicht');
    expect(home.text).toContain('Abmelden');
    const refused = await office.request('POST', '/account', {
      cookie: member.cookie,
      form: { csrf: member.csrfToken, locale: 'fr' },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Wählen Sie Englisch oder Deutsch.');
  });

  it('signs out everywhere: every session of the member ends', async () => {
    const member = await office.staff('otto@example.com', ['inspector']);
    const other = await office.request('GET', '/', { cookie: member.cookie });
    expect(other.status).toBe(200);
    const out = await office.request('POST', '/sign-out', {
      cookie: member.cookie,
      form: { csrf: member.csrfToken, everywhere: '1' },
    });
    expect(out.status).toBe(302);
    expect(locationOf(out)).toBe('/sign-in?signedOut=1');
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    const after = await office.request('GET', '/', { cookie: member.cookie });
    expect(after.status).toBe(302);
  });
});
