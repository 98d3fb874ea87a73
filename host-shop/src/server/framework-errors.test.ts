import { request } from 'node:http';
import { connect } from 'node:net';
import { readApiError, type ApiError } from '@tradein/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestShop } from './test-shop.ts';

/*
 * What the shop answers outside its pages and the trade API's routes: a URL that cannot be
 * decoded, a request Node's parser refuses, a method no route takes, a form over the body limit,
 * a host that is no host name. Each answers the trade API's error shape with the API's security
 * headers, names nothing the client sent, and none is a 500.
 */

const shop = useTestShop();
let origin: URL;
beforeAll(async () => {
  origin = new URL(await shop.app.listen({ port: 0, host: '127.0.0.1' }));
});

const browser = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0';

/** An answer as it came over the wire. */
interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers of the transport or of one answer, not of a security policy. */
const answerHeaders = new Set([
  'allow',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'keep-alive',
  'transfer-encoding',
  'vary',
  'x-request-id',
]);

function securityHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !answerHeaders.has(name)));
}

/** One request on a connection of its own, the path sent exactly as written. */
function send(path: string, headers: Record<string, string> = {}): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: origin.hostname,
        port: origin.port,
        path,
        headers: { host: 'de.localhost', 'user-agent': browser, ...headers },
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const received: Record<string, string> = {};
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (typeof value === 'string') received[name] = value;
          }
          resolve({
            status: incoming.statusCode ?? 0,
            headers: received,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Writes raw bytes to the shop and reads its answer (for requests Node's parser refuses). */
function sendRaw(bytes: string): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: origin.hostname, port: Number(origin.port) });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.end(bytes);
  });
}

/** The error of an answer in the contract's shape, with nothing beside it. */
function contractError(answer: { headers: Record<string, unknown>; body: string }) {
  expect(answer.headers['content-type']).toMatch(/^application\/json\b/);
  const body: unknown = JSON.parse(answer.body);
  const read: ApiError | undefined = readApiError(body);
  if (read === undefined) throw new Error(`not the contract's error shape: ${answer.body}`);
  expect(read).toEqual(body);
  return read.error;
}

/** The security headers of an ordinary API answer of the shop. */
async function apiSecurityHeaders() {
  const health = await shop.inject({ url: '/api/health', headers: { host: 'de.localhost' } });
  expect(health.statusCode).toBe(200);
  return securityHeaders(health.headers);
}

describe('errors the shop answers outside its pages', () => {
  it.each(['/api/trade/%E0%A4%A', '/kontakt/%E0%A4%A', '/%C0'])(
    'answers the URL %s that cannot be decoded in the contract shape, without echoing it',
    async (path) => {
      const answer = await send(path);
      expect(answer.status).toBe(400);
      expect(contractError(answer)).toEqual({
        code: 'malformed_request',
        message: 'The address of the request is not correctly encoded',
      });
      expect(answer.body).not.toMatch(/%|kontakt|trade|FST_/);
      expect(securityHeaders(answer.headers)).toEqual(await apiSecurityHeaders());
    },
  );

  it('answers headers beyond the parser limit (431) in the contract shape', async () => {
    const answer = await send('/kontakt', { cookie: `a=${'x'.repeat(20_000)}` });
    expect(answer.status).toBe(431);
    expect(contractError(answer).message).toBe('The request headers are too large');
    expect(answer.body).not.toContain('xxxx');
    expect(securityHeaders(answer.headers)).toEqual(await apiSecurityHeaders());
  });

  it('answers a request the parser cannot read (400) in the contract shape', async () => {
    const answer = await sendRaw('GET / HTTP/1.1\r\nHost: de.localhost\r\nBroken <script>\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(contractError(answer).message).toBe('The request could not be read');
    expect(answer.body).not.toContain('script');
    expect(securityHeaders(answer.headers)).toEqual(await apiSecurityHeaders());
  });

  it.each([
    ['PUT', '/kontakt'],
    ['DELETE', '/'],
    ['OPTIONS', '/kontakt'],
  ] as const)('answers %s %s, which no route takes, with the contract 404', async (method, url) => {
    const answer = await shop.inject({ method, url, headers: { host: 'de.localhost' } });
    expect(answer.statusCode).toBe(404);
    expect(contractError(answer)).toEqual({
      code: 'not_found',
      message: 'There is nothing at this address',
    });
    expect(answer.body).not.toMatch(/kontakt|Route|PUT|DELETE|OPTIONS/);
    expect(securityHeaders(answer.headers)).toEqual(await apiSecurityHeaders());
  });

  it('answers a form post over the body limit with the contract 413', async () => {
    const answer = await shop.postForm('de.localhost', '/kontakt', {
      message: 'x'.repeat(2_000_000),
    });
    expect(answer.statusCode).toBe(413);
    expect(contractError(answer)).toEqual({
      code: 'payload_too_large',
      message: 'The request body is too large',
    });
    expect(securityHeaders(answer.headers)).toEqual(await apiSecurityHeaders());
  });

  it.each(['de.localhost:abc', 'de.localhost:99999', '[::1', 'a@b', 'exa mple', '%'])(
    'refuses the host %j with a 400, not a failure of the page',
    async (host) => {
      for (const url of ['/kontakt', '/sitemap.xml', '/robots.txt']) {
        const answer = await shop.get(host, url);
        expect({ url, status: answer.statusCode }).toEqual({ url, status: 400 });
        expect(contractError(answer).code).toBe('bad_request');
        expect(answer.body).not.toContain(host);
      }
    },
  );

  it.each(['de.localhost:8080', '127.0.0.1:8080', '[::1]:8080', 'localhost.'])(
    'serves pages for the host %s',
    async (host) => {
      expect((await shop.get(host, '/kontakt')).statusCode).toBe(200);
    },
  );

  it('answers an unknown API path with the contract 404', async () => {
    const answer = await shop.inject({ url: '/api/nothing/x', headers: { host: 'de.localhost' } });
    expect(answer.statusCode).toBe(404);
    expect(contractError(answer).code).toBe('not_found');
    expect(answer.body).not.toContain('nothing/x');
  });
});
