import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCaller, type ApiCall, type TestAnswer } from '../../test-kit/api-call.ts';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import { registerAccountRoutes } from '../accounts/account-routes.ts';
import { createAuthenticator } from '../accounts/authenticator.ts';
import { auditEvents } from '../audit/audit-log.ts';
import { runOpsCommand, type OpsDeps } from '../cli/ops-commands.ts';
import type { TradeDb } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { staffSignInLimits } from './staff-sign-in.ts';
import { acceptInvitation, inviteStaff } from './staff-invitations.ts';
import { findStaffByEmail } from './staff-records.ts';
import { registerStaffRoutes } from './staff-routes.ts';
import { currentTotpCode, newTotpEnrolment } from './totp.ts';

const password = 'Staff-pass-1';
const operator = { actor: 'ops:anna', label: 'anna', source: 'test' };

/** A signed-in staff member's cookie and CSRF token. */
interface StaffSignIn {
  cookie: string;
  csrf: string;
}

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

describe.each(testDatabases())('staff calls on $name', (engine) => {
  let db: TradeDb;
  let server: RunningServer;
  let call: ApiCall;
  let mailer: Mailer;
  let outboxDir: string;
  let current = Date.now();
  const clock = () => new Date(current);
  const advance = (ms: number) => {
    current += ms;
  };
  const secrets = new Map<string, string>();

  /** Invites and enrols a person directly; answers their TOTP secret. */
  async function enrol(email: string, roles: ('admin' | 'inspector' | 'payouts' | 'pricing')[]) {
    const invitation = await inviteStaff(db, { email, roles, by: operator, now: clock() });
    const { secret } = await newTotpEnrolment(email);
    await acceptInvitation(db, {
      token: invitation.token,
      password,
      totpSecret: secret,
      totpCode: await nextTotpCode(secret),
      now: clock(),
    });
    secrets.set(email, secret);
    return secret;
  }

  /** Signs in through the API. */
  async function signInAs(email: string): Promise<StaffSignIn> {
    const answer = await call('POST', '/api/ops/session', {
      body: { email, password, totpCode: await nextTotpCode(secrets.get(email) ?? '') },
    });
    expect(answer.status).toBe(200);
    const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return { cookie, csrf: String(answer.body['csrfToken']) };
  }

  /** A call with a staff session (and its CSRF token). */
  function as(who: StaffSignIn, method: string, path: string, body?: unknown): Promise<TestAnswer> {
    return call(method, path, {
      ...(body === undefined ? {} : { body }),
      headers: { cookie: who.cookie, 'x-csrf-token': who.csrf },
    });
  }

  beforeAll(async () => {
    db = await engine.create();
    await migrateToLatest(db);
    outboxDir = await mkdtemp(join(tmpdir(), 'staff-outbox-'));
    mailer = createMailer({ smtpUrl: undefined, outboxDir });
    // Generous limits: the tests sign in often from one address; throttling has its own test.
    const limits = { ...staffSignInLimits, failuresPerAddressAndClient: 1000, failuresPerIp: 1000 };
    server = await startTestServer(db, {
      authenticate: createAuthenticator({ db, config: testConfig, clock }),
      extend: (route) => {
        registerAccountRoutes(route, { db, config: testConfig, mailer, clock });
        registerStaffRoutes(route, {
          db,
          clock,
          publicOrigin: testConfig.publicOrigin,
          limits,
        });
      },
    });
    call = apiCaller(server.origin);
    await enrol('admin@example.com', ['admin']);
  });

  afterAll(async () => {
    await server.close();
    mailer.close();
    await rm(outboxDir, { recursive: true, force: true });
    await engine.destroy(db);
  });

  it('invites on the command line, accepts with a TOTP code, signs in and answers the roles', async () => {
    const printed: string[] = [];
    const deps = {
      db,
      mailer,
      clock,
      dataDir: outboxDir,
      origin: { actor: 'ops:anna', source: 'staff add ines@example.com --role inspector' },
      publicOrigin: 'http://localhost:8080',
    } satisfies OpsDeps & { publicOrigin: string };
    const code = await runOpsCommand(
      ['staff', 'add', 'Ines@Example.com', '--role', 'inspector', '--role', 'payouts'],
      deps,
      (line) => printed.push(line),
    );
    expect(code).toBe(0);
    const link = printed.find((line) => line.startsWith('http'));
    expect(link).toMatch(/^http:\/\/ops\.localhost:8080\/invitation\/[A-Za-z0-9_-]{43}$/);
    const token = link?.split('/').pop() ?? '';

    const view = await call('GET', `/api/ops/invitations/${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ email: 'ines@example.com', roles: ['inspector', 'payouts'] });
    const totp = view.body['totp'] as { secret: string; otpauthUri: string };
    expect(totp.otpauthUri).toContain('otpauth://totp/');
    expect(totp.otpauthUri).toContain(totp.secret);

    const accepted = await call('POST', '/api/ops/invitations/accept', {
      body: {
        token,
        password,
        totpSecret: totp.secret,
        totpCode: await nextTotpCode(totp.secret),
      },
    });
    expect(accepted.status).toBe(200);
    secrets.set('ines@example.com', totp.secret);

    const signIn = await call('POST', '/api/ops/session', {
      body: {
        email: 'ines@example.com',
        password,
        totpCode: await nextTotpCode(totp.secret),
      },
    });
    expect(signIn.status).toBe(200);
    const setCookie = signIn.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^tradein_staff=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
    expect(signIn.text).not.toContain(totp.secret);
    expect(signIn.text).not.toContain('argon2');

    const me = await call('GET', '/api/ops/session', {
      headers: { cookie: setCookie.split(';')[0] ?? '' },
    });
    expect(me.status).toBe(200);
    expect(me.body['staff']).toMatchObject({
      email: 'ines@example.com',
      roles: ['inspector', 'payouts'],
      invitationPending: false,
    });
    expect(me.body['csrfToken']).toBe(signIn.body['csrfToken']);

    const staff = await findStaffByEmail(db, 'ines@example.com');
    const events = await auditEvents(db, { subjectType: 'staff', subjectId: staff?.id, limit: 10 });
    expect(events.map((event) => event.action)).toEqual([
      'staff.invitation_accepted',
      'staff.invited',
    ]);
    expect(events[1]).toMatchObject({
      actor: 'ops:anna',
      actorLabel: 'anna',
      source: 'staff add ines@example.com --role inspector',
      before: null,
      after: { email: 'ines@example.com', roles: ['inspector', 'payouts'] },
    });
  });

  it('tells an unknown, a used, a replaced and an expired invitation apart', async () => {
    const unknown = await call('GET', `/api/ops/invitations/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('invitation_not_found');

    const first = await inviteStaff(db, {
      email: 'paul@example.com',
      roles: ['payouts'],
      by: operator,
      now: clock(),
    });
    const second = await inviteStaff(db, {
      email: 'paul@example.com',
      roles: ['pricing'],
      by: operator,
      now: clock(),
    });
    const replaced = await call('GET', `/api/ops/invitations/${first.token}`);
    expect(replaced.status).toBe(410);
    expect(replaced.body.error?.code).toBe('invitation_used');
    const open = await call('GET', `/api/ops/invitations/${second.token}`);
    expect(open.body['roles']).toEqual(['pricing']);

    const { secret } = await newTotpEnrolment('paul@example.com');
    const accept = async (token: string) =>
      call('POST', '/api/ops/invitations/accept', {
        body: { token, password, totpSecret: secret, totpCode: await nextTotpCode(secret) },
      });
    expect((await accept(second.token)).status).toBe(200);
    const again = await accept(second.token);
    expect(again.status).toBe(410);
    expect(again.body.error?.code).toBe('invitation_used');
    expect(again.body.error?.message).toContain('already used');

    const late = await inviteStaff(db, {
      email: 'late@example.com',
      roles: ['pricing'],
      by: operator,
      now: clock(),
    });
    advance(24 * 60 * 60_000 + 1000);
    const expired = await accept(late.token);
    expect(expired.status).toBe(410);
    expect(expired.body.error?.code).toBe('invitation_expired');
    expect(expired.body.error?.message).toContain('expired');
    expect((await findStaffByEmail(db, 'late@example.com'))?.password_hash).toBeNull();
  });

  it('refuses a wrong TOTP code at acceptance (naming the field) and at sign-in', async () => {
    const invitation = await inviteStaff(db, {
      email: 'wrong@example.com',
      roles: ['inspector'],
      by: operator,
      now: clock(),
    });
    const { secret } = await newTotpEnrolment('wrong@example.com');
    const good = await nextTotpCode(secret);
    const bad = good === '000000' ? '111111' : '000000';
    const refused = await call('POST', '/api/ops/invitations/accept', {
      body: { token: invitation.token, password, totpSecret: secret, totpCode: bad },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('totpCode');
    expect((await findStaffByEmail(db, 'wrong@example.com'))?.password_hash).toBeNull();

    const accepted = await call('POST', '/api/ops/invitations/accept', {
      body: { token: invitation.token, password, totpSecret: secret, totpCode: good },
    });
    expect(accepted.status).toBe(200);
    const wrongCode = await call('POST', '/api/ops/session', {
      body: { email: 'wrong@example.com', password, totpCode: bad },
    });
    const wrongPassword = await call('POST', '/api/ops/session', {
      body: { email: 'wrong@example.com', password: 'Other-pass-2', totpCode: good },
    });
    expect(wrongCode.status).toBe(401);
    expect(wrongPassword.status).toBe(401);
    expect(wrongCode.body.error).toEqual(wrongPassword.body.error);
    expect(wrongCode.headers.get('set-cookie')).toBeNull();
  });

  it('ends a session after 30 minutes without a request, not while it is used', async () => {
    await enrol('idle@example.com', ['pricing']);
    const session = await signInAs('idle@example.com');
    advance(29 * 60_000);
    expect((await as(session, 'GET', '/api/ops/session')).status).toBe(200);
    advance(29 * 60_000);
    expect((await as(session, 'GET', '/api/ops/session')).status).toBe(200);
    advance(31 * 60_000);
    const idle = await as(session, 'GET', '/api/ops/session');
    expect(idle.status).toBe(401);
    expect(idle.body.error?.code).toBe('unauthorized');
  });

  it('signs out one session, and everywhere', async () => {
    await enrol('twice@example.com', ['inspector']);
    const first = await signInAs('twice@example.com');
    const second = await signInAs('twice@example.com');
    const third = await signInAs('twice@example.com');
    expect((await as(third, 'DELETE', '/api/ops/session')).status).toBe(200);
    expect((await as(third, 'GET', '/api/ops/session')).status).toBe(401);
    expect((await as(first, 'GET', '/api/ops/session')).status).toBe(200);
    const everywhere = await as(first, 'POST', '/api/ops/session/everywhere');
    expect(everywhere.status).toBe(200);
    expect((await as(first, 'GET', '/api/ops/session')).status).toBe(401);
    expect((await as(second, 'GET', '/api/ops/session')).status).toBe(401);
  });

  it('lets admins invite, change roles and disable, with audit events; a disabled member is told so', async () => {
    const admin = await signInAs('admin@example.com');
    const invited = await as(admin, 'POST', '/api/ops/staff', {
      email: 'new@example.com',
      roles: ['pricing'],
    });
    expect(invited.status).toBe(200);
    expect(String(invited.body['invitationUrl'])).toMatch(
      /^http:\/\/ops\.localhost:8080\/invitation\/[A-Za-z0-9_-]{43}$/,
    );
    const again = await as(admin, 'POST', '/api/ops/staff', {
      email: 'admin@example.com',
      roles: ['pricing'],
    });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('staff_exists');

    await enrol('dora@example.com', ['inspector']);
    const dora = await signInAs('dora@example.com');
    const id = (await findStaffByEmail(db, 'dora@example.com'))?.id ?? '';
    const roles = await as(admin, 'PATCH', `/api/ops/staff/${id}`, {
      roles: ['inspector', 'pricing'],
    });
    expect(roles.status).toBe(200);
    expect(roles.body['roles']).toEqual(['inspector', 'pricing']);
    const disabled = await as(admin, 'PATCH', `/api/ops/staff/${id}`, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body['disabledAt']).not.toBeNull();
    // Disabling ends the member's sessions at once.
    expect((await as(dora, 'GET', '/api/ops/session')).status).toBe(401);
    const refused = await call('POST', '/api/ops/session', {
      body: {
        email: 'dora@example.com',
        password,
        totpCode: await nextTotpCode(secrets.get('dora@example.com') ?? ''),
      },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('account_disabled');
    expect(refused.body.error?.message).toContain('disabled');

    const audit = await as(admin, 'GET', `/api/ops/audit?subjectType=staff&subjectId=${id}`);
    expect(audit.status).toBe(200);
    const events = audit.body['events'] as { action: string; before: unknown; after: unknown }[];
    expect(events.map((event) => event.action)).toEqual([
      'staff.disabled',
      'staff.roles_changed',
      'staff.invitation_accepted',
      'staff.invited',
    ]);
    expect(events[1]?.before).toMatchObject({ roles: ['inspector'] });
    expect(events[1]?.after).toMatchObject({ roles: ['inspector', 'pricing'] });
    expect(events[0]).toMatchObject({
      actor: expect.stringMatching(/^staff:/),
      actorLabel: 'admin@example.com',
    });
    const enabled = await as(admin, 'PATCH', `/api/ops/staff/${id}`, { disabled: false });
    expect(enabled.body['disabledAt']).toBeNull();
  });

  it('keeps the last active admin: no losing the role, no disabling, on the API and the command line', async () => {
    const admin = await signInAs('admin@example.com');
    const id = (await findStaffByEmail(db, 'admin@example.com'))?.id ?? '';
    const before = await rowCounts(db);
    const demoted = await as(admin, 'PATCH', `/api/ops/staff/${id}`, { roles: ['inspector'] });
    expect(demoted.status).toBe(409);
    expect(demoted.body.error?.code).toBe('last_admin');
    const disabled = await as(admin, 'PATCH', `/api/ops/staff/${id}`, { disabled: true });
    expect(disabled.status).toBe(409);
    const printed: string[] = [];
    const code = await runOpsCommand(
      ['staff', 'disable', 'admin@example.com'],
      { db, mailer, clock, dataDir: outboxDir },
      (line) => printed.push(line),
    );
    expect(code).toBe(1);
    expect(printed.join('\n')).toContain('last active admin');
    expect(await rowCounts(db)).toEqual(before);
    expect((await as(admin, 'GET', '/api/ops/session')).status).toBe(200);

    // With a second admin, the first may step down.
    await enrol('second@example.com', ['admin']);
    const stepDown = await as(admin, 'PATCH', `/api/ops/staff/${id}`, {
      roles: ['admin', 'inspector'],
    });
    expect(stepDown.status).toBe(200);
  });

  it('answers every guarded call 401 without a session or with a customer token, 403 for a wrong role or CSRF token, and changes nothing', async () => {
    await enrol('guard@example.com', ['inspector']);
    const inspector = await signInAs('guard@example.com');
    const admin = await signInAs('admin@example.com');
    const guest = await call('POST', '/api/account/guestSession', { body: { locale: 'de-DE' } });
    const customerToken = String(guest.body['access_token']);
    expect(customerToken.length).toBeGreaterThan(20);
    const id = (await findStaffByEmail(db, 'guard@example.com'))?.id ?? '';
    const calls: { method: string; path: string; body?: unknown; adminOnly: boolean }[] = [
      { method: 'GET', path: '/api/ops/session', adminOnly: false },
      { method: 'DELETE', path: '/api/ops/session', adminOnly: false },
      { method: 'POST', path: '/api/ops/session/everywhere', adminOnly: false },
      {
        method: 'PATCH',
        path: '/api/ops/session/preferences',
        body: { locale: 'de' },
        adminOnly: false,
      },
      { method: 'GET', path: '/api/ops/staff', adminOnly: true },
      {
        method: 'POST',
        path: '/api/ops/staff',
        body: { email: 'x@example.com', roles: ['admin'] },
        adminOnly: true,
      },
      {
        method: 'PATCH',
        path: `/api/ops/staff/${id}`,
        body: { roles: ['admin'] },
        adminOnly: true,
      },
      { method: 'GET', path: '/api/ops/audit', adminOnly: true },
    ];
    const before = await rowCounts(db);
    const answers: string[] = [];
    const expected: string[] = [];
    for (const { method, path, body, adminOnly } of calls) {
      const withBody = body === undefined ? {} : { body };
      const label = `${method} ${path}`;
      const anonymous = await call(method, path, withBody);
      answers.push(`${label} anonymous ${anonymous.status} ${anonymous.body.error?.code}`);
      expected.push(`${label} anonymous 401 unauthorized`);
      const customer = await call(method, path, { ...withBody, token: customerToken });
      answers.push(`${label} customer ${customer.status} ${customer.body.error?.code}`);
      expected.push(`${label} customer 401 unauthorized`);
      const asInspector = adminOnly ? await as(inspector, method, path, body) : undefined;
      answers.push(`${label} inspector ${asInspector?.status} ${asInspector?.body.error?.code}`);
      expected.push(`${label} inspector ${adminOnly ? '403 forbidden' : 'undefined undefined'}`);
      const changes = method !== 'GET';
      const noCsrf = changes
        ? await call(method, path, { ...withBody, headers: { cookie: admin.cookie } })
        : undefined;
      const otherCsrf = changes
        ? await call(method, path, {
            ...withBody,
            headers: { cookie: admin.cookie, 'x-csrf-token': inspector.csrf },
          })
        : undefined;
      answers.push(`${label} csrf ${noCsrf?.status} ${otherCsrf?.status}`);
      expected.push(`${label} csrf ${changes ? '403 403' : 'undefined undefined'}`);
    }
    expect(answers).toEqual(expected);
    expect(await rowCounts(db)).toEqual(before);
    expect((await as(admin, 'GET', '/api/ops/session')).status).toBe(200);
    expect((await as(inspector, 'GET', '/api/ops/session')).status).toBe(200);
  });

  it("changes a member's own language and name, with its audit event", async () => {
    await enrol('lang@example.com', ['pricing']);
    const member = await signInAs('lang@example.com');
    const refused = await as(member, 'PATCH', '/api/ops/session/preferences', { locale: 'fr' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('"path":"locale"');
    const changed = await as(member, 'PATCH', '/api/ops/session/preferences', {
      locale: 'de',
      name: '  Lena Lang ',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ locale: 'de', name: 'Lena Lang' });
    const me = await as(member, 'GET', '/api/ops/session');
    expect(me.body['staff']).toMatchObject({ locale: 'de', name: 'Lena Lang' });
    const staff = await findStaffByEmail(db, 'lang@example.com');
    const [event] = await auditEvents(db, { subjectType: 'staff', subjectId: staff?.id, limit: 1 });
    expect(event).toMatchObject({
      action: 'staff.preferences_changed',
      actorLabel: 'lang@example.com',
      before: { locale: 'en', name: null },
      after: { locale: 'de', name: 'Lena Lang' },
    });
  });

  it('answers bad bodies and queries with a 400 naming the field, and changes nothing', async () => {
    const admin = await signInAs('admin@example.com');
    const before = await rowCounts(db);
    const invite = await as(admin, 'POST', '/api/ops/staff', { email: 'nope', roles: ['boss'] });
    expect(invite.status).toBe(400);
    const paths = (invite.body.error as { fields?: { path: string }[] }).fields?.map(
      (field) => field.path,
    );
    expect(paths).toEqual(expect.arrayContaining(['email', 'roles.0']));
    const empty = await as(admin, 'POST', '/api/ops/staff', { email: 'a@example.com', roles: [] });
    expect(empty.text).toContain('"path":"roles"');
    const both = await as(
      admin,
      'PATCH',
      `/api/ops/staff/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`,
      {
        roles: ['admin'],
        disabled: true,
      },
    );
    expect(both.status).toBe(400);
    const badId = await as(admin, 'PATCH', '/api/ops/staff/not-an-id', { disabled: true });
    expect(badId.status).toBe(400);
    expect(badId.text).toContain('params.id');
    const signIn = await call('POST', '/api/ops/session', {
      body: { email: 'admin@example.com', password },
    });
    expect(signIn.status).toBe(400);
    expect(signIn.text).toContain('totpCode');
    const accept = await call('POST', '/api/ops/invitations/accept', {
      body: { token: 'x'.repeat(43), password: 'short', totpSecret: 'AAAA', totpCode: '12' },
    });
    expect(accept.status).toBe(400);
    expect(accept.text).toContain('"path":"password"');
    const audit = await as(admin, 'GET', '/api/ops/audit?limit=0');
    expect(audit.status).toBe(400);
    expect(audit.text).toContain('query.limit');
    expect(await rowCounts(db)).toEqual(before);
  });
});
