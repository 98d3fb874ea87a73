import type { ApiFieldError } from './api-error.ts';
import type { Endpoint, EndpointParams } from './endpoint.ts';

/**
 * A route parameter in a path template, as the server's router reads it: `:` and a name of
 * letters, digits and `_`, ending before any other character (`:id.svg` is the parameter `id`).
 */
const pathParameter = /:[A-Za-z_][A-Za-z0-9_]*/g;

/** Why a value cannot fill a path parameter, or undefined when it can. */
function parameterProblem(value: unknown): string | undefined {
  if (value === undefined) return 'missing path parameter';
  if (typeof value !== 'string') return 'a path parameter must be a string';
  if (value === '') return 'a path parameter must not be empty';
  // URL parsing resolves `.` and `..` segments (also when encoded as %2E), so such a value
  // would call another path of the API rather than the one the template names.
  if (value === '.' || value === '..') return 'a path parameter must not be "." or ".."';
  return undefined;
}

/** Path parameters by name: `{}` for none given, undefined when the value is no object. */
function namedValues(params: unknown): Readonly<Record<string, unknown>> | undefined {
  if (params === undefined) return {};
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return undefined;
  return params as Readonly<Record<string, unknown>>;
}

/**
 * Fills the `:name` parameters of a path template, each value percent-encoded (a `/` in it stays
 * inside its segment). Missing, empty, non-string and unknown parameters are listed as issues
 * (`params.<name>`); a parameter with an issue stays as `:name` in the path.
 */
export function fillPathTemplate(
  template: string,
  params: unknown,
): { path: string; issues: ApiFieldError[] } {
  const issues: ApiFieldError[] = [];
  const given = namedValues(params);
  if (given === undefined) {
    issues.push({ path: 'params', message: 'path parameters must be an object of names' });
  }
  const used = new Set<string>();
  const path = template.replace(pathParameter, (parameter) => {
    const name = parameter.slice(1);
    used.add(name);
    const value = given !== undefined && Object.hasOwn(given, name) ? given[name] : undefined;
    const problem = parameterProblem(value);
    if (problem === undefined) return encodeURIComponent(value as string);
    issues.push({ path: `params.${name}`, message: problem });
    return parameter;
  });
  for (const name of Object.keys(given ?? {})) {
    if (!used.has(name)) {
      issues.push({ path: `params.${name}`, message: `the path ${template} has no :${name}` });
    }
  }
  return { path, issues };
}

/**
 * The path of one call of an endpoint: its template with the parameters filled and
 * percent-encoded (`/api/trade/trades/T-2026-000001/label.pdf`). Throws when a parameter is
 * missing or unusable, which is a programming error where the values come from our own records.
 */
export function endpointPath<E extends Endpoint>(endpoint: E, params: EndpointParams<E>): string {
  const { path, issues } = fillPathTemplate(endpoint.path, params);
  if (issues.length > 0) {
    throw new Error(
      `Cannot fill ${endpoint.path}: ${issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`,
    );
  }
  return path;
}
