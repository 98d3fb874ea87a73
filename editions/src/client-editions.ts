import type { ClientEditionConfig } from './client-edition-config.ts';
import { atClientEdition } from './configs/at-client.ts';
import { deClientEdition } from './configs/de-client.ts';
import { esClientEdition } from './configs/es-client.ts';
import { frClientEdition } from './configs/fr-client.ts';
import { itClientEdition } from './configs/it-client.ts';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

// No parsing here: the browser must not load the full schema. The same objects make up the
// configurations that `getEdition` validates, and a test proves both agree field by field.
const clientEditions: ReadonlyMap<string, ClientEditionConfig> = new Map(
  [atClientEdition, deClientEdition, esClientEdition, frClientEdition, itClientEdition].map(
    (config) => [config.code, deepFreeze(config)],
  ),
);

/** The browser part of an edition's configuration, deeply frozen; throws 'missing locale' for an unknown code. */
export function getClientEdition(code: string): ClientEditionConfig {
  const config = clientEditions.get(code);
  if (config === undefined) throw new Error('missing locale');
  return config;
}
