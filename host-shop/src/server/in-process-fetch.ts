import type { FastifyInstance } from 'fastify';

/** Statuses whose answers have no body (a `Response` refuses one). */
const bodiless = new Set([101, 204, 205, 304]);

/**
 * A `fetch` answered by the server's own routes through Fastify's `inject`: how the shop's
 * server code calls the trade API it mounts, through the contract's endpoints and the client
 * core's HTTP client, with no network hop. Only the path and query of the URL are used. Calls
 * made for a visitor name the visitor's address as theirs (`remoteAddress`).
 */
export function inProcessFetch(
  app: FastifyInstance,
  options: { remoteAddress?: string } = {},
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const payload = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    const answer = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      // The API sees the visitor the call is made for, not this server.
      ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
      ...(payload === undefined ? {} : { payload }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const single of Array.isArray(value) ? value : [value])
        headers.append(name, String(single));
    }
    return new Response(
      bodiless.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload),
      {
        status: answer.statusCode,
        headers,
      },
    );
  };
}
