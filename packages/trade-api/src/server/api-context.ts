import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { apiErrorCode, apiErrorFromIssues, type ApiErrorCode } from '@tradein/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiSecurityHeaders, httpsOnlyHeaders } from './framework-errors.ts';
import { apiError, HttpError } from './http-error.ts';
import { databaseRetryAfterSeconds, isDatabaseUnavailable } from '../db/database-unavailable.ts';

/** What the API context needs to know about its surroundings. */
export interface ApiContextOptions {
  /** Origins that may call the API from a browser (partners and the shop itself). */
  allowedOrigins: readonly string[];
  /** When the API's database was last found unreachable (`databaseTroubleAt`); none, never. */
  databaseTroubleAt?: () => number | undefined;
}

/**
 * A request still unanswered this long after its handler started (4 s, leaving room under the
 * promised 5 s on a busy machine), while the database was found unreachable within
 * {@link recentTroubleMs}, is answered 503 at once: a request meets at most a connection wait
 * and a statement timeout, but one that cleans up after a failure (or sends a mail after its
 * commit) would meet them again. A request that is merely slow (a busy machine, a healthy
 * database) runs on.
 */
const requestDeadlineMs = 4000;
const recentTroubleMs = 10_000;

/**
 * Answers 503 `database_unavailable` while the handler still runs; the handler's own answer,
 * when it comes, is dropped (the reply is hijacked). A checkout that still commits is found by
 * its retry with the same `Idempotency-Key`.
 */
function answerUnavailableNow(request: FastifyRequest, reply: FastifyReply): void {
  request.log.warn('database unavailable: answered before the handler finished');
  reply.hijack();
  reply.raw.writeHead(503, {
    ...apiSecurityHeaders,
    ...httpsOnlyHeaders(request),
    'x-request-id': request.id,
    'retry-after': String(databaseRetryAfterSeconds),
    'content-type': 'application/json; charset=utf-8',
  });
  reply.raw.end(
    JSON.stringify(
      apiError(
        apiErrorCode.databaseUnavailable,
        'The service is briefly unavailable; please try again in a few seconds',
      ),
    ),
  );
}

/**
 * Headers the browser may send cross-origin: bearer token, JSON, the token headers of §7, and
 * the `Idempotency-Key` of checkout.
 */
const allowedRequestHeaders = [
  'authorization',
  'content-type',
  'access',
  'refresh',
  'token',
  'identifier',
  'idempotency-key',
  'x-request-id',
];

/** Fixed answers for request errors Fastify raises before a handler runs. */
const frameworkErrors: Readonly<
  Record<string, { status: number; code: ApiErrorCode; message: string }>
> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: apiErrorCode.malformedJson,
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: apiErrorCode.malformedJson,
    message: 'The request body is empty but its content type is JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: apiErrorCode.payloadTooLarge,
    message: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: apiErrorCode.unsupportedMediaType,
    message: 'Send the request body as application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: apiErrorCode.malformedRequest,
    message: 'The content length does not match the body',
  },
};

/** Turns an HTTP status into the snake_case code of an error answer. */
function codeForStatus(status: number): ApiErrorCode {
  if (status === 400) return apiErrorCode.badRequest;
  if (status === 401) return apiErrorCode.unauthorized;
  if (status === 403) return apiErrorCode.forbidden;
  if (status === 404) return apiErrorCode.notFound;
  if (status === 413) return apiErrorCode.payloadTooLarge;
  if (status === 415) return apiErrorCode.unsupportedMediaType;
  if (status === 429) return apiErrorCode.tooManyRequests;
  return apiErrorCode.requestFailed;
}

/** The route patterns of this context with their methods, to tell 404 from 405. */
interface KnownRoute {
  pattern: RegExp;
  method: string;
}

/** Turns a route url (`/api/trade/images/:kind/:id.svg`) into a regex for a concrete path. */
function routePattern(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+)/)
    .map((part) => (part.startsWith(':') ? '[^/]+?' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
    .replace(/\\\*$/, '.*');
  return new RegExp(`^${source}$`);
}

/**
 * Sets up a Fastify context (registered with prefix `/api`) as the trade API's edge: security
 * headers, CORS for the configured origins, JSON-only bodies, and one error shape for every
 * failure (400 naming fields, 404/405/413/415 as JSON, 5xx without internal detail).
 * Call before registering routes: it watches route registration to answer 405.
 */
export async function installApiContext(
  api: FastifyInstance,
  options: ApiContextOptions,
): Promise<void> {
  const knownRoutes: KnownRoute[] = [];
  api.addHook('onRoute', (route) => {
    if (route.url.endsWith('/*')) return; // the catch-all below, and CORS preflight
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) knownRoutes.push({ pattern: routePattern(route.url), method });
  });

  // Only JSON bodies: text/plain would let any site POST without a CORS preflight.
  api.removeContentTypeParser(['text/plain']);

  await api.register(helmet, {
    // The API answers JSON and SVG: nothing in it may run script, load anything or be framed.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: ["'unsafe-inline'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Only over HTTPS, per request (the onSend hook below).
    strictTransportSecurity: false,
  });

  const allowed = new Set(options.allowedOrigins);
  await api.register(cors, {
    origin: (origin, callback) => {
      // Requests without Origin (same-origin GETs, servers, curl) need no CORS headers at all.
      callback(null, origin !== undefined && allowed.has(origin));
    },
    methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: allowedRequestHeaders,
    exposedHeaders: ['x-request-id'],
    credentials: false,
    maxAge: 600,
  });

  const troubleAt = options.databaseTroubleAt;
  if (troubleAt !== undefined) {
    api.addHook('preHandler', (request, reply, done) => {
      const timer = setTimeout(() => {
        const lastTrouble = troubleAt();
        if (reply.sent || reply.raw.headersSent || lastTrouble === undefined) return;
        if (Date.now() - lastTrouble <= recentTroubleMs) answerUnavailableNow(request, reply);
      }, requestDeadlineMs);
      timer.unref();
      reply.raw.once('close', () => clearTimeout(timer));
      done();
    });
  }

  api.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    reply.headers(httpsOnlyHeaders(request));
    // Answers may carry customer data: no shared or browser cache keeps them unless a route says so.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  api.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // A handler's own 4xx and 503 answers are meant for the client; any other 5xx is internal.
    if (error instanceof HttpError && (error.statusCode < 500 || error.statusCode === 503)) {
      if (error.statusCode >= 500) {
        request.log.error({ err: error }, 'service unavailable');
        if (!reply.hasHeader('retry-after')) {
          reply.header('retry-after', String(databaseRetryAfterSeconds));
        }
      }
      return reply.code(error.statusCode).send(apiError(error.code, error.message, error.fields));
    }
    if (isDatabaseUnavailable(error)) {
      // The database is restarting, stalled or overloaded: the request may simply be repeated.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(databaseRetryAfterSeconds))
        .send(
          apiError(
            apiErrorCode.databaseUnavailable,
            'The service is briefly unavailable; please try again in a few seconds',
          ),
        );
    }
    const known = error.code === undefined ? undefined : frameworkErrors[error.code];
    if (known !== undefined) {
      request.log.info({ code: error.code }, known.message);
      return reply.code(known.status).send(apiError(known.code, known.message));
    }
    const status = error instanceof HttpError ? 500 : (error.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      // Another client error raised by Fastify or a plugin: its message names no internals.
      request.log.info({ code: error.code, status }, 'request rejected');
      return reply.code(status).send(apiError(codeForStatus(status), 'The request was rejected'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send(
        apiError(
          apiErrorCode.internalError,
          `Something went wrong on our side. Please try again later (reference ${request.id}).`,
        ),
      );
  });

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const methods = [
      ...new Set(
        knownRoutes
          .filter((route) => route.method !== 'OPTIONS' && route.pattern.test(path))
          .map((route) => route.method),
      ),
    ];
    // A path that matches a route of this very method never reached it (a parameter over the
    // router's length limit): there is no call at that path, not another method.
    if (methods.length > 0 && !methods.includes(request.method)) {
      return reply
        .code(405)
        .header('allow', methods.join(', '))
        .send(
          apiError(
            apiErrorCode.methodNotAllowed,
            `${request.method} is not allowed here; use ${methods.join(' or ')}`,
          ),
        );
    }
    return reply
      .code(404)
      .send(apiError(apiErrorCode.notFound, 'There is no API call at this path'));
  };
  api.setNotFoundHandler(notFound);
  // A host server may have its own catch-all page route; this one keeps every unknown /api path
  // inside the API, answered as JSON (the router prefers the longer static prefix).
  api.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: notFound,
  });
}

/** The 400 answer for input that failed a schema, as an error a handler or hook can throw. */
export function validationError(
  issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[],
  prefix: string[] = [],
): HttpError {
  const body = apiErrorFromIssues(
    issues.map((issue) => ({ path: [...prefix, ...issue.path], message: issue.message })),
  );
  return new HttpError(400, apiErrorCode.validationFailed, body.error.message, body.error.fields);
}
