import { readApiError } from '@tradein/contract';
import type { ApiError as ApiErrorAnswer, ApiFieldError } from '@tradein/contract';

/** Which call failed: enough to log it, never a token or a body. */
export interface ApiCallTarget {
  readonly method: string;
  readonly path: string;
}

/** Base of every error the API client throws, so callers can catch them with one `instanceof`. */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly method: string;
  readonly path: string;

  constructor(target: ApiCallTarget, message: string, options?: ErrorOptions) {
    super(`${target.method} ${target.path}: ${message}`, options);
    this.method = target.method;
    this.path = target.path;
  }
}

/** The request did not match the endpoint's schemas; nothing was sent. */
export class ApiRequestError extends ApiError {
  override readonly name = 'ApiRequestError';
  readonly issues: readonly ApiFieldError[];

  constructor(target: ApiCallTarget, issues: readonly ApiFieldError[]) {
    super(target, `invalid request: ${formatIssues(issues)}`);
    this.issues = issues;
  }
}

/** The server answered with a non-2xx status. */
export class ApiHttpError extends ApiError {
  override readonly name = 'ApiHttpError';
  readonly status: number;
  /** The parsed error body when it matched `apiErrorSchema`, otherwise undefined. */
  readonly body: ApiErrorAnswer | undefined;

  constructor(target: ApiCallTarget, status: number, body: ApiErrorAnswer | undefined) {
    super(target, `HTTP ${status}${body ? ` ${body.error.code}: ${body.error.message}` : ''}`);
    this.status = status;
    this.body = body;
  }
}

/**
 * The HTTP status of an {@link ApiHttpError}, undefined for anything else. It reads the error's
 * name rather than its class, so it also knows errors of another copy of this package (a server
 * whose pages and API client are separate bundles).
 */
export function apiHttpStatus(error: unknown): number | undefined {
  if (!(error instanceof Error) || error.name !== 'ApiHttpError') return undefined;
  const status: unknown = Reflect.get(error, 'status');
  return typeof status === 'number' ? status : undefined;
}

/** An issue of a request's body, at its path in the body; other parts of the request, none. */
function bodyIssue(issue: unknown): ApiFieldError[] {
  const path: unknown = Reflect.get(Object(issue), 'path');
  const message: unknown = Reflect.get(Object(issue), 'message');
  if (typeof path !== 'string' || typeof message !== 'string') return [];
  if (path === 'body') return [{ path: '', message }];
  return path.startsWith('body.') ? [{ path: path.slice('body.'.length), message }] : [];
}

/**
 * The request values a failed call refused, at their paths in the request's body (`zip`,
 * `address.zip`): the `fields` of a 400 answer, or the body issues of a request the client
 * refused to send. Forms place them on their fields (the contract's `placeRefusals`). Like
 * {@link apiHttpStatus}, it reads errors by name, so it knows those of another copy too.
 */
export function refusedFields(error: unknown): ApiFieldError[] {
  if (!(error instanceof Error)) return [];
  if (error.name === 'ApiRequestError') {
    const issues: unknown = Reflect.get(error, 'issues');
    return Array.isArray(issues) ? issues.flatMap(bodyIssue) : [];
  }
  if (apiHttpStatus(error) !== 400) return [];
  return readApiError(Reflect.get(error, 'body'))?.error.fields ?? [];
}

/** The server answered 2xx, but the answer is not what the endpoint's response schema says. */
export class ApiResponseError extends ApiError {
  override readonly name = 'ApiResponseError';
  readonly status: number;
  readonly issues: readonly ApiFieldError[];

  constructor(target: ApiCallTarget, status: number, issues: readonly ApiFieldError[]) {
    super(target, `unexpected answer (HTTP ${status}): ${formatIssues(issues)}`);
    this.status = status;
    this.issues = issues;
  }
}

/** No answer arrived: offline, DNS, CORS, connection reset. */
export class ApiNetworkError extends ApiError {
  override readonly name = 'ApiNetworkError';

  constructor(target: ApiCallTarget, cause: unknown) {
    super(target, `network failure: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

/** No answer arrived within the client's timeout. */
export class ApiTimeoutError extends ApiError {
  override readonly name = 'ApiTimeoutError';
  readonly timeoutMs: number;

  constructor(target: ApiCallTarget, timeoutMs: number) {
    super(target, `no answer within ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/** A bearer call could not get an access token (nobody logged in, or the refresh failed). */
export class ApiAuthError extends ApiError {
  override readonly name = 'ApiAuthError';
}

function formatIssues(issues: readonly ApiFieldError[]): string {
  return issues
    .map((issue) => (issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`))
    .join('; ');
}
