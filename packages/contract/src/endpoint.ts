import type * as z from 'zod/mini';

/** HTTP methods the trade API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the trade API: where it lives, who may make it, and the schemas of what goes in
 * and what comes back. Server and client both read these, so the wire format has one source.
 */
export interface Endpoint<
  Body extends z.ZodMiniType = z.ZodMiniType,
  Response extends z.ZodMiniType = z.ZodMiniType,
  Headers extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Query extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Params extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
> {
  readonly method: HttpMethod;
  /**
   * Path relative to the API origin, e.g. `/api/account/login`; `{tradeBase}` is `/api/trade`.
   * A `:name` is a route parameter (`/api/trade/trades/:tradeNumber`), declared in `params`.
   */
  readonly path: string;
  /**
   * `bearer`: the call needs `Authorization: Bearer <access token>`. `optional`: the call is
   * public, and a client that has a session sends its token (the offer then names its customer).
   */
  readonly auth: 'none' | 'bearer' | 'optional';
  /** Request body (for GET: an empty object schema). */
  readonly body: Body;
  /** Parsed answer on success. */
  readonly response: Response;
  /** Extra request headers the call requires (e.g. `refresh`, `Token`, `identifier`), lower-case keys. */
  readonly headers?: Headers;
  /** Query-string parameters, if any. */
  readonly query?: Query;
  /**
   * The path's `:name` parameters, as the text of their segments (an object schema with one key
   * a name). The server answers a value that fails it with a 400 naming `params.<name>`.
   */
  readonly params?: Params;
  /**
   * Which origin serves the call: `api` (the trade API, the default) or `affiliate` (the
   * affiliate service that issues tracking client ids, §7 `{affiliate}/api/client-id`).
   */
  readonly origin?: 'api' | 'affiliate';
}

/** Declares an endpoint, keeping its literal schema types. */
/* @__NO_SIDE_EFFECTS__ */
export function defineEndpoint<
  Body extends z.ZodMiniType,
  Response extends z.ZodMiniType,
  Headers extends z.ZodMiniType | undefined = undefined,
  Query extends z.ZodMiniType | undefined = undefined,
  Params extends z.ZodMiniType | undefined = undefined,
>(
  endpoint: Endpoint<Body, Response, Headers, Query, Params>,
): Endpoint<Body, Response, Headers, Query, Params> {
  return endpoint;
}

/** The parsed response type of an endpoint. */
export type EndpointResponse<E extends Endpoint> = z.infer<E['response']>;

/**
 * A schema an endpoint may declare (`headers`, `query`, `params`), or `undefined` when it
 * declares none. The properties are optional, so their type always includes `undefined`: strip
 * it before testing for a schema.
 */
type DeclaredSchema<Schema> = [Exclude<Schema, undefined>] extends [never]
  ? undefined
  : Exclude<Schema, undefined> extends z.ZodMiniType
    ? Exclude<Schema, undefined>
    : undefined;

/** The parsed value of an optional part of an endpoint: `undefined` when it declares no schema. */
export type EndpointPart<Schema> =
  DeclaredSchema<Schema> extends z.ZodMiniType ? z.infer<DeclaredSchema<Schema>> : undefined;

/**
 * What fills an endpoint's `:name` path segments: the input of its `params` schema (the text of
 * each segment), or nothing for an endpoint without parameters.
 */
export type EndpointParams<E extends Endpoint> =
  DeclaredSchema<E['params']> extends z.ZodMiniType
    ? z.input<DeclaredSchema<E['params']>>
    : Readonly<Record<string, never>>;
