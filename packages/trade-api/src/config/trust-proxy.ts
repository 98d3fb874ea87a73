import * as z from 'zod/mini';

/**
 * Which proxies may name the client (`TRUST_PROXY`), as Fastify's `trustProxy` takes it: none
 * (`false`), the number of proxy hops in front of the server, or the proxies' addresses and
 * ranges. Only then do `X-Forwarded-For`, `-Host` and `-Proto` count: a client that sends them
 * itself must not choose the address its limits are counted by, nor the edition it is served.
 */
export type TrustProxy = false | number | string[];

/** More hops than a CDN, a load balancer and an ingress in a row is a mistake, not a setup. */
const maximumHops = 10;

/** One trusted proxy: an address, a CIDR range, or a range named by Fastify's `proxy-addr`. */
const proxyEntrySchema = z.union([
  z.ipv4(),
  z.ipv6(),
  z.cidrv4(),
  z.cidrv6(),
  z.enum(['loopback', 'linklocal', 'uniquelocal']),
]);

const expected =
  `must be a number of proxy hops (1 to ${maximumHops}) or a comma-separated list of proxy ` +
  'addresses and CIDR ranges (e.g. 10.0.0.5,10.1.0.0/16)';

/**
 * `TRUST_PROXY` as written in the environment: empty means no proxy is trusted, digits are a hop
 * count, anything else a list of addresses and ranges, each checked.
 */
export const trustProxySchema = z.pipe(
  z.string(),
  z.transform((value, context): TrustProxy => {
    const text = value.trim();
    if (text === '') return false;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops >= 1 && hops <= maximumHops) return hops;
      context.issues.push({ code: 'custom', input: value, message: expected });
      return z.NEVER;
    }
    const entries = text.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !proxyEntrySchema.safeParse(entry).success);
    if (wrong.length > 0) {
      const named = wrong.map((entry) => (entry === '' ? 'an empty entry' : `"${entry}"`));
      context.issues.push({
        code: 'custom',
        input: value,
        message: `${expected}; not an address or range: ${named.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  }),
);

/**
 * The setting as Fastify's `trustProxy` option. Fastify 5.12 treats a number as "trust nobody"
 * (a hop count cannot tell a proxy from a client that reaches the server directly), so a hop
 * count becomes the function `proxy-addr` used for numbers before: the nearest `hops` addresses
 * are proxies. That is right only when nothing reaches the server except through them
 * (README, settings).
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
