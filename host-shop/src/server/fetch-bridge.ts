import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * Between Fastify and the Fetch API's requests and responses that React Router's handlers take
 * and give: the shop's pages and the back office's.
 */

/** A Fetch API request of what Fastify received. */
export function toFetchRequest(request: FastifyRequest, abort: AbortSignal): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const single of Array.isArray(value) ? value : [value]) headers.append(name, single);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body = hasBody && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
  return new Request(url, { method: request.method, headers, body, signal: abort });
}

/**
 * Sends a Fetch API response through Fastify (so compression and hooks apply), with `body`
 * instead of the response's own when the page was read already.
 */
export function sendResponse(reply: FastifyReply, response: Response, body?: string): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (body !== undefined) return reply.send(body);
  if (response.body === null) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
