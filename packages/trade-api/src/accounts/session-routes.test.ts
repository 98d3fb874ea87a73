import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

import { testDatabases } from '../../test-kit/test-databases.ts';
import { testConfig } from '../../test-kit/test-server.ts';
import { issueAccessToken } from './access-token.ts';
import {
  createCustomer,
  registrationBody,
  useAccountServer,
} from '../../test-kit/account-test-kit.ts';
import { dayMs } from '../time/day.ts';

/** base64url of a JSON part of a JWT. */
function encode(part: object): string {
  return Buffer.from(JSON.stringify(part)).toString('base64url');
}

/** The claims of a JWT, read without checking anything. */
function payloadOf(token: string): object {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as object;
}

/** A JWT signed with `secret` (HS256) over any header and payload. */
function handMadeJwt(header: object, payload: object, secret: string): string {
  const body = `${encode(header)}.${encode(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

describe.each(testDatabases())('sessions on $name', (engine) => {
  const server = useAccountServer(engine, { failuresPerIp: 1000 });

  const login = (username: string, password: string) =>
    server.api.call('POST', '/api/account/login', { body: { username, password } });
  const me = (token: string) => server.api.call('GET', '/api/customers/customers', { token });
  const refresh = (token: string) =>
    server.api.call('POST', '/api/account/loginRefresh', { headers: { refresh: token } });

  it('logs in an activated customer with an HS256 access token naming it', async () => {
    const anna = await createCustomer(server.api, 'login@example.org');
    const answer = await login('Login@Example.org', anna.password);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ expires_in: 900, token_type: 'Bearer' });
    const [header, payload] = String(answer.body['access_token'])
      .split('.')
      .slice(0, 2)
      .map(
        (part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>,
      );
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      sub: anna.customerId,
      iss: 'tradein-trade-api',
      aud: 'tradein-shop',
    });
    expect(Number(payload?.['exp']) - Number(payload?.['iat'])).toBe(900);
    expect(typeof payload?.['jti']).toBe('string');
    const stored = await server.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(answer.body['refresh_token']);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it.each([
    ['a wrong password', 'login@example.org', 'Wrong-pass-1'],
    ['an unknown address', 'nobody@example.org', 'Secret-pass-1'],
  ])('answers 401 for %s with the same message', async (_, username, password) => {
    const answer = await login(username, password);
    expect(answer.status).toBe(401);
    expect(answer.body.error).toEqual({
      code: 'invalid_credentials',
      message: 'The e-mail address or the password is wrong.',
    });
  });

  it('refuses an unactivated customer (403 only with the right password)', async () => {
    await server.api.call('POST', '/api/account/register', {
      body: registrationBody('pending@example.org'),
    });
    const pending = await login('pending@example.org', 'Secret-pass-1');
    expect(pending.status).toBe(403);
    expect(pending.body.error?.code).toBe('account_not_activated');
    const pendingWrong = await login('pending@example.org', 'Wrong-pass-1');
    expect(pendingWrong.status).toBe(401);
  });

  it('throttles an address from one client after 5 failures in 15 minutes, with Retry-After, and a success clears', async () => {
    const bob = await createCustomer(server.api, 'throttle@example.org');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(bob.email, 'Wrong-pass-1')).status).toBe(401);
    }
    const blocked = await login(bob.email, bob.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error?.code).toBe('too_many_attempts');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    server.api.clock.advance(retryAfter * 1000);
    expect((await login(bob.email, bob.password)).status).toBe(200);
    // The success cleared the failures: five more wrong tries are needed to block again.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await login(bob.email, 'Wrong-pass-1')).status).toBe(401);
    }
    expect((await login(bob.email, bob.password)).status).toBe(200);
  });

  it('rotates refresh tokens and detects reuse by revoking the whole family', async () => {
    const carla = await createCustomer(server.api, 'rotate@example.org');
    const first = await refresh(carla.refreshToken);
    expect(first.status).toBe(200);
    const secondToken = String(first.body['refresh_token']);
    expect(secondToken).not.toBe(carla.refreshToken);
    expect((await me(String(first.body['access_token']))).status).toBe(200);
    // The old token again after the grace period: a thief's copy. The family ends, including
    // the newest token.
    server.api.clock.advance(10_001);
    const reused = await refresh(carla.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body.error?.code).toBe('invalid_refresh_token');
    expect((await refresh(secondToken)).status).toBe(401);
    expect((await me(String(first.body['access_token']))).status).toBe(401);
    expect((await me(carla.accessToken)).status).toBe(401);
    // A new login is a new family and works.
    expect((await login(carla.email, carla.password)).status).toBe(200);
  });

  it('answers ten parallel refreshes with one token all with the same new pair', async () => {
    const tabs = await createCustomer(server.api, 'parallel-refresh@example.org');
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(tabs.refreshToken)));
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(10).fill(200));
    const pairs = new Set(answers.map((answer) => JSON.stringify(answer.body)));
    expect(pairs.size).toBe(1);
    const pair = answers[0]?.body ?? {};
    expect(pair['refresh_token']).not.toBe(tabs.refreshToken);
    // The session goes on: the new access token works, the new refresh token rotates.
    expect((await me(String(pair['access_token']))).status).toBe(200);
    expect((await me(tabs.accessToken)).status).toBe(200);
    const next = await refresh(String(pair['refresh_token']));
    expect(next.status).toBe(200);
    expect((await me(String(next.body['access_token']))).status).toBe(200);
  });

  it('answers a refresh token again with the same pair for 10 seconds, then treats it as reuse', async () => {
    const gina = await createCustomer(server.api, 'grace@example.org');
    const first = await refresh(gina.refreshToken);
    expect(first.status).toBe(200);
    server.api.clock.advance(9_999);
    const again = await refresh(gina.refreshToken);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    server.api.clock.advance(1);
    const late = await refresh(gina.refreshToken);
    expect(late.status).toBe(401);
    expect(late.body.error?.code).toBe('invalid_refresh_token');
    // Reuse detection ended the whole family.
    expect((await refresh(String(first.body['refresh_token']))).status).toBe(401);
    expect((await me(String(first.body['access_token']))).status).toBe(401);
  });

  it('does not answer a rotated token within the grace period once the session logged out', async () => {
    const hugo = await createCustomer(server.api, 'grace-logout@example.org');
    const first = await refresh(hugo.refreshToken);
    expect(first.status).toBe(200);
    const logout = await server.api.call('POST', '/api/account/logout', {
      headers: {
        access: String(first.body['access_token']),
        refresh: String(first.body['refresh_token']),
      },
    });
    expect(logout.status).toBe(200);
    expect((await refresh(hugo.refreshToken)).status).toBe(401);
  });

  it('expires access tokens after 15 minutes and refresh tokens after 30 days', async () => {
    const dora = await createCustomer(server.api, 'expiry@example.org');
    server.api.clock.advance(14 * 60_000);
    expect((await me(dora.accessToken)).status).toBe(200);
    server.api.clock.advance(61_000);
    const expired = await me(dora.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body.error?.code).toBe('unauthorized');
    const renewed = await refresh(dora.refreshToken);
    expect(renewed.status).toBe(200);
    server.api.clock.advance(30 * dayMs + 1000);
    expect((await refresh(String(renewed.body['refresh_token']))).status).toBe(401);
  });

  it('logs out: both tokens stop working at once', async () => {
    const emil = await createCustomer(server.api, 'logout@example.org');
    const answer = await server.api.call('POST', '/api/account/logout', {
      headers: { access: emil.accessToken, refresh: emil.refreshToken },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect((await me(emil.accessToken)).status).toBe(401);
    expect((await refresh(emil.refreshToken)).status).toBe(401);
    // Logging out again, or with unknown tokens, still answers ok.
    const again = await server.api.call('POST', '/api/account/logout', {
      headers: { access: 'not.a.token', refresh: 'unknown' },
    });
    expect(again.status).toBe(200);
  });

  describe('bearer tokens', () => {
    let customer: { customerId: string; accessToken: string };
    beforeAll(async () => {
      customer = await createCustomer(server.api, 'bearer@example.org');
    });

    it('answers 401 JSON without a token or with a malformed header', async () => {
      for (const authorization of [undefined, 'Basic abc', 'Bearer', 'Bearer a b']) {
        const answer = await server.api.call('GET', '/api/customers/addresses', {
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(answer.status).toBe(401);
        expect(answer.headers.get('content-type')).toMatch(/application\/json/);
        expect(answer.body.error?.code).toBe('unauthorized');
      }
    });

    it.each([
      [
        'a changed payload',
        (token: string) => {
          const [header, payload, signature] = token.split('.');
          const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
          const changed = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
            'base64url',
          );
          return `${header}.${changed}.${signature}`;
        },
      ],
      [
        'a wrong signature',
        (token: string) => `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`,
      ],
      [
        'alg none',
        (token: string) => {
          const payload = token.split('.')[1];
          return `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
        },
      ],
      [
        'another key',
        (token: string) => {
          const payload = payloadOf(token);
          return handMadeJwt(
            { alg: 'HS256', typ: 'JWT' },
            payload,
            'another-secret-that-is-long-enough!!',
          );
        },
      ],
      [
        'HS512 with our key',
        (token: string) => {
          const payload = payloadOf(token);
          const body = `${encode({ alg: 'HS512', typ: 'JWT' })}.${encode(payload)}`;
          return `${body}.${createHmac('sha512', testConfig.jwtSecret).update(body).digest('base64url')}`;
        },
      ],
      [
        'a wrong audience',
        (token: string) => {
          const payload = payloadOf(token);
          return handMadeJwt(
            { alg: 'HS256', typ: 'JWT' },
            { ...payload, aud: 'someone' },
            testConfig.jwtSecret,
          );
        },
      ],
    ])('answers 401 for a token with %s', async (_, tamper) => {
      expect((await me(customer.accessToken)).status).toBe(200);
      const answer = await me(tamper(customer.accessToken));
      expect(answer.status).toBe(401);
      expect(answer.body.error?.code).toBe('unauthorized');
    });

    it('answers 401 when the customer no longer exists', async () => {
      const token = await issueAccessToken(testConfig, {
        customerId: '00000000-0000-4000-8000-000000000000',
        lifetimeSeconds: 900,
        now: server.api.clock.now(),
      });
      expect((await me(token)).status).toBe(401);
    });
  });

  describe('guest sessions', () => {
    it('issue a 2-hour token for a new guest, who then gives details and gets an account number', async () => {
      const session = await server.api.call('POST', '/api/account/guestSession', {
        body: { locale: 'fr-FR' },
      });
      expect(session.status).toBe(200);
      expect(session.body).toMatchObject({ expires_in: 7200, token_type: 'Bearer' });
      expect(session.body['refresh_token']).toBeUndefined();
      const token = String(session.body['access_token']);
      const before = await me(token);
      expect(before.status).toBe(409);
      expect(before.body.error?.code).toBe('guest_details_missing');
      const number = await server.api.call('POST', '/api/customers/guest_account_number', {
        token,
        body: { email: 'Guest@Example.org', firstName: 'Gil', lastName: 'Guest', locale: 'fr-FR' },
      });
      expect(number.status).toBe(200);
      expect(String(number.body['accountNumber'])).toMatch(/^G[0-9]{10}$/);
      const after = await me(token);
      expect(after.body).toMatchObject({
        email: 'guest@example.org',
        isGuest: true,
        customerNumber: number.body['accountNumber'],
      });
      expect(after.body['iri']).toBe(number.body['customerIri']);
      // A guest cannot log in, even with the address of its details.
      expect((await login('guest@example.org', 'anything')).status).toBe(401);
      server.api.clock.advance(2 * 60 * 60_000 + 1000);
      expect((await me(token)).status).toBe(401);
    });

    it('refuses a locale no edition speaks and a logged-in customer asking for a guest number', async () => {
      const wrong = await server.api.call('POST', '/api/account/guestSession', {
        body: { locale: 'en-GB' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toMatchObject({ fields: [{ path: 'locale' }] });
      const registered = await createCustomer(server.api, 'not-a-guest@example.org');
      const number = await server.api.call('POST', '/api/customers/guest_account_number', {
        token: registered.accessToken,
        body: { email: 'x@example.org', firstName: 'X', lastName: 'Y', locale: 'de-DE' },
      });
      expect(number.status).toBe(409);
      expect(number.body.error?.code).toBe('not_a_guest');
    });
  });
});

describe.each(testDatabases())('rate limits per client on $name', (engine) => {
  const server = useAccountServer(engine, { failuresPerIp: 3, guestSessionsPerIp: 2 });

  it('blocks a client after too many failures across addresses, for every address', async () => {
    for (const name of ['a', 'b', 'c']) {
      const answer = await server.api.call('POST', '/api/account/login', {
        body: { username: `${name}@example.org`, password: 'Wrong-pass-1' },
      });
      expect(answer.status).toBe(401);
    }
    const blocked = await server.api.call('POST', '/api/account/login', {
      body: { username: 'd@example.org', password: 'Wrong-pass-1' },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const rows = await server.db.selectFrom('login_attempts').selectAll().execute();
    expect(rows).toHaveLength(3);
    server.api.clock.advance(15 * 60_000 + 1000);
    const later = await server.api.call('POST', '/api/account/login', {
      body: { username: 'd@example.org', password: 'Wrong-pass-1' },
    });
    expect(later.status).toBe(401);
  });

  it('limits guest sessions per client', async () => {
    for (let index = 0; index < 2; index += 1) {
      const session = await server.api.call('POST', '/api/account/guestSession', {
        body: { locale: 'de' },
      });
      expect(session.status).toBe(200);
    }
    const blocked = await server.api.call('POST', '/api/account/guestSession', {
      body: { locale: 'de' },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(3000);
    const guests = await server.db
      .selectFrom('customers')
      .select('id')
      .where('is_guest', '=', 1)
      .execute();
    expect(guests).toHaveLength(2);
  });

  it('counts parallel guest sessions of one client exactly', async () => {
    // A client of its own, so the other tests' sessions do not count.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        server.api.server.app.inject({
          method: 'POST',
          url: '/api/account/guestSession',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ locale: 'de' }),
          remoteAddress: '198.51.100.23',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).toSorted();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
  });
});
