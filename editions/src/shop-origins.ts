import type { EditionCode } from './edition-code.ts';
import { editionCodes } from './edition-code.ts';
import { getEdition } from './editions.ts';
import { resolveHost } from './host-rules.ts';
import { shopModes, type Environment, type ShopMode } from './shop-mode.ts';

/** The shop origin of every edition and shop mode it has hosts for, e.g. `fr.default`. */
export type ShopOriginTable = Readonly<
  Record<EditionCode, Readonly<Partial<Record<ShopMode, string>>>>
>;

/**
 * The host of an edition's shop in one mode and environment: the first host its rules list for
 * them (`www.tradein.fr` before `tradein.fr`, `localhost` before `de.localhost`); undefined when
 * the edition has no such shop (a B2B widget outside Germany).
 */
export function shopHost(
  edition: EditionCode,
  mode: ShopMode,
  environment: Environment,
): string | undefined {
  return getEdition(edition).hosts.find(
    (rule) => rule.shopMode === mode && rule.environment === environment,
  )?.host;
}

/**
 * The shop origins of every edition and mode, derived from one origin the shop is reached at
 * (the trade API's `PUBLIC_ORIGIN`): its host names the environment (`localhost` is local,
 * `www.tradein.de` production), and every other shop of that environment is reached with the
 * same scheme and port on its own host (`http://localhost:8080` → `http://fr.localhost:8080`).
 * The origin itself stays the origin of its own edition and mode. An origin whose host no rule
 * knows (an internal name) is every shop's origin: there is nothing to derive from.
 */
export function deriveShopOrigins(publicOrigin: string): ShopOriginTable {
  const url = new URL(publicOrigin);
  const own = resolveHost(url.hostname);
  const port = url.port === '' ? '' : `:${url.port}`;
  const table = {} as Record<EditionCode, Partial<Record<ShopMode, string>>>;
  for (const edition of editionCodes) {
    const origins: Partial<Record<ShopMode, string>> = {};
    for (const mode of shopModes) {
      if (own === undefined) {
        origins[mode] = url.origin;
        continue;
      }
      if (own.edition === edition && own.shopMode === mode) {
        origins[mode] = url.origin;
        continue;
      }
      const host = shopHost(edition, mode, own.environment);
      if (host !== undefined) origins[mode] = `${url.protocol}//${host}${port}`;
    }
    table[edition] = Object.freeze(origins);
  }
  return Object.freeze(table);
}

/**
 * The origin of the shop a trade, account or subscription was made in: its edition and mode,
 * else the edition's consumer shop (`default`), which every edition has.
 */
export function shopOriginOf(table: ShopOriginTable, edition: EditionCode, mode: ShopMode): string {
  const origins = table[edition];
  const origin = origins[mode] ?? origins.default;
  if (origin === undefined) throw new Error(`No shop origin for edition ${edition}`);
  return origin;
}
