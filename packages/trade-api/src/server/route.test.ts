import {
  defineEndpoint,
  emptyBodySchema,
  loginRefreshEndpoint,
  okResponseSchema,
  updatePhoneContactEndpoint,
} from '@tradein/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { afterEach, describe, expect, it } from 'vitest';
import { installApiContext } from './api-context.ts';
import { HttpError } from './http-error.ts';
import { createRouter, type Authenticator, type Route } from './route.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A server with one API context whose routes `register` adds; answers its loopback origin. */
async function serve(
  register: (route: Route) => void,
  options: { validateAnswers?: boolean; authenticate?: Authenticator } = {},
): Promise<string> {
  const app = Fastify({ logger: false });
  apps.push(app);
  await app.register(
    async (api) => {
      await installApiContext(api, { allowedOrigins: [] });
      register(
        createRouter(api, {
          prefix: '/api',
          bodyLimit: 1024,
          validateAnswers: options.validateAnswers ?? true,
          authenticate: options.authenticate,
        }),
      );
    },
    { prefix: '/api' },
  );
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const echoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/test/echo',
  auth: 'none',
  body: z.object({ count: z.int() }),
  response: z.object({ doubled: z.int() }),
});

const bearerEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/test/me',
  auth: 'bearer',
  body: emptyBodySchema,
  response: z.object({ customerId: z.string() }),
});

/** Accepts the token `good` for customer `c-1`. */
const fakeAuthenticator: Authenticator = (request) => {
  if (request.headers.authorization === 'Bearer good') {
    return Promise.resolve({ customerId: 'c-1' });
  }
  return Promise.reject(new HttpError(401, 'unauthorized', 'Log in again'));
};

const unauthorized = { error: { code: 'unauthorized', message: 'Log in again' } };

describe('route', () => {
  it('hands the parsed body to the handler and answers its result', async () => {
    const origin = await serve((route) =>
      route(echoEndpoint, async ({ body }) => ({ doubled: body.count * 2 })),
    );
    const response = await fetch(`${origin}/api/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 21 }),
    });
    expect(await response.json()).toEqual({ doubled: 42 });
  });

  it('names invalid headers under headers.*', async () => {
    let called = false;
    const origin = await serve((route) =>
      route(loginRefreshEndpoint, async () => {
        called = true;
        return { access_token: 'a', refresh_token: 'r' };
      }),
    );
    const response = await fetch(`${origin}/api/account/loginRefresh`, { method: 'POST' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: { path: string }[] } };
    expect(body.error.fields.map((field) => field.path)).toEqual(['headers.refresh']);
    expect(called).toBe(false);
  });

  it('answers 500 without detail when an answer breaks the contract in development', async () => {
    const origin = await serve((route) =>
      route(echoEndpoint, async () => ({ doubled: 'many' }) as unknown as { doubled: number }),
    );
    const response = await fetch(`${origin}/api/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"count":1}',
    });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('doubled');
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'internal_error' } });
  });

  it('does not check answers in production', async () => {
    const origin = await serve(
      (route) =>
        route(echoEndpoint, async () => ({ doubled: 'many' }) as unknown as { doubled: number }),
      { validateAnswers: false },
    );
    const response = await fetch(`${origin}/api/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"count":1}',
    });
    expect(await response.json()).toEqual({ doubled: 'many' });
  });

  it('refuses to register a bearer endpoint without an authenticator', async () => {
    await expect(
      serve((route) =>
        route(bearerEndpoint, async ({ customer }) => ({ customerId: customer?.customerId ?? '' })),
      ),
    ).rejects.toThrow(/needs bearer authentication/);
  });

  it.each([
    ['without a token', undefined, 401, unauthorized],
    ['with a bad token', 'Bearer bad', 401, unauthorized],
    ['with a good token', 'Bearer good', 200, { customerId: 'c-1' }],
  ])('authenticates bearer endpoints first: %s', async (_case, authorization, status, answer) => {
    const origin = await serve(
      (route) =>
        route(bearerEndpoint, async ({ customer }) => ({
          customerId: customer?.customerId ?? 'nobody',
        })),
      { authenticate: fakeAuthenticator },
    );
    const response = await fetch(`${origin}/api/test/me`, {
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual(answer);
  });

  it('checks the token before the body, so strangers learn nothing about input rules', async () => {
    const origin = await serve(
      (route) => route(updatePhoneContactEndpoint, async ({ body }) => body),
      { authenticate: fakeAuthenticator },
    );
    const response = await fetch(`${origin}/api/customers/phone_contacts`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"phone": 1}',
    });
    expect(response.status).toBe(401);
  });

  it('refuses endpoints outside its prefix', async () => {
    const outside = defineEndpoint({ ...echoEndpoint, path: '/other/echo' });
    await expect(serve((route) => route(outside, async () => ({ doubled: 0 })))).rejects.toThrow(
      /does not lie under \/api\//,
    );
  });

  const partEndpoint = defineEndpoint({
    method: 'GET',
    path: '/api/test/things/:thingId/parts/:position',
    auth: 'none',
    params: z.object({
      thingId: z.string().check(z.regex(/^[a-z]+$/, 'Thing id must be lower-case letters')),
      position: z.pipe(z.string().check(z.regex(/^[1-9][0-9]*$/)), z.transform(Number)),
    }),
    body: emptyBodySchema,
    response: z.object({ thingId: z.string(), next: z.int() }),
  });
  const part = (route: Route, options?: Parameters<Route>[2]) =>
    route(
      partEndpoint,
      async ({ params }) => ({ thingId: params.thingId, next: params.position + 1 }),
      options,
    );

  it('hands the parsed route parameters to the handler', async () => {
    const origin = await serve((route) => part(route));
    const response = await fetch(`${origin}/api/test/things/lamp/parts/41`);
    expect(await response.json()).toEqual({ thingId: 'lamp', next: 42 });
  });

  it('names invalid route parameters under params.* before the handler runs', async () => {
    const origin = await serve((route) => part(route));
    const response = await fetch(`${origin}/api/test/things/Lamp7/parts/0`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: { path: string }[] } };
    expect(body.error.fields.map((field) => field.path)).toEqual([
      'params.thingId',
      'params.position',
    ]);
  });

  it("answers invalid route parameters with the route's own error when it names one", async () => {
    const origin = await serve((route) =>
      part(route, { invalidParams: () => new HttpError(404, 'not_found', 'Nothing here') }),
    );
    const response = await fetch(`${origin}/api/test/things/Lamp7/parts/1`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'Nothing here' },
    });
  });

  it('refuses an endpoint whose path has parameters it does not declare', async () => {
    const undeclared = defineEndpoint({ ...echoEndpoint, path: '/api/test/echo/:times' });
    await expect(serve((route) => route(undeclared, async () => ({ doubled: 0 })))).rejects.toThrow(
      /has route parameters but declares no params schema/,
    );
  });

  it('answers calls that change something with the ok shape', async () => {
    const okEndpoint = defineEndpoint({
      method: 'DELETE',
      path: '/api/test/thing',
      auth: 'none',
      body: emptyBodySchema,
      response: okResponseSchema,
    });
    const origin = await serve((route) => route(okEndpoint, async () => ({ ok: true }) as const));
    const response = await fetch(`${origin}/api/test/thing`, { method: 'DELETE' });
    expect(await response.json()).toEqual({ ok: true });
  });
});
