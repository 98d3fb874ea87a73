import { editionCodes, getEdition, resolveRedirect, type EditionCode } from '@tradein/editions';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '@tradein/trade-api/test-kit';
import { useTestShop } from './test-shop.ts';

/*
 * Every redirect rule of every edition, followed on the built shop to where it ends: a live page
 * (200), or the buy shop for the external ones. A rule wins over a page route of the same shape
 * (Italy's `/checkout`, the old French catalogue slugs), and no page the shop lists is redirected.
 */

const shop = useTestShop();
/** The hash of a newsletter subscription, for the rule of old unsubscribe links. */
let subscriptionHash: string;

beforeAll(async () => {
  const email = 'legacy-redirects@example.org';
  const subscribed = await shop.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    headers: { host: 'de.localhost', 'content-type': 'application/json' },
    payload: JSON.stringify({ email, edition: 'de', source: 'footer' }),
  });
  if (subscribed.statusCode !== 200) throw new Error(`no subscription: ${subscribed.body}`);
  const [optIn] = await mailsTo(shop.outbox, email);
  const hash = /\/newsletter\/enrich\/([0-9a-f]{64})/.exec(optIn?.text ?? '')?.[1];
  if (hash === undefined) throw new Error('no subscription link in the opt-in mail');
  subscriptionHash = hash;
});

/** A parameter of a rule's source, filled with a value that names something that exists. */
function sample(name: string): string {
  const samples: Record<string, string> = {
    // The rest of a path after the old language prefix: a page of every edition.
    path: 'content/how-it-works',
    slug: 'how-it-works',
    hash: subscriptionHash,
  };
  const value = samples[name];
  if (value === undefined) throw new Error(`no sample for the parameter ${name}`);
  return value;
}

/** A path the rule's source matches (`{name}`, `{name:hex}` and `{name*}` filled). */
function sourcePath(from: string): string {
  return from.replace(/\{(\w+)(?::\w+|\*)?\}/g, (_, name: string) => sample(name));
}

const hostOf = (edition: EditionCode) => `${edition}.localhost`;

/** Follows the redirects of a path to the first answer that is none; every hop with its status. */
async function follow(edition: EditionCode, path: string) {
  const hops: string[] = [];
  let location = path;
  for (let hop = 0; hop < 5; hop += 1) {
    const response = await shop.get(hostOf(edition), location);
    hops.push(`${response.statusCode} ${location}`);
    const next = response.headers.location;
    if (response.statusCode < 300 || response.statusCode >= 400 || typeof next !== 'string') {
      return { response, hops };
    }
    if (!next.startsWith('/')) return { response, hops: [...hops, next] };
    location = next;
  }
  throw new Error(`more than five redirects: ${hops.join(' -> ')}`);
}

const rules = editionCodes.flatMap((edition) =>
  getEdition(edition).redirects.map((rule) => ({ edition, ...rule })),
);

describe.each(rules.filter((rule) => rule.to.startsWith('/')))(
  '$edition: $from',
  ({ edition, from, status }) => {
    it('moves with its status and ends on a live page', async () => {
      const path = sourcePath(from);
      const first = await shop.get(hostOf(edition), path);
      expect({ path, status: first.statusCode }).toEqual({ path, status });
      const { response, hops } = await follow(edition, path);
      expect({ hops, status: response.statusCode }).toEqual({ hops, status: 200 });
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).not.toContain('data-page-type="404"');
    });
  },
);

describe.each(rules.filter((rule) => !rule.to.startsWith('/')))(
  '$edition: $from',
  ({ edition, from, to, status }) => {
    it("leaves for the edition's buy shop", async () => {
      const response = await shop.get(hostOf(edition), from);
      expect(response.statusCode).toBe(status);
      expect(response.headers.location).toBe(to);
      expect(to).toBe(getEdition(edition).buyShopLink);
    });
  },
);

describe('rules and pages of the same shape', () => {
  it.each([
    ['it', '/checkout', '/guardare'],
    ['fr', '/catalogue/telephones-portables', '/catalogue/smartphones'],
    ['fr', '/catalogue/tablettes-tactiles', '/catalogue/tablettes'],
    ['fr', '/catalogue/pc-portables', '/catalogue/ordinateurs-portables'],
  ] as const)('%s: the rule for %s wins over the page route', async (edition, from, to) => {
    const response = await shop.get(hostOf(edition), from);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(to);
  });

  it('redirects the page-data request of client-side navigation alike', async () => {
    const response = await shop.get('it.localhost', '/checkout.data');
    expect(response.statusCode).toBe(202);
    expect(response.body).toContain('/guardare');
  });

  it.each(editionCodes)('%s: no page of the sitemap is redirected', async (edition) => {
    const sitemap = await shop.get(hostOf(edition), '/sitemap.xml');
    const paths = [...sitemap.body.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map(
      ([, path]) => path ?? '',
    );
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.filter((path) => resolveRedirect(edition, path) !== undefined)).toEqual([]);
  });
});
