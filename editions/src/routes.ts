import type { EditionCode } from './edition-code.ts';
import { getEdition } from './editions.ts';
import { compilePathPattern, splitPath } from './path-pattern.ts';
import type { PathParams, PathPattern } from './path-pattern.ts';
import { routeNames } from './route-names.ts';
import type { RouteName } from './route-names.ts';

/** A route found for a path: its name and its decoded parameters. */
export interface RouteMatch {
  readonly name: RouteName;
  readonly params: Readonly<Record<string, string>>;
}

/** Parameters given to {@link buildPath}. */
export type RouteParams = PathParams;

interface CompiledRoute {
  readonly name: RouteName;
  readonly pattern: PathPattern;
}

const compiledByEdition = new Map<EditionCode, readonly CompiledRoute[]>();

/** The routes of an edition in matching order, compiled once. */
function compiledRoutes(edition: EditionCode): readonly CompiledRoute[] {
  let compiled = compiledByEdition.get(edition);
  if (compiled === undefined) {
    const { routes } = getEdition(edition);
    compiled = routeNames.flatMap((name) => {
      const source = routes[name];
      return source === undefined ? [] : [{ name, pattern: compilePathPattern(source) }];
    });
    compiledByEdition.set(edition, compiled);
  }
  return compiled;
}

/**
 * The route of an edition that a path belongs to, or undefined (a 404). Ignores query, fragment
 * and one trailing slash; parameters come back percent-decoded.
 */
export function matchRoute(edition: EditionCode, path: string): RouteMatch | undefined {
  const split = splitPath(path);
  if (split === undefined) return undefined;
  for (const route of compiledRoutes(edition)) {
    const params = route.pattern.match(split.segments);
    if (params !== undefined) return { name: route.name, params };
  }
  return undefined;
}

/**
 * The path of a route in an edition, parameters percent-encoded. Throws 'Unknown route: <name>'
 * when the edition lacks the route and an Error naming the parameter when one is missing,
 * empty or contains "/".
 */
export function buildPath(edition: EditionCode, name: RouteName, params: RouteParams = {}): string {
  const route = compiledRoutes(edition).find((candidate) => candidate.name === name);
  if (route === undefined) throw new Error(`Unknown route: ${name}`);
  return route.pattern.build(params);
}
