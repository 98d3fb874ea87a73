import { emptySearchResult } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import { registerAccountRoutes } from '../accounts/account-routes.ts';
import { createAuthenticator } from '../accounts/authenticator.ts';
import type { TrustProxy } from '../config/trust-proxy.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { createMailer } from '../mail/mailer.ts';
import { testDatabases, type TestDatabase } from '../../test-kit/test-databases.ts';
import { testConfig } from '../../test-kit/test-server.ts';
import { createTradeApiServer } from './trade-api-server.ts';

/*
 * Who the client is decides what its limits count: the guest-session quota is kept per client
 * address. An API node takes that address from `X-Forwarded-For` only when TRUST_PROXY names the
 * proxy it came through; otherwise any client could name a fresh address on every call.
 */

/** Guest sessions one client address may start in the window (tiny, so the quota is reached). */
const guestSessionsPerIp = 2;

/** Runs `test` against an API node with the account routes and the given TRUST_PROXY. */
async function withApiNode(
  engine: TestDatabase,
  trustProxy: TrustProxy,
  test: (guestSession: (forwardedFor?: string) => Promise<number>) => Promise<void>,
): Promise<void> {
  const db = await engine.create();
  await migrateToLatest(db);
  const config = { ...testConfig, trustProxy };
  const mailer = createMailer({ smtpUrl: undefined, outboxDir: '/nonexistent/outbox' });
  const app = await createTradeApiServer({
    config,
    db,
    search: (query) => emptySearchResult(query.kind),
    renderImage: () => null,
    authenticate: createAuthenticator({ db, config }),
    extend: (route) => {
      registerAccountRoutes(route, { db, config, mailer, limits: { guestSessionsPerIp } });
    },
  });
  try {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    await test(async (forwardedFor) => {
      const response = await fetch(`${origin}/api/account/guestSession`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
        },
        body: JSON.stringify({ locale: 'de-DE' }),
      });
      await response.body?.cancel();
      return response.status;
    });
  } finally {
    await app.close();
    mailer.close();
    await engine.destroy(db);
  }
}

describe.each(testDatabases())('the client address of an API node on $name', (engine) => {
  it('ignores X-Forwarded-For by default: a forged address gets no fresh guest-session quota', async () => {
    await withApiNode(engine, false, async (guestSession) => {
      for (let call = 0; call < guestSessionsPerIp; call += 1) {
        expect(await guestSession()).toBe(200);
      }
      expect(await guestSession()).toBe(429);
      expect(await guestSession('203.0.113.9')).toBe(429);
      expect(await guestSession('203.0.113.10, 198.51.100.7')).toBe(429);
    });
  });

  it('takes the client from X-Forwarded-For when TRUST_PROXY names the proxy', async () => {
    await withApiNode(engine, ['127.0.0.1'], async (guestSession) => {
      for (let call = 0; call < guestSessionsPerIp; call += 1) {
        expect(await guestSession('198.51.100.7')).toBe(200);
      }
      expect(await guestSession('198.51.100.7')).toBe(429);
      // Other visitors behind the same proxy, and the proxy itself, have quotas of their own.
      expect(await guestSession('203.0.113.9')).toBe(200);
      expect(await guestSession()).toBe(200);
    });
  });

  it('with a hop count, takes the address the nearest proxy added, not what the client wrote', async () => {
    await withApiNode(engine, 1, async (guestSession) => {
      for (let call = 0; call < guestSessionsPerIp; call += 1) {
        expect(await guestSession(`192.0.2.${call}, 198.51.100.7`)).toBe(200);
      }
      // The client wrote a new address to the left each time; the proxy's entry stays the same.
      expect(await guestSession('192.0.2.99, 198.51.100.7')).toBe(429);
      expect(await guestSession('203.0.113.9')).toBe(200);
    });
  });
});
