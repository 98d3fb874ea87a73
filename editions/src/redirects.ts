import type { EditionCode } from './edition-code.ts';
import { getEdition } from './editions.ts';
import { compilePathPattern, splitPath } from './path-pattern.ts';
import type { PathPattern } from './path-pattern.ts';

/** Where a legacy path is sent. `external` leaves the site. */
export interface Redirect {
  readonly location: string;
  readonly kind: 'internal' | 'external';
  readonly status: 301 | 302;
}

interface CompiledRedirect {
  readonly from: PathPattern;
  /** Compiled target path, or undefined for an external URL. */
  readonly to: PathPattern | undefined;
  readonly url: string;
  readonly status: 301 | 302;
}

const compiledByEdition = new Map<EditionCode, readonly CompiledRedirect[]>();

function compiledRedirects(edition: EditionCode): readonly CompiledRedirect[] {
  let compiled = compiledByEdition.get(edition);
  if (compiled === undefined) {
    compiled = getEdition(edition).redirects.map((rule) => ({
      from: compilePathPattern(rule.from),
      to: rule.to.startsWith('/') ? compilePathPattern(rule.to) : undefined,
      url: rule.to,
      status: rule.status,
    }));
    compiledByEdition.set(edition, compiled);
  }
  return compiled;
}

/**
 * The redirect for a path in an edition, or undefined when no rule matches. Rules are tried in
 * the order the edition declares them. An internal redirect keeps the query string.
 */
export function resolveRedirect(edition: EditionCode, path: string): Redirect | undefined {
  const split = splitPath(path);
  if (split === undefined) return undefined;
  for (const rule of compiledRedirects(edition)) {
    const params = rule.from.match(split.segments);
    if (params === undefined) continue;
    if (rule.to === undefined) return { location: rule.url, kind: 'external', status: rule.status };
    return {
      location: rule.to.build(params) + split.query,
      kind: 'internal',
      status: rule.status,
    };
  }
  return undefined;
}
