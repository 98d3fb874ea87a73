import { createApiClient } from '@tradein/client-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLabelStore } from './label-store.ts';

afterEach(() => vi.restoreAllMocks());

function apiAnswering(answer: () => Response) {
  const fetchStub = vi.fn<typeof fetch>(async () => answer());
  const api = createApiClient({
    baseUrl: 'https://api.example',
    environment: 'production',
    fetch: fetchStub,
    auth: { accessToken: async () => 'token' },
  });
  return { api, fetchStub };
}

const pdf = () =>
  new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'content-type': 'application/pdf' },
  });

describe('createLabelStore', () => {
  it('fetches the trade label as a PDF and offers it as an object URL, revoked on dispose', async () => {
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:label');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { api, fetchStub } = apiAnswering(pdf);
    const store = createLabelStore(api, 'T-2026-000041');
    expect(store.$label.get()).toEqual({ status: 'loading' });
    await store.load();
    expect(store.$label.get()).toEqual({ status: 'ready', url: 'blob:label' });
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(String(url)).toBe('https://api.example/api/trade/trades/T-2026-000041/label.pdf');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token');
    const blob = create.mock.calls[0]?.[0];
    expect(blob instanceof Blob ? await blob.text() : undefined).toBe('%PDF-1.7');
    store.dispose();
    expect(revoke).toHaveBeenCalledWith('blob:label');
  });

  it('reports a failure and loads again on retry', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:again');
    let fail = true;
    const { api } = apiAnswering(() => (fail ? new Response('{}', { status: 404 }) : pdf()));
    const store = createLabelStore(api, 'T-2026-000041');
    await store.load();
    expect(store.$label.get()).toEqual({ status: 'failed' });
    fail = false;
    await store.load();
    expect(store.$label.get()).toEqual({ status: 'ready', url: 'blob:again' });
  });

  it('discards a label that arrives after the page was left', async () => {
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:late');
    const { api } = apiAnswering(pdf);
    const store = createLabelStore(api, 'T-2026-000041');
    const loading = store.load();
    store.dispose();
    await loading;
    expect(create).not.toHaveBeenCalled();
    expect(store.$label.get()).toEqual({ status: 'loading' });
  });
});
