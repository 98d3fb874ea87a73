import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases, useMigratedDatabase } from '../../test-kit/test-databases.ts';
import { TooManyAttemptsError } from '../accounts/login-throttle.ts';
import { disableStaff, enableStaff } from './staff-admin.ts';
import { StaffError } from './staff-error.ts';
import { acceptInvitation, inviteStaff } from './staff-invitations.ts';
import { sessionOf, signOutEverywhere } from './staff-sessions.ts';
import { signIn } from './staff-sign-in.ts';
import { currentTotpCode, newTotpEnrolment } from './totp.ts';

const by = { actor: 'ops:test', label: 'test', source: 'test' };
const password = 'Staff-pass-1';

/**
 * The secret's code of the next 30-second step: the system clock (which the TOTP library reads)
 * moves on a step first, as a person would wait for the next code, since a code signs in once.
 */
async function nextTotpCode(secret: string): Promise<string> {
  vi.setSystemTime(Date.now() + 30_000);
  return currentTotpCode(secret);
}

// Only Date is faked: servers, databases and their timers run as they do.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterAll(() => {
  vi.useRealTimers();
});

describe.each(testDatabases())('staff sessions on $name', (engine) => {
  const db = useMigratedDatabase(engine);
  const start = new Date('2026-11-27T10:00:00.000Z');
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

  /** An enrolled member; answers the TOTP secret. */
  async function enrol(email: string): Promise<string> {
    const invitation = await inviteStaff(db(), { email, roles: ['inspector'], by, now: start });
    const { secret } = await newTotpEnrolment(email);
    await acceptInvitation(db(), {
      token: invitation.token,
      password,
      totpSecret: secret,
      totpCode: await nextTotpCode(secret),
      now: start,
    });
    return secret;
  }

  it('marks a session seen at most once a minute and ends it 30 minutes after the last mark', async () => {
    const secret = await enrol('seen@example.com');
    const { token } = await signIn(db(), {
      email: 'seen@example.com',
      password,
      totpCode: await nextTotpCode(secret),
      ip: '198.51.100.1',
      now: start,
    });
    const lastSeen = async () =>
      (await db().selectFrom('staff_sessions').select('last_seen_at').executeTakeFirstOrThrow())
        .last_seen_at;
    expect((await sessionOf(db(), token, at(0.5)))?.staff.email).toBe('seen@example.com');
    expect(await lastSeen()).toBe(start.toISOString());
    expect(await sessionOf(db(), token, at(20))).toBeDefined();
    expect(await lastSeen()).toBe(at(20).toISOString());
    expect(await sessionOf(db(), token, at(50))).toBeDefined();
    expect(await sessionOf(db(), token, at(80.01))).toBeUndefined();
    expect(await sessionOf(db(), 'unknown-token', at(50))).toBeUndefined();
  });

  it('ends every session of a member and answers how many', async () => {
    const secret = await enrol('many@example.com');
    const tokens: string[] = [];
    for (const ip of ['198.51.100.2', '198.51.100.3']) {
      const code = await nextTotpCode(secret);
      tokens.push(
        (
          await signIn(db(), {
            email: 'many@example.com',
            password,
            totpCode: code,
            ip,
            now: start,
          })
        ).token,
      );
    }
    const member = await sessionOf(db(), tokens[0] ?? '', start);
    expect(await signOutEverywhere(db(), member?.staff.id ?? '', start)).toBe(2);
    for (const token of tokens) expect(await sessionOf(db(), token, start)).toBeUndefined();
  });

  it('ends the open invitation of a disabled person and refuses to invite them until enabled', async () => {
    const invitation = await inviteStaff(db(), {
      email: 'gone@example.com',
      roles: ['pricing'],
      by,
      now: start,
    });
    await disableStaff(db(), { email: 'gone@example.com' }, { by, now: start });
    const { secret } = await newTotpEnrolment('gone@example.com');
    const accepting = acceptInvitation(db(), {
      token: invitation.token,
      password,
      totpSecret: secret,
      totpCode: await nextTotpCode(secret),
      now: start,
    });
    await expect(accepting).rejects.toMatchObject({ reason: 'usedInvitation' });
    await expect(
      inviteStaff(db(), { email: 'gone@example.com', roles: ['pricing'], by, now: start }),
    ).rejects.toMatchObject({ reason: 'alreadyMember' });
    await enableStaff(db(), { email: 'gone@example.com' }, { by, now: start });
    const again = await inviteStaff(db(), {
      email: 'gone@example.com',
      roles: ['pricing'],
      by,
      now: start,
    });
    expect(again.token).not.toBe(invitation.token);
  });

  it('signs in once with a code: the same code again is refused', async () => {
    const secret = await enrol('replay@example.com');
    const code = await nextTotpCode(secret);
    const attempt = () =>
      signIn(db(), {
        email: 'replay@example.com',
        password,
        totpCode: code,
        ip: '198.51.100.5',
        now: start,
      });
    expect((await attempt()).staff.email).toBe('replay@example.com');
    await expect(attempt()).rejects.toMatchObject({
      reason: 'wrongCredentials',
      message: expect.stringContaining('used already'),
    });
  });

  it('throttles failed sign-ins per address and client like customer logins', async () => {
    const secret = await enrol('throttled@example.com');
    const attempt = (pass: string) =>
      nextTotpCode(secret).then((totpCode) =>
        signIn(db(), {
          email: 'throttled@example.com',
          password: pass,
          totpCode,
          ip: '198.51.100.9',
          now: at(1),
        }),
      );
    for (let failure = 0; failure < 5; failure += 1) {
      await expect(attempt('Wrong-pass-1')).rejects.toBeInstanceOf(StaffError);
    }
    // The sixth attempt is refused before the password is checked, even the right one.
    await expect(attempt(password)).rejects.toBeInstanceOf(TooManyAttemptsError);
  });
});
