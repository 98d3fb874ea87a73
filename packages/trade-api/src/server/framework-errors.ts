import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { apiErrorCode, type ApiErrorCode } from '@tradein/contract';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { apiError } from './http-error.ts';

/*
 * Answers of failures that happen outside the API's own context: a URL that cannot be decoded
 * (Fastify answers it before routing), a request Node's HTTP parser refuses (headers too large,
 * malformed, too slow), and, on a server's root, paths no route claims and errors of routes that
 * are not the API's. Fastify's defaults echo the path and carry none of the API's headers; these
 * answer the contract's error shape with the API's security headers and name nothing the client
 * sent.
 */

/**
 * The security headers of every API answer: what helmet sends as `installApiContext` sets it up,
 * plus the API's `no-store`. Answers sent before any route runs get no hooks, so they carry this
 * copy; a test holds it equal to helmet's. HSTS is added per request ({@link httpsOnlyHeaders}).
 */
export const apiSecurityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none';style-src 'unsafe-inline';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'cache-control': 'no-store',
};

/**
 * HSTS for an answer to a request that came over HTTPS (directly, or as a trusted proxy names it,
 * TRUST_PROXY); none over plain HTTP, where a browser ignores it and it would only say what is
 * not so.
 */
export function httpsOnlyHeaders(request: FastifyRequest): Record<string, string> {
  return request.protocol === 'https'
    ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
    : {};
}

/** A fixed error answer: nothing of the request in it. */
interface FailureAnswer {
  status: number;
  code: ApiErrorCode;
  message: string;
}

const failures = {
  badUrl: {
    status: 400,
    code: apiErrorCode.malformedRequest,
    message: 'The address of the request is not correctly encoded',
  },
  urlTooLong: {
    status: 414,
    code: apiErrorCode.malformedRequest,
    message: 'The address of the request is too long',
  },
  unreadable: {
    status: 400,
    code: apiErrorCode.malformedRequest,
    message: 'The request could not be read',
  },
  timeout: {
    status: 408,
    code: apiErrorCode.requestFailed,
    message: 'The request took too long to arrive',
  },
  headersTooLarge: {
    status: 431,
    code: apiErrorCode.malformedRequest,
    message: 'The request headers are too large',
  },
  notFound: {
    status: 404,
    code: apiErrorCode.notFound,
    message: 'There is nothing at this address',
  },
  bodyTooLarge: {
    status: 413,
    code: apiErrorCode.payloadTooLarge,
    message: 'The request body is too large',
  },
  rejected: {
    status: 400,
    code: apiErrorCode.badRequest,
    message: 'The request was rejected',
  },
} satisfies Record<string, FailureAnswer>;

/** Sends a failure in the contract's shape with the API's headers. */
function sendFailure(request: FastifyRequest, reply: FastifyReply, failure: FailureAnswer) {
  return reply
    .code(failure.status)
    .headers(apiSecurityHeaders)
    .headers(httpsOnlyHeaders(request))
    .header('x-request-id', request.id)
    .type('application/json; charset=utf-8')
    .send(apiError(failure.code, failure.message));
}

/** The 500 answer: a reference to find the logged error by, nothing of the error itself. */
function sendInternalError(request: FastifyRequest, reply: FastifyReply) {
  return sendFailure(request, reply, {
    status: 500,
    code: apiErrorCode.internalError,
    message: `Something went wrong on our side. Please try again later (reference ${request.id}).`,
  });
}

/** Fastify's `frameworkErrors` option: a URL it cannot decode or route, before any hook runs. */
function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    request.log.info({ code: error.code }, failures.badUrl.message);
    return sendFailure(request, reply, failures.badUrl);
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    request.log.info({ code: error.code }, failures.urlTooLong.message);
    return sendFailure(request, reply, failures.urlTooLong);
  }
  request.log.error({ err: error }, 'routing failed');
  return sendInternalError(request, reply);
}

/** The whole HTTP answer for a request Node's parser refused, written straight to the socket. */
function rawAnswer(failure: FailureAnswer): string {
  const body = JSON.stringify(apiError(failure.code, failure.message));
  const headers = {
    ...apiSecurityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}\r\n${lines.join('')}\r\n${body}`;
}

const rawAnswers = {
  timeout: rawAnswer(failures.timeout),
  headersTooLarge: rawAnswer(failures.headersTooLarge),
  unreadable: rawAnswer(failures.unreadable),
};

/**
 * Fastify's `clientErrorHandler` option: Node's HTTP parser refused a request (431 for headers
 * beyond its limit, 408 when it came too slowly, else 400), so no request object exists and
 * Fastify is not involved. Answers as Fastify does by default (write, then close), in the
 * contract's shape.
 */
function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? rawAnswers.timeout
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? rawAnswers.headersTooLarge
        : rawAnswers.unreadable;
  this.log.debug({ code: error.code }, 'unreadable request');
  if (socket.writable) socket.write(answer);
  socket.destroy(error);
}

/**
 * Server options (`Fastify({ ...apiShapedServerErrors })`) for the errors Fastify and Node answer
 * before any route or hook runs.
 */
export const apiShapedServerErrors: Pick<
  FastifyServerOptions,
  'frameworkErrors' | 'clientErrorHandler'
> = {
  frameworkErrors: answerFrameworkError,
  clientErrorHandler: answerClientError,
};

/**
 * Answers on a server's root what no route claims, and errors of routes outside the API context
 * (a page form over the body limit, a failing page), in the contract's shape with the API's
 * headers. The API's own context keeps its handlers.
 */
export function answerOutsideApiInApiShape(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => sendFailure(request, reply, failures.notFound));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Like Fastify's own handler: an error without a client-error status is a failure of ours.
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendInternalError(request, reply);
    }
    request.log.info({ code: error.code, status }, 'request rejected');
    if (status === 413) return sendFailure(request, reply, failures.bodyTooLarge);
    if (status === 404) return sendFailure(request, reply, failures.notFound);
    return sendFailure(request, reply, { ...failures.rejected, status });
  });
}
