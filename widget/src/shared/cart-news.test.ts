import { describe, expect, it } from 'vitest';
import { cartNewsOf } from './cart-news.ts';
import { createFlow } from './flow.ts';

describe('cartNewsOf', () => {
  it('is one channel per element, told on the new step and cleared by the next one', () => {
    const flow = createFlow({ screen: 'offer', offerId: 'o-1', deviceUrl: 'iphone-13' });
    const other = createFlow();
    flow.replace({ screen: 'search' });
    cartNewsOf(flow).tell({ name: 'iPhone 13 256 GB', count: 2 });
    expect(cartNewsOf(flow).$news.get()).toEqual({ name: 'iPhone 13 256 GB', count: 2 });
    expect(cartNewsOf(other).$news.get()).toBeNull();
    flow.go({ screen: 'browse' });
    expect(cartNewsOf(flow).$news.get()).toBeNull();
  });
});
