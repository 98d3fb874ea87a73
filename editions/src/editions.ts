import { atEdition } from './configs/at.ts';
import { deEdition } from './configs/de.ts';
import { esEdition } from './configs/es.ts';
import { frEdition } from './configs/fr.ts';
import { itEdition } from './configs/it.ts';
import { editionCodes } from './edition-code.ts';
import type { EditionCode } from './edition-code.ts';
import { loadEditionConfig } from './edition-config-schema.ts';
import type { EditionConfig } from './edition-config-schema.ts';

const rawEditions: Readonly<Record<EditionCode, unknown>> = {
  at: atEdition,
  de: deEdition,
  es: esEdition,
  fr: frEdition,
  it: itEdition,
};

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

// Parsed once when the module loads: a broken configuration stops the start with its issue list.
const editions: ReadonlyMap<string, EditionConfig> = new Map(
  editionCodes.map((code) => [code, deepFreeze(loadEditionConfig(code, rawEditions[code]))]),
);

/** The parsed, deeply frozen configuration of an edition; throws 'missing locale' for an unknown code. */
export function getEdition(code: string): EditionConfig {
  const config = editions.get(code);
  if (config === undefined) throw new Error('missing locale');
  return config;
}

/** Every parsed edition configuration, in the order of `editionCodes`. */
export function allEditions(): readonly EditionConfig[] {
  return [...editions.values()];
}
