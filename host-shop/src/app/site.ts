import {
  getEdition,
  resolveHost,
  type EditionCode,
  type Environment,
  type ShopMode,
} from '@tradein/editions';
import type { ShopLanguage } from '../i18n/create-i18n.ts';

/** Which edition, language and shop mode a request is for. */
export interface Site {
  edition: EditionCode;
  shopMode: ShopMode;
  language: ShopLanguage;
  domain: string;
  /** Where the host runs: production hosts name the edition's public domain in links. */
  environment: Environment;
}

/**
 * Edition and mode come from the host name (spec §1). A host that matches no rule is served
 * as the German consumer shop, the same as `localhost`.
 */
export function siteForHost(host: string | undefined): Site {
  const resolved = resolveHost(host ?? '') ?? resolveHost('localhost');
  if (!resolved) throw new Error('host rules lack a rule for localhost');
  const edition = getEdition(resolved.edition);
  return {
    edition: resolved.edition,
    shopMode: resolved.shopMode,
    language: resolved.language,
    domain: edition.domain,
    environment: resolved.environment,
  };
}
