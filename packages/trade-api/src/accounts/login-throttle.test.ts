import { describe, expect, it } from 'vitest';

import { testDatabases } from '../../test-kit/test-databases.ts';
import { createCustomer, tokenOfLink, useAccountServer } from '../../test-kit/account-test-kit.ts';

/** Documentation addresses (RFC 5737): each one is another client of the login. */
const client = (index: number) => `198.51.100.${index}`;
const attacker = '203.0.113.66';

describe.each(testDatabases())('login throttling on $name', (engine) => {
  // The default limits: 5 per address and client, 20 per client in 15 minutes, 50 per address an hour.
  const server = useAccountServer(engine, {});

  /** A login as the server sees it coming from `ip`. */
  async function loginFrom(ip: string, username: string, password: string) {
    const answer = await server.api.server.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username, password }),
      remoteAddress: ip,
    });
    return {
      status: answer.statusCode,
      retryAfter: Number(answer.headers['retry-after'] ?? 0),
      code: (answer.json<{ error?: { code: string } }>().error ?? { code: '' }).code,
    };
  }

  /** `count` wrong passwords for an address from one client, one after another. */
  async function failFrom(ip: string, email: string, count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < count; attempt += 1) {
      statuses.push((await loginFrom(ip, email, 'Wrong-pass-1')).status);
    }
    return statuses;
  }

  it('lets a customer in from another client while an attacker is locked out of that address', async () => {
    const victim = await createCustomer(server.api, 'victim@example.org');
    expect(await failFrom(attacker, victim.email, 5)).toEqual([401, 401, 401, 401, 401]);
    // The attacker's pair waits, even with the right password.
    const blocked = await loginFrom(attacker, victim.email, victim.password);
    expect(blocked).toMatchObject({ status: 429, code: 'too_many_attempts' });
    expect(blocked.retryAfter).toBeGreaterThan(0);
    expect(blocked.retryAfter).toBeLessThanOrEqual(15 * 60);
    // The customer, on a client that never failed, is not affected.
    expect((await loginFrom(client(1), victim.email, victim.password)).status).toBe(200);
    // A typo of the customer's own does not free the attacker either.
    expect((await loginFrom(client(1), victim.email, 'Wrong-pass-1')).status).toBe(401);
    expect((await loginFrom(attacker, victim.email, victim.password)).status).toBe(429);
    // Other addresses are still open to that client until its own limit of 20 failures.
    const others = Array.from({ length: 15 }, (_, index) => `other${index}@example.org`);
    for (const other of others) expect(await failFrom(attacker, other, 1)).toEqual([401]);
    expect((await loginFrom(attacker, 'one-more@example.org', 'Wrong-pass-1')).status).toBe(429);
    server.api.clock.advance(15 * 60_000 + 1000);
    expect((await loginFrom(attacker, victim.email, victim.password)).status).toBe(200);
  });

  it('counts parallel failures of one client exactly', async () => {
    const target = await createCustomer(server.api, 'parallel@example.org');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => loginFrom(attacker, target.email, 'Wrong-pass-1')),
    );
    const statuses = answers.map((answer) => answer.status).toSorted();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
  });

  it('slows an address that many clients fail for, and keeps letting in a known client', async () => {
    const email = 'many-clients@example.org';
    const customer = await createCustomer(server.api, email);
    // The customer logged in from client 100 before: that client is known for the address.
    expect((await loginFrom(client(100), email, customer.password)).status).toBe(200);
    // Fifty failures in parallel from twelve clients: exactly fifty count, the rest wait.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        Promise.all(
          Array.from({ length: 5 }, () => loginFrom(client(index + 1), email, 'Wrong-pass-1')),
        ),
      ),
    );
    const statuses = answers.flat().map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    // A new client is slowed down, not locked out: one attempt a minute for the address.
    const slowed = await loginFrom(client(20), email, customer.password);
    expect(slowed.status).toBe(429);
    expect(slowed.retryAfter).toBeGreaterThan(0);
    expect(slowed.retryAfter).toBeLessThanOrEqual(60);
    // The known client is not slowed.
    expect((await loginFrom(client(100), email, customer.password)).status).toBe(200);
    server.api.clock.advance(slowed.retryAfter * 1000);
    expect((await loginFrom(client(21), email, 'Wrong-pass-1')).status).toBe(401);
    expect((await loginFrom(client(22), email, customer.password)).status).toBe(429);
    server.api.clock.advance(60_000);
    expect((await loginFrom(client(22), email, customer.password)).status).toBe(200);
    // An hour after the failures the address is no longer slowed.
    server.api.clock.advance(60 * 60_000);
    expect((await loginFrom(client(23), email, 'Wrong-pass-1')).status).toBe(401);
    expect((await loginFrom(client(24), email, customer.password)).status).toBe(200);
  });

  it('lets a customer who resets the password in at once, even from a client that is limited', async () => {
    const email = 'reset-unlocks@example.org';
    const customer = await createCustomer(server.api, email);
    const shared = client(200);
    // Someone behind the same network address fails for many addresses, then for this one.
    for (let index = 0; index < 20; index += 1) {
      expect(await failFrom(shared, `spray${index}@example.org`, 1)).toEqual([401]);
    }
    expect((await loginFrom(shared, email, 'Wrong-pass-1')).status).toBe(429);
    expect((await loginFrom(shared, email, customer.password)).status).toBe(429);
    // The customer proves the mailbox from that network.
    const forgot = await server.api.server.app.inject({
      method: 'POST',
      url: '/api/account/forgotPasswordMail',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, lang: 'de' }),
      remoteAddress: shared,
    });
    expect(forgot.statusCode).toBe(200);
    const token = tokenOfLink(
      (await server.api.waitForMail(email, 'password-reset')).text,
      '/account/password-reset',
    );
    const reset = await server.api.server.app.inject({
      method: 'POST',
      url: '/api/account/resetPassword',
      headers: { 'content-type': 'application/json', token },
      payload: JSON.stringify({ password: 'Brand-new-7' }),
      remoteAddress: shared,
    });
    expect(reset.statusCode).toBe(200);
    expect((await loginFrom(shared, email, 'Brand-new-7')).status).toBe(200);
    // The network address stays limited for every other address.
    expect((await loginFrom(shared, 'spray-more@example.org', 'Wrong-pass-1')).status).toBe(429);
  });
});
