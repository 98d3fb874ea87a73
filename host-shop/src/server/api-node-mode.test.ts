import { describe, expect, it } from 'vitest';
import { useTestShop } from './test-shop.ts';

/*
 * A shop node in front of a separate API node (`TRADE_API_URL`): the shop opens no database; its
 * pages call the API node over HTTP and `/api` on its origin is forwarded there.
 */

/** Client addresses of the requests the API node received. */
const seenByApiNode: { path: string; forwardedFor: string | undefined }[] = [];
/** While set, the API node answers every call as it does while its database is away. */
let databaseAway = false;
/** While set, the API node drops every connection without an answer, as a node that dies. */
let apiNodeGone = false;
const shop = useTestShop({
  apiNode: {
    async onRequest(request, reply) {
      if (apiNodeGone) {
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      }
      if (databaseAway) {
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ error: { code: 'database_unavailable', message: 'briefly unavailable' } });
      }
      const forwarded = request.headers['x-forwarded-for'];
      seenByApiNode.push({
        path: request.url,
        forwardedFor: typeof forwarded === 'string' ? forwarded : undefined,
      });
    },
  },
});

describe('a shop node with TRADE_API_URL', () => {
  it('renders catalogue pages from the API node, and 404s for what it does not know', async () => {
    const device = shop.tradeApi.catalogue.current().catalogue.devices[0];
    const page = await shop.get('de.localhost', `/produkte/${device?.pages.de.url}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(device?.pages.de.name);
    expect(seenByApiNode.some((request) => request.path === '/api/trade/searches')).toBe(true);

    const missing = await shop.get('de.localhost', '/produkte/no-such-device');
    expect(missing.statusCode).toBe(404);
  });

  it('forwards /api on its origin to the API node, naming the visitor', async () => {
    const health = await shop.inject({
      url: '/api/health',
      headers: { host: 'de.localhost' },
      remoteAddress: '203.0.113.21',
    });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    expect(seenByApiNode.at(-1)).toEqual({ path: '/api/health', forwardedFor: '203.0.113.21' });
  });

  it("sends a visitor's contact message with the visitor's address", async () => {
    const response = await shop.postForm(
      'de.localhost',
      '/kontakt',
      { subject: 'other', name: 'Max Muster', email: 'max@example.org', message: 'Hallo' },
      { remoteAddress: '198.51.100.77' },
    );
    expect(response.statusCode).toBe(200);
    expect(seenByApiNode.at(-1)).toEqual({
      path: '/api/contact/messages',
      forwardedFor: '198.51.100.77',
    });
  });

  it('answers a page whose call the API node cannot serve now with 503 and Retry-After, not 500', async () => {
    const device = shop.tradeApi.catalogue.current().catalogue.devices[1];
    databaseAway = true;
    try {
      const page = await shop.get('de.localhost', `/produkte/${device?.pages.de.url}`);
      expect(page.statusCode).toBe(503);
      expect(page.headers['retry-after']).toBe('5');
      expect(page.body).toContain('Bitte lade die Seite neu');
    } finally {
      databaseAway = false;
    }
    const again = await shop.get('de.localhost', `/produkte/${device?.pages.de.url}`);
    expect(again.statusCode).toBe(200);
  });

  it('answers /api with 503 and Retry-After when the API node gives no answer, not 500', async () => {
    apiNodeGone = true;
    try {
      const health = await shop.inject({ url: '/api/health', headers: { host: 'de.localhost' } });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
      expect(health.json()).toMatchObject({ error: { code: 'service_unavailable' } });
    } finally {
      apiNodeGone = false;
    }
    const again = await shop.inject({ url: '/api/health', headers: { host: 'de.localhost' } });
    expect(again.statusCode).toBe(200);
  });
});
