import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import {
  answerClarificationEndpoint,
  defineEndpoint,
  getOfferEndpoint,
  tradeLabelEndpoint,
} from '@tradein/contract';
import type { HttpMethod } from '@tradein/contract';
import {
  ApiAuthError,
  ApiError,
  ApiHttpError,
  ApiNetworkError,
  ApiRequestError,
  ApiResponseError,
  ApiTimeoutError,
} from './api-errors.ts';
import {
  DEFAULT_BLOB_TYPE,
  RETRYABLE_STATUSES,
  SEARCH_PATH,
  createApiClient,
} from './http-client.ts';
import type { ApiClientOptions, AuthProvider } from './http-client.ts';

const item = z.object({ id: z.number() });

function endpointFor(method: HttpMethod) {
  return defineEndpoint({
    method,
    path: '/api/things',
    auth: 'none',
    body: z.object({}),
    response: item,
  });
}

const createThing = defineEndpoint({
  method: 'POST',
  path: '/api/things',
  auth: 'none',
  body: z.object({ name: z.string().check(z.minLength(1)), size: z.number() }),
  response: item,
});

const listThings = defineEndpoint({
  method: 'GET',
  path: '/api/things',
  auth: 'none',
  body: z.object({}),
  response: z.array(item),
  query: z.object({ page: z.optional(z.number()), tag: z.optional(z.array(z.string())) }),
});

const refreshLike = defineEndpoint({
  method: 'POST',
  path: '/api/account/loginRefresh',
  auth: 'none',
  body: z.object({}),
  response: item,
  headers: z.object({ refresh: z.string().check(z.minLength(1)) }),
});

const bearerThing = defineEndpoint({
  method: 'GET',
  path: '/api/customers/things',
  auth: 'bearer',
  body: z.object({}),
  response: item,
});

const search = defineEndpoint({
  method: 'POST',
  path: SEARCH_PATH,
  auth: 'none',
  body: z.object({ search: z.string() }),
  response: z.unknown(),
});

type Reply = number | Error | Response | 'hang';

interface SentRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

/** A fetch stub that answers from a queue: a status (JSON `{id: 1}`), an error, a Response, or never. */
function stubFetch(...replies: Reply[]) {
  const sent: SentRequest[] = [];
  const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    const reply = replies.shift();
    if (reply === undefined) throw new Error('test: unexpected request');
    if (reply === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal;
        // Like real fetch: an already aborted signal rejects at once.
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    if (reply instanceof Error) throw reply;
    if (reply instanceof Response) return reply;
    return json(reply, reply < 300 ? { id: 1 } : { error: { code: 'x', message: 'failed' } });
  });
  return { fetchStub, sent };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function client(fetchStub: typeof fetch, options: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: 'https://api.example.test',
    environment: 'production',
    fetch: fetchStub,
    ...options,
  });
}

const methods: HttpMethod[] = ['GET', 'POST', 'PATCH', 'DELETE'];
const payloadMethods: HttpMethod[] = ['POST', 'PATCH', 'DELETE'];
const payloadRetryMatrix = RETRYABLE_STATUSES.flatMap((status) =>
  payloadMethods.map((method) => ({ status, method })),
);
const finalStatuses = [400, 401, 403, 404, 405, 410, 422, 501];
const finalMatrix = finalStatuses.flatMap((status) =>
  methods.map((method) => ({ status, method })),
);

describe('retry rule (§8)', () => {
  it('lists exactly the retryable statuses of the spec', () => {
    expect([...RETRYABLE_STATUSES]).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it.each(RETRYABLE_STATUSES)(
    'GET answered %i then 200 succeeds after exactly 2 requests',
    async (status) => {
      const { fetchStub, sent } = stubFetch(status, 200);
      await expect(client(fetchStub).call(endpointFor('GET'))).resolves.toEqual({ id: 1 });
      expect(sent).toHaveLength(2);
    },
  );

  it.each(payloadRetryMatrix)(
    '$method answered $status is never retried',
    async ({ status, method }) => {
      const { fetchStub, sent } = stubFetch(status, 200);
      await expect(client(fetchStub).call(endpointFor(method))).rejects.toMatchObject({
        name: 'ApiHttpError',
        status,
      });
      expect(sent).toHaveLength(1);
    },
  );

  it.each(RETRYABLE_STATUSES)(
    'GET answered %i twice fails after exactly 2 requests',
    async (status) => {
      const { fetchStub, sent } = stubFetch(status, status, 200);
      const error = await client(fetchStub)
        .call(endpointFor('GET'))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiHttpError);
      expect(error).toMatchObject({ status });
      expect(sent).toHaveLength(2);
    },
  );

  it.each(finalMatrix)('$method answered $status is sent once', async ({ status, method }) => {
    const { fetchStub, sent } = stubFetch(status, 200);
    await expect(client(fetchStub).call(endpointFor(method))).rejects.toMatchObject({
      name: 'ApiHttpError',
      status,
    });
    expect(sent).toHaveLength(1);
  });

  it('sends the retry to the same URL with the same headers', async () => {
    const { fetchStub, sent } = stubFetch(503, json(200, []));
    await client(fetchStub).call(listThings, { query: { page: 2 } });
    expect(sent[1]).toEqual(sent[0]);
  });
});

describe('network failures', () => {
  it('retries a GET once after a network error and then succeeds', async () => {
    const { fetchStub, sent } = stubFetch(new TypeError('Failed to fetch'), 200);
    await expect(client(fetchStub).call(endpointFor('GET'))).resolves.toEqual({ id: 1 });
    expect(sent).toHaveLength(2);
  });

  it('fails a GET with ApiNetworkError after two network errors', async () => {
    const cause = new TypeError('Failed to fetch');
    const { fetchStub, sent } = stubFetch(cause, cause, 200);
    const error = await client(fetchStub)
      .call(endpointFor('GET'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiNetworkError);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiNetworkError).cause).toBe(cause);
    expect(sent).toHaveLength(2);
  });

  it.each(['POST', 'PATCH', 'DELETE'] as const)(
    'never retries %s after a network error',
    async (method) => {
      const { fetchStub, sent } = stubFetch(new TypeError('Failed to fetch'), 200);
      await expect(client(fetchStub).call(endpointFor(method))).rejects.toBeInstanceOf(
        ApiNetworkError,
      );
      expect(sent).toHaveLength(1);
    },
  );
});

describe('timeout and abort', () => {
  it('fails with ApiTimeoutError when no answer arrives in time, without retrying', async () => {
    const { fetchStub, sent } = stubFetch('hang', 200);
    const error = await client(fetchStub, { timeoutMs: 10 })
      .call(endpointFor('GET'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 10, method: 'GET', path: '/api/things' });
    expect(sent).toHaveLength(1);
  });

  it('passes the caller abort through unchanged and does not retry', async () => {
    const { fetchStub, sent } = stubFetch('hang', 200);
    const controller = new AbortController();
    const call = client(fetchStub).call(endpointFor('GET'), { signal: controller.signal });
    const reason = new DOMException('user left', 'AbortError');
    controller.abort(reason);
    const error = await call.catch((e: unknown) => e);
    expect(error).toBe(reason);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(1);
  });

  it('passes an abort through when the signal is already aborted', async () => {
    const { fetchStub } = stubFetch('hang');
    const controller = new AbortController();
    controller.abort();
    const error = await client(fetchStub)
      .call(endpointFor('GET'), { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('rejects a non-positive timeout at creation', () => {
    expect(() => client(stubFetch().fetchStub, { timeoutMs: 0 })).toThrow(/timeoutMs/);
  });
});

describe('request', () => {
  it('joins base URL, path and query and sends JSON', async () => {
    const { fetchStub, sent } = stubFetch(json(200, [{ id: 3 }]));
    const answer = await client(fetchStub, { baseUrl: 'https://api.example.test/' }).call(
      listThings,
      { query: { page: 2, tag: ['a b', 'c'] } },
    );
    expect(answer).toEqual([{ id: 3 }]);
    expect(sent[0]).toMatchObject({
      url: 'https://api.example.test/api/things?page=2&tag=a+b&tag=c',
      method: 'GET',
      body: undefined,
    });
    expect(sent[0]?.headers['content-type']).toBeUndefined();
  });

  it('sends the parsed body as JSON, without keys the contract does not name', async () => {
    const { fetchStub, sent } = stubFetch(200);
    await client(fetchStub).call(createThing, {
      body: { name: 'phone', size: 3, extra: 'dropped' } as { name: string; size: number },
    });
    expect(sent[0]?.method).toBe('POST');
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ name: 'phone', size: 3 });
    expect(sent[0]?.headers['content-type']).toBe('application/json');
  });

  it('rejects a bad body before sending anything, naming the fields', async () => {
    const { fetchStub } = stubFetch(200);
    const error = await client(fetchStub)
      .call(createThing, { body: { name: '', size: Number.NaN } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).issues.map((issue) => issue.path)).toEqual([
      'body.name',
      'body.size',
    ]);
    expect((error as Error).message).toMatch(/body\.name/);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('rejects a missing required header before sending anything', async () => {
    const { fetchStub } = stubFetch(200);
    await expect(client(fetchStub).call(refreshLike, {})).rejects.toBeInstanceOf(ApiRequestError);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('sends the endpoint headers', async () => {
    const { fetchStub, sent } = stubFetch(200);
    await client(fetchStub).call(refreshLike, { headers: { refresh: 'r-1' } });
    expect(sent[0]?.headers.refresh).toBe('r-1');
  });

  it('rejects a bad query before sending anything', async () => {
    const { fetchStub } = stubFetch(200);
    await expect(
      client(fetchStub).call(listThings, { query: { page: 'two' } as unknown as { page: number } }),
    ).rejects.toMatchObject({ name: 'ApiRequestError', issues: [{ path: 'query.page' }] });
    expect(fetchStub).not.toHaveBeenCalled();
  });
});

describe('answers', () => {
  it('fails with ApiResponseError when a 2xx answer does not match the schema', async () => {
    const { fetchStub } = stubFetch(json(200, { id: 'not a number' }));
    const error = await client(fetchStub)
      .call(endpointFor('GET'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).toMatchObject({ status: 200, issues: [{ path: 'id' }] });
  });

  it('fails with ApiResponseError when a 2xx answer is not JSON', async () => {
    const { fetchStub } = stubFetch(new Response('<html>', { status: 200 }));
    await expect(client(fetchStub).call(endpointFor('GET'))).rejects.toBeInstanceOf(
      ApiResponseError,
    );
  });

  it('keeps the parsed API error body of a non-2xx answer', async () => {
    const body = {
      error: {
        code: 'validation',
        message: 'bad',
        fields: [{ path: 'email', message: 'required' }],
      },
    };
    const { fetchStub } = stubFetch(json(422, body));
    const error = await client(fetchStub)
      .call(createThing, { body: { name: 'x', size: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiHttpError);
    expect((error as ApiHttpError).body).toEqual(body);
    expect((error as Error).message).toContain('validation: bad');
  });

  it('leaves the body undefined when a non-2xx answer is not an API error', async () => {
    const { fetchStub } = stubFetch(new Response('Bad Gateway', { status: 404 }));
    const error = await client(fetchStub)
      .call(endpointFor('GET'))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiHttpError', status: 404, body: undefined });
  });
});

describe('authorization', () => {
  const basicAuth = { username: 'search', password: 'pässword' };
  const expectedBasic = `Basic ${Buffer.from('search:pässword', 'utf8').toString('base64')}`;

  it('adds basic auth to the search call in development', async () => {
    const { fetchStub, sent } = stubFetch(200);
    await client(fetchStub, { environment: 'development', searchBasicAuth: basicAuth }).call(
      search,
      { body: { search: 'iphone' } },
    );
    expect(sent[0]?.headers.authorization).toBe(expectedBasic);
  });

  it('never adds basic auth in production', async () => {
    const { fetchStub, sent } = stubFetch(200);
    await client(fetchStub, { environment: 'production', searchBasicAuth: basicAuth }).call(
      search,
      { body: { search: 'iphone' } },
    );
    expect(sent[0]?.headers.authorization).toBeUndefined();
  });

  it('adds basic auth to no other call in development', async () => {
    const { fetchStub, sent } = stubFetch(200);
    await client(fetchStub, { environment: 'development', searchBasicAuth: basicAuth }).call(
      createThing,
      { body: { name: 'x', size: 1 } },
    );
    expect(sent[0]?.headers.authorization).toBeUndefined();
  });

  it('sends the bearer token of the auth provider', async () => {
    const { fetchStub, sent } = stubFetch(200);
    const auth: AuthProvider = { accessToken: async () => 'token-1' };
    await client(fetchStub, { auth }).call(bearerThing);
    expect(sent[0]?.headers.authorization).toBe('Bearer token-1');
  });

  it('does not ask the auth provider for calls without bearer auth', async () => {
    const { fetchStub, sent } = stubFetch(200);
    const accessToken = vi.fn<AuthProvider['accessToken']>(async () => 'token-1');
    await client(fetchStub, { auth: { accessToken } }).call(endpointFor('GET'));
    expect(accessToken).not.toHaveBeenCalled();
    expect(sent[0]?.headers.authorization).toBeUndefined();
  });

  it('fails a bearer call with ApiAuthError when nobody is logged in, sending nothing', async () => {
    const { fetchStub } = stubFetch(200);
    await expect(
      client(fetchStub, { auth: { accessToken: async () => undefined } }).call(bearerThing),
    ).rejects.toBeInstanceOf(ApiAuthError);
    await expect(client(fetchStub).call(bearerThing)).rejects.toBeInstanceOf(ApiAuthError);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('sends the token on a call of optional auth when there is a session, else sends it without', async () => {
    const optionalThing = { ...bearerThing, auth: 'optional' as const };
    const withSession = stubFetch(200);
    await client(withSession.fetchStub, { auth: { accessToken: async () => 'token-2' } }).call(
      optionalThing,
    );
    expect(withSession.sent[0]?.headers.authorization).toBe('Bearer token-2');

    const withoutSession = stubFetch(200);
    await client(withoutSession.fetchStub, { auth: { accessToken: async () => undefined } }).call(
      optionalThing,
    );
    expect(withoutSession.sent[0]?.headers.authorization).toBeUndefined();

    // A session that cannot be refreshed does not stop a public call.
    const failing = stubFetch(200);
    await client(failing.fetchStub, {
      auth: {
        accessToken: async () => {
          throw new Error('refresh failed');
        },
      },
    }).call(optionalThing);
    expect(failing.sent).toHaveLength(1);
    expect(failing.sent[0]?.headers.authorization).toBeUndefined();
  });

  it('wraps a failing auth provider in ApiAuthError with the cause', async () => {
    const cause = new Error('refresh failed');
    const { fetchStub } = stubFetch(200);
    const error = await client(fetchStub, {
      auth: {
        accessToken: async () => {
          throw cause;
        },
      },
    })
      .call(bearerThing)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiAuthError);
    expect((error as Error).cause).toBe(cause);
  });
});

describe('affiliate origin', () => {
  const clientIdLike = defineEndpoint({
    method: 'GET',
    path: '/api/client-id',
    auth: 'none',
    origin: 'affiliate',
    body: z.object({}),
    response: item,
  });

  it('sends affiliate calls to the affiliate base URL', async () => {
    const { fetchStub, sent } = stubFetch(200);
    await client(fetchStub, { affiliateBaseUrl: 'https://affiliate.example.test/' }).call(
      clientIdLike,
    );
    expect(sent[0]?.url).toBe('https://affiliate.example.test/api/client-id');
  });

  it('fails an affiliate call without an affiliate base URL, sending nothing', async () => {
    const { fetchStub } = stubFetch(200);
    await expect(client(fetchStub).call(clientIdLike)).rejects.toBeInstanceOf(ApiRequestError);
    expect(fetchStub).not.toHaveBeenCalled();
  });
});

describe('path parameters', () => {
  const tradeNumber = 'T-2026-000001';
  const offerId = '3f9d2c1e-7a4b-4e8f-9c0d-1b2a3c4d5e6f';
  const offer = () =>
    json(200, {
      offerId,
      deviceId: 1001,
      edition: 'de',
      priceCents: 23150,
      currency: 'EUR',
      validUntil: '2026-05-15T12:00:00Z',
      answers: [{ questionId: 1, answerId: 2 }],
      recycling: false,
    });

  it.each([
    ['a trade number', tradeNumber, tradeNumber],
    ['a uuid', offerId, offerId],
    ['a slash and spaces', 'a/b c d', 'a%2Fb%20c%20d'],
    ['query and fragment marks', 'x?y=1#z', 'x%3Fy%3D1%23z'],
    ['a percent sign', '100%', '100%25'],
    ['non-ASCII letters', 'Größe', 'Gr%C3%B6%C3%9Fe'],
    ['dots inside a value', 'v1.2', 'v1.2'],
  ])('fills and percent-encodes %s', async (_case, value, encoded) => {
    const { fetchStub, sent } = stubFetch(offer());
    const answer = await client(fetchStub).call(getOfferEndpoint, {
      params: { offerId: value },
    });
    expect(answer.offerId).toBe(offerId);
    expect(sent[0]?.url).toBe(`https://api.example.test/api/trade/offers/${encoded}`);
  });

  it('fills a parameter in the middle of a path', async () => {
    const { fetchStub, sent } = stubFetch(200);
    const auth: AuthProvider = { accessToken: async () => 'tok' };
    await client(fetchStub, { auth })
      .call(answerClarificationEndpoint, {
        params: { tradeNumber },
        body: { decision: 'accept' },
      })
      .catch(() => undefined);
    expect(sent[0]?.url).toBe(
      `https://api.example.test/api/trade/trades/${tradeNumber}/clarification`,
    );
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.body).toBe('{"decision":"accept"}');
  });

  it.each([
    ['missing', {}, 'params.offerId', 'missing path parameter'],
    ['empty', { offerId: '' }, 'params.offerId', 'a path parameter must not be empty'],
    ['"."', { offerId: '.' }, 'params.offerId', 'a path parameter must not be "." or ".."'],
    ['".."', { offerId: '..' }, 'params.offerId', 'a path parameter must not be "." or ".."'],
    [
      'not a string',
      { offerId: 42 as unknown as string },
      'params.offerId',
      'a path parameter must be a string',
    ],
    [
      'unknown beside a valid one',
      { offerId, tradeNumber },
      'params.tradeNumber',
      'the path /api/trade/offers/:offerId has no :tradeNumber',
    ],
  ])(
    'refuses a %s parameter before sending anything',
    async (_case, params, issuePath, message) => {
      const { fetchStub } = stubFetch(200);
      // Values a caller without type checks might pass: the client refuses them at run time too.
      const error = await client(fetchStub)
        .call(getOfferEndpoint, { params: params as { offerId: string } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiRequestError);
      expect((error as ApiRequestError).issues).toEqual([{ path: issuePath, message }]);
      expect((error as ApiRequestError).path).toBe('/api/trade/offers/:offerId');
      expect(fetchStub).not.toHaveBeenCalled();
    },
  );

  it('refuses params on an endpoint whose path has none, before sending anything', async () => {
    const { fetchStub } = stubFetch(200);
    const error = await client(fetchStub)
      // @ts-expect-error: the endpoint declares no path parameters
      .call(createThing, { body: { name: 'x', size: 1 }, params: { id: '7' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).issues).toEqual([
      { path: 'params.id', message: 'the path /api/things has no :id' },
    ]);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('reports a missing parameter together with a bad body', async () => {
    const { fetchStub } = stubFetch(200);
    const error = await client(fetchStub, { auth: { accessToken: async () => 'tok' } })
      .call(answerClarificationEndpoint, {
        body: { decision: 'maybe' as 'accept' },
      })
      .catch((e: unknown) => e);
    // The body is one decision for all lines or one per line: a union, refused as a whole.
    expect((error as ApiRequestError).issues.map((issue) => issue.path)).toEqual([
      'params.tradeNumber',
      'body',
    ]);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('retries a GET with params once on a retryable status, to the same filled URL', async () => {
    const { fetchStub, sent } = stubFetch(503, offer());
    await client(fetchStub).call(getOfferEndpoint, { params: { offerId: 'a b' } });
    expect(sent.map((request) => request.url)).toEqual([
      'https://api.example.test/api/trade/offers/a%20b',
      'https://api.example.test/api/trade/offers/a%20b',
    ]);
  });

  it('sends a POST with params once on a retryable status', async () => {
    const { fetchStub } = stubFetch(503);
    const error = await client(fetchStub, { auth: { accessToken: async () => 'tok' } })
      .call(answerClarificationEndpoint, {
        params: { tradeNumber },
        body: { decision: 'return' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiHttpError);
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it("types params by the endpoint's params schema", async () => {
    const part = defineEndpoint({
      method: 'GET',
      path: '/api/things/:thingId/parts/:partId',
      auth: 'none',
      params: z.object({ thingId: z.string(), partId: z.string() }),
      body: z.object({}),
      response: item,
    });
    const { fetchStub, sent } = stubFetch(200, 200);
    await client(fetchStub).call(part, { params: { thingId: '1', partId: '2' } });
    expect(sent[0]?.url).toBe('https://api.example.test/api/things/1/parts/2');
    const refused = client(fetchStub).call(part, {
      // @ts-expect-error: `otherId` is no parameter of the endpoint
      params: { thingId: '1', partId: '2', otherId: '3' },
    });
    await expect(refused).rejects.toBeInstanceOf(ApiRequestError);
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });
});

describe('binary answers', () => {
  const pdfBytes = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj\n');
  const auth: AuthProvider = { accessToken: async () => 'guest-token' };
  const label = { params: { tradeNumber: 'T-2026-000001' }, responseType: 'blob' } as const;

  function pdf(contentType: string | undefined, status = 200): Response {
    return new Response(pdfBytes, {
      status,
      headers: contentType === undefined ? {} : { 'content-type': contentType },
    });
  }

  it('answers the label as a PDF Blob with its bytes', async () => {
    const { fetchStub, sent } = stubFetch(pdf('application/pdf'));
    const blob = await client(fetchStub, { auth }).call(tradeLabelEndpoint, label);
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe(DEFAULT_BLOB_TYPE);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(pdfBytes);
    expect(sent[0]?.url).toBe('https://api.example.test/api/trade/trades/T-2026-000001/label.pdf');
    expect(sent[0]?.headers.accept).toBe('application/pdf');
    expect(sent[0]?.headers.authorization).toBe('Bearer guest-token');
  });

  it('accepts parameters and upper case in the content type, answering the bare type', async () => {
    const { fetchStub } = stubFetch(pdf('Application/PDF; name="label.pdf"'));
    const blob = await client(fetchStub, { auth }).call(tradeLabelEndpoint, label);
    expect(blob.type).toBe('application/pdf');
    expect(blob.size).toBe(pdfBytes.length);
  });

  it.each([
    ['HTML', 'text/html; charset=utf-8', 'expected application/pdf, got text/html'],
    ['JSON', 'application/json', 'expected application/pdf, got application/json'],
    ['no', undefined, 'expected application/pdf, got no content type'],
  ])('refuses a 2xx answer with %s content type', async (_case, contentType, message) => {
    const { fetchStub } = stubFetch(pdf(contentType));
    const error = await client(fetchStub, { auth })
      .call(tradeLabelEndpoint, label)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as ApiResponseError).issues).toEqual([{ path: '', message }]);
  });

  it('checks the media type the caller names', async () => {
    const { fetchStub, sent } = stubFetch(pdf('image/png'));
    const blob = await client(fetchStub, { auth }).call(tradeLabelEndpoint, {
      ...label,
      accept: 'image/png',
    });
    expect(blob.type).toBe('image/png');
    expect(sent[0]?.headers.accept).toBe('image/png');
  });

  it('refuses an accept that is not a media type, before sending anything', async () => {
    const { fetchStub } = stubFetch(pdf('application/pdf'));
    const error = await client(fetchStub, { auth })
      .call(tradeLabelEndpoint, { ...label, accept: 'pdf please' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).issues.map((issue) => issue.path)).toEqual(['accept']);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it.each(RETRYABLE_STATUSES)(
    'retries the label GET once after %i, then answers the Blob',
    async (status) => {
      const { fetchStub, sent } = stubFetch(status, pdf('application/pdf'));
      const blob = await client(fetchStub, { auth }).call(tradeLabelEndpoint, label);
      expect(blob.type).toBe('application/pdf');
      expect(sent).toHaveLength(2);
      expect(sent[1]?.url).toBe(sent[0]?.url);
    },
  );

  it('fails with ApiHttpError and the parsed error body when the label is refused', async () => {
    const { fetchStub } = stubFetch(
      json(404, { error: { code: 'not_found', message: 'No such trade' } }),
    );
    const error = await client(fetchStub, { auth })
      .call(tradeLabelEndpoint, label)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiHttpError);
    expect((error as ApiHttpError).status).toBe(404);
    expect((error as ApiHttpError).body?.error.code).toBe('not_found');
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('a JSON call of the label fails instead of handing out bytes as data', async () => {
    const { fetchStub, sent } = stubFetch(pdf('application/pdf'));
    const error = await client(fetchStub, { auth })
      .call(tradeLabelEndpoint, { params: label.params })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(sent[0]?.headers.accept).toBe('application/json');
  });
});
