import { request } from 'node:http';
import { connect } from 'node:net';
import { emptySearchResult, readApiError, type ApiError } from '@tradein/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeDb } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, type RunningServer } from '../../test-kit/test-server.ts';
import { apiSecurityHeaders } from './framework-errors.ts';

/*
 * Failures Fastify and Node's HTTP parser answer themselves (a URL that cannot be decoded, headers
 * beyond the parser's limit, a request it cannot read, paths outside /api) answer like every
 * other error of the API: the contract's shape, nothing of the request echoed, and the API's
 * security headers.
 */

/** An answer as it came over the wire. */
interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers of the transport or of one answer, not of the API's security policy. */
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

/** The security headers of an answer. */
function securityHeaders(answer: WireAnswer): Record<string, string> {
  return Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => !answerHeaders.has(name)),
  );
}

/** One request on a connection of its own, the path sent exactly as written. */
function send(
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<WireAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: hostname,
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (typeof value === 'string') headers[name] = value;
          }
          resolve({
            status: incoming.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** Writes raw bytes to the server and reads its answer (for requests Node's parser refuses). */
function sendRaw(origin: string, bytes: string): Promise<WireAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
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
function contractError(answer: WireAnswer): ApiError['error'] {
  expect(answer.headers['content-type']).toMatch(/^application\/json\b/);
  const body: unknown = JSON.parse(answer.body);
  const read = readApiError(body);
  if (read === undefined) throw new Error(`not the contract's error shape: ${answer.body}`);
  expect(read).toEqual(body);
  return read.error;
}

describe.each(testDatabases())('errors Fastify and Node answer, on $name', (engine) => {
  let db: TradeDb;
  let server: RunningServer;
  /** The security headers of an ordinary API answer. */
  let expectedHeaders: Record<string, string>;

  beforeAll(async () => {
    db = await engine.create();
    await migrateToLatest(db);
    server = await startTestServer(db, {
      search: (query) => emptySearchResult(query.kind),
      renderImage: () => null,
    });
    expectedHeaders = securityHeaders(await send(server.origin, '/api/health'));
  });
  afterAll(async () => {
    await server.close();
    await engine.destroy(db);
  });

  it("keeps the copy of the API's security headers equal to what helmet sends", () => {
    expect(expectedHeaders).toEqual(apiSecurityHeaders);
  });

  it('answers a URL that cannot be decoded (FST_ERR_BAD_URL) without echoing it', async () => {
    const answer = await send(server.origin, '/api/trade/%E0%A4%A');
    expect(answer.status).toBe(400);
    expect(contractError(answer)).toEqual({
      code: 'malformed_request',
      message: 'The address of the request is not correctly encoded',
    });
    expect(answer.body).not.toMatch(/%E0|trade|FST_/);
    expect(securityHeaders(answer)).toEqual(expectedHeaders);
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers headers beyond the parser limit (431) in the contract shape', async () => {
    const answer = await send(server.origin, '/api/health', {
      headers: { 'x-padding': 'x'.repeat(20_000) },
    });
    expect(answer.status).toBe(431);
    expect(contractError(answer)).toEqual({
      code: 'malformed_request',
      message: 'The request headers are too large',
    });
    expect(answer.body).not.toContain('xxxx');
    expect(securityHeaders(answer)).toEqual({ ...expectedHeaders });
  });

  it('answers a request the parser cannot read (400) in the contract shape', async () => {
    const answer = await sendRaw(
      server.origin,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nBroken header <script>\r\n\r\n',
    );
    expect(answer.status).toBe(400);
    expect(contractError(answer)).toEqual({
      code: 'malformed_request',
      message: 'The request could not be read',
    });
    expect(answer.body).not.toContain('script');
    expect(securityHeaders(answer)).toEqual(expectedHeaders);
  });

  it.each(['/nothing/%3Cscript%3E', '/', '/b2b/ankaufsportal'])(
    'answers the path %s outside /api with the contract 404, not echoing it',
    async (path) => {
      const answer = await send(server.origin, path);
      expect(answer.status).toBe(404);
      expect(contractError(answer)).toEqual({
        code: 'not_found',
        message: 'There is nothing at this address',
      });
      expect(answer.body).not.toMatch(/nothing\/|script|ankauf|Route/);
      expect(securityHeaders(answer)).toEqual(expectedHeaders);
    },
  );

  it('answers a body sent to a path outside /api in the contract shape', async () => {
    const answer = await send(server.origin, '/nothing', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken',
    });
    expect([400, 404]).toContain(answer.status);
    expect(contractError(answer).message).not.toContain('broken');
    expect(securityHeaders(answer)).toEqual(expectedHeaders);
  });

  it('answers an unknown API path with the contract 404, not echoing it', async () => {
    const answer = await send(server.origin, '/api/nothing/%3Cscript%3E');
    expect(answer.status).toBe(404);
    expect(contractError(answer).code).toBe('not_found');
    expect(answer.body).not.toMatch(/script|nothing\//);
    expect(securityHeaders(answer)).toEqual(expectedHeaders);
  });

  it.each([
    [
      'a body over the limit',
      'application/json',
      `"${'x'.repeat(70_000)}"`,
      413,
      'payload_too_large',
    ],
    ['another content type', 'text/xml', '<x>secret-input</x>', 415, 'unsupported_media_type'],
    ['malformed JSON', 'application/json', '{"secret-input":', 400, 'malformed_json'],
  ])('answers %s in the contract shape', async (_what, type, body, status, code) => {
    const answer = await send(server.origin, '/api/trade/searches', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    expect(answer.status).toBe(status);
    expect(contractError(answer).code).toBe(code);
    expect(answer.body).not.toMatch(/secret-input|xxxx/);
    expect(securityHeaders(answer)).toEqual(expectedHeaders);
  });
});
