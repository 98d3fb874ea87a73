import type { EditionCode } from './edition-code.ts';
import type { EditionConfig } from './edition-config-schema.ts';
import { allEditions } from './editions.ts';
import type { Environment, ShopMode } from './shop-mode.ts';

/** What a host name selects (§1): edition, language, shop mode and environment. */
export interface HostResolution {
  readonly edition: EditionCode;
  readonly language: EditionConfig['language'];
  readonly shopMode: ShopMode;
  readonly environment: Environment;
}

/** Indexes the host rules of the given editions; throws when two rules claim the same host. */
export function buildHostIndex(
  configs: readonly EditionConfig[],
): ReadonlyMap<string, HostResolution> {
  const index = new Map<string, HostResolution>();
  for (const config of configs) {
    for (const rule of config.hosts) {
      const claimed = index.get(rule.host);
      if (claimed !== undefined) {
        throw new Error(
          `Host ${rule.host} is declared by editions ${claimed.edition} and ${config.code}`,
        );
      }
      index.set(
        rule.host,
        Object.freeze({
          edition: config.code,
          language: config.language,
          shopMode: rule.shopMode,
          environment: rule.environment,
        }),
      );
    }
  }
  return index;
}

const hostIndex = buildHostIndex(allEditions());

/** Reduces a Host header value to the bare lowercase name: no port, no trailing dot. */
export function normalizeHost(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    // An IPv6 literal keeps its colons; only what follows the bracket is a port.
    const end = name.indexOf(']');
    name = end === -1 ? name : name.slice(1, end);
  } else {
    const colon = name.indexOf(':');
    if (colon !== -1) name = name.slice(0, colon);
  }
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** Edition, language, shop mode and environment of a host name; undefined when no rule matches. */
export function resolveHost(host: string): HostResolution | undefined {
  return hostIndex.get(normalizeHost(host));
}
