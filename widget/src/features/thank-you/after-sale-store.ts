import { getTradeEndpoint, type TradeAfterSale } from '@tradein/contract';
import type { ApiClient } from '@tradein/client-core';
import type { EditionCode } from '@tradein/editions/client';
import { atom, type ReadableAtom } from 'nanostores';

/** What the thank-you page knows of the time after the sale. */
export type AfterSaleState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly edition: EditionCode; readonly afterSale: TradeAfterSale }
  /** The trade could not be read, or its server tells nothing after the sale. */
  | { readonly status: 'failed' };

/** Reads what a seller needs after the sale from the trade's own view. */
export interface AfterSaleStore {
  readonly $afterSale: ReadableAtom<AfterSaleState>;
  /** Reads the trade; does nothing while it is read or once it is there. */
  load(): Promise<void>;
  /** Discards an answer that arrives after the page was left. */
  dispose(): void;
}

/** Creates the after-sale facts of one trade, read with the account's bearer token. */
export function createAfterSaleStore(api: ApiClient, tradeNumber: string): AfterSaleStore {
  const $afterSale = atom<AfterSaleState>({ status: 'loading' });
  let loading = false;
  let disposed = false;
  return {
    $afterSale,
    async load() {
      if (loading || $afterSale.get().status === 'ready') return;
      loading = true;
      try {
        const trade = await api.call(getTradeEndpoint, { params: { tradeNumber } });
        if (disposed) return;
        $afterSale.set(
          trade.afterSale === undefined
            ? { status: 'failed' }
            : { status: 'ready', edition: trade.edition, afterSale: trade.afterSale },
        );
      } catch {
        if (!disposed) $afterSale.set({ status: 'failed' });
      } finally {
        loading = false;
      }
    },
    dispose() {
      disposed = true;
    },
  };
}
