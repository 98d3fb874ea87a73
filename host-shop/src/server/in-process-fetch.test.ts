import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcessFetch } from './in-process-fetch.ts';

const app = Fastify();
app.post('/echo', async (request, reply) => {
  reply.header('x-seen', String(request.headers['x-test'])).code(201);
  return { received: request.body, query: request.query };
});
app.delete('/gone', async (_request, reply) => reply.code(204).send());
afterAll(() => app.close());

describe('inProcessFetch', () => {
  const send = inProcessFetch(app);

  it('passes method, path, query, headers and JSON body to the route, and its answer back', async () => {
    const response = await send('http://ignored.invalid/echo?page=2', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test': 'yes' },
      body: JSON.stringify({ name: 'Anna' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-seen')).toBe('yes');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ received: { name: 'Anna' }, query: { page: '2' } });
  });

  it('answers a bodiless status without a body, and an unknown path with the 404', async () => {
    const gone = await send('http://ignored.invalid/gone', { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect(gone.body).toBeNull();
    const missing = await send('http://ignored.invalid/nowhere');
    expect(missing.status).toBe(404);
  });
});
