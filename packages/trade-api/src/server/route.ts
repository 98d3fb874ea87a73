import type { Endpoint, EndpointPart } from '@tradein/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { validationError } from './api-context.ts';
import { HttpError } from './http-error.ts';
import { apiErrorCode } from '@tradein/contract';

/** The customer a valid bearer token names. */
export interface AuthenticatedCustomer {
  customerId: string;
}

/**
 * Checks the bearer token of a request and names its customer; throws an {@link HttpError}
 * (401) when the token is missing, invalid or expired. Routes of `auth: 'bearer'` endpoints run
 * it before anything else, so an unauthenticated caller learns nothing about the input rules.
 */
export type Authenticator = (request: FastifyRequest) => Promise<AuthenticatedCustomer>;

/**
 * What a handler receives: the request's parts, each parsed with the endpoint's schemas;
 * `headers`, `query` and `params` are undefined for an endpoint that declares no schema for them.
 */
export interface RouteInput<E extends Endpoint> {
  body: z.infer<E['body']>;
  headers: EndpointPart<E['headers']>;
  query: EndpointPart<E['query']>;
  params: EndpointPart<E['params']>;
  /** The token's customer for `auth: 'bearer'` endpoints, null for public ones. */
  customer: AuthenticatedCustomer | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Handles a contract endpoint: returns the answer the endpoint's response schema describes. */
export type RouteHandler<E extends Endpoint> = (
  input: RouteInput<E>,
) => Promise<z.infer<E['response']>>;

/** What a route may change about the router's handling of its own requests. */
export interface RouteOptions {
  /**
   * The error for route parameters that fail the endpoint's schema, instead of the 400 that
   * names them: a capability link answers one 404 for every link that opens nothing.
   */
  invalidParams?: () => Error;
}

/** How the router treats routes. */
export interface RouterOptions {
  /** Parse every answer with the endpoint's response schema (development and tests). */
  validateAnswers: boolean;
  /** Largest request body in bytes. */
  bodyLimit: number;
  /** Needed as soon as an `auth: 'bearer'` endpoint is registered. */
  authenticate?: Authenticator | undefined;
  /** The prefix the context was registered with; stripped from contract paths. */
  prefix: string;
}

/** Registers contract endpoints on a context made by `installApiContext`. */
export type Route = <E extends Endpoint>(
  endpoint: E,
  handler: RouteHandler<E>,
  options?: RouteOptions,
) => void;

/** Parses one part of a request, turning failures into a 400 that names the field. */
function parsePart<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  prefix: string[],
): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error.issues, prefix);
  return parsed.data;
}

/** A `:name` route parameter in a contract path. */
const routeParameter = /:[A-Za-z_]/;

/** Parses the route parameters; a failure is the route's own error, or the 400 naming them. */
function parseParams<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  invalid: RouteOptions['invalidParams'],
): z.infer<S> {
  if (invalid === undefined) return parsePart(schema, value, ['params']);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid();
  return parsed.data;
}

/**
 * Makes the `route(endpoint, handler)` helper for one API context. Each route checks the bearer
 * token first (when the endpoint needs one), then parses route parameters, headers, query and
 * body with the endpoint's schemas (a failure is a 400 naming the field, the handler never
 * runs), and, when `validateAnswers` is on, parses the handler's answer too (a mismatch is a
 * logged 500).
 */
export function createRouter(api: FastifyInstance, options: RouterOptions): Route {
  return (endpoint, handler, routeOptions = {}) => {
    if (!endpoint.path.startsWith(`${options.prefix}/`)) {
      throw new Error(`Endpoint ${endpoint.path} does not lie under ${options.prefix}/`);
    }
    if (endpoint.params === undefined && routeParameter.test(endpoint.path)) {
      throw new Error(
        `Endpoint ${endpoint.path} has route parameters but declares no params schema`,
      );
    }
    const authenticate = options.authenticate;
    if (endpoint.auth === 'bearer' && authenticate === undefined) {
      throw new Error(
        `Endpoint ${endpoint.method} ${endpoint.path} needs bearer authentication, but no authenticator is configured`,
      );
    }
    api.route({
      method: endpoint.method,
      url: endpoint.path.slice(options.prefix.length),
      bodyLimit: options.bodyLimit,
      handler: async (request, reply) => {
        const customer =
          endpoint.auth === 'bearer' && authenticate !== undefined
            ? await authenticate(request)
            : null;
        const params =
          endpoint.params === undefined
            ? undefined
            : parseParams(endpoint.params, request.params, routeOptions.invalidParams);
        const headers =
          endpoint.headers === undefined
            ? undefined
            : parsePart(endpoint.headers, request.headers, ['headers']);
        const query =
          endpoint.query === undefined
            ? undefined
            : parsePart(endpoint.query, request.query, ['query']);
        // A call without a body (GET, DELETE, header-only POST) validates as an empty object.
        const body = parsePart(endpoint.body, request.body ?? {}, []);
        const answer = await handler({
          body,
          headers,
          query,
          params,
          customer,
          request,
          reply,
        } as RouteInput<typeof endpoint>);
        if (options.validateAnswers) {
          const checked = endpoint.response.safeParse(answer);
          if (!checked.success) {
            request.log.error(
              { issues: checked.error.issues, path: endpoint.path },
              'answer does not match the contract',
            );
            throw new HttpError(
              500,
              apiErrorCode.internalError,
              'Something went wrong on our side',
            );
          }
        }
        return answer;
      },
    });
  };
}
