import { atom, type ReadableAtom } from 'nanostores';
import type { Flow } from './flow.ts';

/** What the cart link announces after a step kept an offer in the cart and moved on. */
export interface CartNews {
  /** The device, as its cart line names it. */
  readonly name: string;
  /** Devices in the cart afterwards. */
  readonly count: number;
}

/** One element's cart news: said once, beside the cart link, until the seller moves on. */
export interface CartNewsChannel {
  readonly $news: ReadableAtom<CartNews | null>;
  /** Tells the news on the step the seller is now on; the next step change clears it. */
  tell(news: CartNews): void;
}

const channels = new WeakMap<Flow, CartNewsChannel>();

/**
 * The cart news of the element whose navigation is `flow`. Screens and the cart link (which
 * live in different chunks) find the same channel through the element's flow.
 */
export function cartNewsOf(flow: Flow): CartNewsChannel {
  let channel = channels.get(flow);
  if (channel === undefined) {
    const $news = atom<CartNews | null>(null);
    flow.onChange(() => $news.set(null));
    channel = { $news, tell: (news) => $news.set(news) };
    channels.set(flow, channel);
  }
  return channel;
}
