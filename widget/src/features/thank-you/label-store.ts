import { tradeLabelEndpoint } from '@tradein/contract';
import type { ApiClient } from '@tradein/client-core';
import { atom, type ReadableAtom } from 'nanostores';

/** The shipping label of a trade as the thank-you page offers it. */
export type LabelState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly url: string }
  | { readonly status: 'failed' };

/** Loads one trade's label PDF into an object URL, and frees it again. */
export interface LabelStore {
  readonly $label: ReadableAtom<LabelState>;
  /** Fetches the label (again after a failure); does nothing while one is loaded or loading. */
  load(): Promise<void>;
  /** Revokes the object URL; a load still running is discarded when it ends. */
  dispose(): void;
}

/** Creates the label of one trade, fetched with the account's bearer token. */
export function createLabelStore(api: ApiClient, tradeNumber: string): LabelStore {
  const $label = atom<LabelState>({ status: 'loading' });
  let loading = false;
  let disposed = false;
  return {
    $label,
    async load() {
      if (loading || $label.get().status === 'ready') return;
      loading = true;
      $label.set({ status: 'loading' });
      try {
        const blob = await api.call(tradeLabelEndpoint, {
          params: { tradeNumber },
          responseType: 'blob',
        });
        if (!disposed) $label.set({ status: 'ready', url: URL.createObjectURL(blob) });
      } catch {
        if (!disposed) $label.set({ status: 'failed' });
      } finally {
        loading = false;
      }
    },
    dispose() {
      disposed = true;
      const label = $label.get();
      if (label.status === 'ready') URL.revokeObjectURL(label.url);
    },
  };
}
