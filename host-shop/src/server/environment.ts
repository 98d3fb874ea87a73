import { trustProxySchema } from '@tradein/trade-api';
import * as z from 'zod/mini';

const environmentSchema = z.object({
  PORT: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(65535)), 8080),
  HOST: z._default(z.string().check(z.minLength(1)), 'localhost'),
  /**
   * A separate trade API node (`npm run start:api`) to use instead of the one this server would
   * mount: its pages call it over HTTP, and `/api` on the shop's origin is forwarded to it.
   */
  TRADE_API_URL: z.optional(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }),
  ),
  /**
   * The proxies in front of this server whose `X-Forwarded-*` headers name the visitor: their
   * addresses and CIDR ranges, or the number of proxy hops; unset, none.
   */
  TRUST_PROXY: z._default(trustProxySchema, false),
  /**
   * The shop's public origin (as the trade API reads it): the back office answers on `ops.`
   * beside its host; unset, on ops.localhost.
   */
  PUBLIC_ORIGIN: z.optional(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }),
  ),
});

/** Server settings read once from the process environment. */
export type ServerEnvironment = z.infer<typeof environmentSchema>;

/** Parses the environment, failing with a readable list of what is wrong. */
export function readEnvironment(source: Record<string, string | undefined>): ServerEnvironment {
  const result = environmentSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`invalid server environment:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}
