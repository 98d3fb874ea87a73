import type { ApiClient, ApiClientOptions } from '@tradein/client-core';

/** An API client that can fetch its code ahead of the first call. */
export interface LazyApiClient extends ApiClient {
  /** Fetches the client's code now (once the first screen shows), so the first call is quick. */
  preload(): void;
}

/**
 * The element's API client, whose code (client-core's HTTP client and the contract's schemas
 * it parses answers with) is fetched after the first screen shows rather than before. A call
 * made before it arrives waits for it; a failed fetch rejects that call and is tried again on
 * the next one, so the screens' retry states cover it.
 */
export function lazyApiClient(options: ApiClientOptions): LazyApiClient {
  let client: Promise<ApiClient> | undefined;
  const load = (): Promise<ApiClient> => {
    client ??= import('./api-client-module.ts').then(
      (module) => module.createApiClient(options),
      (error: unknown) => {
        client = undefined;
        throw error;
      },
    );
    return client;
  };
  // Forwards both overloads of `call` unchanged to the real client.
  const call = (async (...args: Parameters<ApiClient['call']>) =>
    (await load()).call(...args)) as ApiClient['call'];
  return {
    environment: options.environment,
    call,
    preload() {
      load().catch(() => undefined);
    },
  };
}
