/**
 * Path patterns shared by the route table and the redirect rules.
 *
 * A pattern is an absolute path whose segments are either literal text or hold one parameter:
 * - `kontakt`: a literal segment,
 * - `{pdp}`: a whole segment as parameter,
 * - `uebersicht-{overview}`: a parameter that is the suffix of a segment after a literal prefix,
 * - `{hash:hex}`: a parameter that only matches hexadecimal digits,
 * - `{path*}`: the rest of the path (one or more segments, kept percent-encoded); last segment only.
 *
 * Matching works on decoded segments, so `/produkte/apple%20iphone` yields `pdp = 'apple iphone'`
 * and building percent-encodes again.
 */

type Constraint = 'hex';

type PatternSegment =
  | { readonly kind: 'literal'; readonly text: string }
  | {
      readonly kind: 'param';
      readonly prefix: string;
      readonly name: string;
      readonly constraint: Constraint | undefined;
    }
  | { readonly kind: 'rest'; readonly name: string };

/** Parameters read from, or written into, a path. */
export type PathParams = Readonly<Record<string, string>>;

/** A compiled path pattern. */
export interface PathPattern {
  readonly source: string;
  readonly paramNames: readonly string[];
  /** Matches raw (still percent-encoded) path segments; returns the parameters or undefined. */
  match(segments: readonly string[]): Record<string, string> | undefined;
  /** Builds a path from parameters; throws on a missing or malformed parameter. */
  build(params: PathParams): string;
}

/** A request path split into its raw segments and its query string (with `?`, or empty). */
export interface SplitPath {
  readonly segments: readonly string[];
  readonly query: string;
}

// Unreserved URL characters only: a literal never needs encoding, so it can be compared as is.
const literalText = /^[A-Za-z0-9._~-]+$/;
const parameterSegment =
  /^(?<prefix>[A-Za-z0-9._~-]*)\{(?<name>[A-Za-z][A-Za-z0-9]*)(?<modifier>\*|:hex)?\}$/;
const hexDigits = /^[0-9a-fA-F]+$/;

function invalidPattern(source: string, reason: string): Error {
  return new Error(`Invalid path pattern "${source}": ${reason}`);
}

function parseSegment(source: string, segment: string, isLast: boolean): PatternSegment {
  if (literalText.test(segment)) return { kind: 'literal', text: segment };
  const groups = parameterSegment.exec(segment)?.groups;
  const name = groups?.['name'];
  if (groups === undefined || name === undefined) {
    throw invalidPattern(source, `segment "${segment}" is neither literal text nor a parameter`);
  }
  const prefix = groups['prefix'] ?? '';
  const modifier = groups['modifier'];
  if (modifier === '*') {
    if (!isLast) throw invalidPattern(source, `rest parameter {${name}*} must be the last segment`);
    if (prefix !== '')
      throw invalidPattern(source, `rest parameter {${name}*} cannot have a prefix`);
    return { kind: 'rest', name };
  }
  return { kind: 'param', prefix, name, constraint: modifier === ':hex' ? 'hex' : undefined };
}

/** Decodes one raw segment; undefined when its percent-encoding is malformed. */
function decodeSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** Whether a value may be a route parameter: non-empty and without a slash. */
export function isValidParamValue(value: string): boolean {
  return value !== '' && !value.includes('/');
}

function fitsConstraint(value: string, constraint: Constraint | undefined): boolean {
  return constraint === undefined || hexDigits.test(value);
}

// A rest parameter is copied into a Location header: an empty segment or a backslash could turn
// `/x/{path*}` into a protocol-relative URL (`//evil.example`, `/\evil.example`).
function isSafeRestSegment(raw: string): boolean {
  const decoded = decodeSegment(raw);
  return raw !== '' && decoded !== undefined && !decoded.includes('\\') && !decoded.includes('/');
}

/** Compiles a pattern; throws an Error naming the pattern when it is malformed. */
export function compilePathPattern(source: string): PathPattern {
  if (!source.startsWith('/')) throw invalidPattern(source, 'it must start with "/"');
  if (source !== '/' && source.endsWith('/')) {
    throw invalidPattern(source, 'it must not end with "/"');
  }
  const rawSegments = source === '/' ? [] : source.slice(1).split('/');
  const segments = rawSegments.map((segment, index) =>
    parseSegment(source, segment, index === rawSegments.length - 1),
  );
  const paramNames = segments.flatMap((segment) =>
    segment.kind === 'literal' ? [] : [segment.name],
  );
  const duplicate = paramNames.find((name, index) => paramNames.indexOf(name) !== index);
  if (duplicate !== undefined) throw invalidPattern(source, `parameter "${duplicate}" repeats`);
  const last = segments.at(-1);
  const hasRest = last?.kind === 'rest';

  function match(pathSegments: readonly string[]): Record<string, string> | undefined {
    const fixedCount = hasRest ? segments.length - 1 : segments.length;
    if (hasRest ? pathSegments.length <= fixedCount : pathSegments.length !== fixedCount) {
      return undefined;
    }
    const params: Record<string, string> = {};
    for (const [index, segment] of segments.entries()) {
      if (segment.kind === 'rest') {
        const rest = pathSegments.slice(index);
        if (!rest.every(isSafeRestSegment)) return undefined;
        params[segment.name] = rest.join('/');
        continue;
      }
      const decoded = decodeSegment(pathSegments[index] ?? '');
      if (decoded === undefined) return undefined;
      if (segment.kind === 'literal') {
        if (decoded !== segment.text) return undefined;
        continue;
      }
      if (!decoded.startsWith(segment.prefix)) return undefined;
      const value = decoded.slice(segment.prefix.length);
      if (!isValidParamValue(value) || !fitsConstraint(value, segment.constraint)) return undefined;
      params[segment.name] = value;
    }
    return params;
  }

  function build(params: PathParams): string {
    const parts = segments.map((segment) => {
      if (segment.kind === 'literal') return segment.text;
      const value = params[segment.name];
      if (value === undefined) {
        throw new Error(`Missing parameter "${segment.name}" for path ${source}`);
      }
      if (value === '') throw new Error(`Empty parameter "${segment.name}" for path ${source}`);
      if (segment.kind === 'rest') {
        if (!value.split('/').every(isSafeRestSegment)) {
          throw new Error(`Malformed rest parameter "${segment.name}" for path ${source}`);
        }
        return value;
      }
      if (value.includes('/')) {
        throw new Error(`Parameter "${segment.name}" must not contain "/" (path ${source})`);
      }
      if (!fitsConstraint(value, segment.constraint)) {
        throw new Error(`Parameter "${segment.name}" must be hexadecimal (path ${source})`);
      }
      return segment.prefix + encodeURIComponent(value);
    });
    return `/${parts.join('/')}`;
  }

  return { source, paramNames, match, build };
}

/**
 * Splits a request path into raw segments and query. Drops the fragment and one trailing slash;
 * returns undefined for anything that is not an absolute path.
 */
export function splitPath(path: string): SplitPath | undefined {
  const hashAt = path.indexOf('#');
  const withoutHash = hashAt === -1 ? path : path.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const pathname = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const rawQuery = queryAt === -1 ? '' : withoutHash.slice(queryAt);
  if (!pathname.startsWith('/')) return undefined;
  const segments = pathname === '/' ? [] : pathname.slice(1).split('/');
  // One trailing slash is tolerated; `//` stays two empty segments and matches nothing.
  if (segments.length > 1 && segments.at(-1) === '') segments.pop();
  return { segments, query: rawQuery === '?' ? '' : rawQuery };
}
